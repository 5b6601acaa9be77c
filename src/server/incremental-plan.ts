/**
 * Incremental parsing for large plans: the text is cut into chunks at ATX
 * `#`/`##` headings (outside fenced code), each chunk is parsed on its own
 * with the core parser and cached by its text, and the chunk plans are merged
 * into one Plan. An edit re-parses only the chunk it touches, so the cost per
 * keystroke follows the chunk, not the document.
 *
 * The merge restores what a whole-document parse computes across chunks:
 *   - each chunk after the first is parsed behind a prefix: the plan's title
 *     H1 (so the chunk's own headings are never taken for the title, and
 *     top-level headings keep their parent) and, when the chunk sits under a
 *     later H1, a copy of that H1 (so "steps-like parent" decisions see the
 *     same ancestor);
 *   - each chunk ends with a sentinel step heading, so the core's fallbacks
 *     (steps from the first ordered list, used only when a plan has no other
 *     steps; paragraphs that open with a bold "Step N", only when it has no
 *     heading step) never fire per chunk; a plan whose merged steps are empty,
 *     or hold no heading step while a line opens with a bold "Step N", is
 *     parsed whole instead, where those fallbacks belong;
 *   - implicit step ids (the step's position, for steps that name no id) are
 *     renumbered by global position, and duplicate ids get their `#2`, `#3`
 *     suffixes in global order;
 *   - level-1 sections get their range and emptiness over the whole document;
 *   - referenced paths are de-duplicated across chunks; title and goal follow
 *     the core's rules (first H1; first non-empty goal section, else the first
 *     paragraph).
 * Documents below `minLines`, task-list formats, documents with a numbered
 * "#"/"##" heading that names a section (outline numbering spans chunks),
 * documents with a "#"/"##" keyword step beside a "#"/"##" heading whose
 * steps depend on it ("## Implementation order" beside "## Phase 1"),
 * documents with a "```markdown" block (its nested fences balance over the whole block),
 * documents whose first chunk holds no H1 while
 * a later one does, and documents with setext H1 headings are parsed whole. test/unit/server-incremental
 * checks that both paths give the same Plan.
 */
import { parsePlan, sectionKind, type Plan, type PlanSection, type PlanStep, type Range, type ReferencedPath } from '../core/plan';
import { detectFormatOfText } from '../core/plan/format';
import { mayHaveKeywordSiblings, mayNumberSections } from '../core/plan/step-headings';
import { assignStepIds, mayHaveParagraphSteps } from '../core/plan/steps';
import { countWords, frontMatterEnd, lastContentLine, normalizeText } from '../core/plan/text';

export interface IncrementalOptions {
  /** Documents with fewer lines are parsed whole (exact and fast enough). */
  minLines?: number;
  /** A chunk is closed at the first H1/H2 after this many lines. */
  chunkLines?: number;
}

const DEFAULT_MIN_LINES = 400;
const DEFAULT_CHUNK_LINES = 60;
const SENTINEL = ['', '## Step 0: ~'];
const SENTINEL_WORDS = countWords(SENTINEL.join('\n'));

interface Chunk {
  /** First document line of the chunk. */
  start: number;
  /** Lines of the chunk (exclusive end). */
  end: number;
  /** Lines before the chunk's own text in the parsed source. */
  prefixLines: number;
  prefix: string;
  /** The chunk's own lines, joined: the cache key. */
  own: string;
  /** What the core parses: prefix, own lines, fence closer, sentinel. Built only on a cache miss. */
  source(): string;
}

interface CacheEntry {
  prefix: string;
  plan: Plan;
  /** The chunk's plan placed in document coordinates, for the start line it was last placed at. */
  placed?: PlacedChunk;
  placedAt?: number;
}

export class IncrementalPlanParser {
  /** Keyed by the chunk's own text; the prefix is checked on a hit. Holds only the last version's chunks. */
  private cache = new Map<string, CacheEntry>();
  private readonly minLines: number;
  private readonly chunkLines: number;

  constructor(options: IncrementalOptions = {}) {
    this.minLines = options.minLines ?? DEFAULT_MIN_LINES;
    this.chunkLines = options.chunkLines ?? DEFAULT_CHUNK_LINES;
  }

  parse(input: string): Plan {
    const text = normalizeText(input);
    const lines = text.split('\n');
    if (lines.length < this.minLines) {
      this.cache.clear();
      return parsePlan(text);
    }
    // Task-list and GSD formats, and numbered section outlines, decide steps from the whole document: parse them whole.
    // So do plans that write Markdown out in a "```markdown" block: its nested fences balance over the whole block (core/plan/outline.ts), which chunk cuts would not see.
    if (detectFormatOfText(text) !== 'markdown' || mayNumberSections(text) || mayHaveKeywordSiblings(text) || MARKDOWN_FENCE.test(text)) return this.whole(text);
    try {
      return this.parseChunked(text, lines) ?? this.whole(text);
    } catch {
      return this.whole(text);
    }
  }

  private whole(text: string): Plan {
    this.cache.clear();
    return parsePlan(text);
  }

  private parseChunked(text: string, lines: string[]): Plan | null {
    const chunks = cutChunks(text, lines, this.chunkLines);
    if (chunks === null || chunks.length < 2) return null;
    const next = new Map<string, CacheEntry>();
    const placed = chunks.map((chunk, k) => {
      let entry = next.get(chunk.own) ?? this.cache.get(chunk.own);
      if (!entry || entry.prefix !== chunk.prefix) entry = { prefix: chunk.prefix, plan: parsePlan(chunk.source()) };
      next.set(chunk.own, entry);
      if (!entry.placed || entry.placedAt !== chunk.start || (k === 0) !== (entry.placed.index === 0)) {
        entry.placed = placeChunk(chunk, k, entry.plan);
        entry.placedAt = chunk.start;
      }
      return entry.placed;
    });
    this.cache = next;
    return merge(text, lines, chunks, placed);
  }
}

const HEADING = /^ {0,3}(#{1,2})(?:[ \t]|$)/;
const MARKDOWN_FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*(?:markdown|md|mdx)[ \t]*$/im;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT_H1 = /^ {0,3}=+[ \t]*$/;
/** HTML blocks that may span blank lines (CommonMark types 1–5): plans with them are parsed whole. */
const HTML_SPANNING = /^ {0,3}<(script|pre|style|textarea|!--|\?|![A-Za-z]|!\[CDATA\[)/i;

/** Char code of the first non-space among the first four characters (-1 when there is none). */
function leadChar(line: string): number {
  for (let i = 0; i < 4 && i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32) return c;
  }
  return -1;
}

/**
 * Chunk boundaries: H1/H2 lines outside fences, each chunk at least
 * `chunkLines` long (the last may be shorter). A later chunk's prefix is the
 * plan's title H1 (when the first chunk has one) and the H1 it sits under
 * (when that is not the title).
 */
function cutChunks(text: string, lines: readonly string[], chunkLines: number): Chunk[] | null {
  const chunks: Chunk[] = [];
  // Offsets of line starts, so a chunk's text is a slice of the document (no copy) rather than a join.
  const starts = new Int32Array(lines.length + 1);
  for (let i = 0, at = 0; i < lines.length; i++) {
    starts[i] = at;
    at += (lines[i] as string).length + 1;
  }
  starts[lines.length] = text.length + 1;
  let fence: string | null = null;
  let start = 0;
  let titleLine: string | null = null;
  let enclosingH1: string | null = null;
  let prefix: string[] = [];
  let inHtml = false;
  const close = (end: number) => {
    // Only the last chunk can end inside a fence (an unclosed one runs to the end of the plan); close it so the sentinel stays a heading.
    const tail = [...(fence !== null ? [fence] : []), ...SENTINEL].join('\n');
    const own = text.slice(starts[start], (starts[end] as number) - 1);
    const head = prefix.join('\n');
    chunks.push({ start, end, prefixLines: prefix.length, prefix: `${head}\u0000${tail}`, own, source: () => (head === '' ? `${own}\n${tail}` : `${head}\n${own}\n${tail}`) });
    start = end;
  };
  // YAML front matter (blanked by the core) holds no headings.
  for (let i = frontMatterEnd(lines) + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const c = leadChar(line);
    if (fence === null) {
      if (c === -1 && line.trim() === '') {
        inHtml = false;
        continue;
      }
      // A setext H1 ("Title" over "===") could be the title or a parent the prefixes cannot copy: parse such plans whole.
      if (c === 61 && SETEXT_H1.test(line)) return null;
      if (c === 60) {
        if (HTML_SPANNING.test(line)) return null;
        // An HTML block runs to the next blank line and swallows headings: never cut inside one.
        inHtml = true;
        continue;
      }
      if (inHtml) continue;
    }
    if (c !== 35 && c !== 96 && c !== 126) continue; // '#', '`', '~'
    const f = FENCE.exec(line);
    if (f) {
      const marker = f[1] as string;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = HEADING.exec(line);
    if (!h) continue;
    if (i - start >= chunkLines) {
      close(i);
      prefix = [...(titleLine !== null ? [titleLine] : []), ...(enclosingH1 !== null ? [enclosingH1] : [])];
    }
    if ((h[1] as string).length === 1) {
      if (titleLine === null && chunks.length === 0) titleLine = line;
      else enclosingH1 = line;
    }
  }
  close(lines.length);
  return chunks;
}

function shift(range: Range, by: number): Range {
  return { startLine: range.startLine + by, startChar: range.startChar, endLine: range.endLine + by, endChar: range.endChar };
}

type Goal = { goal: string; goalLine: number | null };
type Implicit = 'position' | 'unnormalizable' | false;

/** One chunk's plan in document coordinates. Cached with the chunk while its start line stays put. */
interface PlacedChunk {
  index: number;
  end: number;
  sections: PlanSection[];
  /** Kind of the first section if it is not the plan's first heading (it was parsed as a title). */
  firstSectionKindIfNotTitle: PlanSection['kind'] | null;
  steps: PlanStep[];
  implicit: Implicit[];
  paths: { path: string; ranges: Range[] }[];
  signals: Plan['unknownSignals'];
  words: number;
  /** From the chunk's first non-empty goal section: its paragraph, or 'undecidable' when it has none. */
  sectionGoal: Goal | 'undecidable' | null;
  firstGoal: Goal | null;
}

function placeChunk(chunk: Chunk, index: number, plan: Plan): PlacedChunk {
  const ownFrom = chunk.prefixLines;
  const ownTo = chunk.prefixLines + (chunk.end - chunk.start);
  const by = chunk.start - chunk.prefixLines;
  const own = (line: number) => line >= ownFrom && line < ownTo;
  // A range that ran into the lines added after the chunk (fence closer) ends at the chunk's last content line instead.
  const place = (r: Range): Range => {
    if (r.endLine < ownTo) return shift(r, by);
    const last = lastContentLine(plan.lines, r.startLine, ownTo - 1);
    return { startLine: r.startLine + by, startChar: r.startChar, endLine: last + by, endChar: (plan.lines[last] ?? '').length };
  };
  let words = plan.wordCount - SENTINEL_WORDS;
  for (let l = 0; l < chunk.prefixLines; l++) words -= countWords(plan.lines[l] ?? '');
  const placed: PlacedChunk = {
    index,
    end: chunk.end,
    sections: [],
    firstSectionKindIfNotTitle: null,
    steps: [],
    implicit: [],
    paths: [],
    signals: [],
    words,
    sectionGoal: null,
    firstGoal: null,
  };
  for (const s of plan.sections) {
    if (!own(s.headingLine)) continue;
    if (placed.sections.length === 0 && index > 0 && chunk.prefixLines === 0) {
      placed.firstSectionKindIfNotTitle = plan.steps.some((st) => st.line === s.headingLine && st.source === 'heading') ? 'steps' : sectionKind(s.title);
    }
    placed.sections.push({ ...s, headingLine: s.headingLine + by, range: place(s.range) });
    if (placed.sectionGoal === null && s.kind === 'goal' && !s.isEmpty) {
      // The core takes the goal section's first paragraph; when it has none, the plan's first paragraph, which this chunk cannot know.
      const inside = plan.goal !== null && plan.goalLine !== null && plan.goalLine > s.headingLine && plan.goalLine <= s.range.endLine;
      placed.sectionGoal = inside ? { goal: plan.goal as string, goalLine: (plan.goalLine as number) + by } : 'undecidable';
    }
  }
  if (plan.goal !== null) placed.firstGoal = { goal: plan.goal, goalLine: plan.goalLine === null ? null : plan.goalLine + by };
  plan.steps.forEach((step) => {
    if (!own(step.line)) return;
    const base = step.id.replace(/#\d+$/, '');
    placed.implicit.push(step.implicitId ? (step.rawId === base ? 'position' : 'unnormalizable') : false);
    placed.steps.push({
      ...step,
      id: base,
      line: step.line + by,
      range: place(step.range),
      dependsOn: step.dependsOn.map((d) => ({ ...d, range: shift(d.range, by) })),
      successCriteria: step.successCriteria ? { ...step.successCriteria, line: step.successCriteria.line + by } : null,
    });
  });
  for (const p of plan.referencedPaths) {
    const ranges = (p.ranges ?? [p.range]).filter((r) => own(r.startLine)).map((r) => shift(r, by));
    if (ranges.length > 0) placed.paths.push({ path: p.path, ranges });
  }
  for (const u of plan.unknownSignals) if (own(u.range.startLine)) placed.signals.push({ ...u, range: shift(u.range, by) });
  return placed;
}

function merge(text: string, lines: string[], chunks: readonly Chunk[], placed: readonly PlacedChunk[]): Plan | null {
  const sections: PlanSection[] = [];
  const sectionChunk: number[] = [];
  const steps: PlanStep[] = [];
  const implicit: Implicit[] = [];
  const paths = new Map<string, ReferencedPath>();
  const unknownSignals: Plan['unknownSignals'] = [];
  let wordCount = 0;
  const goals: { section: Goal | 'undecidable' | null; first: Goal | null } = { section: null, first: null };
  let chunkHasH1Later = false;
  placed.forEach((p, k) => {
    wordCount += p.words;
    p.sections.forEach((s, i) => {
      if (k > 0 && s.level === 1) chunkHasH1Later = true;
      // Without a title prefix the chunk's first heading was parsed as the plan's title; only the plan's first heading is one.
      sections.push(i === 0 && p.firstSectionKindIfNotTitle !== null && sections.length > 0 ? { ...s, kind: p.firstSectionKindIfNotTitle } : s);
      sectionChunk.push(k);
    });
    goals.section ??= p.sectionGoal;
    goals.first ??= p.firstGoal;
    for (const step of p.steps) steps.push(step);
    for (const flag of p.implicit) implicit.push(flag);
    for (const path of p.paths) {
      const existing = paths.get(path.path);
      if (existing) existing.ranges.push(...path.ranges);
      else paths.set(path.path, { path: path.path, range: path.ranges[0] as Range, ranges: [...path.ranges] });
    }
    for (const u of p.signals) unknownSignals.push(u);
  });
  if (goals.section === 'undecidable') return null;
  const goal = goals.section ?? goals.first;
  const titleSection = sections.find((s) => s.level === 1) ?? sections[0];
  if (steps.length === 0 || (chunkHasH1Later && !(placed[0] as PlacedChunk).sections.some((s) => s.level === 1))) return null;
  // Paragraph steps ("**Step 1 — …** …") are the steps of a plan with no heading step: only a whole parse can tell.
  if (!steps.some((st) => st.source === 'heading') && mayHaveParagraphSteps(text)) return null;
  fixLevelOneSections(sections, sectionChunk, lines);
  // An H1 that is itself a step and runs into the next chunk would need its body from there: parse whole.
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i] as PlanSection;
    const chunk = chunks[sectionChunk[i] as number] as Chunk;
    if (s.level === 1 && s.range.endLine >= chunk.end && steps.some((st) => st.line === s.headingLine)) return null;
  }
  renumber(steps, implicit);
  return {
    text,
    lines,
    lineCount: lines.length,
    wordCount,
    format: 'markdown',
    title: titleSection ? titleSection.title : null,
    goal: goal?.goal ?? null,
    goalLine: goal?.goalLine ?? null,
    sections,
    steps,
    referencedPaths: [...paths.values()],
    unknownSignals,
  };
}

/** H1 sections may run past their chunk: range to the next H1, empty only if every section inside is empty too. */
function fixLevelOneSections(sections: PlanSection[], sectionChunk: readonly number[], lines: readonly string[]): void {
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i] as PlanSection;
    if (s.level !== 1) continue;
    let j = i + 1;
    while (j < sections.length && (sections[j] as PlanSection).level > 1) j++;
    const nextStart = j < sections.length ? (sections[j] as PlanSection).headingLine : lines.length;
    const last = lastContentLine(lines, s.headingLine, Math.max(s.headingLine, nextStart - 1));
    // Sections of the same chunk were already seen by the chunk's own emptiness check.
    let isEmpty = s.isEmpty;
    for (let x = i + 1; x < j && isEmpty; x++) if (sectionChunk[x] !== sectionChunk[i] && !(sections[x] as PlanSection).isEmpty) isEmpty = false;
    sections[i] = { ...s, range: { startLine: s.headingLine, startChar: 0, endLine: last, endChar: (lines[last] ?? '').length }, isEmpty };
  }
}

/** Implicit ids become global positions, and ids are assigned over the whole plan as the core does (assignStepIds). */
function renumber(steps: PlanStep[], implicit: readonly Implicit[]): void {
  const ids = assignStepIds(steps.map((step, i) => (implicit[i] ? null : step.id)));
  steps.forEach((step, i) => {
    const finalId = ids[i] as string;
    if (finalId !== step.id || implicit[i]) steps[i] = { ...step, id: finalId, ...(implicit[i] === 'position' ? { rawId: String(i + 1) } : {}) };
  });
}
