/**
 * The figures a change to the engine is compared with: one measured run per
 * scenario (the bench's parallel orchestration, same scripted replies) on the
 * engine before the change, kept in bench/baseline.json so that one bench run
 * prints before and after side by side. Record it again only on purpose:
 *
 *   npx tsx bench/baseline.ts --record --commit <the engine's commit>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { cacheFigures, measureRun, type RunMeasurement } from './measure-run';
import { SCENARIOS } from './scenarios';

const FILE = path.join(__dirname, 'baseline.json');

const ScenarioBaseline = z.object({
  verdict: z.string(),
  iterations: z.number(),
  calls: z.number(),
  callsByRole: z.record(z.string(), z.number()),
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
  costUsd: z.number(),
  /** Cache reads / prompt tokens over the calls after each model's first. */
  cacheShareAfterFirstOfModel: z.number(),
  callsAtCacheTarget: z.string(),
});
export type ScenarioBaseline = z.infer<typeof ScenarioBaseline>;

const Baseline = z.object({ commit: z.string(), recordedAt: z.string(), latencyMs: z.number(), scenarios: z.record(z.string(), ScenarioBaseline) });
export type Baseline = z.infer<typeof Baseline>;

export function callsByRole(m: RunMeasurement): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of m.calls) out[c.role ?? 'unknown'] = (out[c.role ?? 'unknown'] ?? 0) + 1;
  return out;
}

export function baselineOf(m: RunMeasurement, cacheTarget: number): ScenarioBaseline {
  const c = cacheFigures(m.calls, cacheTarget).afterFirstOfModel;
  return {
    verdict: m.result.verdict,
    iterations: m.result.iterations.length,
    calls: m.calls.length,
    callsByRole: callsByRole(m),
    input: m.totals.input_tokens,
    output: m.totals.output_tokens,
    cacheRead: m.totals.cache_read_input_tokens,
    cacheWrite: m.totals.cache_creation_input_tokens,
    costUsd: m.result.costUsd,
    cacheShareAfterFirstOfModel: c.aggregate,
    callsAtCacheTarget: `${c.atTarget} / ${c.calls}`,
  };
}

export function readBaseline(): Baseline | null {
  try {
    const parsed = Baseline.safeParse(JSON.parse(readFileSync(FILE, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "12 → 9 (−3: domain-expert 2, devils-advocate 1)": the calls a change removed, by role. */
export function callsRemoved(before: Record<string, number>, after: Record<string, number>): string {
  const parts: string[] = [];
  for (const role of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (before[role] ?? 0) - (after[role] ?? 0);
    if (d !== 0) parts.push(`${role} ${d > 0 ? '−' : '+'}${Math.abs(d)}`);
  }
  return parts.length ? parts.join(', ') : 'none';
}

async function record(): Promise<void> {
  const { values } = parseArgs({ options: { record: { type: 'boolean' }, commit: { type: 'string' }, latency: { type: 'string', default: '500' } } });
  if (!values.record || !values.commit) throw new Error('usage: tsx bench/baseline.ts --record --commit <sha> [--latency 500]');
  const latencyMs = Number(values.latency);
  const scenarios: Record<string, ScenarioBaseline> = {};
  for (const s of SCENARIOS) {
    process.stderr.write(`baseline: ${s.id}\n`);
    scenarios[s.id] = baselineOf(await measureRun(s, { latencyMs, orchestration: 'parallel' }), 0.7);
  }
  const baseline: Baseline = { commit: values.commit, recordedAt: new Date().toISOString(), latencyMs, scenarios };
  writeFileSync(FILE, `${JSON.stringify(baseline, null, 2)}\n`);
}

if (require.main === module)
  record().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
