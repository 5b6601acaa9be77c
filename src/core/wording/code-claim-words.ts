/**
 * What a line says about a code name, read from the code-claims tables: each query is one matcher compiled at module
 * load. Asked by ../rules/symbols/symbol-claims.ts ("does the plan treat this name as existing?", "does it make it?").
 */
import { CREATE_CODE, FIX_CODE, MADE_BY, RENAME_CODE, RENAME_CODE_TARGET, STEP_UNIT, USE_CODE } from './code-claims';
import { anyOf, pairMatcher, patternMatcher, phraseAlternation, wordMatcher } from './words';

/** Multi-word rows ("hook into", "export a new") may break across any run of spaces. */
const phrases = (table: Parameters<typeof phraseAlternation>[0]): string => `\\b(?:${phraseAlternation(table, '\\s+')})\\b`;

const USES = anyOf(patternMatcher({ latin: phrases(USE_CODE) }), wordMatcher(FIX_CODE, { trail: '\\s+(?=\\w)' }));
const CREATES = anyOf(patternMatcher({ latin: phrases(CREATE_CODE) }), pairMatcher(RENAME_CODE, RENAME_CODE_TARGET, '\\s+.*'));
/** The step's number: "3", "121.3.2.1", "§4", "#2". */
const MADE_BY_STEP = new RegExp(`${phrases(MADE_BY)}\\s+(?:(?:${phraseAlternation(STEP_UNIT)})\\s+)?[§#]?\\d+(?:\\.\\d+)*\\b`, 'i');

/** Does the text before a code name say the plan uses or changes it ("wrap", "the existing", "delegates to")? */
export function usesCodeBefore(before: string): boolean {
  return USES.test(before);
}

/** Does the text before a code name say the plan makes it ("add", "define", "export a new", "rename `a` to")? */
export function createsCodeBefore(before: string): boolean {
  return CREATES.test(before);
}

/** Does the text after a code name say a numbered step of the plan makes it ("… created in 121.3.2.1–5", "added by step 2")? */
export function madeByStepAfter(after: string): boolean {
  return MADE_BY_STEP.test(after);
}
