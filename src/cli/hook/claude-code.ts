/**
 * `verify-plan hook claude-code`: the PreToolUse hook for ExitPlanMode. Reads
 * the hook input (JSON on stdin: cwd, session_id, tool_name, tool_input.plan),
 * saves the plan under .claude/plans/ unless it already is a file there, runs
 * the loop, and answers per the hooks reference (see decision.ts). The hook
 * never blocks on its own failure: an error is a systemMessage, exit 0.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { defaultConfig, DEFAULT_MODELS, spendingCapProblem } from '../../core/config';
import { gateDenialReason } from '../../core/report/what-to-change-format';
import { createAnthropicModelLookup, createAnthropicProvider } from '../../core/llm/anthropic';
import { ModelLifecycle } from '../../core/llm/model-lifecycle';
import { runVerification } from '../../core/loop';
import { createStoreMemorySource } from '../../core/memory';
import { createResearchToolbox } from '../../core/research';
import { createFileRunStore, makeFolders } from '../../core/store';
import { engineConfigFields, providerFields, type EngineFlags } from '../engine-flags';
import { ExitCode } from '../exit-codes';
import { writeFileAtomic, type CliIo } from '../io';
import { DEFAULT_STATE_DIR, unreadableReporter } from '../run-command';
import { runStatic } from '../static-mode';
import { settingDefault } from '../../core/settings';
import { denyOutput, type HookOutput } from './decision';
import { HOOK_TIMEOUT_SECONDS } from './settings';

const HookInput = z.object({
  session_id: z.string().max(200).default(''),
  cwd: z.string().min(1),
  hook_event_name: z.string().optional(),
  tool_name: z.string().optional(),
  tool_input: z.object({ plan: z.string().min(1).max(1_000_000) }).passthrough(),
});

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

async function readStdin(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.length > 2_000_000) throw new Error('hook input larger than 2 MB');
  }
  return text;
}

/** The plan's file: an identical file in .claude/plans/, else one per session (so revisions share memory). */
export async function planFileFor(cwd: string, sessionId: string, plan: string): Promise<string> {
  const dir = path.join(cwd, '.claude', 'plans');
  for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.md'))) {
    const text = await readFile(path.join(dir, name), 'utf8').catch(() => null);
    if (text !== null && text.trim() === plan.trim()) return path.join(dir, name);
  }
  const safe = sessionId.replace(/[^\w-]/g, '').slice(0, 40) || 'plan';
  const file = path.join(dir, `claude-code-${safe}.md`);
  await makeFolders(dir);
  await writeFileAtomic(file, plan.endsWith('\n') ? plan : `${plan}\n`);
  return file;
}

const emit = (io: CliIo, output: HookOutput) => io.stdout(`${JSON.stringify(output)}\n`);

export async function claudeCodeHook(io: CliIo, options: HookOptions = DEFAULT_HOOK_OPTIONS): Promise<number> {
  let input: z.infer<typeof HookInput>;
  try {
    const parsed = HookInput.safeParse(JSON.parse(await readStdin(io.stdin)));
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    input = parsed.data;
  } catch (error) {
    emit(io, { systemMessage: `Verify Plan hook: unusable hook input (${(error as Error).message}); the plan was not checked.` });
    return ExitCode.proceed;
  }
  const cwd = path.resolve(input.cwd);
  try {
    const planPath = await planFileFor(cwd, input.session_id, input.tool_input.plan);
    const planText = await readFile(planPath, 'utf8');
    const apiKey = io.env.ANTHROPIC_API_KEY?.trim() || undefined;
    if (!apiKey) return await staticAnswer(io, cwd, planText, options, planPath);

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
      emit(io, { systemMessage: `Verify Plan hook: ${refusal} The plan was not checked.` });
      return ExitCode.proceed;
    }
    const stateDir = path.join(cwd, DEFAULT_STATE_DIR);
    const store = createFileRunStore(stateDir, { onUnreadable: unreadableReporter(io) });
    let notSaved: string | null = null;
    const previous = await store.loadLatest(planPath).catch(() => null);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeLimitMs);
    let result;
    try {
      result = await runVerification({
        planPath,
        planText,
        workspaceRoot: cwd,
        provider: createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), ...providerFields(options.engine) }),
        config,
        signal: controller.signal,
        store,
        previous,
        research: createResearchToolbox({ root: cwd, denyGlobs: config.denyGlobs, webSearch: config.webSearch, memory: createStoreMemorySource(store, { planPath }) }),
        trusted: false,
        onEvent: (event) => {
          if (event.type === 'state-not-saved') notSaved = event.final ? event.error : notSaved;
        },
      });
    } finally {
      clearTimeout(timer);
    }
    // The user sees systemMessage; a run that could not be kept says so there (the hook still never blocks on it).
    const unsaved = notSaved === null ? '' : ` The run state could not be saved in ${stateDir} (${notSaved as string}); the next run will not remember this one.`;
    if (result.verdict.startsWith('REVISE') || result.verdict === 'RETHINK') {
      emit(io, { ...denyOutput(gateDenialReason(result)), ...(unsaved ? { systemMessage: `Verify Plan:${unsaved}` } : {}) });
    } else {
      const why = result.partial || !result.verdict.startsWith('PROCEED') ? ` (run incomplete: ${result.stopCause ?? result.verdict}; not blocking)` : '';
      emit(io, { systemMessage: `Verify Plan: ${result.verdict}${why}.${unsaved}` });
    }
    return ExitCode.proceed;
  } catch (error) {
    emit(io, { systemMessage: `Verify Plan hook failed (${(error as Error).message}); the plan was not checked.` });
    return ExitCode.proceed;
  }
}

async function staticAnswer(io: CliIo, cwd: string, planText: string, options: HookOptions, planPath: string): Promise<number> {
  const outcome = await runStatic(planText, cwd, { team: options.team }, planPath);
  const errors = outcome.findings.filter((f) => f.level === 'error');
  const summary = `Verify Plan (static checks only, no ANTHROPIC_API_KEY): ${errors.length} error(s), ${outcome.findings.length - errors.length} other finding(s).`;
  if (errors.length > 0 && options.blockOnStatic) {
    const lines = errors.slice(0, 20).map((f) => `- plan line ${f.range.startLine + 1}: ${f.code}: ${f.message.replace(/\s+/g, ' ')}`);
    emit(io, denyOutput(`${summary} Fix these, then call ExitPlanMode again:\n${lines.join('\n')}`));
  } else emit(io, { systemMessage: summary });
  return ExitCode.proceed;
}
