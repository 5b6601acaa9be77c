/**
 * Which headings are steps and which hold steps (rules 1–3 of plan/steps.ts): a keyword heading
 * ("## Phase 2: …") anywhere; a numbered heading unless it numbers the document's sections or the
 * parts of a description, or sits outside every step in a plan that names its steps with two or more
 * "Step N" / "Phase N" headings; a heading directly under a steps-like section. A steps-like section whose
 * siblings are keyword step headings ("### Approach" beside "### Step 1") holds none. Also the two
 * questions the incremental parser asks before cutting a document into chunks.
 */
import type { Outline, OutlineHeading } from './outline';
import { mayBeStepTitle, neverHoldsSteps, sectionKind } from './sections';
import { stepPrefix } from './step-details';
import { lastContentLine, plainText } from './text';
import type { PlanFormat } from './types';
import { titleIsStepRange, titleNamesSteps } from '../wording/step-labels';
import { titleNamesStepsSection } from '../wording/section-titles';
/** Per-heading facts the parser and the step finder share. */
export interface HeadingInfo {
  heading: OutlineHeading;
  title: string;
  /** Last line of the section (before the next heading of the same or a higher level). */
  endLine: number;
  parent: number | null;
  isStep: boolean;
  isContainer: boolean;
}

export function classifyHeadings(outline: Outline, lines: readonly string[], format: PlanFormat = 'markdown'): HeadingInfo[] {
  const hs = outline.headings;
  const infos: HeadingInfo[] = [];
  const stack: number[] = [];
  const firstH1 = hs.findIndex((h) => h.level === 1);
  const sectionNumbers = outlineNumbered(hs);
  const keyword = keywordSteps(hs, lines);
  const keywordSiblings = keyword.parents;
  // With two or more "Step N" / "Phase N" headings the author has named the steps; other numbered headings number parts.
  const namedSteps = keyword.count >= 2;
  // Needed only under a container heading; computed once, on first use.
  let outlineSet: Set<number> | null = null;
  const titles = hs.map((h) => plainText(h.source));
  const outlines = { has: (i: number): boolean => (outlineSet ??= outlineParents(hs, titles)).has(i) };
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i] as OutlineHeading;
    while (stack.length > 0 && (hs[stack[stack.length - 1] as number] as OutlineHeading).level >= h.level) stack.pop();
    const parent = stack.length > 0 ? (stack[stack.length - 1] as number) : null;
    stack.push(i);
    const title = titles[i] as string;
    const parentIsContainer = parent !== null && (infos[parent] as HeadingInfo).isContainer;
    const p = stepPrefix(title);
    let isStep = false;
    if (p.kind === 'keyword') isStep = !(format === 'spec-kit-tasks' && PHASE_RANGE.test(p.rawId));
    else if (format === 'spec-kit-tasks') isStep = false;
    else if (p.kind === 'number')
      isStep =
        !sectionNumbers.has(i) &&
        (parentIsContainer ||
          (p.rest !== '' &&
            mayBeStepTitle(p.rest) &&
            sectionKind(p.rest) !== 'testing' &&
            !parentNeverHoldsSteps(parent) &&
            !describesParent(parent) &&
            (!namedSteps || underStep(parent))));
    else if (parentIsContainer) isStep = !outlines.has(parent) && mayBeStepTitle(p.kind === 'label' ? p.rest || title : title);
    // "### Approach" beside "### Step 1: …", "### Step 2: …": the section's steps are those headings, its list is commentary
    // (a heading that names steps or tasks outright, "## Steps", still holds them).
    // Inside a description ("### Evidence of non-implementation" under "## Problem statement") a heading holds no steps either,
    // nor under a section that never does ("### Principle V: Component-driven implementation" under "## Constitution Check").
    const isContainer =
      !isStep &&
      i !== firstH1 &&
      sectionKind(title) === 'steps' &&
      !neverHoldsSteps(title) &&
      !parentNeverHoldsSteps(parent) &&
      !describesParent(parent) &&
      !titleIsStepRange(title) &&
      (!keywordSiblings.has(parent ?? -1) || titleNamesSteps(title)) &&
      // In a section laid out as a document only a heading that names steps ("### Steps", "### Tasks") holds them.
      (parent === null || !outlines.has(parent) || titleNamesSteps(title));
    infos.push({ heading: h, title, endLine: lines.length - 1, parent, isStep, isContainer });
  }
  // "### 1. Extension layer" under "## Architecture" numbers the parts of a description, not steps.
  function describesParent(parent: number | null): boolean {
    if (parent === null || parent === firstH1) return false;
    const info = infos[parent] as HeadingInfo;
    // "## Phase 3 (architecture changes)" is a step: its numbered sub-headings are sub-steps.
    return !info.isStep && DESCRIPTIVE_KINDS.has(sectionKind(info.title));
  }
  function underStep(parent: number | null): boolean {
    for (let at = parent; at !== null; at = (infos[at] as HeadingInfo).parent) if ((infos[at] as HeadingInfo).isStep) return true;
    return false;
  }
  function parentNeverHoldsSteps(parent: number | null): boolean {
    for (let at = parent; at !== null; at = (infos[at] as HeadingInfo).parent) if (neverHoldsSteps((infos[at] as HeadingInfo).title)) return true;
    return false;
  }
  for (let i = 0; i < infos.length; i++) {
    const me = infos[i] as HeadingInfo;
    let end = lines.length - 1;
    for (let j = i + 1; j < infos.length; j++) {
      const next = infos[j] as HeadingInfo;
      if (next.heading.level <= me.heading.level) {
        end = next.heading.line - 1;
        break;
      }
    }
    me.endLine = lastContentLine(lines, me.heading.line, Math.max(me.heading.line, end));
  }
  return infos;
}

/**
 * The keyword step headings ("### Step 1: …") that have something under them, one pass: how many, and their
 * parents (a heading's index, -1 for the top). A bare keyword heading with nothing under it holds no work; the
 * incremental parser's chunk sentinel is one.
 */
function keywordSteps(hs: readonly OutlineHeading[], lines: readonly string[]): { count: number; parents: Set<number> } {
  const parents = new Set<number>();
  const stack: number[] = [];
  let count = 0;
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i] as OutlineHeading;
    while (stack.length > 0 && (hs[stack[stack.length - 1] as number] as OutlineHeading).level >= h.level) stack.pop();
    if (stepPrefix(plainText(h.source)).kind === 'keyword' && hasBody(hs, i, lines)) {
      count++;
      parents.add(stack.length > 0 ? (stack[stack.length - 1] as number) : -1);
    }
    stack.push(i);
  }
  return { count, parents };
}

function hasBody(hs: readonly OutlineHeading[], i: number, lines: readonly string[]): boolean {
  const h = hs[i] as OutlineHeading;
  const next = hs[i + 1];
  if (next !== undefined && next.level > h.level) return true;
  const end = next === undefined ? lines.length : next.line;
  for (let l = h.lastLine + 1; l < end; l++) if ((lines[l] ?? '').trim() !== '') return true;
  return false;
}

const ATX_HEADINGS = /^ {0,3}(#{1,6})[ \t]+([^\n]{0,2000}?)[ \t#]*$/gm;
/** A line of text directly over "===" or "---": a setext heading by CommonMark (a list item or quote line over "---" is not). */
const SETEXT_HEADING = /^ {0,3}[^\s#>*+\-|`~\d][^\n]*\n {0,3}(?:=+|-+)[ \t]*$/m;

/**
 * Could a heading's keyword-step siblings lie in another chunk of the incremental parser (which cuts at
 * "#"/"##" headings)? True when a heading that holds steps only without keyword siblings ("## Implementation
 * order", "### Approach") and a keyword step heading ("## Phase 1: …", "### Step 3") both sit directly under
 * an H1 or the top; when the text has both a keyword heading and a numbered one (whether "### 1. Canvas
 * package" is a step depends on how many "Step N" headings the whole plan has); and when it has a setext
 * heading (not read here). Sub-headings of a "##" or deeper
 * section are all in that section's chunk. Conservative: a heading inside an unclosed block may count.
 */
export function mayHaveKeywordSiblings(text: string): boolean {
  // A setext heading ("Title" over "---"/"===") is not read here: be conservative.
  if (SETEXT_HEADING.test(text)) return true;
  const levels: number[] = [];
  let keyword = false;
  let weak = false;
  let anyKeyword = false;
  let anyNumbered = false;
  // ATX headings only, found by one native scan; a "heading" inside a code block only makes the answer "whole", which is safe.
  for (const h of text.matchAll(ATX_HEADINGS)) {
    const level = (h[1] as string).length;
    while (levels.length > 0 && (levels[levels.length - 1] as number) >= level) levels.pop();
    const parentLevel = levels.length > 0 ? (levels[levels.length - 1] as number) : 0;
    levels.push(level);
    // The title is read only while an answer is still open (plans can have thousands of headings).
    const raw = h[2] ?? '';
    if (/^[*_`\s]*\d/.test(raw)) anyNumbered = true;
    const top = parentLevel <= 1;
    if (anyKeyword && (!top || keyword) && (anyNumbered || !top || weak)) {
      if (anyNumbered) return true;
      continue;
    }
    const title = plainText(raw);
    const isKeyword = stepPrefix(title).kind === 'keyword';
    if (isKeyword) anyKeyword = true;
    if (anyKeyword && anyNumbered) return true;
    if (!top) continue;
    if (isKeyword) keyword = true;
    else if (sectionKind(title) === 'steps' && !titleNamesSteps(title)) weak = true;
    if (keyword && weak) return true;
  }
  return false;
}

/** "Phase 1-2" names a span of phases (an outline line), not one step. */
const PHASE_RANGE = /\d\s*[-–]\s*\d/;
/** Sections that describe (architecture, context, goals, risks, success): numbered sub-headings in them are parts of the description. */
const DESCRIPTIVE_KINDS: ReadonlySet<string> = new Set(['context', 'goal', 'risks', 'rollback', 'success']);

/**
 * "## Plan 1: Sentry setup" over "### Goal", "### Steps", "### Code changes", "### Risk", "### Estimated effort": a
 * section laid out as a document (two or more of its sub-headings are goal, context, risks, rollback, testing or
 * success sections), whose other sub-headings are parts of that document, not steps; its "### Steps" holds the steps.
 * Only "##" and deeper parents: their sub-headings share the incremental parser's chunk.
 */
function outlineParents(hs: readonly OutlineHeading[], titles: readonly string[]): Set<number> {
  const counts = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i] as OutlineHeading;
    while (stack.length > 0 && (hs[stack[stack.length - 1] as number] as OutlineHeading).level >= h.level) stack.pop();
    const parent = stack[stack.length - 1];
    stack.push(i);
    if (parent === undefined || (hs[parent] as OutlineHeading).level < 2) continue;
    const title = titles[i] as string;
    const kind = sectionKind(stepPrefix(title).rest || title);
    if (DESCRIPTIVE_KINDS.has(kind) || kind === 'testing') counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([i]) => i));
}
function isSectionTitle(rest: string): boolean {
  const kind = sectionKind(rest);
  return kind === 'goal' || kind === 'context' || kind === 'risks' || kind === 'rollback' || kind === 'success' || neverHoldsSteps(rest) || titleNamesStepsSection(rest);
}

const NUMBERED_TOP_HEADING = /^ {0,3}#{1,2}[ \t]+\d+(?:\.\d+)*[.):]?[ \t]+(.+?)[ \t#]*$/gm;

/**
 * Does the text have a "#"/"##" numbered heading that names a section (a
 * candidate for outline numbering)? Such groups span the incremental parser's
 * chunks, so it parses those documents whole.
 */
export function mayNumberSections(text: string): boolean {
  for (const m of text.matchAll(NUMBERED_TOP_HEADING)) if (isSectionTitle(plainText(m[1] ?? ''))) return true;
  return false;
}

/**
 * Numbered headings that number the document's sections, not its steps: a
 * run of sibling headings "## 1. …", "## 2. …" (same parent and level) of which
 * one names the steps section itself ("3. Steps") or two are other kinds of
 * section ("1. Scope & non-goals", "8. Exit criteria", "10. Open questions").
 * A lone "1. Overview" before numbered actions is a preamble, not an outline.
 */
function outlineNumbered(hs: readonly OutlineHeading[]): Set<number> {
  const groups = new Map<string, number[]>();
  const parents: number[] = [];
  const stack: number[] = [];
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i] as OutlineHeading;
    while (stack.length > 0 && (hs[stack[stack.length - 1] as number] as OutlineHeading).level >= h.level) stack.pop();
    const parent = stack.length > 0 ? (stack[stack.length - 1] as number) : -1;
    parents.push(parent);
    stack.push(i);
    if (stepPrefix(plainText(h.source)).kind !== 'number') continue;
    const key = `${parent}:${h.level}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  const out = new Set<number>();
  for (const members of groups.values()) {
    const rests = members.map((i) => stepPrefix(plainText((hs[i] as OutlineHeading).source)).rest);
    // One "1. Overview" before numbered actions is a preamble; a "3. Steps" heading, or two other sections, make it an outline.
    const outline = rests.some((r) => titleNamesStepsSection(r)) || rests.filter(isSectionTitle).length >= 2;
    if (outline) for (const i of members) out.add(i);
  }
  // "### 3.1 …" under an outline's "## 3. …" numbers a sub-section of it.
  for (let i = 0; i < hs.length; i++) {
    if (out.has(i) || stepPrefix(plainText((hs[i] as OutlineHeading).source)).kind !== 'number') continue;
    const parent = parents[i] ?? -1;
    if (parent < 0 || !out.has(parent)) continue;
    const own = stepPrefix(plainText((hs[i] as OutlineHeading).source)).rawId;
    const parentNumber = stepPrefix(plainText((hs[parent] as OutlineHeading).source)).rawId;
    if (own.startsWith(`${parentNumber}.`)) out.add(i);
  }
  return out;
}
