/**
 * unknown-signal: the words that mark an undecided point (found by the parser,
 * signals.ts), except where the plan already acknowledges them: an open
 * questions section or label, a legend, a risks section.
 *
 * Only the words that say a choice is still open are reported (DECISION_OPEN). The parser finds more (TODO, FIXME,
 * "unknown", "figure out", "perhaps"…), and the complexity score reads them all, but as findings they were real open
 * points in none of the 49 the real-plan corpus's labellers judged: TODO is a task's status or a code comment to write,
 * "unknown" a state the program names, "figure out" the work itself.
 */
import type { Plan } from '../plan';
import type { RuleScope } from './catalog';
import type { Draft } from './text-rules';
import { DECISION_OPEN, LEGEND, OPEN, OPEN_IF_ASKED, OPEN_POINTS, OPEN_QUESTIONS_TITLE } from '../wording/undecided';
import { DEFERRED, DEFERRED_BUT_OPEN, LEFT_OUT } from '../wording/deferred';
import { alternation, anyOf, pairMatcher, patternMatcher, wordMatcher, wordsOf } from '../wording/words';

/** Sections where undecided points belong (the rule's own advice): what is listed there is already acknowledged. */
const OPEN_QUESTIONS = anyOf(wordMatcher(OPEN_QUESTIONS_TITLE), pairMatcher(OPEN, OPEN_POINTS, '\\s+(?:[\\w-]+\\s+)?'));

/**
 * A list of what the plan leaves out ("**Not in W3 (explicit deferrals):**", "## Out of Scope", "Non-goals", "Hors
 * périmètre"): an item there is settled for this plan, however open its later fate ("TBD, may go into W6").
 */
const LEFT_OUT_LIST = anyOf(
  wordMatcher(LEFT_OUT, { guarded: false }),
  wordMatcher(DEFERRED, { trail: `(?!\\s+(?:${alternation(wordsOf(DEFERRED_BUT_OPEN, 'latin'), 'latin')}))`, guarded: false }),
  // "Not in v2", "Not in W3": a later version or milestone by its name.
  patternMatcher({ latin: '\\bnot\\s+in\\s+(?:v?\\d+(?:\\.\\d+)*|[A-Z]+\\d+)\\b' }),
);

/** Does a title or label name a list of what the plan leaves out? */
export function namesLeftOut(title: string): boolean {
  return LEFT_OUT_LIST.test(title);
}

const LEGEND_TITLE = wordMatcher(LEGEND);

/** A title that names a to-do app ("todo-basic", "Todo Web Application", "TODO アプリ"), not a title that is a marker ("TODO: …"). */
const TODO_DOMAIN = /(?<![\p{L}\p{N}])todos?(?![\p{L}\p{N}]|\s*:)/iu;
/** What follows a TODO that is the app's subject: a name (capitalised, an acronym) or CJK text. */
const TODO_SUBJECT = /^[ \t]*(?:\p{Lu}|\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul})/u;

/** "TBD", "???", "undecided", "not sure", "to be decided", "not yet decided": the whole signal says a choice is open. */
const DECISION_OPEN_SIGNAL = anyOf(
  wordMatcher(DECISION_OPEN, { lead: '^', trail: '$', guarded: false }),
  patternMatcher({ latin: '^(?:\\?{2,}|to\\s+be\\s+\\w+|not\\s+yet\\s+\\w+)$' }),
);
/** "maybe" and "perhaps" say so only in a question ("Compress maybe?"). */
const ASKED_SIGNAL = wordMatcher(OPEN_IF_ASKED, { lead: '^', trail: '$', guarded: false });

function saysChoiceOpen(plan: Plan, signal: Plan['unknownSignals'][number]): boolean {
  if (DECISION_OPEN_SIGNAL.test(signal.signal)) return true;
  return ASKED_SIGNAL.test(signal.signal) && /^[^.!\n]{0,40}\?/.test((plan.lines[signal.range.startLine] ?? '').slice(signal.range.endChar));
}

export function unknownSignalRule(plan: Plan, scope: RuleScope = 'precise'): Draft[] {
  // A risks section lists what is not known yet with how to settle it ("[OPEN UNKNOWN] parse format: spike first"): acknowledged too.
  const openQuestions = plan.sections.filter((s) => OPEN_QUESTIONS.test(s.title));
  // A plan that keeps a list of open questions has said which choices are open: in scope `precise` a TBD elsewhere is
  // read as a pointer to that list ("Embedding model: TBD" beside "Should we use local embeddings?" under "## Open
  // Questions"). On the real-plan corpus such findings were false in 4 of 5 (the true one left a roadmap item's
  // infrastructure open beside an "Open decisions" list that did not name it).
  if (scope === 'precise' && openQuestions.some((s) => sectionHasText(plan, s))) return [];
  const acknowledged = [...openQuestions, ...plan.sections.filter((s) => LEGEND_TITLE.test(s.title) || LEFT_OUT_LIST.test(s.title) || s.kind === 'risks')].map((s) => s.range);
  // A plan for a to-do app ("# 003-todo-basic タスクリスト", "# Phase II Todo Web Application") has TODO as its subject
  // where a name follows it ("TODO API クライアント", "TODO Model"); "TODO pick a codec" and "TODO:" stay markers.
  const todoDomain = TODO_DOMAIN.test(plan.title ?? '');
  return plan.unknownSignals
    .filter((s) => scope === 'thorough' || saysChoiceOpen(plan, s))
    .filter((s) => !(todoDomain && /^todo$/i.test(s.signal) && TODO_SUBJECT.test((plan.lines[s.range.startLine] ?? '').slice(s.range.endChar, s.range.endChar + 4))))
    .filter(
      (s) =>
        !acknowledged.some((r) => s.range.startLine >= r.startLine && s.range.startLine <= r.endLine) &&
        !underOpenQuestionLabel(plan, s.range.startLine) &&
        !underListLabel(plan, s.range.startLine, LEFT_OUT_LIST),
    )
    .map((s) => ({
      code: 'unknown-signal',
      message: `"${s.signal}" marks an undecided point: decide it in the plan, or list it under open questions with who decides and by when.`,
      range: s.range,
      data: { signal: s.signal },
    }));
}

/** Does the section hold a line of text under its heading (not only blank lines or a sub-heading)? */
function sectionHasText(plan: Plan, section: Plan['sections'][number]): boolean {
  for (let l = section.headingLine + 1; l <= section.range.endLine; l++) if (/^\s*[^\s#]/.test(plan.lines[l] ?? '')) return true;
  return false;
}

/** A paragraph that is only a label ("**Open Questions:**", "Remaining open questions:", "__Unknowns__"): a heading in all but form. */
const LABEL_LINE = /^\s*(?:\*\*|__)?([^*_:]{1,60}?)(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/;

/** Is the line a label ("**Open Questions:**", a heading in all but form) whose words match `words`? */
function labelSays(text: string, words: { test(text: string): boolean }): boolean {
  if (text.length > 80 || !/[*_:]/.test(text)) return false;
  const label = LABEL_LINE.exec(text);
  return label !== null && words.test(label[1] as string);
}

/**
 * Is the line the label "**Open Questions:**" or in the list it heads (its items, their indented continuations and
 * blank lines between them)? Walks up from the line, so it costs nothing on a plan without signals.
 */
function underOpenQuestionLabel(plan: Plan, line: number): boolean {
  return underListLabel(plan, line, OPEN_QUESTIONS);
}

/** Is the line a label whose words match `words`, or in the list it heads (see underOpenQuestionLabel)? */
function underListLabel(plan: Plan, line: number, words: { test(text: string): boolean }): boolean {
  if (labelSays(plan.lines[line] ?? '', words)) return true;
  for (let l = line, inList = false; l >= 0 && line - l < 500; l--) {
    const text = plan.lines[l] ?? '';
    if (/^\s*(?:[-*+]|\d+[.)])\s/.test(text)) inList = true;
    else if (text.trim() !== '' && !/^\s+\S/.test(text)) return inList && labelSays(text, words);
  }
  return false;
}
