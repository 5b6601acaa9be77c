/**
 * `verify-plan eval`: measures review quality on a seeded-flaw corpus
 * (src/core/eval, eval/README.md). Measures, never gates: exit 0 when the
 * eval ran, whatever the figures; 4 for bad flags or corpus; 130 on Ctrl-C.
 *
 *   verify-plan eval [--corpus DIR] [--runs N] [--baseline single-pass] [--out DIR]
 *                    [--provider anthropic|fake] [--fake-script FILE] [--rescore DIR]
 *                    [--team base|scaled] [--max-iterations N] [--spending-cap USD] [--max-cost USD]
 *                    [--judge] [--only CASE,…] [--base-url URL] [-q]
 *                    [--model-ROLE ID] [--effort-ROLE LEVEL] [--price MODEL=IN/OUT] [--max-retry-wait SECONDS]
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultConfig, spendingCapProblem, unpricedModels, type EngineConfig } from '../core/config';
import { createAnthropicProvider } from '../core/llm/anthropic';
import type { LlmProvider } from '../core/llm/provider';
import { createFakeProvider, EvalInputError, judgeUnmatched, loadCorpus, loadFakeScript, readEvalJson, runEval, scoreAndWrite } from '../core/eval';
import type { FakeScript } from '../core/eval/fake-provider';
import type { CorpusCase } from '../core/eval/truth';
import { parseUsdFlag, parseWholeNumberFlag } from './args';
import { engineConfigFields, engineFlagOptions, parseEngineFlags, providerFields, type EngineFlags } from './engine-flags';
import { CliError, ExitCode } from './exit-codes';
import type { CliIo } from './io';

export interface EvalArgs extends EngineFlags {
  corpus: string;
  runs: number;
  baseline: 'single-pass' | null;
  out: string;
  provider: 'anthropic' | 'fake';
  fakeScript: string | null;
  rescore: string | null;
  team: 'auto' | 'base' | 'scaled';
  maxIterations: number | undefined;
  spendingCapUsd: number | undefined;
  maxCostUsd: number | undefined;
  baseUrl: string | null;
  judge: boolean;
  /** Case folder names to run (--only a,b); null = every case. */
  only: string[] | null;
  quiet: boolean;
}

export const DEFAULT_CORPUS = 'eval/corpus';
export const DEFAULT_EVAL_OUT = '.verify-plan/eval';
const HINT = 'Run "verify-plan --help" for usage.';

const OPTIONS = {
  corpus: { type: 'string' },
  runs: { type: 'string' },
  baseline: { type: 'string' },
  out: { type: 'string', short: 'o' },
  provider: { type: 'string' },
  'fake-script': { type: 'string' },
  rescore: { type: 'string' },
  team: { type: 'string' },
  'max-iterations': { type: 'string' },
  'spending-cap': { type: 'string' },
  'max-cost': { type: 'string' },
  'base-url': { type: 'string' },
  judge: { type: 'boolean' },
  only: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  // --model-<role>, --effort-<role>, --price, --max-retry-wait: the same flags as a run, from the settings table.
  ...engineFlagOptions(),
} satisfies ParseArgsConfig['options'];

function oneOf<T extends string>(flag: string, raw: string | undefined, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new CliError(`--${flag} must be ${allowed.map((a) => `"${a}"`).join(' or ')}, got "${raw}".`);
}

function value(flag: string, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw.trim() === '') throw new CliError(`--${flag} needs a value.`);
  return raw;
}

export function parseEvalArgs(argv: string[]): EvalArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(`${message} ${HINT}`);
  }
  if (parsed.positionals.length > 0) throw new CliError(`"verify-plan eval" takes no plan path (got ${parsed.positionals[0]}); use --corpus DIR. ${HINT}`);
  const v = parsed.values as Record<string, string | string[] | boolean | undefined>;
  const str = (flag: string) => v[flag] as string | undefined;
  const usdFlag = (flag: string) => parseUsdFlag(flag, str(flag));
  const baseUrl = value('base-url', str('base-url'));
  if (baseUrl !== null && !/^https?:\/\/[^\s]+$/i.test(baseUrl)) throw new CliError(`--base-url must be an http(s) URL, got "${baseUrl}".`);
  const baseline = str('baseline');
  return {
    ...parseEngineFlags(v),
    corpus: value('corpus', str('corpus')) ?? DEFAULT_CORPUS,
    runs: parseWholeNumberFlag('runs', str('runs'), 1, 20) ?? 3,
    baseline: baseline === undefined ? null : oneOf('baseline', baseline, ['single-pass'] as const, 'single-pass'),
    out: value('out', str('out')) ?? DEFAULT_EVAL_OUT,
    provider: oneOf('provider', str('provider'), ['anthropic', 'fake'] as const, 'anthropic'),
    fakeScript: value('fake-script', str('fake-script')),
    rescore: value('rescore', str('rescore')),
    team: oneOf('team', str('team'), ['auto', 'base', 'scaled'] as const, 'auto'),
    maxIterations: parseWholeNumberFlag('max-iterations', str('max-iterations'), 1, 3),
    spendingCapUsd: usdFlag('spending-cap'),
    maxCostUsd: usdFlag('max-cost'),
    baseUrl,
    judge: v.judge === true,
    only:
      value('only', str('only'))
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? null,
    quiet: v.quiet === true,
  };
}

export function evalEngineConfig(args: EvalArgs): EngineConfig {
  return defaultConfig({
    team: args.team,
    ...engineConfigFields(args),
    ...(args.maxIterations === undefined ? {} : { maxIterations: args.maxIterations }),
    ...(args.spendingCapUsd === undefined ? {} : { spendingCapUsd: args.spendingCapUsd }),
  });
}

export async function evalCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseEvalArgs(argv);
  try {
    return await runEvalCommand(args, io);
  } catch (error) {
    if (error instanceof EvalInputError) throw new CliError(error.message);
    throw error;
  }
}

async function runEvalCommand(args: EvalArgs, io: CliIo): Promise<number> {
  const progress = (line: string) => {
    if (!args.quiet) io.stderr(`${line}\n`);
  };
  const corpusDir = path.resolve(io.cwd, args.corpus);
  const config = evalEngineConfig(args);

  if (args.rescore) {
    const outDir = path.resolve(io.cwd, args.rescore);
    const saved = await readEvalJson(path.join(outDir, 'eval.json'));
    const ran = new Set(saved.records.map((r) => r.caseId));
    // Only the cases that ran (an --only eval rescored is still that subset).
    const cases = (await loadCorpus(args.corpus === DEFAULT_CORPUS ? path.resolve(io.cwd, saved.meta.corpus) : corpusDir)).filter((c) => ran.has(c.id));
    const outputs = await scoreAndWrite({
      records: saved.records,
      cases,
      outDir,
      judge: saved.judge,
      meta: {
        generatedAt: new Date().toISOString(),
        corpus: saved.meta.corpus,
        provider: saved.meta.provider,
        runs: saved.meta.runs,
        models: saved.meta.models,
        stoppedEarly: saved.meta.stoppedEarly ?? null,
      },
    });
    return publish(io, outputs.markdown, outputs.files, progress);
  }

  const cases = selectCases(await loadCorpus(corpusDir), args.only);
  let providerFor: Parameters<typeof runEval>[0]['providerFor'];
  let providerName: string;
  if (args.provider === 'fake') {
    const scriptFile = path.resolve(io.cwd, args.fakeScript ?? path.join(path.dirname(corpusDir), 'fake-script.json'));
    const script: FakeScript = await loadFakeScript(scriptFile);
    providerFor = (caseId, run, mode) => createFakeProvider({ challenges: script.cases[caseId]?.challenges ?? [], run, mode });
    providerName = 'fake (scripted answers)';
  } else {
    const apiKey = io.env.ANTHROPIC_API_KEY?.trim();
    if (!apiKey) throw new CliError('verify-plan eval needs ANTHROPIC_API_KEY for --provider anthropic (the default). Use --provider fake to check the mechanics offline.');
    const baseURL = args.baseUrl ?? (io.env.ANTHROPIC_BASE_URL?.trim() || undefined);
    const capProblem = costProblem(config, args.maxCostUsd);
    if (capProblem) throw new CliError(capProblem);
    const provider: LlmProvider = createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), ...providerFields(args) });
    providerFor = () => provider;
    providerName = 'anthropic';
  }

  const controller = new AbortController();
  const removeInterrupt = io.onInterrupt(() => {
    progress('Interrupted: stopping after the current run and writing the figures so far...');
    controller.abort();
  });
  const planRuns = cases.length * args.runs * (args.baseline ? 2 : 1);
  progress(`eval: ${cases.length} plans × ${args.runs} runs${args.baseline ? ' (+ single-pass baseline)' : ''} = ${planRuns} plan runs, provider ${providerName}`);
  let records;
  let stoppedEarly: string | null;
  let judge = null;
  try {
    ({ records, stoppedEarly } = await runEval({
      cases,
      runs: args.runs,
      baseline: args.baseline,
      config,
      providerFor,
      signal: controller.signal,
      onProgress: progress,
      ...(args.maxCostUsd === undefined ? {} : { maxCostUsd: args.maxCostUsd }),
    }));
    if (stoppedEarly) progress(`eval: stopped early: ${stoppedEarly}`);
    if (args.judge && !controller.signal.aborted)
      judge = await judgeUnmatched({ records, cases, providerFor: (caseId) => providerFor(caseId, 1, 'loop'), config, signal: controller.signal, onProgress: progress });
  } finally {
    removeInterrupt();
  }
  const outDir = path.resolve(io.cwd, args.out);
  const relCorpus = path.relative(io.cwd, corpusDir) || '.';
  const outputs = await scoreAndWrite({
    records,
    cases,
    outDir,
    judge,
    meta: { generatedAt: new Date().toISOString(), corpus: relCorpus, provider: providerName, runs: args.runs, models: config.models, stoppedEarly },
  });
  const code = await publish(io, outputs.markdown, outputs.files, progress);
  return controller.signal.aborted ? ExitCode.interrupted : code;
}

/** A spending cap or --max-cost cannot be kept when a model's calls would count as $0 (the scripted fake provider has no models to price). */
function costProblem(config: EngineConfig, maxCostUsd: number | undefined): string | null {
  const cap = spendingCapProblem(config);
  if (cap) return cap;
  const unpriced = unpricedModels(config);
  if (maxCostUsd === undefined || maxCostUsd <= 0 || unpriced.length === 0) return null;
  return `--max-cost is set, but no price is known for ${unpriced.join(', ')}, so the eval could not count those calls. Give each a price with --price MODEL=IN/OUT (USD per million tokens) or drop --max-cost.`;
}

function selectCases(all: CorpusCase[], only: string[] | null): CorpusCase[] {
  if (!only) return all;
  const unknown = only.filter((id) => !all.some((c) => c.id === id));
  if (unknown.length) throw new CliError(`--only: no case ${unknown.map((u) => `"${u}"`).join(', ')} in the corpus (cases: ${all.map((c) => c.id).join(', ')}).`);
  return all.filter((c) => only.includes(c.id));
}

async function publish(io: CliIo, markdown: string, files: string[], progress: (line: string) => void): Promise<number> {
  io.stdout(markdown);
  for (const file of files) progress(`eval: wrote ${file}`);
  const summary = io.env.GITHUB_STEP_SUMMARY?.trim();
  if (summary) {
    try {
      await appendFile(summary, `${markdown}\n`, 'utf8');
      progress('eval: appended the table to the job summary');
    } catch (error) {
      io.stderr(`Could not append to GITHUB_STEP_SUMMARY (${(error as NodeJS.ErrnoException).code ?? 'write error'}).\n`);
    }
  }
  return ExitCode.proceed;
}
