/**
 * A plan that says it is finished: a record of work done, not work to do. The
 * rules that ask for something still to be written (a success criterion per
 * step, a risks section) have nothing to ask of it.
 */
import { stepPrefix, type Plan } from '../plan';
import { isStatusTitle, opensDone, statusSaysDone, titleSaysDone, titleSaysMet } from '../wording/status';

/**
 * A heading or title marked done ("## Phase 4: Domain API ✅", "### M2 (done)", "## Phase 1 — Freeze (Status: Completed)",
 * "# Plan: … ✅ DONE (2026-05-18)", "## Phase 2 — COMPLETE", a ticked box at its end: "## Phase 1: Core Types `[x]`").
 */
export function titleMarkedDone(title: string): boolean {
  return titleSaysDone(title);
}

/** Two or more keyword steps, all marked done; stops at the first that is not (this runs on every edit). */
function everyPhaseDone(plan: Plan): boolean {
  let named = 0;
  for (const s of plan.steps) {
    if (s.implicitId || stepPrefix(s.rawId).kind !== 'keyword') continue;
    if (!titleMarkedDone(s.title)) return false;
    named++;
  }
  return named >= 2;
}

/**
 * The plan is marked done: its title carries a done mark, its plan-wide success
 * section says it is met, or a status line stands between the title and its first section ("# Global Tags" /
 * "**Status: Done**" / "## Overview").
 */
export function planMarkedDone(plan: Plan): boolean {
  // Every phase marked done ("### ✅ Phase 1 — … [done 2026-06-12]" … "### ✅ Phase 4 — …"), two or more of them.
  if (everyPhaseDone(plan)) return true;
  if (everyBoxTicked(plan)) return true;
  const first = plan.sections[0];
  if (first && first.level === 1 && titleMarkedDone(first.title)) return true;
  if (plan.sections.some((s) => s.kind === 'success' && s.level <= 2 && titleSaysMet(s.title))) return true;
  const start = first && first.level === 1 ? first.headingLine + 1 : 0;
  const next = plan.sections.find((s) => s.headingLine >= start);
  const end = Math.min(next ? next.headingLine : plan.lines.length, start + 15);
  for (let l = start; l < end; l++) if (statusSaysDone(plan.lines[l] ?? '')) return true;
  // "## Status" (or "## Current status", "## 현재 상태") near the top whose first line says the work is done ("**Implemented and
  // deployed on 2026-06-21.**", "**모든 주요 기능 완료**"): a record of finished work, as a status line is.
  // Sections come in document order: only the first ones can be near the top.
  let status: Plan['sections'][number] | undefined;
  for (const s of plan.sections) {
    if (s.headingLine >= 40) break;
    if (s.level <= 3 && isStatusTitle(s.title)) {
      status = s;
      break;
    }
  }
  if (status) {
    for (let l = status.headingLine + 1; l <= status.range.endLine && l < status.headingLine + 6; l++) {
      const text = (plan.lines[l] ?? '').trim();
      if (text === '') continue;
      return opensDone(text.replace(/[*_`]/g, ''));
    }
  }
  return false;
}

/**
 * A task list whose every checkbox is ticked ("- [x] Create `config/agent-profiles.md`" … ), three or more of
 * them: the record of finished work, as a plan whose every phase is marked done. Stops at the first open box.
 * Under a section of steps ("## Implementation Order"), a list item that opens with a done mark ("1. ✅ Apply to
 * Equipment model") is a ticked box too, and the other items of its list are open ones unless they open with one as
 * well ("4. Deploy" after three ✅ items is still to do); elsewhere a ✅ list is more often a feature list.
 */
function everyBoxTicked(plan: Plan): boolean {
  // Without a done or open mark anywhere only checkboxes count: one scan of the lines that hold a "[" (this runs on
  // every edit of a plan that has no risks section).
  if (!DONE_OR_OPEN_MARKS.some((mark) => plan.text.includes(mark))) return everyCheckboxTicked(plan.lines);
  // A heading marked open ("## F3 Love Capsules — ⬜", "### 🚧 Phase 2") is work still to do, whatever its lists say.
  if (plan.sections.some((s) => OPEN_MARK.test(s.title))) return false;
  const lines = plan.lines;
  // The kind of the innermost section over each line, built on the first done mark (most plans have none).
  let kinds: string[] | null = null;
  const stepsSection = (line: number): boolean => {
    if (!kinds) {
      const k: string[] = new Array<string>(lines.length).fill('');
      for (const sec of plan.sections) for (let at = sec.headingLine + 1; at <= sec.range.endLine && at < k.length; at++) k[at] = sec.kind;
      kinds = k;
    }
    return kinds[line] === 'steps';
  };
  let ticked = 0;
  // The indentation of the list run being read, and whether it has a done mark; items without one wait in `plain`.
  let run: { indent: number; marked: boolean; plain: number } | null = null;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l] as string;
    const row = line.indexOf('[') === -1 ? null : TABLE_BOX.exec(line);
    if (row) {
      if (row[1] === ' ') return false;
      ticked++;
      run = null;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (!item) {
      // A blank line or an indented continuation keeps the run; anything else ends it.
      if (run && line.trim() !== '' && (/^\S/.test(line) || line.length - line.trimStart().length <= run.indent)) run = null;
      continue;
    }
    const indent = (item[1] ?? '').length;
    if (!run || run.indent !== indent) run = { indent, marked: false, plain: 0 };
    const rest = item[2] ?? '';
    const box = /^\[([ xX])\]/.exec(rest);
    if (box) {
      if (box[1] === ' ') return false;
      ticked++;
    } else if (DONE_ITEM.test(rest) && stepsSection(l)) {
      if (run.plain > 0) return false;
      run.marked = true;
      ticked++;
    } else if ((OPEN_ITEM.test(rest) && stepsSection(l)) || run.marked) return false;
    else run.plain++;
  }
  return ticked >= 3;
}

function everyCheckboxTicked(lines: readonly string[]): boolean {
  let ticked = 0;
  for (const line of lines) {
    if (line.indexOf('[') === -1) continue;
    const box = CHECKBOX.exec(line) ?? TABLE_BOX.exec(line);
    if (!box) continue;
    if (box[1] === ' ') return false;
    ticked++;
  }
  return ticked >= 3;
}

const CHECKBOX = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[([ xX])\]/;
/** A status table's first cell: "| [x] | 1. DB-Migration | V55: … |". */
const TABLE_BOX = /^[ \t]*\|[ \t]*\[([ xX])\][ \t]*\|/;
/** The marks DONE_ITEM and OPEN_ITEM read; a native substring search finds them faster than a Unicode class. */
const DONE_OR_OPEN_MARKS = ['✅', '✔', '☑', '⬜', '☐', '🔲', '❌', '⏳', '🚧'];
const LIST_ITEM = /^([ \t]*)(?:[-*+]|\d+[.)])[ \t]+(.*)$/;
/** "✅ Create the model", "**✔** Test it": the item is done. */
const DONE_ITEM = /^(?:\*\*|__)?[✅✔☑]/u;
/** An open mark anywhere in a heading. */
const OPEN_MARK = /⬜|☐|🔲|⏳|🚧/u;
/** "⬜ Deploy", "❌ Not started", "⏳ In progress", "🚧 …": the item is open. */
const OPEN_ITEM = /^(?:\*\*|__)?(?:⬜|☐|🔲|❌|⏳|🚧)/u;

// What marks one step done (no-success-criterion asks nothing of it).

/** "**Status**: Complete" (or Done, ✅) on the first lines of the step's body: done, like a ticked step. */
export function markedComplete(plan: Plan, step: Plan['steps'][number]): boolean {
  for (let l = step.line + 1; l <= Math.min(step.range.endLine, step.line + 4); l++) {
    if (statusSaysDone(plan.lines[l] ?? '')) return true;
  }
  return false;
}

/** "Phase 1", "phase  1" -> "phase 1": a keyword id as a progress list writes it. */
export const keywordId = (rawId: string): string => rawId.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The keyword ids a ticked box opens with anywhere in the plan ("## Progress" / "- [x] Phase 1: Domain Common"): the
 * progress list records those steps done.
 */
export function tickedElsewhere(plan: Plan): Set<string> {
  const out = new Set<string>();
  for (const line of plan.lines) {
    const box = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]\s+(?:\*\*|__)?/.exec(line);
    if (!box) continue;
    const p = stepPrefix(line.slice(box[0].length));
    if (p.kind === 'keyword') out.add(keywordId(p.rawId));
  }
  return out;
}

/** A step whose own checklist is all ticked ("### M0" over "- [x] …" items only): done. */
export function allItemsTicked(plan: Plan, step: Plan['steps'][number]): boolean {
  let ticked = 0;
  for (let l = step.line + 1; l <= step.range.endLine && l - step.line < 200; l++) {
    const text = plan.lines[l] ?? '';
    if (/^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/.test(text)) ticked++;
    else if (/^\s*(?:[-*+]|\d+[.)])\s+\[ \]/.test(text)) return false;
  }
  return ticked > 0;
}
