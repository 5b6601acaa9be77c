/**
 * The eval corpus: one folder per plan, each holding `truth.json` (the
 * ground truth, validated here) and `workspace/` (a small fixture repository
 * the plan refers to; the plan itself lives inside it at `plan`).
 *
 * Contract: the corpus is untrusted input like any plan. A folder whose
 * truth file is missing or invalid, whose plan path leaves its workspace, or
 * whose plan cannot be read makes `loadCorpus` throw an `EvalInputError`
 * naming the folder and the problem; nothing is half-loaded.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { Severity, Verdict } from '../protocol';

/** The flaw categories of the eval corpus (eval/README.md), one id each. */
export const FlawCategory = z.enum([
  'missing-file-or-symbol',
  'wrong-api-or-version',
  'step-order',
  'migration-safety',
  'security',
  'concurrency',
  'unmeasurable-success',
  'contradiction',
  'scaling',
  'integration-failure',
]);
export type FlawCategory = z.infer<typeof FlawCategory>;

export const CATEGORY_LABELS: Record<FlawCategory, string> = {
  'missing-file-or-symbol': 'Missing or wrong file/symbol',
  'wrong-api-or-version': 'Wrong API or version assumption',
  'step-order': 'Wrong step order or dependency',
  'migration-safety': 'Missing rollback or migration safety',
  security: 'Security gap',
  concurrency: 'Concurrency or race',
  'unmeasurable-success': 'Unmeasurable success criterion',
  contradiction: 'Contradiction between sections',
  scaling: 'Scaling limit',
  'integration-failure': 'External-integration failure mode',
};

/** 1-based, inclusive plan lines. */
export const LineRange = z.tuple([z.number().int().min(1), z.number().int().min(1)]).refine(([start, end]) => end >= start, 'a line range ends at or after its start');
export type LineRange = z.infer<typeof LineRange>;

export const Flaw = z.object({
  id: z.string().regex(/^F\d+$/, 'flaw ids look like F1'),
  category: FlawCategory,
  /** Where the flaw is written; `quote` lies inside these lines. */
  lines: LineRange,
  /** Other places that are part of the same flaw (the other side of a contradiction, the later step of an order problem). */
  also: z.array(LineRange).max(4).default([]),
  severity: Severity,
  /** Verbatim plan text inside `lines` (whitespace may differ), so a moved line is caught by the corpus test. */
  quote: z.string().min(3).max(400),
  description: z.string().min(10).max(1000),
});
export type Flaw = z.infer<typeof Flaw>;

export const PlanFormat = z.enum(['claude-code', 'spec-kit', 'kiro']);
export type PlanFormat = z.infer<typeof PlanFormat>;

export const GroundTruth = z
  .object({
    version: z.literal(1),
    /** Workspace-relative path of the plan file. */
    plan: z.string().min(1),
    format: PlanFormat,
    expected_verdict: Verdict,
    flaws: z.array(Flaw),
  })
  .refine((t) => new Set(t.flaws.map((f) => f.id)).size === t.flaws.length, 'flaw ids must be unique within a plan');
export type GroundTruth = z.infer<typeof GroundTruth>;

export interface CorpusCase {
  /** The folder name, e.g. "cc-orders-csv-export". */
  id: string;
  truth: GroundTruth;
  workspaceRoot: string;
  planPath: string;
  planText: string;
}

export class EvalInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvalInputError';
  }
}

const MAX_PLAN_BYTES = 1024 * 1024;

/** Every case folder under `dir` (folders with a truth.json), sorted by name. */
export async function loadCorpus(dir: string): Promise<CorpusCase[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new EvalInputError(`cannot read the corpus folder ${dir} (${error.code ?? error.message})`);
  });
  const cases: CorpusCase[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const folder = path.join(dir, entry.name);
    const truthFile = path.join(folder, 'truth.json');
    if (!(await stat(truthFile).catch(() => null))?.isFile()) continue;
    cases.push(await loadCase(entry.name, folder, truthFile));
  }
  if (cases.length === 0) throw new EvalInputError(`no case folders (with a truth.json) in ${dir}`);
  return cases;
}

async function loadCase(id: string, folder: string, truthFile: string): Promise<CorpusCase> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(truthFile, 'utf8'));
  } catch (error) {
    throw new EvalInputError(`${id}/truth.json is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = GroundTruth.safeParse(raw);
  if (!parsed.success) throw new EvalInputError(`${id}/truth.json: ${z.prettifyError(parsed.error)}`);
  const workspaceRoot = path.join(folder, 'workspace');
  const planPath = path.resolve(workspaceRoot, parsed.data.plan);
  const inside = path.relative(workspaceRoot, planPath);
  if (inside.startsWith('..') || path.isAbsolute(inside)) throw new EvalInputError(`${id}/truth.json: plan "${parsed.data.plan}" leaves the workspace folder`);
  const info = await stat(planPath).catch(() => null);
  if (!info?.isFile()) throw new EvalInputError(`${id}: the plan ${parsed.data.plan} does not exist in workspace/`);
  if (info.size > MAX_PLAN_BYTES) throw new EvalInputError(`${id}: the plan is larger than 1 MB`);
  const planText = await readFile(planPath, 'utf8');
  const lines = planText.split(/\r?\n/);
  const lineCount = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  for (const flaw of parsed.data.flaws) {
    for (const [, end] of [flaw.lines, ...flaw.also]) {
      if (end > lineCount) throw new EvalInputError(`${id}/truth.json: ${flaw.id} points at line ${end}, but the plan has ${lineCount} lines`);
    }
  }
  return { id, truth: parsed.data, workspaceRoot, planPath, planText };
}

/** Lines `range` of `text` (1-based, inclusive). */
export function linesOf(text: string, [start, end]: LineRange): string {
  return text
    .split(/\r?\n/)
    .slice(start - 1, end)
    .join('\n');
}

/** Whitespace-insensitive "does `quote` occur in these lines". */
export function quoteLiesIn(text: string, range: LineRange, quote: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  return squash(linesOf(text, range)).includes(squash(quote));
}
