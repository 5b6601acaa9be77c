/**
 * What the plan says it does to a file, read from the create, delete and move tables: each query is one matcher
 * compiled at module load. The rules ask these (created-paths.ts: "is this mention created by the plan?"); the words
 * live in the tables, the word boundaries and scripts in words.ts, and the shapes (right before the path, in a
 * parenthesised note after it, a whole table cell) here.
 */
import {
  ADD,
  AND,
  CREATE,
  CREATE_AFTER,
  CREATE_CELL,
  CREATE_IF_ABSENT_NOTE,
  CREATE_HEADING,
  FILES_WRITTEN_LABEL,
  FUTURE,
  GENERATE,
  GENERATE_WEAK,
  MAY_BE_ABSENT_NOTE,
  NEW_FILES_COLUMN,
  NEW_FILES_COUNTED,
  NEW_FILES_LABEL,
  NEW_NOTE,
  OUTPUT,
  OUTPUT_TARGET,
  TESTS_LABEL,
  WRITE,
  WRITE_TO,
  WRITE_TO_TARGET,
} from './create';
import { FILE_ACTION_LABEL, FILE_LABEL, PLACE_LABEL } from './file-labels';
import { GROW } from './grow';
import { DELETE, DELETE_AFTER, DELETE_CELL, DELETE_WEAK, DELETED_AFTER } from './delete';
import { COPY, MOVE, MOVE_RIGHT_BEFORE, MOVE_TARGET, MOVED_AWAY, MOVED_AWAY_LINK, MOVED_AWAY_SUBJECT, MOVED_AWAY_TARGET, MOVED_AWAY_TENSE, RENAMED_TO_AFTER } from './move';
import { alternation, anyOf, phraseAlternation, inScript, merge, pairMatcher, patternMatcher, wordMatcher, wordsOf, withShape } from './words';

/** Quotes and emphasis that may close the path before the words after it. */
const AFTER_PATH = '^[`\'">)\\]*_]*\\s*';

/** "Build `lib/derived.ts`", "write a new test file `x`", "save the merged `out.json`", a lone "建 `x`": right before the path. */
const OBJECT =
  '\\s+(?:(?:a|an|the)\\s+)?(?:(?:merged|combined|final|resulting|result|output)\\s+)?(?:new\\s+)?(?:(?:test\\s+)?(?:file|module|folder|directory|script|config|test))?\\s*[`\'"(<[]*$';
const WRITTEN_RIGHT_BEFORE = wordMatcher([ADD, WRITE], { lead: { cjk: '(?:^|[^\\p{Script=Han}])' }, trail: { latin: OBJECT, marked: OBJECT, cjk: '\\s*[`\'"]*$' } });
/**
 * English shapes no table holds: the new side of an arrow ("old → `new`"), a new project named before its folder ("new
 * package `x`"), the tests a step writes ("write unit tests for … in `x`").
 */
const SHAPES_BEFORE = patternMatcher({
  latin:
    '(?:→|->|=>)\\s*[`\'"]*$|\\bnew\\s+(?:[\\w-]+\\s+){0,2}(?:package|crate|module|app|service|library|workspace|project)\\s+[`\'"(<[]*$|\\bwrite\\s+(?:\\w+\\s+){0,2}tests?\\b.*\\b(?:in|to|at)\\b',
});
/** Every "before the path" reading, one expression per script: one scan of the text per mention. */
const BEFORE_PATH = anyOf(wordMatcher([CREATE, GENERATE, DELETE]), pairMatcher(merge(MOVE, COPY), MOVE_TARGET, '.*'), WRITTEN_RIGHT_BEFORE, SHAPES_BEFORE);
/** Languages whose verb may follow its object ("`x.ts` 생성"): the marked-script rows are read after the path too. */
const CREATED_OR_DELETED_MARKED = wordMatcher(inScript(merge(CREATE, DELETE), 'marked'));

/**
 * Does the text before a path on its line say the plan creates, generates, deletes, moves or copies it ("Create
 * `src/a.ts`", "Удалить `x`", "rename `a` to `b`", "Build `lib/x.ts`", "→ `new.ts`")? `line` is the whole line (the
 * guard of the marked and cjk scripts), `after` the text right after the path, where a marked-script verb may stand.
 */
export function operationBefore(before: string, line: string, after = ''): boolean {
  return BEFORE_PATH.test(before, line) || (after !== '' && CREATED_OR_DELETED_MARKED.test(after, line));
}

/** "add `A` and `B`", "añadir `LICENSE` y `CONTRIBUTING.md`": an add verb governs every path of its list. */
const ADD_VERB = wordMatcher(ADD);
const ADD_LIST = wordMatcher(ADD, {
  trail: `\\s+(?:[\`'"]*[\\w@./-]+[\`'"]*\\s*(?:,|&|${alternation(wordsOf(AND, 'latin'), 'latin')})\\s*)*[\`'"(<[]*$`,
});

export function addListBefore(before: string): boolean {
  return ADD_VERB.test(before) && ADD_LIST.test(before.slice(-300));
}

const NOTE_AFTER = wordMatcher([NEW_NOTE, MAY_BE_ABSENT_NOTE], { lead: { latin: '\\(\\s*', cjk: '[（(]\\s*' }, trail: { latin: '\\s*\\)', cjk: '\\s*[)）]' } });
const OPEN_NOTE_AFTER = wordMatcher(CREATE_IF_ABSENT_NOTE, { lead: '\\(\\s*', trail: '[^)]*\\)' });
const DASH_NEW = wordMatcher(NEW_NOTE, { lead: '[—–-]\\s+' });
/** All that may follow the path, in one expression per script, anchored right after it. */
const OPERATION_AFTER = withShape(anyOf(NOTE_AFTER, OPEN_NOTE_AFTER, DASH_NEW, wordMatcher([CREATE_AFTER, DELETE_AFTER]), wordMatcher(DELETED_AFTER)), {
  lead: AFTER_PATH,
  guarded: false,
});
const ABSENT_NOTE_AFTER = wordMatcher(MAY_BE_ABSENT_NOTE, { lead: '^[`\'"]*\\s*\\(\\s*', trail: '\\s*\\)' });

/** Right after the path: "(new)", "(nuevo)", "（新建）", "(or create if absent)", "(if exists)", "— new", "`x` erstellen", "is gone". */
export function operationAfter(after: string): boolean {
  return OPERATION_AFTER.test(after);
}

/** "`commands/learn.md` (if exists)": the plan itself allows that the file is not there. */
export function mayBeAbsentAfter(after: string): boolean {
  return ABSENT_NOTE_AFTER.test(after);
}

const REMOVED = wordMatcher([DELETE, DELETE_WEAK, MOVE], { guarded: false });

/** Does the text say a file is deleted, moved or renamed (the old path is gone)? */
export function saysRemoved(text: string): boolean {
  return REMOVED.test(text);
}

const PRODUCED = wordMatcher([GENERATE, GENERATE_WEAK]);

/** What a build, a generator or the program itself makes ("Produce … bundles with checksums.txt", "emits"). */
export function saysProduced(text: string): boolean {
  return PRODUCED.test(text);
}

const RENAMED_TO_BEFORE = pairMatcher(MOVE, MOVE_TARGET, '[^.;:!?]{0,60}?', { trail: '\\s*[`\'"]?$' });
const RENAMED_TO_AFTER_PATH = wordMatcher(RENAMED_TO_AFTER, { lead: '^[`\'"]?\\s*' });

/** The new name of a rename or move: the text before ends "rename `a.ts` to", "renomear para", "重命名为", or the text after opens "へのリネーム". */
export function renamedTo(before: string, after: string): boolean {
  return RENAMED_TO_BEFORE.test(before) || RENAMED_TO_AFTER_PATH.test(after);
}

const LABEL_END = /:(?:\*\*|__)?\s*$/;
const CREATION_LABEL = wordMatcher(NEW_FILES_LABEL, { lead: '^\\s*(?:[-*+]\\s+)?(?:\\*\\*|__)?[^:]{0,60}', trail: '[^:]{0,40}:(?:\\*\\*|__)?\\s*$' });

/** A label line over a list of files the plan writes: "**New files to create:**", "Output:", "Neue Dateien:". */
export function isCreationLabel(line: string): boolean {
  // The label's end first: most lines are not labels, and the words expression backtracks over the 60 characters before.
  return LABEL_END.test(line) && CREATION_LABEL.test(line);
}

const CREATING_COLUMN = wordMatcher(NEW_FILES_COLUMN, { lead: '^\\W*', trail: '\\W*$', guarded: false });

/** A table header cell (markup removed) over files the plan writes: "New files", "File cần tạo", "Deliverable". */
export function isCreatingColumn(cell: string): boolean {
  return CREATING_COLUMN.test(cell);
}

const OPERATION_CELL = wordMatcher([CREATE_CELL, ADD, DELETE_CELL], { lead: '^', trail: '$', guarded: false });
const OPENS_WITH_CREATION = wordMatcher(CREATE_CELL, {
  lead: '^',
  trail: '(?:\\s*[:—–-]\\s|\\s+(?:file|module|store|page|component|tests?|test\\s+file|script|migration|fichier|archivo|arquivo|datei|ou|or|o)\\b)',
  guarded: false,
});

/** A table cell (markup removed) that is only an operation that creates or deletes its row's file, or opens with "New —", "Create:". */
export function isOperationCell(cell: string): boolean {
  return OPERATION_CELL.test(cell) || OPENS_WITH_CREATION.test(cell);
}

const CREATING_HEADING = wordMatcher(CREATE_HEADING, { lead: '^\\s{0,3}#{1,6}\\s.*?' });
/** "Add frontend tests", "添加前端组件测试": a step that writes tests writes their files. */
const ADDS_TESTS_HEADING = /^\s{0,3}#{1,6}\s.*?(?:\badd\s+(?:\w+\s+){0,3}tests?\b|添加.*测试|添加.*測試|追加.*テスト)/i;

/** A step heading whose work creates: "Step 4: 创建文档构建脚本", "### Task 2: Create the loader", "Add frontend tests". */
export function isCreatingHeading(line: string): boolean {
  return CREATING_HEADING.test(line) || ADDS_TESTS_HEADING.test(line);
}

/** Quotes and brackets that may open the path right after the words before it. */
const OPENS_PATH = '\\s+[`\'"(]*$';
const WRITTEN_TO = pairMatcher(WRITE_TO, WRITE_TO_TARGET, '\\s+(?:[\\w+-]+\\s+){0,6}', { trail: OPENS_PATH });
const OUTPUT_INTO = pairMatcher(OUTPUT, OUTPUT_TARGET, '\\s+', { trail: OPENS_PATH });

/** "Writes small bash scripts to `.x/hooks/`", "persists one cursor token per project at", "saved to": what is written there brings the path into being. */
export function writtenTo(before: string): boolean {
  return WRITTEN_TO.test(before.slice(-200));
}

/** "output into `packages/shared/src/types/database.ts`", "generated into": a generator's output, which the step's command writes. */
export function outputInto(before: string): boolean {
  return OUTPUT_INTO.test(before.slice(-40));
}

const FUTURE_RIGHT_BEFORE = wordMatcher(FUTURE, { lead: { latin: '\\b' }, trail: '\\s*\\)?\\s*:?\\s*[`\'"([]*$', bounded: false });

/** "Future: `docs/plans/phase-2.2.md`", "(planned) `x.md`", "今後 `x`": a document or file still to be written. */
export function futureRightBefore(before: string): boolean {
  return FUTURE_RIGHT_BEFORE.test(before.slice(-40));
}

const NEW_FILES_INLINE = wordMatcher(NEW_FILES_COUNTED, {
  lead: '(?:^|[^\\w])(?:\\d+\\s+)?',
  trail: `\\s*:\\s*(?:[\`'"][^\`'"\\n]{1,200}[\`'"]\\s*(?:,|${(AND.en ?? []).join('|')}|&)\\s*)*[\`'"]?$`,
  bounded: false,
});

/** "- 2 new files: `services/notifier.rb`, `services/debug_notifier.rb`", "1 new spec: `x`": the list such a count opens. */
export function newFilesCountedBefore(before: string): boolean {
  return NEW_FILES_INLINE.test(before.slice(-400));
}

/** Markup a label may open with: a bullet, then bold. */
const LABEL_LEAD = '^\\s*(?:[-*+]\\s+)?(?:\\*\\*|__)?';
const FILES_WRITTEN = wordMatcher(FILES_WRITTEN_LABEL, { lead: '^\\s*(?:[-*+]\\s+)?(?:\\*\\*)?', trail: '(?:\\*\\*)?\\s*:', bounded: false });

/** The text before a path is a GSD `<files>` tag or a task's label over the files it writes ("**Files:**", "files_modified:", "Output:"). */
export function filesWrittenLabelBefore(before: string): boolean {
  return before.includes('<files>') || FILES_WRITTEN.test(before);
}

const TESTS_ENTRY = wordMatcher(TESTS_LABEL, { lead: '^\\s*[-*+]\\s+(?:\\*\\*|__)?', trail: '(?:\\*\\*|__)?\\s*:?(?:\\*\\*|__)?\\s*[`\'"]', bounded: false });

/**
 * A superpowers-style "Files" entry for tests ("- Test: `tests/test_x.py`", "- **Test File**: `tests/unit/test_x.py`",
 * "- Tests: `a.test.tsx`, `b.test.tsx`", "- Test `tests/test_y.py` — dedupe order"): the tests the task writes.
 */
export function isTestsEntry(line: string): boolean {
  return TESTS_ENTRY.test(line);
}

const FILES_ENTRY = wordMatcher(FILE_LABEL, { lead: '^\\s*[-*+]\\s+(?:\\*\\*|__)?', trail: '(?:\\*\\*|__)?\\s*:', bounded: false });

/** A task's files entry in a bulleted list ("- **File**: `…`", "- Files: `…`"). */
export function isFilesEntry(line: string): boolean {
  return FILES_ENTRY.test(line);
}

const FILE_ACTION_ENTRY = wordMatcher(FILE_ACTION_LABEL, { lead: '^\\s*[-*+]\\s+(?:\\*\\*)?', trail: '(?:\\*\\*)?\\s*:', bounded: false });

/** A superpowers-style "Files:" entry, its action before the path ("- Modify: `README.md`", "- **Create**: `docs/x.md`"). */
export function isFileActionEntry(line: string): boolean {
  return FILE_ACTION_ENTRY.test(line);
}

const FILE_LABEL_LEAD = wordMatcher(FILE_LABEL, { lead: LABEL_LEAD, trail: '(?:\\*\\*|__)?\\s*[:：]\\s*(?:\\*\\*|__)?', bounded: false });

/** A file label line: "**File:** `x`", "**文件**: `x`", "- File: `x`", "Datei:". */
export function isFileLabelLine(line: string): boolean {
  return FILE_LABEL_LEAD.test(line);
}

/** The text without the file label it opens with ("**File:** `x`" → "`x`"), or as it is. */
export function withoutFileLabel(text: string): string {
  const m = FILE_LABEL_LEAD.exec(text);
  return m === null ? text : text.slice(m.index + m[0].length);
}

const PLACE_LABEL_BEFORE = wordMatcher(PLACE_LABEL, { lead: LABEL_LEAD, trail: '(?:\\*\\*|__)?\\s*[:：]\\s*(?:\\*\\*|__)?\\s*[`\'"]?$', bounded: false });

/** The text before a path is only a label that says where the work goes: "Path:", "Caminho:", "Ruta:", "路径：", "パス:". */
export function placeLabelBefore(before: string): boolean {
  return PLACE_LABEL_BEFORE.test(before);
}

/**
 * One expression over every script (`iu`): the words of several tables follow each other, each in any language. The
 * shape bounds each word (spaces, a quote or a mark after the verb), so the words are set without boundaries of their own.
 */
const MOVED_AWAY_AFTER = new RegExp(
  `^[\`'"*_]*\\s*(?:\\(\\s*)?(?:,?\\s*(?:${phraseAlternation(MOVED_AWAY_LINK, '\\s+')})\\s+(?:${phraseAlternation(MOVED_AWAY_SUBJECT, '\\s+')})?\\s*)?` +
    `(?:(?:${phraseAlternation(MOVED_AWAY_TENSE, '\\s+')})\\s+)*(?:${phraseAlternation(MOVED_AWAY)})(?:\\s*(?:${phraseAlternation(MOVED_AWAY_TARGET)})\\b|\\s*[\`'"]|(?=[^\\s\\w]))`,
  'iu',
);

/** Right after a name, do the words say the file was moved away: "renamed to `.disabled`", "but file moved to `x`", "(since moved to `b.ts`)"? */
export function movedAwayAfter(after: string): boolean {
  return MOVED_AWAY_AFTER.test(after);
}

const MOVE_BEFORE = wordMatcher(MOVE_RIGHT_BEFORE, { trail: '\\s+(?:the\\s+)?[`\'"]?$' });

/** Does the text right before a name move, rename or split it: "split `schema.ts` into …", "rename `a.ts` to …"? */
export function moveVerbRightBefore(before: string): boolean {
  return MOVE_BEFORE.test(before);
}

const GROWS = wordMatcher(GROW);

/** Does the line say a step makes a file longer ("Insert the guard into `a.ts`", "在 `a.ts` 中添加")? Its later line numbers may be new lines. */
export function saysFileGrows(line: string): boolean {
  return GROWS.test(line);
}
