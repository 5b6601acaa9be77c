/**
 * `verify-plan hook claude-code`: the hook for ExitPlanMode, on the
 * PermissionRequest event (installed by default) or PreToolUse. Reads the
 * hook input (input.ts), finds the plan wherever Claude Code put it
 * (plan-source.ts), verifies it where it lives (nothing is copied), and
 * answers in the event's documented shape (decision.ts): REVISE / RETHINK
 * deny with the open challenges for Claude; anything else sets no decision,
 * so the user's own approval still happens. Never a silent pass: when no plan
 * was checked (no plan found, bad input, a run that could not start) the user
 * is told so in `systemMessage`. Exit 0 always; a failure is never a block.
 */
import path from 'node:path';
import { defaultConfig, DEFAULT_MODELS, spendingCapProblem } from '../../core/config';
import { gateDenialReason } from '../../core/report/what-to-change-format';
import { isOpenChallenge } from '../../core/fingerprint';
import { createAnthropicModelLookup, createAnthropicProvider } from '../../core/llm/anthropic';
import { ModelLifecycle } from '../../core/llm/model-lifecycle';
import { runVerification } from '../../core/loop';
import { createStoreMemorySource } from '../../core/memory';
import { createResearchToolbox } from '../../core/research';
import { redactSecrets, secretNote } from '../../core/secret-scan';
import { engineConfigFields, providerFields, type EngineFlags } from '../engine-flags';
import { ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { DEFAULT_STATE_DIR, unreadableReporter } from '../run-command';
import { runStatic } from '../static-mode';
import { openCliRunStore } from '../state-key';
import { settingDefault } from '../../core/settings';
import { denyOutput, noticeOutput, type HookEvent, type HookOutput } from './decision';
import { hookEvent, HookInput, readStdinUtf8 } from './input';
import { findPlan, type FoundPlan } from './plan-source';
import { projectRoot } from './plans-folder';
import { HOOK_TIMEOUT_SECONDS } from '../../core/claude-code/hook-settings';

export interface HookOptions {
  /** Deny when the key-less static checks find an error (default: never block on them). */
  blockOnStatic: boolean;
  timeLimitMs: number;
  spendingCapUsd: number | undefined;
  team: 'auto' | 'base' | 'scaled';
  /** --model-<role>, --effort-<role>, --price, --max-retry-wait (engine-flags.ts). */
  engine: EngineFlags;
}

export const DEFAULT_HOOK_OPTIONS: HookOptions = {
  blockOnStatic: false,
  timeLimitMs: (HOOK_TIMEOUT_SECONDS - 30) * 1000,
  spendingCapUsd: undefined,
  team: 'auto',
  engine: { models: {}, effort: {}, prices: {}, maxRetryWaitSeconds: settingDefault('maxRetryWaitSeconds') },
};

const emit = (io: CliIo, output: HookOutput) => io.stdout(`${JSON.stringify(output)}\n`);
const NOT_CHECKED = 'The plan was NOT checked; review it yourself, or check a plan file with `verify-plan <file>`.';

export async function claudeCodeHook(io: CliIo, options: HookOptions = DEFAULT_HOOK_OPTIONS): Promise<number> {
  let input: HookInput;
  try {
    const parsed = HookInput.safeParse(JSON.parse(await readStdinUtf8(io.stdin)));
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    input = parsed.data;
  } catch (error) {
    emit(io, noticeOutput(`Verify Plan hook: unusable hook input (${(error as Error).message}). ${NOT_CHECKED}`));
    return ExitCode.proceed;
  }
  const event = hookEvent(input);
  if (!event) {
    emit(
      io,
      noticeOutput(
        `Verify Plan hook: installed on the "${input.hook_event_name}" event, which it does not answer (PermissionRequest or PreToolUse for ExitPlanMode). ${NOT_CHECKED}`,
      ),
    );
    return ExitCode.proceed;
  }
  if (input.tool_name !== undefined && input.tool_name !== 'ExitPlanMode') {
    emit(io, noticeOutput(`Verify Plan hook: called for the tool "${input.tool_name}"; it checks plans at ExitPlanMode only (matcher "ExitPlanMode").`));
    return ExitCode.proceed;
  }
  try {
    const root = projectRoot(input.cwd, io.env);
    const search = await findPlan({ input, root, env: io.env });
    if (!search.plan) {
      emit(io, noticeOutput(`Verify Plan: no plan was found for ExitPlanMode. Tried: ${search.notes.join('; ')}. ${NOT_CHECKED}`));
      return ExitCode.proceed;
    }
    const plan = { ...search.plan, source: search.warnings.length > 0 ? `${search.plan.source} (note: ${search.warnings.join('; ')})` : search.plan.source };
    const apiKey = io.env.ANTHROPIC_API_KEY?.trim() || undefined;
    if (!apiKey) return await staticAnswer(io, event, root, plan, options);
    return await agentAnswer(io, event, root, plan, options, apiKey);
  } catch (error) {
    emit(io, noticeOutput(`Verify Plan hook failed (${(error as Error).message}). ${NOT_CHECKED}`));
    return ExitCode.proceed;
  }
}

async function agentAnswer(io: CliIo, event: HookEvent, root: string, plan: FoundPlan, options: HookOptions, apiKey: string): Promise<number> {
  const config = defaultConfig({
    team: options.team,
    ...engineConfigFields(options.engine),
    ...(options.spendingCapUsd === undefined ? {} : { spendingCapUsd: options.spendingCapUsd }),
  });
  const baseURL = io.env.ANTHROPIC_BASE_URL?.trim() || undefined;
  // Before any paid call, as a run does: a model the API does not serve, or a cap that could not count a model's calls, stops here.
  const check = await new ModelLifecycle(createAnthropicModelLookup({ apiKey, ...(baseURL ? { baseURL } : {}) })).check(config.models, DEFAULT_MODELS);
  const refusal = check.errors.length > 0 ? check.errors.join(' ') : spendingCapProblem(config);
  if (refusal) {
    emit(io, noticeOutput(`Verify Plan hook: ${refusal} ${NOT_CHECKED}`));
    return ExitCode.proceed;
  }
  const stateDir = path.join(root, DEFAULT_STATE_DIR);
  // The user's state key: a run file the repository ships (or any file without our tag) is never read.
  const store = await openCliRunStore(stateDir, io.env, { onUnreadable: unreadableReporter(io) });
  // The plan text goes to the API: secrets in it are replaced by a visible marker first.
  const scan = await redactSecrets(plan.text, path.basename(plan.path));
  const secrets = scan.count > 0 ? ` ${secretNote(path.basename(plan.path), scan)}` : '';
  let notSaved: string | null = null;
  const previous = await store.loadLatest(plan.path).catch(() => null);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeLimitMs);
  let result;
  try {
    result = await runVerification({
      planPath: plan.path,
      planText: scan.text,
      workspaceRoot: root,
      provider: createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), ...providerFields(options.engine) }),
      config,
      signal: controller.signal,
      store,
      previous,
      research: createResearchToolbox({ root, denyGlobs: config.denyGlobs, webSearch: config.webSearch, memory: createStoreMemorySource(store, { planPath: plan.path }) }),
      trusted: false,
      onEvent: (e) => {
        if (e.type === 'state-not-saved') notSaved = e.final ? e.error : notSaved;
      },
    });
  } finally {
    clearTimeout(timer);
  }
  const challenges = result.iterations.at(-1)?.challenges ?? [];
  // The user sees systemMessage; a run that could not be kept says so there (the hook still never blocks on it).
  const unsaved = notSaved === null ? '' : ` The run state could not be saved in ${stateDir} (${notSaved as string}); the next run will not remember this one.`;
  const checked = `Plan checked: ${plan.source}.`;
  if (result.verdict.startsWith('REVISE') || result.verdict === 'RETHINK') {
    const open = challenges.filter(isOpenChallenge).length;
    emit(
      io,
      denyOutput(
        event,
        `${gateDenialReason(result)}\n\n${checked}`,
        `Verify Plan: ${result.verdict}; the plan went back to Claude with ${open} open challenge(s). ${checked}${secrets}${unsaved}`,
      ),
    );
  } else {
    const why =
      result.partial || !result.verdict.startsWith('PROCEED') ? ` (run incomplete: ${result.stopCause ?? result.verdict}; not blocking, so review the plan yourself)` : '';
    emit(io, noticeOutput(`Verify Plan: ${result.verdict}${why}. ${checked}${secrets}${unsaved}`));
  }
  return ExitCode.proceed;
}

async function staticAnswer(io: CliIo, event: HookEvent, root: string, plan: FoundPlan, options: HookOptions): Promise<number> {
  const outcome = await runStatic(plan.text, root, { team: options.team }, plan.path);
  const errors = outcome.findings.filter((f) => f.level === 'error');
  const summary = `Verify Plan (static checks only, no ANTHROPIC_API_KEY): ${errors.length} error(s), ${outcome.findings.length - errors.length} other finding(s). Plan checked: ${plan.source}.`;
  if (errors.length > 0 && options.blockOnStatic) {
    const lines = errors.slice(0, 20).map((f) => `- plan line ${f.range.startLine + 1}: ${f.code}: ${f.message.replace(/\s+/g, ' ')}`);
    emit(io, denyOutput(event, `${summary} Fix these, then call ExitPlanMode again:\n${lines.join('\n')}`, summary));
  } else emit(io, noticeOutput(summary));
  return ExitCode.proceed;
}
