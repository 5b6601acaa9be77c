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
import { renderSarifReport } from '../core/report/sarif';
import { anchorsForPlan } from '../core/report/anchors';
import { createResearchToolbox } from '../core/research';
import type { CheckpointRequest, RunResult } from '../core/run-types';
import { createFileRunStore } from '../core/store';
import { createStoreMemorySource } from '../core/memory';
import { terminalLine, terminalSafe } from '../core/terminal-text';
import type { RunArgs } from './args';
import { promptCheckpoint } from './checkpoint-prompt';
import { discoverPlan, readPlanText } from './discover';
import { CliError, ExitCode, exitCodeForResult } from './exit-codes';
import { writeFileAtomic, type CliIo } from './io';
import { policyNote, progressLine } from './progress';
import { openFingerprints, sarifPlan } from './sarif-output';
import { runStatic } from './static-mode';
import { NO_KEY_MESSAGE, STATIC_FLAG_MESSAGE, staticJson, staticText } from './static-mode-format';

export const DEFAULT_STATE_DIR = '.verify-plan';

export function configFromArgs(args: RunArgs): EngineConfig {
  return defaultConfig({
    team: args.team,
    models: { ...DEFAULT_MODELS, ...args.models },
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
  const planPath = await discoverPlan(io.cwd, args.planPath);
  const planText = await readPlanText(planPath, io.cwd);
  const shown = terminalLine(path.relative(io.cwd, planPath) || planPath);
  const apiKey = io.env.ANTHROPIC_API_KEY?.trim() || undefined;
  const progress = (line: string) => {
    if (!args.quiet) io.stderr(`${line}\n`);
  };

  if (args.static || !apiKey) {
    const skip = args.static ? STATIC_FLAG_MESSAGE : NO_KEY_MESSAGE;
    const outcome = await runStatic(planText, io.cwd, { team: args.team, ...(args.threshold === undefined ? {} : { threshold: args.threshold }) }, planPath);
    const output = terminalSafe(
      args.format === 'json'
        ? staticJson(planPath, outcome, skip)
        : args.format === 'sarif'
          ? renderSarifReport([sarifPlan(planPath, io.cwd, { planText, result: null, assessment: outcome.assessment, findings: outcome.findings })], { version })
          : staticText(shown, outcome, skip),
    );
    io.stdout(output);
    if (args.format !== 'markdown') io.stderr(`${skip}\n`);
    if (args.out && !(await writeReport(io, args.out, output, progress))) return ExitCode.notKept;
    return outcome.hasErrors ? ExitCode.revise : ExitCode.proceed;
  }

  const config = configFromArgs(args);
  const baseURL = args.baseUrl ?? (io.env.ANTHROPIC_BASE_URL?.trim() || undefined);
  await preflight(config, createAnthropicModelLookup({ apiKey, ...(baseURL ? { baseURL } : {}) }), io);
  const stateDir = path.resolve(io.cwd, args.stateDir ?? DEFAULT_STATE_DIR);
  const store = createFileRunStore(stateDir);
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

  let result: RunResult;
  try {
    result = await runVerification({
      planPath,
      planText,
      workspaceRoot: io.cwd,
      provider: createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}) }),
      config,
      signal: controller.signal,
      store,
      previous,
      research: createResearchToolbox({ root: io.cwd, denyGlobs: config.denyGlobs, webSearch: config.webSearch, memory: createStoreMemorySource(store, { planPath }) }),
      trusted: true,
      onEvent: (event) => {
        const line = progressLine(event);
        if (line) progress(line);
        if (event.type === 'checkpoint' && !interactive) {
          unanswered.push(event.request);
          progress(policyNote(event.request.kind));
        }
      },
      ...(interactive
        ? { onCheckpoint: (request: CheckpointRequest) => promptCheckpoint(request, promptStreams(io, interrupt), controller.signal) }
        : {}),
    });
  } finally {
    removeInterrupt();
  }

  // Made terminal-safe here too, so the --out file is byte for byte what stdout shows (JSON and SARIF keep their value: \uXXXX is JSON's own escape).
  const report = terminalSafe(
    args.format === 'json'
      ? renderJsonReport(result)
      : args.format === 'sarif'
        ? await sarifReport(result, planPath, planText, io.cwd, version, openFingerprints(previous), args)
        : renderMarkdownReport(result, { anchors: anchorsForPlan(result, planText), unansweredCheckpoints: unanswered }),
  );
  io.stdout(report);
  const kept = args.out ? await writeReport(io, args.out, report, progress) : true;
  if (interrupted) return ExitCode.interrupted;
  return kept ? exitCodeForResult(result) : ExitCode.notKept;
}

/** The open challenges of the run plus the plan's static findings, marked new / still open against the previous run. */
async function sarifReport(result: RunResult, planPath: string, planText: string, cwd: string, version: string, previousOpen: string[], args: RunArgs): Promise<string> {
  const { findings } = await runStatic(planText, cwd, { team: args.team, ...(args.threshold === undefined ? {} : { threshold: args.threshold }) }, planPath);
  return renderSarifReport([sarifPlan(planPath, cwd, { planText, result, assessment: result.assessment, findings, previousOpen })], { version });
}

/**
 * Before any paid call: a spending cap needs every model priced, and every
 * model id must be one the API serves (Models API, once per process). Errors
 * exit 4 naming the role, the id and a replacement; deprecation warnings and
 * an unreachable Models API are one line each on stderr, even with --quiet.
 */
async function preflight(config: EngineConfig, lookup: ConstructorParameters<typeof ModelLifecycle>[0], io: CliIo): Promise<void> {
  const capProblem = spendingCapProblem(config);
  if (capProblem) throw new CliError(capProblem, ExitCode.usage);
  const check = await new ModelLifecycle(lookup).check(config.models, DEFAULT_MODELS);
  for (const note of check.notes) io.stderr(`Note: ${note}\n`);
  for (const warning of check.warnings) io.stderr(`Warning: ${warning}\n`);
  if (check.errors.length > 0) {
    throw new CliError(`${check.errors.join('\n')}\nChoose another model with --model-<role> ID; no request was sent to the Messages API.`, ExitCode.usage);
  }
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
