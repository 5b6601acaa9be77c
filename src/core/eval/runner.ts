/**
 * Runs an eval: per plan, the static checks once, the loop N times, and
 * (with the baseline) the single pass N times at the loop's median token
 * budget for that plan. Plans run one after another, runs too: the figures
 * include wall time, and a shared machine or API rate limits would distort
 * concurrent runs.
 *
 * Contract: never throws for a failing run; a run that errors is recorded
 * with `error` set (and counts against recall and verdict accuracy).
 */
import type { EngineConfig } from '../config';
import type { LlmProvider } from '../llm/provider';
import { runVerification } from '../loop';
import { parsePlan } from '../plan';
import { ZERO_USAGE } from '../llm/provider';
import { createResearchToolbox } from '../research';
import { challengePrediction, predictionsOfRun, staticPredictions } from './predictions';
import { matchPredictions } from './match';
import { totalTokens, verdictOfLabel, type Configuration, type RunRecord } from './records';
import { runSinglePass } from './single-pass';
import type { CorpusCase } from './truth';
import { formatUsd } from '../money';

export interface EvalRunOptions {
  cases: readonly CorpusCase[];
  runs: number;
  baseline: 'single-pass' | null;
  config: EngineConfig;
  /** A provider for one run of one plan (the fake script needs to know which). */
  providerFor: (caseId: string, run: number, config: Exclude<Configuration, 'static'>) => LlmProvider;
  signal?: AbortSignal;
  /** Stop starting runs once the eval has spent this much in total (USD); 0 or absent = no cap. */
  maxCostUsd?: number;
  onProgress?: (line: string) => void;
}

export interface EvalRunOutcome {
  records: RunRecord[];
  /** Why runs were skipped (cancelled, cost cap), or null when every run ran. */
  stoppedEarly: string | null;
}

export async function runEval(options: EvalRunOptions): Promise<EvalRunOutcome> {
  const records: RunRecord[] = [];
  const say = (line: string) => options.onProgress?.(line);
  const spent = () => records.reduce((n, r) => n + r.costUsd, 0);
  const stop = (): string | null => {
    if (options.signal?.aborted) return 'cancelled';
    const cap = options.maxCostUsd ?? 0;
    return cap > 0 && spent() >= cap ? `cost cap of ${formatUsd(cap)} reached (${formatUsd(spent())} spent)` : null;
  };
  for (const c of options.cases) {
    records.push(await staticRecord(c));
    const loopTokens: number[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const why = stop();
      if (why) return { records, stoppedEarly: why };
      say(`eval: ${c.id} — loop run ${run}/${options.runs}`);
      const record = await loopRun(c, run, options);
      loopTokens.push(totalTokens(record.usage));
      records.push(record);
      say(
        `eval: ${c.id} — ${record.verdictLabel ?? 'no verdict'}, ${record.match.found.length}/${c.truth.flaws.length} flaws, ${record.predictions.length} challenges, ${formatUsd(record.costUsd)}${record.error ? ` (${record.error})` : ''}`,
      );
    }
    if (options.baseline === 'single-pass') {
      const budget = median(loopTokens);
      for (let run = 1; run <= options.runs; run++) {
        const why = stop();
        if (why) return { records, stoppedEarly: why };
        say(`eval: ${c.id} — single pass ${run}/${options.runs} (budget ${Math.round(budget)} tokens)`);
        records.push(await singlePassRun(c, run, budget, options));
      }
    }
  }
  return { records, stoppedEarly: null };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function staticRecord(c: CorpusCase): Promise<RunRecord> {
  const started = performance.now();
  const predictions = await staticPredictions(c.planText, c.workspaceRoot, c.planPath);
  return {
    config: 'static',
    caseId: c.id,
    run: 1,
    verdict: null,
    verdictLabel: null,
    predictions,
    dismissed: [],
    match: matchPredictions(predictions, c.truth.flaws),
    usage: ZERO_USAGE,
    costUsd: 0,
    wallMs: performance.now() - started,
    calls: 0,
    error: null,
  };
}

function research(c: CorpusCase, config: EngineConfig) {
  return createResearchToolbox({ root: c.workspaceRoot, denyGlobs: config.denyGlobs, webSearch: config.webSearch });
}

async function loopRun(c: CorpusCase, run: number, options: EvalRunOptions): Promise<RunRecord> {
  const started = performance.now();
  try {
    const result = await runVerification({
      planPath: c.planPath,
      planText: c.planText,
      workspaceRoot: c.workspaceRoot,
      provider: options.providerFor(c.id, run, 'loop'),
      config: options.config,
      research: research(c, options.config),
      // Corpus plans are data: never run shell assertions they might suggest.
      trusted: false,
      store: null,
      previous: null,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const wallMs = performance.now() - started;
    const { counted, dismissed } = predictionsOfRun(result, c.planText);
    const failed = result.verdict === 'FAILED' ? result.reason : null;
    return {
      config: 'loop',
      caseId: c.id,
      run,
      verdict: verdictOfLabel(result.verdict),
      verdictLabel: result.verdict,
      predictions: counted,
      dismissed,
      match: matchPredictions(counted, c.truth.flaws),
      usage: result.usage,
      costUsd: result.costUsd,
      wallMs,
      calls: result.calls.length,
      error: failed,
    };
  } catch (error) {
    return failedRecord('loop', c, run, performance.now() - started, error);
  }
}

async function singlePassRun(c: CorpusCase, run: number, budget: number, options: EvalRunOptions): Promise<RunRecord> {
  const started = performance.now();
  try {
    const outcome = await runSinglePass({
      provider: options.providerFor(c.id, run, 'single-pass'),
      config: options.config,
      planPath: c.planPath,
      planText: c.planText,
      research: research(c, options.config),
      tokenBudget: budget,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const plan = parsePlan(c.planText);
    const predictions = (outcome.output?.challenges ?? []).map((d, i) => challengePrediction(plan, `C${i + 1}`, d));
    return {
      config: 'single-pass',
      caseId: c.id,
      run,
      verdict: outcome.verdictLabel ? verdictOfLabel(outcome.verdictLabel) : null,
      verdictLabel: outcome.verdictLabel ?? 'FAILED',
      predictions,
      dismissed: [],
      match: matchPredictions(predictions, c.truth.flaws),
      usage: outcome.usage,
      costUsd: outcome.costUsd,
      wallMs: performance.now() - started,
      calls: outcome.calls,
      error: outcome.error,
    };
  } catch (error) {
    return failedRecord('single-pass', c, run, performance.now() - started, error);
  }
}

function failedRecord(config: Configuration, c: CorpusCase, run: number, wallMs: number, error: unknown): RunRecord {
  return {
    config,
    caseId: c.id,
    run,
    verdict: null,
    verdictLabel: 'FAILED',
    predictions: [],
    dismissed: [],
    match: matchPredictions([], c.truth.flaws),
    usage: ZERO_USAGE,
    costUsd: 0,
    wallMs,
    calls: 0,
    error: error instanceof Error ? error.message : String(error),
  };
}
