/**
 * Not done: the notes that say the work a line names was not done, was undone, or was done elsewhere ("SKIPPED", "not
 * needed", "(removed - PR workflow only)", "already in place"). Plain data, by language; read by ../missing-file-claims.ts,
 * where a ticked task with such a note does not claim its file exists (see README.md).
 */
import type { Wording } from './words';

/** Anywhere on the line: "(SKIPPED: no docs/ directory)", "N/A", "won't do", "omitido", "übersprungen". */
export const NOT_DONE: Wording = {
  en: [
    'already in place',
    'already handled',
    'already covered',
    'skipped',
    'not needed',
    'not required',
    'not applicable',
    'not done',
    'n/a',
    'deferred',
    'canceled',
    'cancelled',
    "won't do",
    'wont do',
    'ignore',
  ],
  es: ['omitido', 'omitida', 'omitidos', 'omitidas', 'descartado', 'descartada'],
  pt: ['omitido', 'omitida', 'omitidos', 'omitidas', 'descartado', 'descartada'],
  de: ['übersprungen'],
  fr: ['ignoré', 'ignorée', 'ignoree'],
};

/** Opening a note in parentheses, maybe after "later": "(removed - PR workflow only)", "(later reverted)". */
export const UNDONE_NOTE: Wording = {
  en: ['removed', 'deleted', 'dropped', 'reverted'],
};
