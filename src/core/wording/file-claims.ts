/**
 * What the plan says of a file it names as already there, read from the existing-files tables: each query is one
 * matcher compiled at module load. The rules ask these (missing-file-claims.ts: "does the plan say this file is there?").
 */
import { CHANGE_LABEL, CHANGE_LABEL_STEM, EXISTING, FILES_NOUN, NEW_FILES_TITLE, READ_LABEL } from './existing-files';
import { anyOf, wordMatcher } from './words';

/** Marks, a bullet or a number before a label ("- **", "6. "): whatever is no word. */
const OPENS = '^\\W*';
const LABEL_END = '\\W*[:：]?\\W*$';

const CHANGE_LABEL_BEFORE = anyOf(
  wordMatcher(CHANGE_LABEL, { lead: OPENS, trail: LABEL_END }),
  wordMatcher(CHANGE_LABEL_STEM, { stems: true, lead: OPENS, trail: `\\w*${LABEL_END}` }),
);

/** Is the text before a path only a label that says the file is changed: "- **Modify:** ", "Files modified: ", "Modificar "? */
export function changeLabelBefore(before: string): boolean {
  return CHANGE_LABEL_BEFORE.test(before);
}

const EXISTING_BEFORE = wordMatcher(EXISTING, { trail: '\\s+[`\'"]?$' });

/** Does the text right before a path call it existing: "the existing `a.ts`"? */
export function existingBefore(before: string): boolean {
  return EXISTING_BEFORE.test(before);
}

const READ_LABEL_BEFORE = wordMatcher(READ_LABEL, { lead: OPENS, trail: '\\W*[:：]' });

/** Does the text before a path open with a label of a file to read: "**Input**: … from ", "See: "? */
export function readLabelBefore(before: string): boolean {
  return READ_LABEL_BEFORE.test(before);
}

const NAMES_FILES = wordMatcher(FILES_NOUN);
const SAYS_NEW = wordMatcher(NEW_FILES_TITLE);

/** Does a section title name files ("## Files to Modify", "Dateien")? */
export function titleNamesFiles(title: string): boolean {
  return NAMES_FILES.test(title);
}

/** Does a section title say its files are new ("### New Files (12)", "Archivos nuevos")? */
export function titleSaysNew(title: string): boolean {
  return SAYS_NEW.test(title);
}
