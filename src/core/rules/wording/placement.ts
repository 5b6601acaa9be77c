/**
 * Where a plan places a code name, read from the place tables (place.ts): each query is one matcher compiled at module
 * load. ../symbols/place-claims.ts asks them of the text around a name and a path on the same line (or a path that
 * opens the next line); the words live in the tables, the shapes (right after the name, before the path, the whole
 * text between) here.
 */
import { CODE_KIND, IN_FILE, NAMES_JOINED, PLACE, USES_EXISTING } from './place';
import { alternation, wordMatcher, wordsOf } from './words';

const USES = wordMatcher(USES_EXISTING);

/** A sentence ends at ".", "!", "?" or ";" before a space, emphasis or the line's end (not inside "a.ts"). */
const SENTENCE_END = /[.!?;](?=[\s*_)]|$)/g;

/** The sentence before `at` on the line, its code spans blanked (a name is never read as a verb). */
function sentenceBefore(line: string, at: number): string {
  const blanked = line.slice(0, at).replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
  let start = 0;
  for (const m of blanked.matchAll(SENTENCE_END)) start = (m.index ?? 0) + 1;
  return blanked.slice(start);
}

/**
 * Does the sentence before `at` treat what follows as existing: a verb that works on it ("Wrap", "Reuse", "Extend
 * the") or a word that says it is there ("the existing")? `at` is where the code span of the name (or path) opens.
 */
export function usesExistingBefore(line: string, at: number): boolean {
  return USES.test(sentenceBefore(line, at), line);
}

const KIND = alternation(wordsOf(CODE_KIND, 'latin'), 'latin');
const JOINED = alternation(wordsOf(NAMES_JOINED, 'latin'), 'latin');
/** The rest of the name's code span ("()`", "(id)`"), then other names placed with it ("and `create()`"), then its kind. */
const AFTER_NAME = `^(?:\\s*\\([^()]{0,80}\\))?;?[\`*_]*(?:\\s*(?:,\\s*(?:${JOINED})?|${JOINED}|&|/)\\s*[*_]*\`[^\`]{1,80}\`[*_]*)*\\s*(?:(?:the\\s+)?(?:${KIND})\\s+)?`;
const PLACE_BEFORE_PATH = wordMatcher(PLACE, { lead: AFTER_NAME, trail: '\\s+(?:the\\s+)?[`(*_]*$' });
const PLACE_AT_LINE_END = wordMatcher(PLACE, { lead: AFTER_NAME, trail: '\\s*$' });

/** The whole text between a name and a path after it places the name in that file: "()` in `", "` type in `". */
export function placesBetween(between: string): boolean {
  return PLACE_BEFORE_PATH.test(between);
}

/** The text after a name runs to the line's end as a place word ("`uploadObject()` function in"): the path opens the next line. */
export function placeAtLineEnd(after: string): boolean {
  return PLACE_AT_LINE_END.test(after);
}

/** What opens a line before the path: "`src/storage/s3Client.ts`, awaiting …" continues "… function in". */
export function opensWithPath(before: string): boolean {
  return /^\s*[`(*_]*$/.test(before);
}

/** "`src/flags/client.ts`'s `getFlag()`": the path owns the name (the whole text between them). */
const POSSESSIVE = /^[`*_)]*['’]s\s+(?:(?:the|its)\s+)?[`*_]*$/i;

export function possessiveBetween(between: string): boolean {
  return POSSESSIVE.test(between);
}

/** "In `src/app.ts`, wrap `main()`": the sentence opens with "in" right before the path (a list item, emphasis or a sentence end before it). */
const IN_FILE_OPENING = wordMatcher(IN_FILE, {
  lead: '(?:^\\s*(?:(?:[-*+]|\\d+[.)])\\s+(?:\\[[ xX]\\]\\s+)?)?|[.!?;:][*_]*\\s+|[*_]{2}\\s*)(?:\\*\\*|__)?',
  trail: '\\s+[`(*_]*$',
});

export function inFileOpening(before: string): boolean {
  return IN_FILE_OPENING.test(before);
}

/** The clause between such a path and the name: short, one sentence, no other code, a verb that works on what exists. */
export function clauseUsesExisting(between: string): boolean {
  const clause = between.replace(/^[`*_)]*/, '').replace(/[`*_(]*$/, '');
  return clause.length <= 60 && !/[`.!?;]/.test(clause) && USES.test(clause);
}
