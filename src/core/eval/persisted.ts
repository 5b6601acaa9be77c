/**
 * eval.json read back for `--rescore`: the run records are validated like
 * any other untrusted file before figures are recomputed from them.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { Severity, Usage, Verdict } from '../protocol';
import { EvalInputError, FlawCategory } from './truth';
import type { RunRecord } from './records';
import { JudgeRecord } from './judge';

const Lines = z.tuple([z.number().int(), z.number().int()]);

const PredictionSchema = z.object({
  id: z.string(),
  source: z.enum(['challenge', 'static']),
  lines: Lines.nullable(),
  category: FlawCategory.nullable(),
  severity: Severity.nullable(),
  quote: z.string(),
  claim: z.string(),
});

const RunRecordSchema = z.object({
  config: z.enum(['loop', 'single-pass', 'static']),
  caseId: z.string(),
  run: z.number().int().min(1),
  verdict: Verdict.nullable(),
  verdictLabel: z.string().nullable(),
  predictions: z.array(PredictionSchema),
  dismissed: z.array(PredictionSchema),
  match: z.object({
    matchedFlaws: z.record(z.string(), z.array(z.string())),
    lineOnly: z.record(z.string(), z.array(z.string())),
    found: z.array(z.string()),
  }),
  usage: Usage,
  costUsd: z.number().min(0),
  wallMs: z.number().min(0),
  calls: z.number().int().min(0),
  error: z.string().nullable(),
});

const EvalJson = z.object({
  version: z.literal(1),
  meta: z
    .object({ corpus: z.string(), provider: z.string(), runs: z.number().int().min(1), models: z.record(z.string(), z.string()), stoppedEarly: z.string().nullable().optional() })
    .loose(),
  records: z.array(RunRecordSchema),
  judge: z.array(JudgeRecord).nullable().default(null),
});
export type EvalJson = z.infer<typeof EvalJson>;

export async function readEvalJson(file: string): Promise<{ meta: EvalJson['meta']; records: RunRecord[]; judge: JudgeRecord[] | null }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new EvalInputError(`cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = EvalJson.safeParse(raw);
  if (!parsed.success) throw new EvalInputError(`${file}: ${z.prettifyError(parsed.error)}`);
  return { meta: parsed.data.meta, records: parsed.data.records, judge: parsed.data.judge };
}
