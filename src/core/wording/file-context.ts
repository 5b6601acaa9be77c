/**
 * Where the plan's layout places a file it names, read from the existing-files, file-label, move and verify tables:
 * each query is one matcher compiled at module load (formerNameBefore runs for every path mention on every keystroke).
 * The rules ask these (missing-file-context.ts, missing-file-claims.ts: "is this a table of files to change?", "was
 * this a former name?").
 */
import { CHANGE_VERB, CHANGED, CHANGED_STEM } from './existing-files';
import { FILE_COLUMN } from './file-labels';
import { FORMER_NAME } from './move';
import { TESTS_TITLE } from './verify';
import { anyOf, wordMatcher } from './words';

const SAYS_CHANGED = anyOf(wordMatcher(CHANGED), wordMatcher(CHANGED_STEM, { stems: true }));

/** Does the text (a table's header, the heading or label above it, a row's operation) say files are changed: "Files to Modify", "editar"? */
export function saysChanged(text: string): boolean {
  return SAYS_CHANGED.test(text);
}

const CHANGE_VERB_ANYWHERE = wordMatcher(CHANGE_VERB);

/** Does the text (the words before a path) hold a verb that changes a file that is there: "Replace the map in ", "fix "? */
export function namesChangeVerb(text: string): boolean {
  return CHANGE_VERB_ANYWHERE.test(text);
}

const FILE_COLUMN_CELL = wordMatcher(FILE_COLUMN, { lead: '^\\W*', trail: '\\W*$', bounded: false });

/** Is a table's header cell (its markup taken off) only a word for files: "File", "Archivos", "文件"? */
export function isFileColumn(cell: string): boolean {
  return FILE_COLUMN_CELL.test(cell);
}

const TESTS_SECTION = wordMatcher(TESTS_TITLE, { lead: '^[\\W\\d.]*', trail: '\\W*$', bounded: false });

/** Is a section title, numbering and marks aside, only about the tests to write: "## 5. Testing Strategy", "### Unit Tests"? */
export function titleIsTests(title: string): boolean {
  return TESTS_SECTION.test(title);
}

const FORMER_NAME_BEFORE = wordMatcher(FORMER_NAME, { trail: '\\s*[:：]?\\s*[`\'"]?$' });

/** Does the text right before a path name what it was before: "(formerly ", "renamed from `", "（原"? */
export function formerNameBefore(before: string): boolean {
  return FORMER_NAME_BEFORE.test(before);
}
