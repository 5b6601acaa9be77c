/**
 * The optional LLM judge (`--judge`): for each distinct unmatched challenge,
 * one model call asks which seeded flaw of that plan, if any, it describes.
 * Its answers are recorded separately (eval.json `judge`, a table of their
 * own) and never change the deterministic figures.
 *
 * Contract: the judge sees the plan's flaw list and one challenge as data;
 * an answer naming an id that is not in the list counts as "no flaw". A
 * failed call is recorded with its error and counts as "no flaw".
 */
import * as z from 'zod';
import { fence } from '../agents/shared';
import type { EngineConfig } from '../config';
import { callAgent } from '../llm/agent-call';
import type { LlmProvider, TextBlock } from '../llm/provider';
import { Usage } from '../protocol';
import { reviewKey, type RunRecord } from './records';
import type { CorpusCase } from './truth';

export const JUDGE_MARKER = '[verify-plan eval judge]';

export const JudgeAnswer = z.object({
  flaw_id: z.string().max(20).nullable().describe('The id of the known flaw this review comment describes, or null'),
  reason: z.string().max(1000).describe('One sentence: why'),
});

export const JudgeRecord = z.object({
  key: z.string(),
  caseId: z.string(),
  flawId: z.string().nullable(),
  reason: z.string(),
  error: z.string().nullable(),
  usage: Usage,
  costUsd: z.number().min(0),
});
export type JudgeRecord = z.infer<typeof JudgeRecord>;

const INSTRUCTIONS: TextBlock = {
  type: 'text',
  text: `${JUDGE_MARKER}
You grade a plan reviewer. You get the list of flaws known to be in a plan and ONE review comment. Decide which known flaw, if any, the comment describes: the same problem, not merely the same area or a related worry. A comment that names a real problem that is not in the list describes no known flaw.
Answer with one JSON object: {"flaw_id": string | null, "reason": string}.`,
};

export async function judgeUnmatched(input: {
  records: readonly RunRecord[];
  cases: readonly CorpusCase[];
  providerFor: (caseId: string) => LlmProvider;
  config: EngineConfig;
  signal?: AbortSignal;
  onProgress?: (line: string) => void;
}): Promise<JudgeRecord[]> {
  const out: JudgeRecord[] = [];
  const seen = new Set<string>();
  for (const r of input.records) {
    const c = input.cases.find((x) => x.id === r.caseId);
    if (!c || c.truth.flaws.length === 0) continue;
    for (const p of r.predictions) {
      if (p.source !== 'challenge' || (r.match.matchedFlaws[p.id] ?? []).length > 0) continue;
      const key = reviewKey(r.caseId, p);
      if (seen.has(key) || input.signal?.aborted) continue;
      seen.add(key);
      input.onProgress?.(`eval: judge — ${c.id}, "${p.claim.slice(0, 60)}"`);
      const flaws = c.truth.flaws.map((f) => ({ id: f.id, category: f.category, lines: f.lines, quote: f.quote, description: f.description }));
      const comment = { lines: p.lines, quote: p.quote, claim: p.claim };
      const result = await callAgent({
        provider: input.providerFor(c.id),
        role: 'auditor',
        model: input.config.models.auditor,
        iteration: 1,
        system: [INSTRUCTIONS],
        userText: `${fence('known_flaws', JSON.stringify(flaws))}\n\n${fence('review_comment', JSON.stringify(comment))}`,
        schema: JudgeAnswer,
        tools: [],
        maxToolTurns: 0,
        // No fixed ceiling: thinking is always on for the default model, so the room comes from the effort level and the model's limits.
        prices: input.config.prices,
        ...(input.signal ? { signal: input.signal } : {}),
      });
      const known = result.ok && result.value.flaw_id !== null && c.truth.flaws.some((f) => f.id === result.value.flaw_id);
      out.push({
        key,
        caseId: c.id,
        flawId: known && result.ok ? result.value.flaw_id : null,
        reason: result.ok ? result.value.reason : '',
        error: result.ok ? null : `${result.failure.kind}: ${result.failure.message}`,
        usage: result.call.usage,
        costUsd: result.call.cost_usd,
      });
    }
  }
  return out;
}

export interface JudgeFigures {
  recall: number | null;
  detections: number;
  precision: number | null;
  judgedTrue: number;
}

/** Recall and precision when the judge's matches are added to the deterministic ones. */
export function judgeFigures(config: RunRecord['config'], records: readonly RunRecord[], cases: readonly CorpusCase[], judge: readonly JudgeRecord[]): JudgeFigures {
  const byKey = new Map(judge.map((j) => [j.key, j.flawId]));
  const mine = records.filter((r) => r.config === config);
  let detections = 0;
  let predictions = 0;
  let hits = 0;
  for (const r of mine) {
    const found = new Set(r.match.found);
    for (const p of r.predictions) {
      predictions++;
      if ((r.match.matchedFlaws[p.id] ?? []).length > 0) {
        hits++;
        continue;
      }
      const flawId = byKey.get(reviewKey(r.caseId, p));
      if (flawId) {
        hits++;
        found.add(flawId);
      }
    }
    detections += found.size;
  }
  const flawRuns = cases.reduce((n, c) => n + c.truth.flaws.length * mine.filter((r) => r.caseId === c.id).length, 0);
  return {
    recall: flawRuns === 0 ? null : detections / flawRuns,
    detections,
    precision: predictions === 0 ? null : hits / predictions,
    judgedTrue: hits - mine.reduce((n, r) => n + r.predictions.filter((p) => (r.match.matchedFlaws[p.id] ?? []).length > 0).length, 0),
  };
}
