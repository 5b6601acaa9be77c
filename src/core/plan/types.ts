/**
 * Shapes of the plan model. Positions are 0-based and LSP-style: `startChar`
 * and `endChar` count UTF-16 code units, `endChar` is exclusive. Every range
 * the parser produces lies inside `Plan.lines`.
 */

export interface Range {
  startLine: number;
  startChar: number;
  endLine: number;
  endChar: number;
}

export type SectionKind = 'goal' | 'context' | 'steps' | 'risks' | 'rollback' | 'testing' | 'success' | 'other';

export interface PlanSection {
  title: string;
  level: number;
  headingLine: number;
  /** Heading line through the last non-blank line before the next heading of the same or a higher level. */
  range: Range;
  kind: SectionKind;
  /** No content besides headings and placeholders (TBD, N/A, none, -) in the whole range. */
  isEmpty: boolean;
}

/** A dependency mention inside a step; `id` is normalized (see normalizeStepId). */
export interface StepRef {
  id: string;
  raw: string;
  range: Range;
}

export interface PlanStep {
  /** Normalized, unique within the plan; a later duplicate gets a `#2`, `#3` suffix. */
  id: string;
  rawId: string;
  title: string;
  line: number;
  /** The whole step: heading or list item through its body. */
  range: Range;
  dependsOn: StepRef[];
  successCriteria: { text: string; line: number } | null;
  sectionTitle: string | null;
  /** How the step was recognised: a heading, a list item, or a paragraph that opens with a bold "Step N". */
  source: 'heading' | 'list' | 'paragraph';
  /** Words on the step's own lines (title included, nested steps excluded). */
  wordCount: number;
  /** Set when the author wrote no id: `id` is the step's position, and it can never be a duplicate. */
  implicitId?: true;
}

/** A file path the plan names; one entry per distinct path, `range` is its first mention. */
export interface ReferencedPath {
  path: string;
  range: Range;
  /** Every mention, in document order (the first is `range`). */
  ranges: Range[];
}

export interface UnknownSignal {
  signal: string;
  range: Range;
}

/**
 * The plan's format, read from its shape (see plan/format.ts): GSD PLAN.md with
 * `<task>` blocks, a Kiro or spec-kit task list, a spec-kit plan.md, a descriptive document (Kiro
 * design/requirements, spec-kit spec) or free-form Markdown.
 */
export type PlanFormat = 'gsd' | 'kiro-tasks' | 'spec-kit-tasks' | 'spec-kit-plan' | 'descriptive' | 'markdown';

export interface Plan {
  /** Normalized: BOM stripped, CRLF/CR -> LF, so line numbers match the editor's. */
  text: string;
  lines: string[];
  lineCount: number;
  wordCount: number;
  title: string | null;
  goal: string | null;
  /** Line of the paragraph `goal` came from, or null. */
  goalLine: number | null;
  sections: PlanSection[];
  steps: PlanStep[];
  referencedPaths: ReferencedPath[];
  unknownSignals: UnknownSignal[];
  /** Absent on plans built by hand (tests); parsePlan always sets it. */
  format?: PlanFormat;
}
