/**
 * A path is exempt when the plan brings it into being, moves it or deletes it. Per mention, what the line says about
 * it (the words are in the create, delete and move tables of wording/, read through wording/file-operations.ts): a
 * create, generate, delete or move verb before it ("Create `src/a.ts`", "Удалить `x`", "rename `a` to `b`"), a write
 * verb right before it ("Build `lib/derived.ts`"), a note right after it ("(new)", "(if exists)", "is gone"), the new
 * side of an "old → new" arrow or an "old | new" table; "writes / persists / saves … to|at" right before it. Per block:
 * a superpowers "- Test: `tests/test_x.py`" entry (the tests a task writes); a list under a label that says so ("**New
 * files to create:**", "Files:", "Output:") and a GSD `<files>` tag. One exempt mention exempts every mention of that
 * path. createdPaths gathers them for missing-file (text-rules.ts), which never reports such a path; readerPath is how
 * both read a reference. Everything here reads one line or block, no I/O.
 */
import type { Plan } from '../plan';
import {
  addListBefore,
  filesWrittenLabelBefore,
  futureRightBefore,
  isCreatingColumn,
  isCreatingHeading,
  isCreationLabel,
  isFileLabelLine,
  isFilesEntry,
  isOperationCell,
  isTestsEntry,
  mayBeAbsentAfter,
  newFilesCountedBefore,
  operationAfter,
  operationBefore,
  outputInto,
  placeLabelBefore,
  renamedTo,
  saysProduced,
  saysRemoved,
  withoutFileLabel,
  writtenTo,
} from '../wording/file-operations';
import type { LineMemo } from './line-memo';
import { TASK_LABEL } from '../wording/step-words';
import { phraseAlternation } from '../wording/words';

/** A path that names a test ("tests/…", "test_x.py", "x.test.ts", "x_test.go"). */
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec)\/|(?:^|\/)test_[^/]+$|[._](?:test|spec)\.[^/.]+$/i;

/** A test file named as the file of a task ("- **File**: `tests/integration/test_export_workflow.py`"): the test the task writes. */
export function testFileOfTask(line: string, path: string): boolean {
  return isFilesEntry(line) && TEST_PATH.test(path);
}

/**
 * On a ticked task ("- [x] …"), which is done, a create verb no longer explains a file that is not there; what still
 * does: the work took it away (delete, remove, rename or move it), a build, a generator or the program makes it
 * at run time, or the task allows that it is not there ("(if exists)").
 */
export function absentByDesign(line: string, startChar: number, endChar: number): boolean {
  const before = line.slice(0, startChar);
  return saysRemoved(before) || mayBeAbsentAfter(line.slice(endChar, endChar + 40)) || saysProduced(before) || writtenTo(before) || outputInto(before);
}
/**
 * The folders the plan removes whole ("- `src-tauri/src/ipc/` — 整个删除（server.rs, protocol.rs, …）", "Delete
 * `legacy/`"): a folder path (written with its trailing "/") on a line that says it is deleted, removed or moved.
 */
export function removedFolders(plan: Plan): string[] {
  const out: string[] = [];
  for (const ref of plan.referencedPaths) {
    if (!/\/$/.test(ref.path)) continue;
    const mentions = ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range];
    if (!mentions.some((r) => saysRemoved(plan.lines[r.startLine] ?? ''))) continue;
    const folder = readerPath(ref.path)?.replace(/\/+$/, '');
    if (folder) out.push(folder);
  }
  return out;
}

/** Is `path` inside one of these removed folders, named in full or from the folder down ("ipc/protocol.rs" of "src/ipc/")? */
export function insideRemovedFolder(path: string, folders: readonly string[]): boolean {
  const slash = path.lastIndexOf('/');
  const dir = slash > 0 ? path.slice(0, slash) : '';
  return folders.some((f) => path.startsWith(`${f}/`) || (dir !== '' && (f === dir || f.endsWith(`/${dir}`))));
}

/** "**MOVE:** `old` → `new`", "rename `a.ts` -> `b.ts`": with a move verb before it, the path is the old side of the move. */
const ARROW_AFTER = /^[`'"*_]*\s*(?:→|->|=>)/;

export function isCreatedByPlan(line: string, startChar: number, endChar: number): boolean {
  const before = line.slice(0, startChar);
  return (
    newFilesCountedBefore(before) ||
    operationBefore(before, line, line.slice(endChar, endChar + 30)) ||
    writtenTo(before) ||
    newSideOfTable(before) ||
    addListBefore(before) ||
    operationAfter(line.slice(endChar)) ||
    (ARROW_AFTER.test(line.slice(endChar, endChar + 12)) && saysRemoved(before)) ||
    filesWrittenLabelBefore(before) ||
    isTestsEntry(line) ||
    futureRightBefore(before) ||
    outputInto(before) ||
    tableRowCreates(line, startChar)
  );
}

/** The new side of an "old | new" table: a path that opens a cell after a non-empty one (the first cell is the old side, or an inventory's path). */
function newSideOfTable(before: string): boolean {
  const m = /\|\s*[`'"]*$/.exec(before);
  return m !== null && /[^\s|]/.test(before.slice(0, m.index));
}

/**
 * A file-inventory table row ("| `tools/host.go` | criar | host ops |", "| a.ts, b.ts | Create |"):
 * when another cell of the row is an operation that creates or deletes, the paths in the row are the plan's own.
 */
function tableRowCreates(line: string, startChar: number): boolean {
  if (!/^\s*\|/.test(line)) return false;
  const cells: Array<{ start: number; text: string }> = [];
  let start = line.indexOf('|') + 1;
  for (let i = start; i <= line.length; i++) {
    if (i === line.length || (line[i] === '|' && line[i - 1] !== '\\')) {
      cells.push({ start, text: line.slice(start, i) });
      start = i + 1;
    }
  }
  const own = cells.findIndex((c, i) => startChar >= c.start && (i === cells.length - 1 || startChar < (cells[i + 1] as { start: number }).start));
  return cells.some((c, i) => {
    if (i === own) return false;
    const text = c.text.replace(/[*_`]/g, '').trim();
    return isOperationCell(text);
  });
}

/**
 * A row of a table whose column names files to create ("| File cần tạo | Nội dung |" over "| `dto/X.java` | … |"): the
 * path in that column is one the plan writes.
 */
export function tableColumnCreates(lines: readonly string[], line: number, startChar: number): boolean {
  const text = lines[line] ?? '';
  if (!/^\s*\|/.test(text)) return false;
  const column = (text.slice(0, startChar).match(/(?<!\\)\|/g) ?? []).length;
  for (let l = line - 1; l >= 1 && line - l <= 200; l--) {
    const row = lines[l] ?? '';
    if (!/^\s*\|/.test(row)) return false;
    if (/^\s*\|?\s*:?-{3,}/.test(row)) {
      const header = (lines[l - 1] ?? '').split(/(?<!\\)\|/);
      return isCreatingColumn((header[column] ?? '').replace(/[*_`]/g, '').trim());
    }
  }
  return false;
}

const FILES_OPEN = /^\s*<files>\s*$/;

/** Lines that sit in a list under a "new files:"-style label, up to the next heading or non-list paragraph; and the lines of a multi-line GSD `<files>` block. */
export function creationBlockLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  let open = false;
  let filesTag = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (l.length > 2000) continue;
    // A GSD task's <files> block over several lines: every line up to </files> lists a file the task writes.
    if (filesTag || FILES_OPEN.test(l)) {
      filesTag = !/<\/files>/.test(l);
      out.add(i);
      continue;
    }
    if (/^\s{0,3}#/.test(l)) open = false;
    if (l.includes(':') && isCreationLabel(l)) {
      open = true;
      continue;
    }
    if (!open) continue;
    if (l.trim() === '' || /^\s*([-*+]|\d+[.)])\s/.test(l) || /^\s{2,}\S/.test(l)) out.add(i);
    else open = false;
  }
  return out;
}

/**
 * Is the line a file label ("**文件**: `docs/build.sh`") in a step whose heading, a few lines above, says it creates
 * ("### Step 4: 创建文档构建脚本")? Then the label names the file the step writes.
 */
export function fileLabelOfCreatingStep(lines: readonly string[], line: number): boolean {
  if (!isFileLabelLine(lines[line] ?? '')) return false;
  for (let l = line - 1; l >= 0 && line - l <= 6; l--) {
    const text = lines[l] ?? '';
    if (/^\s{0,3}#{1,6}\s/.test(text)) return isCreatingHeading(text);
  }
  return false;
}

/**
 * A line that is only the path as a label ("**packages/shared/src/types/git.ts:**", "`src/a.ts` (final version):"), or a
 * file label and the path ("**File:** `migrations/add_rating.sql`"),
 * over a fenced block: the plan gives the file's full text, so the step writes it.
 */
/** The path alone on its line, or after a file label ("**File:** `migrations/add_rating.sql`"). */
function pathAloneOnItsLine(text: string, startChar: number, endChar: number): boolean {
  const rest = withoutFileLabel(text.slice(0, startChar) + text.slice(endChar));
  return /^\s*(?:\*\*|__)?[`'"]*\s*[`'"]*(?:\s*\([^)]{0,40}\))?\s*:?\s*(?:\*\*|__)?\s*:?\s*$/.test(rest);
}

export function pathLabelOverFullText(lines: readonly string[], line: number, startChar: number, endChar: number): boolean {
  if (!pathAloneOnItsLine(lines[line] ?? '', startChar, endChar)) return false;
  for (let l = line + 1; l < lines.length && l <= line + 2; l++) {
    const next = (lines[l] ?? '').trim();
    if (next === '') continue;
    return /^(?:`{3,}|~{3,})/.test(next);
  }
  return false;
}

/**
 * A folder given as where a section's work goes ("Caminho: `apps/api/src/modules/availability/`" over the module's
 * DTO, service and controller in fenced blocks): the section writes that folder. Only a folder (a trailing "/") alone
 * on its label line, and only when a fenced block follows before the next heading as high as the one over the label.
 */
/** A folder (a trailing "/") alone after a where label on its line ("Caminho: `apps/api/src/modules/availability/`"). */
function folderAloneOnWhereLabel(text: string, startChar: number, endChar: number): boolean {
  return placeLabelBefore(text.slice(0, startChar)) && /^[`'"]?\s*\.?\s*$/.test(text.slice(endChar)) && /\/[`'"]?$/.test(text.slice(startChar, endChar + 1).trimEnd());
}

export function folderLabelOverItsCode(lines: readonly string[], line: number, startChar: number, endChar: number): boolean {
  if (!folderAloneOnWhereLabel(lines[line] ?? '', startChar, endChar)) return false;
  let level = 7;
  for (let l = line - 1; l >= 0 && line - l <= 400; l--) {
    const heading = /^ {0,3}(#{1,6})\s/.exec(lines[l] ?? '');
    if (heading) {
      level = (heading[1] as string).length;
      break;
    }
  }
  for (let l = line + 1; l < lines.length && l - line <= 400; l++) {
    const next = lines[l] ?? '';
    const heading = /^ {0,3}(#{1,6})\s/.exec(next);
    if (heading && (heading[1] as string).length <= level) return false;
    if (/^\s*(?:`{3,}|~{3,})/.test(next)) return true;
  }
  return false;
}

/**
 * A deliverable bullet or heading that opens with the path ("- `src/new.ts`: …", "### 2. `include/a.hpp`"), or a task
 * label in bold that is only its id and the path ("**T059: .specify/memory/constitution.md**"): what its step produces.
 */
const TASK_LABEL_LEAD = new RegExp(`^\\s*(?:\\*\\*|__)(?:T\\d{3,}|[A-Z]{1,6}-\\d+|(?:${phraseAlternation(TASK_LABEL)})\\s+\\d+(?:\\.\\d+)*)\\s*[:.—–-]\\s*[\x60'"]?$`, 'i');
const DELIVERABLE_LEAD = /^\s*(?:#{1,6}\s+(?:\d+[.)]\s+)?|(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\*?\s+)?(?:\d+(?:\.\d+)*\.?\s+)?)(?:\*\*|__)?[`'"]?$/;

/** Does the text before a path (on its line) open a deliverable bullet or heading? */
export function opensDeliverable(before: string): boolean {
  return DELIVERABLE_LEAD.test(before) || TASK_LABEL_LEAD.test(before);
}

/** What a reader does with a reference before looking it up: "@" stripped, "~" and "$HOME" are outside the workspace. */
export function readerPath(raw: string): string | null {
  let p = raw.trim();
  if (p.startsWith('@')) p = p.slice(1);
  if (p.startsWith('~') || /^\$\{?HOME\b/.test(p) || /^\/(home|Users|root|tmp|etc|usr|var|opt)\//.test(p)) return null;
  p = p.replace(/:\d+(?::\d+)?(?:-\d+)?$/, '');
  return p === '' ? null : p;
}

/**
 * An open task of a spec-kit or Kiro task list ("- [ ] T027 [P] Parser tests in test/unit/parser_test.dart"): both
 * formats name in each task the exact file it works on, and a task still to do may bring it into being, whatever
 * language its verb is in. A ticked task ("- [x]") is done: its file must exist.
 */
const OPEN_TASK = /^\s*[-*+]\s+\[ \]/;
export const TICKED_TASK = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/;

/**
 * The new name of a rename ("rename `a.ts` to `b.ts`", "`src/proxy.ts` へのリネーム", "重命名为 `b.ts`", "renomear para
 * `b.ts`"): the rename writes it, so it need not exist yet. Not "renamed to `b.ts`": a rename done must have written it.
 */
export function renameTarget(line: string, startChar: number, endChar: number): boolean {
  return renamedTo(line.slice(Math.max(0, startChar - 80), startChar), line.slice(endChar, endChar + 20));
}
/** "→ `.tsx`", "-> .ts": the new side of a rename that changes only the extension. */
const RENAMED_EXTENSION = /^[`'"]*\s*(?:→|->|=>)\s*[`'"]*(\.[A-Za-z]\w{0,9})(?![\w./])/;

/** What a mention's own line says about its creation (createdOnItsLine). */
const enum LineSays {
  /** Not created (a ticked task with nothing that explains a missing file: no other line can change that). */
  DoneNotCreated,
  /** Not created by its line; a "new files:" list around it may still say so. */
  NotCreated,
  /** Not created by its line; the list around it, or the lines next to it (a label over a block, a table's header), may say so. */
  AskOtherLines,
  Created,
}

/**
 * What the mention's own line says (the part of createdPaths' test that reads no other line, so LineMemo may keep it):
 * on a ticked task only absentByDesign, else a create verb, a rename's new name, a test entry, a deliverable's lead or
 * an open task of a task list; and whether the checks that read other lines can apply (each first needs its line to
 * be of a kind: a file label, the path alone, a where label, a table row).
 */
function createdOnItsLine(line: string, startChar: number, endChar: number, path: string, taskList: boolean): LineSays {
  if (TICKED_TASK.test(line)) return absentByDesign(line, startChar, endChar) ? LineSays.Created : LineSays.DoneNotCreated;
  if (
    isCreatedByPlan(line, startChar, endChar) ||
    renameTarget(line, startChar, endChar) ||
    testFileOfTask(line, path) ||
    opensDeliverable(line.slice(0, startChar)) ||
    (taskList && OPEN_TASK.test(line))
  )
    return LineSays.Created;
  return isFileLabelLine(line) || pathAloneOnItsLine(line, startChar, endChar) || folderAloneOnWhereLabel(line, startChar, endChar) || /^\s*\|/.test(line)
    ? LineSays.AskOtherLines
    : LineSays.NotCreated;
}

/**
 * Paths the plan creates, moves to or deletes (see isCreatedByPlan), plus
 * "/<basename>" keys so a later bare mention ("`store.hpp`") of a created
 * "include/store.hpp" counts too. A deliverable bullet or heading that opens
 * with the path ("- `src/new.ts`: …", "### 2. `include/a.hpp`") names what
 * its step produces.
 */
export function createdPaths(plan: Plan, memo?: LineMemo): Set<string> {
  const inCreationBlock = creationBlockLines(plan.lines);
  const taskList = plan.format === 'spec-kit-tasks' || plan.format === 'kiro-tasks';
  const out = new Set<string>();
  for (const ref of plan.referencedPaths) {
    const path = readerPath(ref.path);
    if (path === null) continue;
    const mentions = ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range];
    const made = mentions.some((r) => {
      const line = plan.lines[r.startLine] ?? '';
      const local = () => createdOnItsLine(line, r.startChar, r.endChar, path, taskList);
      const says = memo ? memo.get(line, ['created', r.startChar, r.endChar, path, taskList], local) : local();
      // A ticked task ("- [x] T012 Create `src/db/factory.ts`") is done: what it created must exist now. Only what
      // absentByDesign reads (a deletion or move away, a generated file, "(if exists)") still explains a missing one.
      if (says === LineSays.Created) return true;
      if (says === LineSays.DoneNotCreated) return false;
      return (
        inCreationBlock.has(r.startLine) ||
        (says === LineSays.AskOtherLines &&
          (fileLabelOfCreatingStep(plan.lines, r.startLine) ||
            pathLabelOverFullText(plan.lines, r.startLine, r.startChar, r.endChar) ||
            folderLabelOverItsCode(plan.lines, r.startLine, r.startChar, r.endChar) ||
            tableColumnCreates(plan.lines, r.startLine, r.startChar)))
      );
    });
    for (const r of mentions) {
      // "`src/popup/main.jsx` → `.tsx`": the rename writes src/popup/main.tsx.
      const renamed = RENAMED_EXTENSION.exec((plan.lines[r.startLine] ?? '').slice(r.endChar, r.endChar + 40));
      if (renamed && /\.[^./]+$/.test(path)) {
        const target = path.replace(/\.[^./]+$/, renamed[1] as string);
        out.add(target);
        out.add(`/${target.slice(target.lastIndexOf('/') + 1)}`);
      }
    }
    if (!made) continue;
    out.add(path);
    out.add(`/${path.slice(path.lastIndexOf('/') + 1)}`);
  }
  return out;
}
