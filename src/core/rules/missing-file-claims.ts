/**
 * Does the plan say, where it names a file, that the file is there? missing-file reports a path only then (the rule's
 * last filter, text-rules.ts). A plan is a list of work still to do, and most paths it names that no workspace file has
 * are files that work will write, whether or not the plan says "create": on blind-labelled plans of the real-plan
 * corpus, a missing path named with no such claim was a real problem in 6 % of findings (4 of 71), a
 * path on a line marked done in 86 % (24 of 28). What counts as the claim:
 * - the work that names it is marked done: a ticked box, a ✅ on the line or on the list item it continues, a step or
 *   section title marked done (not a plan that says it is finished: that status covers every path the plan names,
 *   the other repositories and old versions it cites among them, and was right in 9 of 17 labelled findings);
 * - the path is a reference to read: a Markdown link's target, an agent's `@path`, `path:42` or `path#L42`, or the
 *   value of an "Input:", "Spec:", "See:" label;
 * - the plan says the file is changed: a "Modify:" label, a file table about existing files ("Files to Modify",
 *   "| `a.ts` | Update |"), a "Files to Modify" section, or "the existing `a.ts`";
 * - the plan says an existing code name is in it ("Wrap `getFlag()` in `src/flags/client.ts`": symbols/place-claims.ts);
 * A workspace file of the same name elsewhere (the finding's "did you mean") is no claim: with a claim, such a path was
 * wrong in all 36 labelled findings of the corpus; without one it was a new file named like an old one in 14 of 23.
 * Pure functions of the plan's lines; no I/O.
 */
import type { Plan, Range } from '../plan';
import { rowSaysChanged, tableHeaderSaysChanged } from './missing-file-context';
import { titleMarkedDone } from './plan-status';
import { TICKED_TASK } from './created-paths';
import { NOT_DONE, UNDONE_NOTE } from '../wording/not-done';
import { anyOf, wordMatcher } from '../wording/words';
import { changeLabelBefore, existingBefore, readLabelBefore, titleNamesFiles, titleSaysNew } from '../wording/file-claims';
import { saysChanged } from '../wording/file-context';
import { placesNameIn } from './symbols/place-claims';

export interface ExistenceClaims {
  /** Is the mention at `range` one the plan makes of a file that should be there? */
  at(range: Range): boolean;
}

export function existenceClaims(plan: Plan): ExistenceClaims {
  // Built on the first mention asked about: the lines a done step or section covers, the lines of a "Files to Modify"
  // section, and each table row's header line (a rule runs on every edit of a long plan; one pass each, not one per mention).
  let done: Uint8Array | undefined;
  let changed: Uint8Array | undefined;
  const headers = new Map<number, number>();
  const headerSays = new Map<number, boolean>();
  const tableHeader = (line: number): number => {
    let l = line;
    const walked: number[] = [];
    while (l > 0 && /^\s*\|/.test(plan.lines[l - 1] ?? '') && !headers.has(l)) {
      walked.push(l);
      l--;
    }
    const header = headers.get(l) ?? l;
    for (const w of walked) headers.set(w, header);
    headers.set(l, header);
    return header;
  };
  return {
    at(range: Range): boolean {
      const line = plan.lines[range.startLine] ?? '';
      if (referenceToRead(line, range.startChar, range.endChar)) return true;
      // "- [x] T063 Add docs/migration.md (SKIPPED: no docs/ directory)": the box records a decision not to write it.
      if (NOT_DONE_NOTE.test(line)) return false;
      if (markedDoneLine(plan, range.startLine)) return true;
      if (placesNameIn(plan, range)) return true;
      if ((done ??= doneLines(plan))[range.startLine] === 1) return true;
      const before = withoutItemNumber(line.slice(0, range.startChar));
      if (changeLabelBefore(before) || existingBefore(before)) return true;
      if ((changed ??= changeSectionLines(plan))[range.startLine] === 1) return true;
      if (/^\s*\|/.test(line)) {
        if (rowSaysChanged(line, range.startChar)) return true;
        const header = tableHeader(range.startLine);
        if (header !== range.startLine) {
          let says = headerSays.get(header);
          if (says === undefined) headerSays.set(header, (says = tableHeaderSaysChanged(plan.lines, header)));
          if (says) return true;
        }
      }
      return false;
    },
  };
}

/**
 * A note on the line that the work named was not done, or was undone: skipped, not needed, not applicable, deferred,
 * cancelled, "(removed - PR workflow only)", or done elsewhere: "(error handling already in place via IntoResponse)".
 */
const NOT_DONE_NOTE = anyOf(wordMatcher(NOT_DONE), wordMatcher(UNDONE_NOTE, { lead: '\\(\\s*(?:later\\s+)?' }));

/** A done mark anywhere on the line ("6. ✅ Second sweep done (`docs/…`)"). */
const DONE_ON_LINE = /[✅✔☑]/u;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d+[.)])\s/;
/** A list item with its own box, open or ticked ("  - [ ]* 1.2"): a sub-task, not part of the item above. */
const BOXED_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\[/;

/** The line, or the list item it continues, is marked done. */
function markedDoneLine(plan: Plan, line: number): boolean {
  const text = plan.lines[line] ?? '';
  if (TICKED_TASK.test(text) || DONE_ON_LINE.test(text)) return true;
  // An indented continuation of a list item ("- [x] T016 …" then "  files: `a.ts`"), or a plain bullet under it ("  -
  // Attach `docs/a.pdf`", not a sub-task with its own box): the item's own mark.
  const indent = text.length - text.trimStart().length;
  if (indent > 0 && !BOXED_ITEM.test(text)) {
    for (let l = line - 1; l >= 0 && l >= line - 12; l--) {
      const above = plan.lines[l] ?? '';
      if (above.trim() === '') continue;
      const item = LIST_ITEM.exec(above);
      if (item && (item[1] ?? '').length < indent) return TICKED_TASK.test(above) || DONE_ON_LINE.test(above);
      if (!/^\s/.test(above)) break;
    }
  }
  return false;
}

/**
 * 1 on every line of a step marked done (its title, or a ticked box) and under a section of steps whose title is marked
 * done, except the lines of an open step inside it: a ticked task "- [x] 1." does not tick its open sub-task "- [ ]* 1.2".
 * A ✅ on a heading that is not work ("### ✅ I. Type Safety" under "## Constitution Check": a check passed) claims nothing.
 */
function doneLines(plan: Plan): Uint8Array {
  const out = new Uint8Array(plan.lines.length);
  const fill = (from: number, to: number, value: 0 | 1): void => {
    out.fill(value, Math.max(0, from), Math.min(out.length, to + 1));
  };
  for (const s of plan.sections) if (s.kind === 'steps' && titleMarkedDone(s.title)) fill(s.headingLine + 1, s.range.endLine, 1);
  for (const step of plan.steps) if (titleMarkedDone(step.title) || TICKED_TASK.test(plan.lines[step.line] ?? '')) fill(step.range.startLine, step.range.endLine, 1);
  // An open box and the lines it holds (deeper-indented ones, and blank lines between them) are work still to do.
  for (let l = 0; l < plan.lines.length; l++) {
    const box = OPEN_BOX.exec(plan.lines[l] as string);
    if (!box) continue;
    const indent = (box[1] as string).length;
    out[l] = 0;
    while (l + 1 < plan.lines.length) {
      const next = plan.lines[l + 1] as string;
      if (next.trim() !== '' && next.length - next.trimStart().length <= indent) break;
      out[++l] = 0;
    }
  }
  return out;
}

/** An open box ("- [ ] 1.2", Kiro's optional "- [ ]* 1.2"). */
const OPEN_BOX = /^(\s*)(?:[-*+]|\d+[.)])\s+\[ \]/;

/** 1 on every line under a "## Files to Modify" / "### Modified files" heading. */
function changeSectionLines(plan: Plan): Uint8Array {
  const out = new Uint8Array(plan.lines.length);
  for (const s of plan.sections) if (titleNamesFiles(s.title) && saysChanged(s.title)) out.fill(1, s.headingLine + 1, Math.min(out.length, s.range.endLine + 1));
  // "## Complete File Change Summary" / "### New Files (12)": the new files of a change summary are not changed ones.
  for (const s of plan.sections)
    if (titleNamesFiles(s.title) && titleSaysNew(s.title) && !saysChanged(s.title)) out.fill(0, s.headingLine + 1, Math.min(out.length, s.range.endLine + 1));
  return out;
}

/** A numbered item reads like a bullet: "6. Modify: `x.ts`" carries the same label as "- Modify: `x.ts`". */
function withoutItemNumber(before: string): string {
  return before.replace(/^(\s*)\d{1,9}[.)](?=\s)/, '$1-');
}

function referenceToRead(line: string, startChar: number, endChar: number): boolean {
  const before = withoutItemNumber(line.slice(0, startChar));
  const after = line.slice(endChar);
  // "[spec](../specs/001/spec.md)": a link's target; "@.planning/STATE.md": an agent's reference it reads.
  if (/\]\(\s*<?$/.test(before) || /(?:^|\s)@$/.test(before) || /^@/.test(line.slice(startChar, endChar))) return true;
  // "`src/client.go:79-84`", "src/a.ts#L42": a place in a file, which the plan has read.
  if (/^:\d+|^#L\d+/.test(after)) return true;
  // The label of a path to read ("**Input**: Feature specification from `specs/001/spec.md`", "See: `docs/a.md`").
  return readLabelBefore(before);
}
