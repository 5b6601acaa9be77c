/**
 * Where the plan's layout places a file it names, read from the existing-files, file-label, move and verify tables:
 * each query is one matcher compiled at module load (formerNameBefore runs for every path mention on every keystroke).
 * The rules ask these (missing-file-context.ts, missing-file-claims.ts: "is this a table of files to change?", "was
 * this a former name?", "is this the origin side of a move table?", "does the project start empty?").
 */
import { CHANGE_VERB, CHANGED, CHANGED_STEM } from './existing-files';
import { FILE_COLUMN } from './file-labels';
import { FORMER_NAME } from './move';
import { TESTS_TITLE } from './verify';
import {
  ANOTHER,
  CARRIED,
  DEFAULT,
  DEFAULT_PLACE,
  EARLIER_VERSION,
  EDIT_TEXT_VERB,
  EMPTY_PROJECT,
  EVERY,
  GREENFIELD,
  MADE_FROM,
  OLD_SIDE,
  ORIGIN,
  ORIGIN_QUALIFIER,
  OTHER_PLACE,
  OUTSIDE_OF,
  PACKAGE_INSTALL,
  PROJECT,
  TARGET,
  TARGET_QUALIFIER,
  TEXT_OCCURRENCE,
  THIS,
  WORKSPACE_NOUN,
} from './outside-workspace';
import { anyOf, pairMatcher, patternMatcher, phraseAlternation, wordMatcher } from './words';

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

const ABOUT_PACKAGES = wordMatcher(PACKAGE_INSTALL);

/** Is the line about installing packages: "npm install …", "Add the dependencies", "bun add"? */
export function aboutPackages(line: string): boolean {
  return ABOUT_PACKAGES.test(line);
}

const DEFAULT_PATH_BEFORE = pairMatcher(DEFAULT, DEFAULT_PLACE, '[\\w -]{0,30}', { trail: '\\W{0,4}[:：]\\W{0,4}$' });

/** Does the text right before a path label it a program's default place: "Default storage path: ", "default config directory: `"? */
export function defaultPathBefore(before: string): boolean {
  return DEFAULT_PATH_BEFORE.test(before);
}

/** A header cell, marks aside, that is only one of the words after a qualifier or a version ("v1 source"), or only a version ("v2"). */
const wholeCell = (words: typeof ORIGIN, qualifiers: typeof ORIGIN_QUALIFIER) => {
  const lead = `^\\W*(?:v\\d+\\s+|(?:${phraseAlternation(qualifiers, '\\s+')})\\s+)?`;
  return anyOf(wordMatcher(words, { lead, trail: '\\W*$', bounded: false }), patternMatcher({ latin: `${lead}v\\d+\\W*$` }));
};
const ORIGIN_CELL = wholeCell(ORIGIN, ORIGIN_QUALIFIER);
const TARGET_CELL = wholeCell(TARGET, TARGET_QUALIFIER);

/** Is a table's header cell (its markup taken off) where a port or move takes files from: "v1 source", "Old path", "From"? */
export function isOriginCell(cell: string): boolean {
  return ORIGIN_CELL.test(cell);
}

/** Is a table's header cell (its markup taken off) where a port or move puts files: "v2 destination", "New path", "To"? */
export function isTargetCell(cell: string): boolean {
  return TARGET_CELL.test(cell);
}

const GREENFIELD_PROJECT = anyOf(pairMatcher(GREENFIELD, PROJECT, '\\s+'), wordMatcher(EMPTY_PROJECT));

/** Does the line say the project starts from nothing: "Greenfield project", "no code exists yet", "the repository is empty"? */
export function saysGreenfield(line: string): boolean {
  return GREENFIELD_PROJECT.test(line);
}

/** The rows of a table as one slot of a composed English shape: spaces match any white space; the shape bounds the slot. */
const slot = (table: typeof THIS): string => `(?:${phraseAlternation(table, '\\s+')})`;

const OUTSIDE_THE_WORKSPACE = patternMatcher({
  latin: `\\b${slot(OUTSIDE_OF)}\\s+${slot(THIS)}\\s+(?:[\\w.-]+\\s+)?${slot(WORKSPACE_NOUN)}\\b|\\b${slot(ANOTHER)}\\s+${slot(OTHER_PLACE)}\\b`,
});

/** Does the line place a file outside the workspace: "outside the wonderland repo", "not part of this repository", "in another repo"? */
export function placesOutside(line: string): boolean {
  return OUTSIDE_THE_WORKSPACE.test(line);
}

const MADE_FROM_SOURCES = patternMatcher({
  latin: `\\b${slot(MADE_FROM)}\\s+from\\b|\\b${slot(CARRIED)}\\s+(?:\\w+\\s+){0,4}from\\s+(?:the\\s+)?(?:v\\d+|${slot(EARLIER_VERSION)})\\b`,
});

/** Does the sentence say what the plan or its code was made from: "Consolidated from two reviews (", "Ported from the legacy "? */
export function citesSource(sentence: string): boolean {
  return MADE_FROM_SOURCES.test(sentence);
}

const EDITED_AS_TEXT_BEFORE = patternMatcher({ latin: `\\b${slot(EDIT_TEXT_VERB)}\\s+(?:${slot(EVERY)}\\s+)?[\x60'"]*$` });
const OCCURRENCES_AFTER = wordMatcher(TEXT_OCCURRENCE, { lead: '^[\x60\'"]*\\s+' });

/** Is the name edited as text in other files: "Replace any " before it and " references" after it? */
export function editedAsText(before: string, after: string): boolean {
  return EDITED_AS_TEXT_BEFORE.test(before) && OCCURRENCES_AFTER.test(after);
}

const OLD_SIDE_CELL = wordMatcher(OLD_SIDE, { lead: '^\\W*' });

/** Does a mapping table's header cell (its markup taken off) open with the old side: "Old path", "Before", "Antes", "Alt"? */
export function opensOldSide(cell: string): boolean {
  return OLD_SIDE_CELL.test(cell);
}
