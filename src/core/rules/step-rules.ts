/**
 * Rules over the plan's step ids (seed 004: steps with depends_on):
 * dependencies on ids no step has, and ids used twice; the id functions the
 * missing-criterion rule (no-success-criterion.ts) and the quick fixes share.
 */
import { openingStepIds, STEP_KEYWORDS, type Plan } from '../plan';
import { lineRange } from './text-ranges';
import type { Draft } from './text-rules';
import { isAboutAStep } from '../wording/step-labels';

export function danglingDependencyRule(plan: Plan): Draft[] {
  const ids = uniqueStepIds(plan);
  const known = new Set(ids);
  const index = new StepIdIndex(ids);
  const out: Draft[] = [];
  // An error needs the id to be nowhere in the plan as a heading or list opener, not only missed by the step finder.
  const writtenInText = idWrittenAsOpener(plan);
  // A plan whose title is itself a step ("# Phase 3 — QR login", one plan per phase) depends on the plans of
  // the series ("**Depends on:** Phase 1"), not on steps of its own.
  const titleLine = plan.sections.find((s) => s.level === 1)?.headingLine;
  let kinds: Set<string> | undefined;
  // A name without a number ("js-yaml", "sync-skills", a pom.xml's "flyway-core") is a step's id only in a plan that
  // gives its steps such names ("(id: setup-db)"); elsewhere it is a package, a make target or a tool: on the real-plan
  // corpus every such dependency named something else (9 false errors on held-out plans).
  const namesSteps = plan.steps.some((s) => !s.implicitId && !/\d/.test(s.id));
  for (const step of plan.steps) {
    if (step.line === titleLine) continue;
    for (const ref of step.dependsOn) {
      if (known.has(ref.id) || writtenInText(ref.id) || (!namesSteps && !/\d/.test(ref.id))) continue;
      // A kind of unit the plan has no step of ("after Phases 2-7 exist" in a plan of tasks "Task 01-03-T1"): the
      // roadmap's phases or another document's steps, not a step of this plan that is missing.
      const kind = refKind(plan.lines[ref.range.startLine] ?? '', ref.range.startChar, ref.range.endChar);
      kinds ??= stepKinds(plan);
      if (kind !== null && kinds.size > 0 && !kinds.has(kind)) continue;
      // A step never depends on itself: its own id is no suggestion.
      const candidates = nearestStepIds(ref.id, ids, 4, index)
        .filter((id) => id !== step.id)
        .slice(0, 3);
      const hint = candidates.length ? ` (nearest: ${candidates.map(stepLabel).join(', ')})` : '';
      out.push({
        code: 'dangling-dependency',
        message: `${stepLabel(step.id)} depends on ${stepLabel(ref.id)}, which no step has${hint}: point it at an existing step or remove the dependency.`,
        range: ref.range,
        data: { stepId: step.id, stepLine: step.line, refId: ref.id, raw: ref.raw, candidates },
      });
    }
  }
  return out;
}

/** A step keyword, singular or plural (captured singular): the kind of unit a step or a reference names. */
const KIND = String.raw`(${STEP_KEYWORDS})(?:s|n|e|en)?(?![\p{L}])`;
const KIND_WORD = new RegExp(String.raw`(?<![\p{L}])` + KIND, 'giu');
/** A step's raw id that opens with a keyword ("Task 4", "Phase 2"). */
const LEADING_KIND = new RegExp(`^${KIND}`, 'iu');
/** A heading, list item or bold paragraph that opens with a keyword id ("**TASK-010** — …", "- Task 7: …"). */
const KIND_OPENER = new RegExp(String.raw`^[ \t]{0,3}(?:#{1,6}[ \t]+|(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\]\*?[ \t]+)?)?(?:\*\*|__)?` + KIND + String.raw`\s*[-_#]?\s*\d`, 'gimu');

/** The keyword of the units the plan's steps are ("Phase", "Task"…), and of the ids its lines open with ("**TASK-010** — …"), lower case. */
function stepKinds(plan: Plan): Set<string> {
  const out = new Set<string>();
  for (const step of plan.steps) {
    const m = LEADING_KIND.exec(step.rawId.trim());
    if (m) out.add((m[1] as string).toLowerCase());
  }
  for (const m of plan.text.matchAll(KIND_OPENER)) out.add((m[1] as string).toLowerCase());
  return out;
}

/** What may stand between a keyword and a later number of its list ("Phases 2-7", "Steps 1, 2 and 4"). */
const LIST_GAP = /^[\s\d.,&/–—-]*(?:(?:and|or|to|y|e|und|et|bis)(?![\p{L}])[\s\d.,&/–—-]*)*$/iu;

/** The keyword a reference is written with ("Phases 2-7": phase, for the "7" too); null for a bare number ("Depends on: 2"). */
function refKind(line: string, startChar: number, endChar: number): string | null {
  const from = Math.max(0, startChar - 40);
  let kind: string | null = null;
  for (const m of line.slice(from, endChar).matchAll(KIND_WORD)) {
    const end = from + (m.index ?? 0) + m[0].length;
    if (end > startChar || LIST_GAP.test(line.slice(end, startChar))) kind = (m[1] as string).toLowerCase();
  }
  return kind;
}

/** Does a heading or list item open with this id ("- [ ] T002 …", "### Step 4")? One scan of the text, made on first use. */
function idWrittenAsOpener(plan: Plan): (id: string) => boolean {
  let ids: Set<string> | null = null;
  return (id) => (ids ??= openingStepIds(plan.text)).has(id);
}

/**
 * The parser keeps ids unique by suffixing later duplicates ("3", "3#2"), so
 * a duplicate is a suffixed id whose base id an earlier step holds. It is a
 * finding only when a reader would take both for the same id:
 *   - both ids were written: a step without one takes its position; and two
 *     ordered-list numbers never clash, since numbering restarts with each list
 *     (a list's "4." and a "### Step 4" heading in one section do);
 *   - both steps sit in the same section: "### Step 1" under "## A2" and under
 *     "## A3", or under "## Phase 1" and "## Phase 2", number within their
 *     section, the way a reader reads them.
 */
export function duplicateStepIdRule(plan: Plan): Draft[] {
  const scopeOf = sectionScopes(plan);
  // Computed on the first repeated id only: most plans have none, and this runs on every edit.
  let views: Set<string> | null = null;
  // Per section and id: the first step holding it, and the first whose id is not a list number.
  const first = new Map<string, { any: number; named: number | null }>();
  const out: Draft[] = [];
  for (const step of plan.steps) {
    if (step.implicitId) continue;
    const ordinal = isListOrdinal(plan, step);
    const base = baseStepId(step.id);
    const key = `${scopeOf(step.line)}\u0000${base}`;
    const seen = first.get(key);
    // Two list numbers never clash (a new list restarts at 1); a list number and a "Step 4" heading do.
    const firstLine = seen === undefined ? undefined : ordinal ? (seen.named ?? undefined) : seen.any;
    if (seen === undefined) first.set(key, { any: step.line, named: ordinal ? null : step.line });
    else if (!ordinal && seen.named === null) seen.named = step.line;
    if (firstLine === undefined || (views ??= viewTitles(plan)).has(viewKey(step.title)) || isAboutAStep(step.title)) continue;
    if (namesHeadingStep(plan, step, base) || otherKind(plan, step, firstLine)) continue;
    out.push({
      code: 'duplicate-step-id',
      message: `${stepLabel(base)} is already used on line ${firstLine + 1}: give each step its own id so dependencies on it are unambiguous.`,
      range: lineRange(plan, step.line),
      data: { stepId: base, stepLine: step.line, firstLine },
    });
  }
  return out;
}

/**
 * Two ids written with different keywords are two names to a reader: "## Phase 2 complete — acceptance checklist" in a
 * plan of "## Task 2" headings is the project's phase, and "Depends on: Task 2" says which one it means.
 */
function otherKind(plan: Plan, step: Plan['steps'][number], firstLine: number): boolean {
  const kind = LEADING_KIND.exec(step.rawId.trim())?.[1]?.toLowerCase();
  const firstKind = LEADING_KIND.exec(plan.steps.find((s) => s.line === firstLine)?.rawId.trim() ?? '')?.[1]?.toLowerCase();
  return kind !== undefined && firstKind !== undefined && kind !== firstKind;
}

/**
 * A list item that names, by keyword, a step a heading defines ("## Task 4: Build" … "## Checklist" / "- [ ] Task 4: RC
 * dashboard shows the subscriber"): a check or a note about that step, not a second step with its id.
 */
function namesHeadingStep(plan: Plan, step: Plan['steps'][number], base: string): boolean {
  if (!/^\s*(?:[-*+]|\d+[.)])\s/.test(plan.lines[step.line] ?? '') || !LEADING_KIND.test(step.rawId.trim())) return false;
  return plan.steps.some((other) => other.line < step.line && baseStepId(other.id) === base && /^\s{0,3}#/.test(plan.lines[other.line] ?? ''));
}

const viewKey = (title: string): string => title.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Titles that several steps with different ids share ("## Phase 1 Detailed Execution Plan", "## Phase 2 Detailed
 * Execution Plan", …): a view of each step the plan already listed, not a new step, so its repeated id is no duplicate.
 */
function viewTitles(plan: Plan): Set<string> {
  const idsByTitle = new Map<string, Set<string>>();
  for (const step of plan.steps) {
    const key = viewKey(step.title);
    if (key === '') continue;
    let ids = idsByTitle.get(key);
    if (!ids) idsByTitle.set(key, (ids = new Set()));
    ids.add(baseStepId(step.id));
  }
  return new Set([...idsByTitle].filter(([, ids]) => ids.size >= 2).map(([key]) => key));
}

/** "3. Add the index" as a list step whose id is its list number. */
function isListOrdinal(plan: Plan, step: Plan['steps'][number]): boolean {
  if (step.source !== 'list') return false;
  const m = /^\s*(\d+)[.)]\s/.exec(plan.lines[step.line] ?? '');
  return m !== null && m[1] === step.rawId;
}

/** For a line, the heading line of the innermost section that holds it (its own heading excluded), or -1 for none. */
function sectionScopes(plan: Plan): (line: number) => number {
  const sections = plan.sections;
  const parent: number[] = [];
  const stack: number[] = [];
  sections.forEach((s, i) => {
    while (stack.length > 0 && (sections[stack[stack.length - 1] as number] as (typeof sections)[number]).range.endLine < s.headingLine) stack.pop();
    parent.push(stack.length > 0 ? (stack[stack.length - 1] as number) : -1);
    stack.push(i);
  });
  return (line) => {
    let lo = 0;
    let hi = sections.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((sections[mid] as (typeof sections)[number]).headingLine < line) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    while (at >= 0 && (sections[at] as (typeof sections)[number]).range.endLine < line) at = parent[at] as number;
    return at < 0 ? -1 : (sections[at] as (typeof sections)[number]).headingLine;
  };
}

export function duplicateBase(id: string): string | null {
  const m = /^(.+)#\d+$/.exec(id);
  return m ? (m[1] ?? null) : null;
}

/** The id as written, without the parser's "#2" repeat suffix ("3#2" -> "3"). */
export function baseStepId(id: string): string {
  return duplicateBase(id) ?? id;
}

/** "3" → "Step 3"; named ids ("setup-db") are quoted. */
export function stepLabel(id: string): string {
  return /^\d+(\.\d+)*$/.test(id) ? `Step ${id}` : `step "${id}"`;
}

function uniqueStepIds(plan: Plan): string[] {
  return [...new Set(plan.steps.map((s) => s.id).filter((id) => duplicateBase(id) === null))];
}

/**
 * The ids closest to a dangling one, best first: by numeric distance when
 * both are numbers ("9" → "8", "7"), else by edit distance. Ties keep plan
 * order. Numeric targets only fall back to edit distance when too few
 * numeric ids exist.
 */
export function nearestStepIds(target: string, ids: readonly string[], max: number, index: StepIdIndex = new StepIdIndex(ids)): string[] {
  const targetNumber = numericId(target);
  const picked = targetNumber === null ? [] : index.nearestNumeric(targetNumber, target, max);
  if (picked.length >= max) return picked.map((p) => p.id);
  const lowered = target.toLowerCase();
  const scored = [...picked];
  ids.forEach((id, order) => {
    if (id === target || (targetNumber !== null && numericId(id) !== null)) return;
    scored.push({ id, order, distance: 1_000_000 + editDistance(lowered, id.toLowerCase()) });
  });
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, max).map((s) => s.id);
}

/** Numeric step ids sorted by value, for nearest-id lookups in O(log n) (plans can have thousands of steps). */
export class StepIdIndex {
  private readonly sorted: { id: string; order: number; value: number }[];

  constructor(ids: readonly string[]) {
    this.sorted = [];
    ids.forEach((id, order) => {
      const value = numericId(id);
      if (value !== null) this.sorted.push({ id, order, value });
    });
    this.sorted.sort((a, b) => a.value - b.value || a.order - b.order);
  }

  nearestNumeric(target: number, exclude: string, max: number): { id: string; order: number; distance: number }[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] as { value: number }).value < target) lo = mid + 1;
      else hi = mid;
    }
    // Up to `max` on each side are enough to contain the `max` nearest; rank them with the tie rule.
    const window: { id: string; order: number; distance: number }[] = [];
    for (let i = Math.max(0, lo - max - 1); i < Math.min(this.sorted.length, lo + max + 1); i++) {
      const e = this.sorted[i] as { id: string; order: number; value: number };
      if (e.id !== exclude) window.push({ id: e.id, order: e.order, distance: Math.abs(e.value - target) });
    }
    window.sort((a, b) => a.distance - b.distance || a.order - b.order);
    return window.slice(0, max);
  }
}

function numericId(id: string): number | null {
  return /^\d+(\.\d+)?$/.test(id) ? Number(id) : null;
}

/** Levenshtein distance; ids are short, so the O(n·m) table is fine. Long inputs are cut to keep it bounded. */
export function editDistance(a: string, b: string): number {
  const x = a.slice(0, 64);
  const y = b.slice(0, 64);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}
