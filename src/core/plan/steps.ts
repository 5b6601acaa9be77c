/**
 * Step recognition. A step is one of:
 *
 *   1. a heading "Step 3: …", "Phase 2 — …", "Stage 1.2 …", "Milestone 4", "Part 2",
 *      "Task 5: …", "step-4: …" — anywhere in the plan;
 *   2. a numbered heading "### 3. Title", "### 3) Title", "### 2.1 Title", when it sits
 *      under a steps-like section or its title is not another kind of section
 *      ("## 1. Background" is context, not a step);
 *   3. a heading directly under a steps-like section ("### Task: …", "### Create the table"),
 *      unless its title names another kind of section (risks, rollback, goal, context,
 *      success) or a non-step one (open questions, notes, alternatives, files);
 *   4. an item of a top-level list (ordered or not) written directly in the body of a
 *      steps-like section;
 *   5. when rules 1–3 found no heading step: two or more paragraphs under one heading that open with a
 *      bold step keyword and number ("**Step 1 — cache layer.** Wrap …", "**Phase 2:** …"), written in
 *      the body (not in a list or quote) of a section that may hold steps; a list item of rule 4 inside
 *      such a step is its detail, not a step;
 *   6. only when rules 1–5 found nothing: the items of the first top-level ordered list
 *      with two or more items, outside goal/context/risks/rollback/testing/success sections.
 *
 * The plan's format (plan/format.ts) comes first: a GSD PLAN.md's steps are its
 * `<task>` blocks only; a Kiro or spec-kit task list adds every top-level checkbox
 * task ("- [ ] 1.1 …", "- [ ] T012 …", its number as the id) outside never-steps
 * sections; a descriptive document (design, requirements, spec) has none, and a spec-kit
 * plan.md takes no fallback list (rule 5). Headings
 * under appendix-like sections (next steps, workflow, components, decisions…) and
 * lists in them are never steps.
 *
 * A steps-like section is a heading whose title says steps, implementation, plan,
 * tasks, phases, milestones, rollout, approach, changes… (see sections.ts), that is
 * not itself a step and not the plan's title (the first H1).
 *
 * A step's own lines run from its first line to the line before the next step
 * that starts inside it; dependencies and explicit ids are read from the own
 * lines only, the success criterion from the own lines or, failing that, from
 * the lines after its last nested step (a phase's "Independent Test:" after its
 * tasks).
 *
 * Numbered headings that number the document's sections are not steps: a run
 * of siblings "## 1. …", "## 2. …" one of which names the steps section ("3.
 * Steps") or two of which are other kinds of section ("Scope & non-goals",
 * "Exit criteria", "Open questions"). In a spec-kit task list only keyword headings
 * ("## Phase 3: …", not the outline's "Phase 1-2") and T### tasks are steps.
 */
import type { Outline, OutlineListItem } from './outline';
import { neverHoldsSteps, sectionKind } from './sections';
import type { HeadingInfo } from './step-headings';
import { explicitId, findDependencies, findSuccessCriterion, normalizeStepId, STEP_KEYWORDS, stepPrefix } from './step-details';
import { lastContentLine, lineSpan, plainText } from './text';
import type { PlanFormat, PlanStep } from './types';

interface Candidate {
  line: number;
  endLine: number;
  rawId: string;
  title: string;
  sectionTitle: string | null;
  source: 'heading' | 'list' | 'paragraph';
}

const MAX_TITLE = 160;

/** Index of the heading whose own body (before any sub-heading) holds `line`, or null. */
function ownerHeading(infos: readonly HeadingInfo[], line: number): number | null {
  let lo = 0;
  let hi = infos.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((infos[mid] as HeadingInfo).heading.line <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function listTitle(item: OutlineListItem): { rawId: string; title: string } {
  const first = item.firstLine.replace(/^\s*\[[ xX]\]\*?\s+/, '');
  const bold = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__)/.exec(first);
  const plain = plainText(bold?.[1] ?? first);
  const p = stepPrefix(plain);
  // A bullet that opens with its own number is a Kiro task ("- [ ] 1.1 Write …"); "T012" is a spec-kit task id.
  const numbered = p.kind === 'number' && item.number === '';
  const specKit = SPEC_KIT_TASK.exec(plain);
  const rest = specKit ? plain.slice(specKit[0].length) : p.kind === 'keyword' || p.kind === 'label' || numbered ? p.rest : plain;
  const title = rest !== '' ? rest : plain !== '' ? plain : plainText(first);
  return { rawId: specKit ? (specKit[1] ?? '') : p.kind === 'keyword' || numbered ? p.rawId : item.number, title };
}

const STATUS_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)?[✅✔☑❌✗✘⬜🟡🟢🔴⚠]/u;
const CHECKBOX_TASK = /^\s*[-*+]\s+\[[ xX]\]\*?\s+(?:T\d{3,}|\d+(?:\.\d+)*\.?)\s/;
const SPEC_KIT_TASK = /^(T\d{3,})\b\s*(?:\[[^\]]{0,20}\]\s*)*/;

function cap(s: string): string {
  return s.length > MAX_TITLE ? `${s.slice(0, MAX_TITLE - 1)}…` : s;
}

/** `lineWords[i]` = countWords(lines[i]), computed once by the parser. */
export function findSteps(outline: Outline, infos: readonly HeadingInfo[], lines: readonly string[], lineWords: Int32Array, format: PlanFormat = 'markdown'): PlanStep[] {
  if (format === 'descriptive') return [];
  const gsd = format === 'gsd' ? gsdTasks(lines, outline.codeMask) : [];
  if (gsd.length > 0) return finish(gsd, lines, outline.codeMask, lineWords);
  const candidates: Candidate[] = [];
  for (const info of infos) {
    if (!info.isStep) continue;
    const p = stepPrefix(info.title);
    const parent = info.parent === null ? null : (infos[info.parent] as HeadingInfo);
    candidates.push({
      line: info.heading.line,
      endLine: info.endLine,
      rawId: p.rawId,
      title: cap(p.rest !== '' ? p.rest : info.title),
      sectionTitle: parent?.title ?? null,
      source: 'heading',
    });
  }
  const listCandidate = (item: OutlineListItem, section: HeadingInfo | null): Candidate => {
    const t = listTitle(item);
    return {
      line: item.startLine,
      endLine: lastContentLine(lines, item.startLine, Math.max(item.startLine, item.endLine - 1)),
      rawId: t.rawId,
      title: cap(t.title),
      sectionTitle: section?.title ?? null,
      source: 'list',
    };
  };
  const taskList = format === 'kiro-tasks' || format === 'spec-kit-tasks';
  for (const item of outline.topItems) {
    const owner = ownerHeading(infos, item.startLine);
    const info = owner === null ? null : (infos[owner] as HeadingInfo);
    // In a Kiro or spec-kit task list every checkbox task is a step, whatever its heading is called: under a
    // heading that is a step itself ("## Phase 2: Foundational (Blocking Prerequisites)") too.
    const task = taskList && CHECKBOX_TASK.test(lines[item.startLine] ?? '') && !(info && !info.isStep && neverHoldsSteps(info.title));
    // A spec-kit task list's steps are its phases and its T### tasks only: its other lists are outlines and notes.
    // A status line ("- ✅ Plugin works", "- ❌ No code uses it") reports what is, not a thing to do.
    if (STATUS_ITEM.test(lines[item.startLine] ?? '')) continue;
    if (task || (info?.isContainer && format !== 'spec-kit-tasks')) candidates.push(listCandidate(item, info));
  }
  if (!taskList && !candidates.some((c) => c.source === 'heading')) addParagraphSteps(candidates, paragraphSteps(outline, infos, lines));
  // A spec-kit plan.md has no steps beyond its phases: its numbered lists are reasons, gates and outlines of the template.
  if (candidates.length === 0 && format !== 'spec-kit-plan') candidates.push(...fallbackSteps(outline, infos, listCandidate));
  candidates.sort((a, b) => a.line - b.line);
  return finish(candidates, lines, outline.codeMask, lineWords);
}

const BOLD_LEAD = /^(?:\*\*|__)(.+?)(?:\*\*|__)/;
/** A line that opens with a bold step keyword and number: a superset of the paragraphs rule 5 reads, found by one native scan. */
const BOLD_STEP_LINE = new RegExp(`^[ \\t]{0,3}(?:\\*\\*|__)[^\\w\\n]{0,8}(?:${STEP_KEYWORDS})s?\\s*[-_#]?\\s*\\d`, 'im');

/**
 * Could the text hold rule 5's paragraph steps? They depend on the whole document (no heading step anywhere), so the
 * incremental parser parses such a plan whole when its chunks found no heading step.
 */
export function mayHaveParagraphSteps(text: string): boolean {
  return BOLD_STEP_LINE.test(text);
}

/**
 * Rule 5: "**Step 1 — cache layer.** Wrap …", "**Step 2 — refresh.** …" as paragraphs under one heading. One such
 * paragraph alone is a reference ("**Phase 2** is out of scope"), not a list of steps. A step runs to the line before the
 * next one, the last to the end of its heading's own body.
 */
function paragraphSteps(outline: Outline, infos: readonly HeadingInfo[], lines: readonly string[]): Candidate[] {
  const byOwner = new Map<number, Array<{ line: number; rawId: string; title: string }>>();
  for (const p of outline.paragraphs) {
    if (!p.topLevel || outline.codeMask[p.line] === 1) continue;
    const bold = BOLD_LEAD.exec(p.source);
    if (!bold) continue;
    const prefix = stepPrefix(plainText(bold[1] ?? ''));
    if (prefix.kind !== 'keyword') continue;
    const owner = ownerHeading(infos, p.line);
    const info = owner === null ? null : (infos[owner] as HeadingInfo);
    if (info && (neverHoldsSteps(info.title) || !STEP_SECTION_KINDS.has(sectionKind(info.title)))) continue;
    const title = prefix.rest.replace(/[.:]$/, '').trim() || plainText(p.source.slice(bold[0].length).split('\n')[0] ?? '');
    const group = byOwner.get(owner ?? -1) ?? [];
    group.push({ line: p.line, rawId: prefix.rawId, title });
    byOwner.set(owner ?? -1, group);
  }
  const out: Candidate[] = [];
  for (const [owner, group] of byOwner) {
    if (group.length < 2) continue;
    const info = owner === -1 ? null : (infos[owner] as HeadingInfo);
    const next = infos[owner + 1];
    const bodyEnd = next ? next.heading.line - 1 : lines.length - 1;
    group.forEach((g, i) => {
      const end = i + 1 < group.length ? (group[i + 1] as { line: number }).line - 1 : bodyEnd;
      out.push({ line: g.line, endLine: lastContentLine(lines, g.line, end), rawId: g.rawId, title: cap(g.title), sectionTitle: info?.title ?? null, source: 'paragraph' });
    });
  }
  return out;
}

/** Adds the paragraph steps; the list steps inside one (its details: "- hits are free") go. */
function addParagraphSteps(candidates: Candidate[], paragraphs: readonly Candidate[]): void {
  if (paragraphs.length === 0) return;
  const inside = (line: number): boolean => paragraphs.some((p) => line > p.line && line <= p.endLine);
  for (let i = candidates.length - 1; i >= 0; i--) if (inside((candidates[i] as Candidate).line)) candidates.splice(i, 1);
  candidates.push(...paragraphs);
}

/** The sections whose body may hold paragraph steps: a steps section, or one the parser cannot name (not goal, risks, testing…). */
const STEP_SECTION_KINDS: ReadonlySet<string> = new Set(['steps', 'other']);

function fallbackSteps(outline: Outline, infos: readonly HeadingInfo[], make: (item: OutlineListItem, section: HeadingInfo | null) => Candidate): Candidate[] {
  const items = outline.topItems;
  for (let i = 0; i < items.length; i++) {
    const first = items[i] as OutlineListItem;
    if (!first.ordered) continue;
    const run = [first];
    for (let j = i + 1; j < items.length; j++) {
      const next = items[j] as OutlineListItem;
      if (!next.ordered || next.startLine !== (run[run.length - 1] as OutlineListItem).endLine) break;
      run.push(next);
    }
    const owner = ownerHeading(infos, first.startLine);
    const info = owner === null ? null : (infos[owner] as HeadingInfo);
    const kind = info ? sectionKind(info.title) : 'other';
    if (run.length >= 2 && (kind === 'steps' || info === null || info.heading.level === 1) && !(info && neverHoldsSteps(info.title))) return run.map((it) => make(it, info));
    i += run.length - 1;
  }
  return [];
}

function finish(candidates: readonly Candidate[], lines: readonly string[], codeMask: Uint8Array, lineWords: Int32Array): PlanStep[] {
  const skip = (line: number): boolean => codeMask[line] === 1;
  const ownEnds = candidates.map((c, i) => {
    const next = candidates[i + 1];
    return next !== undefined && next.line <= c.endLine ? Math.max(c.line, next.line - 1) : c.endLine;
  });
  // The id the author wrote: an explicit "id:" marker, else the heading's or item's own number or keyword id.
  const authored = candidates.map((c, i) => explicitId(lines, c.line, ownEnds[i] as number, skip) ?? (c.rawId !== '' ? c.rawId : null));
  const rawIds = authored.map((raw, i) => raw ?? String(i + 1));
  const written = authored.map((raw) => raw !== null && normalizeStepId(raw) !== '');
  const ids = assignStepIds(written.map((w, i) => (w ? normalizeStepId(rawIds[i] as string) : null)));
  const steps: PlanStep[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i] as Candidate;
    const ownEnd = ownEnds[i] as number;
    const rawId = rawIds[i] as string;
    const id = ids[i] as string;
    let words = 0;
    for (let l = c.line; l <= ownEnd; l++) words += lineWords[l] ?? 0;
    // A phase's criterion often follows its tasks ("**Independent Test**:" or "Checkpoint:" after the list): any line
    // of its range that no nested step holds is the phase's own, whatever follows (so a later nested step, like the
    // incremental parser's chunk sentinel, never hides it).
    let criterion = findSuccessCriterion(lines, c.line, ownEnd, skip);
    let cursor = ownEnd + 1;
    for (let j = i + 1; criterion === null && j <= candidates.length; j++) {
      const nested = j < candidates.length && (candidates[j] as Candidate).line <= c.endLine ? (candidates[j] as Candidate) : null;
      const gapEnd = nested === null ? c.endLine : nested.line - 1;
      if (gapEnd >= cursor) criterion = findSuccessCriterion(lines, cursor, gapEnd, skip);
      if (nested === null) break;
      cursor = Math.max(cursor, nested.endLine + 1);
    }
    steps.push({
      id,
      rawId,
      title: c.title,
      line: c.line,
      range: lineSpan(lines, c.line, c.endLine),
      dependsOn: findDependencies(lines, c.line, ownEnd, skip),
      successCriteria: criterion,
      sectionTitle: c.sectionTitle,
      source: c.source,
      wordCount: words,
      ...(written[i] ? {} : { implicitId: true as const }),
    });
  }
  return steps;
}

/**
 * Step ids from the ids the author wrote (`null` where none was written, or
 * none that normalizes). Written ids are placed first, in document order,
 * and a repeat gets "#2", "#3"; a step without one takes its position
 * ("4"), suffixed the same way if a written id already holds it. So "Phase 2"
 * is step 2 even when an unnumbered task before it is the second step, and
 * only ids the author wrote can be duplicates.
 */
export function assignStepIds(writtenIds: readonly (string | null)[]): string[] {
  const used = new Map<string, number>();
  const take = (id: string): string => {
    const seen = used.get(id) ?? 0;
    used.set(id, seen + 1);
    return seen > 0 ? `${id}#${seen + 1}` : id;
  };
  const out: string[] = writtenIds.map((id) => (id === null ? '' : take(id)));
  writtenIds.forEach((id, i) => {
    if (id === null) out[i] = take(String(i + 1));
  });
  return out;
}

const GSD_TASK_OPEN = /^\s*<task\b[^>]*>\s*$/;
const GSD_TASK_CLOSE = /^\s*<\/task>\s*$/;
const GSD_NAME = /<name>([^<]{0,300})<\/name>/;

/** GSD PLAN.md: each `<task …>` … `</task>` block is a step, titled by its `<name>`; its `<verify>`/`<done>` is the criterion. */
function gsdTasks(lines: readonly string[], codeMask: Uint8Array): Candidate[] {
  const out: Candidate[] = [];
  let open = -1;
  let name = '';
  for (let i = 0; i < lines.length; i++) {
    if (codeMask[i] === 1) continue;
    const l = lines[i] ?? '';
    if (l.length > 2000) continue;
    if (GSD_TASK_OPEN.test(l)) {
      open = i;
      name = '';
      continue;
    }
    if (open < 0) continue;
    const n = GSD_NAME.exec(l);
    if (n && name === '') name = plainText(n[1] ?? '');
    if (GSD_TASK_CLOSE.test(l)) {
      const p = stepPrefix(name);
      out.push({
        line: open,
        endLine: i,
        rawId: p.kind === 'keyword' ? p.rawId : '',
        title: cap(p.kind === 'keyword' && p.rest !== '' ? p.rest : name || 'task'),
        sectionTitle: null,
        source: 'heading',
      });
      open = -1;
    }
  }
  return out;
}
