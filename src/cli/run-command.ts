/**
 * `verify-plan [plan.md]`: static mode without a key (or with --static),
 * otherwise the agent loop with progress on stderr, checkpoints, Ctrl-C
 * handling, run state on disk, and the report on stdout.
 */
import { randomBytes } from 'node:crypto';
import { open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DEFAULT_MODELS, defaultConfig, spendingCapProblem, type EngineConfig } from '../core/config';
import { createAnthropicModelLookup, createAnthropicProvider } from '../core/llm/anthropic';
import { ModelLifecycle } from '../core/llm/model-lifecycle';
import { runVerification } from '../core/loop';
import { renderJsonReport, renderMarkdownReport } from '../core/report';
import { renderSarifReport, type SarifPlan } from '../core/report/sarif';
import { anchorsForPlan } from '../core/report/anchors';
import { createResearchToolbox } from '../core/research';
import type { CheckpointRequest, RunResult } from '../core/run-types';
import { createStoreMemorySource } from '../core/memory';
import { secretNote } from '../core/secret-scan';
import { terminalLine, terminalSafe } from '../core/terminal-text';
import type { RunArgs } from './args';
import { promptCheckpoint } from './checkpoint-prompt';
import { discoverPlan, readPlanText } from './discover';
import { openCliRunStore } from './state-key';
import { engineConfigFields, providerFields } from './engine-flags';
import { CliError, ExitCode, exitCodeForResult } from './exit-codes';
import { writeFileAtomic, type CliIo } from './io';
import { NonInteractiveProgress, progressLine } from './progress';
import { openFingerprints, sarifPlan } from './sarif-output';
import { runStatic } from './static-mode';
import { NO_KEY_MESSAGE, STATIC_FLAG_MESSAGE, staticJson, staticText, type StaticOutcome } from './static-mode-format';

export const DEFAULT_STATE_DIR = '.verify-plan';

export function configFromArgs(args: RunArgs): EngineConfig {
  return defaultConfig({
    team: args.team,
    ...engineConfigFields(args),
    ...(args.threshold === undefined ? {} : { threshold: args.threshold }),
    ...(args.maxIterations === undefined ? {} : { maxIterations: args.maxIterations }),
    ...(args.spendingCapUsd === undefined ? {} : { spendingCapUsd: args.spendingCapUsd }),
  });
}

/** Checkpoints ask only when a person can answer: a terminal, no --non-interactive, not CI. */
export function isInteractive(args: Pick<RunArgs, 'nonInteractive'>, io: Pick<CliIo, 'interactive' | 'env'>): boolean {
  const ci = (io.env.CI ?? '').toLowerCase();
  return io.interactive && !args.nonInteractive && ci !== 'true' && ci !== '1';
}

export async function runCommand(args: RunArgs, io: CliIo, version: string): Promise<number> {
  if (args.out) await checkOutTarget(io.cwd, args.out);
  const plan = await discoverPlan(io.cwd, args.planPath, args.planFolders);
  const planPath = plan.path;
  const planText = await readPlanText(plan, io.cwd, (line) => io.stderr(`${line}\n`));
  const shown = terminalLine(path.relative(io.cwd, planPath) || planPath);
  const progress = (line: string) => {
    if (!args.quiet) io.stderr(`${line}\n`);
  };
  const v = await verifyPlanFile(args, io, planPath, planText, progress);
  // Made terminal-safe here too, so the --out file is byte for byte what stdout shows (JSON and SARIF keep their value: \uXXXX is JSON's own escape).
  const report = terminalSafe(
    args.format === 'json'
      ? v.mode === 'static'
        ? staticJson(planPath, v.outcome, v.skip)
        : renderJsonReport(v.result)
      : args.format === 'sarif'
        ? renderSarifReport([await sarifPlanOf(v, planPath, planText, io.cwd)], { version })
        : await markdownOf(v, shown, planText, io.cwd, planPath),
  );
  io.stdout(report);
  if (v.mode === 'static' && args.format !== 'markdown') io.stderr(`${v.skip}\n`);
  const kept = args.out ? await writeReport(io, args.out, report, progress) : true;
  const notSaved = v.mode === 'agent' ? v.notKept : null;
  if (notSaved) io.stderr(`This run's result was not kept in ${notSaved}: "verify-plan check" and the next run will not see it. The report above is complete.\n`);
  if (v.mode === 'agent' && v.interrupted) return ExitCode.interrupted;
  if (!kept || notSaved) return ExitCode.notKept;
  if (v.mode === 'static') return v.outcome.hasErrors ? ExitCode.revise : ExitCode.proceed;
  return exitCodeForResult(v.result);
}

/** What verifying one plan produced: static checks only (no key or --static), or the agent loop's result. */
export type Verification =
  | { mode: 'static'; skip: string; outcome: StaticOutcome }
  | {
      mode: 'agent';
      result: RunResult;
      previous: RunResult | null;
      unanswered: CheckpointRequest[];
      interrupted: boolean;
      /** Where and why the finished result could not be saved; null when it was. */
      notKept?: string | null;
    };

/** Runs the static checks or the agent loop on one plan (progress through `progress`); renders nothing. */
export async function verifyPlanFile(
  args: RunArgs,
  io: CliIo,
  planPath: string,
  planText: string,
  progress: (line: string) => void,
  options: { storedState?: boolean } = {},
): Promise<Verification> {
  const apiKey = io.env.ANTHROPIC_API_KEY?.trim() || undefined;
  if (args.static || !apiKey) {
    const skip = args.static ? STATIC_FLAG_MESSAGE : NO_KEY_MESSAGE;
    return { mode: 'static', skip, outcome: await runStatic(planText, io.cwd, staticOptions(args), planPath) };
  }

  const config = configFromArgs(args);
  const baseURL = args.baseUrl ?? (io.env.ANTHROPIC_BASE_URL?.trim() || undefined);
  await preflight(config, createAnthropicModelLookup({ apiKey, ...(baseURL ? { baseURL } : {}) }), io);
  const stateDir = path.resolve(io.cwd, args.stateDir ?? DEFAULT_STATE_DIR);
  const store = await openCliRunStore(stateDir, io.env, { ...options, onUnreadable: unreadableReporter(io), note: (line) => io.stderr(`${line}\n`) });
  progress(`Run state: ${stateDir}`);
  const previous = await store.loadLatest(planPath).catch(() => null);

  const controller = new AbortController();
  let interrupted = false;
  const interrupt = () => {
    if (!interrupted) progress('Interrupted: stopping the run and writing the partial report...');
    interrupted = true;
    controller.abort();
  };
  const removeInterrupt = io.onInterrupt(interrupt);
  const interactive = isInteractive(args, io);
  const unanswered: CheckpointRequest[] = [];
  const policyProgress = new NonInteractiveProgress();
  let saveError: string | null = null;
  let finalNotSaved = false;

  let result: RunResult;
  try {
    result = await runVerification({
      planPath,
      planText,
      workspaceRoot: io.cwd,
      provider: createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), ...providerFields(args) }),
      config,
      signal: controller.signal,
      store,
      previous,
      research: createResearchToolbox({
        root: io.cwd,
        denyGlobs: config.denyGlobs,
        webSearch: config.webSearch,
        memory: createStoreMemorySource(store, { planPath }),
        onSecretsRemoved: (where, scan) => io.stderr(`${secretNote(terminalLine(where), scan)}\n`),
      }),
      trusted: true,
      onEvent: (event) => {
        if (event.type === 'state-not-saved') {
          // An error, not progress: printed even with --quiet, once per distinct cause.
          if (saveError !== event.error) io.stderr(`Run state could not be saved in ${stateDir}: ${event.error}\n`);
          saveError = event.error;
          finalNotSaved = event.final;
        }
        if (event.type === 'checkpoint' && !interactive) unanswered.push(event.request);
        if (!interactive) {
          for (const line of policyProgress.lines(event)) progress(line);
          return;
        }
        const line = progressLine(event);
        if (line) progress(line);
      },
      ...(interactive ? { onCheckpoint: (request: CheckpointRequest) => promptCheckpoint(request, promptStreams(io, interrupt), controller.signal) } : {}),
    });
  } finally {
    removeInterrupt();
  }
  const notKept = finalNotSaved ? `${stateDir} (${saveError ?? 'save failed'})` : null;
  return { mode: 'agent', result, previous, unanswered, interrupted, notKept };
}

const staticOptions = (args: Pick<RunArgs, 'team' | 'threshold' | 'ruleScope' | 'ruleLevels'>) => ({
  team: args.team,
  scope: args.ruleScope,
  levels: args.ruleLevels,
  ...(args.threshold === undefined ? {} : { threshold: args.threshold }),
});

/** The Markdown report of a verification (the static mode's diagnostics, or the run report). */
export async function markdownOf(v: Verification, shownPath: string, planText: string, cwd: string, planPath: string): Promise<string> {
  if (v.mode === 'static') return staticText(shownPath, v.outcome, v.skip);
  // "What to change" ends with the plan's error-level static findings (the checks the editor shows while typing).
  const { findings } = await runStatic(planText, cwd, { team: 'auto', threshold: v.result.assessment.threshold }, planPath).catch(() => ({ findings: [] }));
  const staticErrors = findings.filter((f) => f.level === 'error').map((f) => ({ line: f.range.startLine + 1, code: f.code, message: f.message }));
  return renderMarkdownReport(v.result, { anchors: anchorsForPlan(v.result, planText), unansweredCheckpoints: v.unanswered, staticErrors });
}

/** A verification's share of a SARIF log: open challenges (marked new / still open against the previous run) and the plan's static findings. */
export async function sarifPlanOf(v: Verification, planPath: string, planText: string, cwd: string): Promise<SarifPlan> {
  if (v.mode === 'static') return sarifPlan(planPath, cwd, { planText, result: null, assessment: v.outcome.assessment, findings: v.outcome.findings });
  const { findings } = await runStatic(planText, cwd, { team: 'auto', threshold: v.result.assessment.threshold }, planPath);
  return sarifPlan(planPath, cwd, { planText, result: v.result, assessment: v.result.assessment, findings, previousOpen: openFingerprints(v.previous) });
}

/**
 * Before any paid call: a spending cap needs every model priced, and every
 * model id must be one the API serves (Models API, once per process). Errors
 * exit 4 naming the role, the id and a replacement; deprecation warnings and
 * an unreachable Models API are one line each on stderr, even with --quiet.
 */
async function preflight(config: EngineConfig, lookup: ConstructorParameters<typeof ModelLifecycle>[0], io: CliIo): Promise<void> {
  // An id the API does not serve is the root problem; name it before saying it has no price.
  const check = await new ModelLifecycle(lookup).check(config.models, DEFAULT_MODELS);
  for (const note of check.notes) io.stderr(`Note: ${note}\n`);
  for (const warning of check.warnings) io.stderr(`Warning: ${warning}\n`);
  if (check.blocker) throw new CliError(check.errors.join('\n'), ExitCode.usage);
  if (check.errors.length > 0) {
    throw new CliError(`${check.errors.join('\n')}\nChoose another model with --model-<role> ID; no request was sent to the Messages API.`, ExitCode.usage);
  }
  const capProblem = spendingCapProblem(config);
  if (capProblem) throw new CliError(capProblem, ExitCode.usage);
}

/** Reports each unusable stored run once (memory_search may read the same file again). */
export function unreadableReporter(io: Pick<CliIo, 'stderr'>): (file: string, reason: string) => void {
  const reported = new Set<string>();
  return (file, reason) => {
    if (reported.has(file)) return;
    reported.add(file);
    io.stderr(`Skipped a stored run that cannot be used: ${file}: ${reason}\n`);
  };
}

/**
 * Fails before any money is spent when --out cannot be written: its folder
 * is missing, it names a folder, or no file can be created there (a probe
 * file is created and removed, the only check that holds for every user).
 */
async function checkOutTarget(cwd: string, out: string): Promise<void> {
  const file = path.resolve(cwd, out);
  const dir = path.dirname(file);
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new CliError(`--out: the folder ${dir} does not exist.`);
  if ((await stat(file).catch(() => null))?.isDirectory()) throw new CliError(`--out: ${file} is a folder; give a file path such as ${path.join(file, 'verify-report.md')}.`);
  const probe = path.join(dir, `.verify-plan-probe.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await (await open(probe, 'wx')).close();
  } catch (error) {
    throw new CliError(`--out: cannot write a file in ${dir} (${(error as { code?: string }).code ?? 'write error'}).`);
  }
  await unlink(probe).catch(() => undefined);
}

/** Writes the report to --out; false (with the cause on stderr) when it could not be kept. */
async function writeReport(io: CliIo, out: string, content: string, progress: (line: string) => void): Promise<boolean> {
  const file = path.resolve(io.cwd, out);
  try {
    await writeFileAtomic(file, content);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'write error';
    io.stderr(`Could not write the report to ${file} (${code}); it is printed above on stdout.\n`);
    return false;
  }
  progress(`Report written to ${file}`);
  return true;
}

function promptStreams(io: CliIo, onInterrupt: () => void) {
  const output = io.stderrStream ?? new Writable({ write: (chunk, _enc, done) => (io.stderr(String(chunk)), done()) });
  return { input: io.stdin, output, onInterrupt };
}
