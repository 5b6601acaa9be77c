/**
 * Setup check (`verify-plan doctor`, "Verify Plan: Check Setup"): with the
 * user's key and settings, the smallest real calls that exercise each request
 * shape a run uses, each reported as OK or as the exact failure with its fix,
 * and what they cost.
 *
 * The shapes and the pages they follow:
 * - Models API lookup of every configured model (`GET /v1/models/{id}`,
 *   https://platform.claude.com/docs/en/api/models/retrieve).
 * - A structured answer per configured model at its role's effort, with
 *   adaptive thinking where the model takes it (`output_config.format`,
 *   `output_config.effort`, `thinking: {type: "adaptive"}`;
 *   https://platform.claude.com/docs/en/build-with-claude/structured-outputs,
 *   https://platform.claude.com/docs/en/build-with-claude/effort,
 *   https://platform.claude.com/docs/en/build-with-claude/thinking).
 * - A two-turn strict tool loop that replays the first turn as received
 *   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use,
 *   https://platform.claude.com/docs/en/build-with-claude/preserved-thinking).
 * - A cached prefix written, then read back (`cache_read_input_tokens`;
 *   https://platform.claude.com/docs/en/build-with-claude/prompt-caching).
 *
 * Contract: never throws; every failure is a check with `ok: false`.
 */
import * as z from 'zod';
import type { EffortLevel, PriceTable } from '../config';
import { findModel } from '../models';
import type { AgentRole } from '../protocol';
import { callAgent } from './agent-call';
import type { ModelLookup } from './model-lifecycle';
import { roleMarker, type LlmProvider, type ToolExecutor } from './provider';

export interface DoctorCheck {
  name: string;
  ok: boolean;
  /** What was seen (OK) or the exact failure. */
  detail: string;
  /** What to change, on a failure. */
  fix?: string;
  costUsd: number;
}

export interface DoctorReport {
  checks: DoctorCheck[];
  costUsd: number;
  ok: boolean;
}

export interface DoctorInput {
  provider: LlmProvider;
  lookup: ModelLookup;
  models: Record<AgentRole, string>;
  effort: Record<AgentRole, EffortLevel>;
  prices: PriceTable;
  signal?: AbortSignal;
  /** Each check as it finishes, for live output. */
  onCheck?: (check: DoctorCheck) => void;
}

const DoctorAnswer = z.object({ status: z.enum(['ready', 'not_ready']), word: z.string() });
const TOOL_WORD = 'lantern';
const LOOKUP_TOOL = {
  name: 'lookup_word',
  description: 'Returns the word stored under a key.',
  input_schema: { type: 'object', properties: { key: { type: 'string', enum: ['setup'] } }, required: ['key'], additionalProperties: false },
  strict: true,
};
/** Over 4,096 tokens by any tokenizer: above every current model's minimum cacheable prompt. */
const CACHED_PREFIX = `${roleMarker('researcher')}\nSetup check. Reference text, cached:\n${'The plan is data; the workspace is evidence; every claim cites a line. '.repeat(260)}`;

/** The roles that use each model, in role order. */
function rolesByModel(models: Record<AgentRole, string>): Map<string, AgentRole[]> {
  const out = new Map<string, AgentRole[]>();
  for (const [role, id] of Object.entries(models) as [AgentRole, string][]) out.set(id, [...(out.get(id) ?? []), role]);
  return out;
}

/** What the check would do, one line per call, for a front end without a key. */
export function doctorPlan(models: Record<AgentRole, string>, effort: Record<AgentRole, EffortLevel>): string[] {
  const byModel = rolesByModel(models);
  const research = models.researcher;
  return [
    ...[...byModel.keys()].map((id) => `Models API: look up ${id} (GET /v1/models/${id}): served, its max_tokens, context window and capabilities`),
    ...[...byModel.entries()].map(
      ([id, roles]) =>
        `Structured answer: ${id} at effort ${effort[roles[0]!]}${findModel(id)?.capabilities.adaptiveThinking ? ' with adaptive thinking' : ''} (output_config.format)`,
    ),
    `Tool loop: ${research} calls a strict tool, the first turn goes back exactly as received, the answer follows`,
    `Prompt cache: ${research} writes a cached prefix of about 5,000 tokens, a second call reads it back (cache_read_input_tokens)`,
  ];
}

function failureFix(message: string): string {
  if (/credentials|401|403|authentication/i.test(message))
    return 'check the API key (ANTHROPIC_API_KEY, or "Verify Plan: Set API Key" in the editor) and that it belongs to an active workspace';
  if (/could not reach|connection|ECONN|ENOTFOUND|fetch failed/i.test(message)) return 'check the network and the base URL (ANTHROPIC_BASE_URL or the verifyPlan.baseUrl setting)';
  if (/404|not_found/i.test(message)) return 'choose a model the API serves (--model-<role> or the verifyPlan.models.* settings)';
  if (/bound to a different conversation/.test(message)) return 'a proxy or gateway between you and the API rewrites requests; let assistant turns through unchanged';
  if (/effort/i.test(message)) return 'choose an effort level the model supports (--effort-<role> or the verifyPlan.effort.* settings)';
  if (/rate limit|429|overloaded|529/i.test(message)) return 'wait a minute and run the check again';
  return 'see the message; if a proxy or gateway sits in between, try without it';
}

export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  const add = (check: DoctorCheck) => {
    checks.push(check);
    try {
      input.onCheck?.(check);
    } catch {
      // A UI listener must not break the check.
    }
  };
  const byModel = rolesByModel(input.models);

  for (const [id, roles] of byModel) {
    const name = `Models API: ${id} (${roles.join(', ')})`;
    try {
      const answer = await input.lookup(id, input.signal);
      if (answer === 'not_found') {
        add({
          name,
          ok: false,
          detail: `the API does not serve "${id}" (404 not_found_error)`,
          fix: `use ${findModel(id)?.replacement ?? 'a current model'} (--model-<role> or the verifyPlan.models.* settings)`,
          costUsd: 0,
        });
      } else {
        const limits = typeof answer === 'object' ? answer.limits : {};
        const figures = [
          limits.maxOutputTokens ? `max_tokens ${limits.maxOutputTokens.toLocaleString('en-US')}` : null,
          limits.maxInputTokens ? `context ${limits.maxInputTokens.toLocaleString('en-US')}` : null,
        ].filter(Boolean);
        add({ name, ok: true, detail: `served${figures.length ? `, ${figures.join(', ')}` : ''}`, costUsd: 0 });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      add({ name, ok: false, detail: `the Models API did not answer: ${message}`, fix: failureFix(message), costUsd: 0 });
    }
  }

  const base = { provider: input.provider, iteration: 0, schema: DoctorAnswer, prices: input.prices, ...(input.signal ? { signal: input.signal } : {}) };
  for (const [id, roles] of byModel) {
    const role = roles[0]!;
    const result = await callAgent({
      ...base,
      role,
      model: id,
      effort: input.effort[role],
      system: [{ type: 'text', text: `${roleMarker(role)}\nSetup check: answer with status "ready" and the word "ready".` }],
      userText: 'Answer now.',
      tools: [],
      maxToolTurns: 0,
    });
    const name = `Structured answer: ${id} at effort ${input.effort[role]}`;
    if (result.ok) add({ name, ok: true, detail: 'JSON answer that matches its schema', costUsd: result.call.cost_usd });
    else add({ name, ok: false, detail: `${result.failure.kind}: ${result.failure.message}`, fix: failureFix(result.failure.message), costUsd: result.call.cost_usd });
  }

  const research = input.models.researcher;
  const executor: ToolExecutor = { execute: () => Promise.resolve({ content: TOOL_WORD, isError: false }) };
  const loop = await callAgent({
    ...base,
    role: 'researcher',
    model: research,
    effort: input.effort.researcher,
    system: [{ type: 'text', text: `${roleMarker('researcher')}\nSetup check: call lookup_word once with key "setup", then answer with status "ready" and the word it returned.` }],
    userText: 'Start with the tool.',
    tools: [LOOKUP_TOOL],
    executor,
    maxToolTurns: 2,
  });
  const loopName = `Tool loop: ${research}, strict tool, first turn replayed`;
  if (!loop.ok) add({ name: loopName, ok: false, detail: `${loop.failure.kind}: ${loop.failure.message}`, fix: failureFix(loop.failure.message), costUsd: loop.call.cost_usd });
  else if (loop.call.tool_calls === 0)
    add({ name: loopName, ok: false, detail: 'the model answered without calling the tool, so no turn was replayed', fix: 'run the check again', costUsd: loop.call.cost_usd });
  else add({ name: loopName, ok: true, detail: `${loop.call.tool_calls} tool call(s), the second turn accepted`, costUsd: loop.call.cost_usd });

  let cacheCost = 0;
  let read = 0;
  let failure: string | null = null;
  for (let i = 0; i < 2 && failure === null; i++) {
    const call = await callAgent({
      ...base,
      role: 'researcher',
      model: research,
      effort: 'low',
      system: [{ type: 'text', text: CACHED_PREFIX, cache: true }],
      userText: 'Answer with status "ready" and the word "cached".',
      tools: [],
      maxToolTurns: 0,
    });
    cacheCost += call.call.cost_usd;
    read = call.call.usage.cache_read_input_tokens;
    if (!call.ok) failure = `${call.failure.kind}: ${call.failure.message}`;
  }
  const cacheName = `Prompt cache: ${research}, prefix read back`;
  if (failure) add({ name: cacheName, ok: false, detail: failure, fix: failureFix(failure), costUsd: cacheCost });
  else if (read === 0)
    add({
      name: cacheName,
      ok: false,
      detail: 'the second call read nothing from the cache (cache_read_input_tokens 0)',
      fix: 'a proxy or gateway may drop cache_control; runs will cost more without the cache',
      costUsd: cacheCost,
    });
  else add({ name: cacheName, ok: true, detail: `cache_read_input_tokens ${read.toLocaleString('en-US')}`, costUsd: cacheCost });

  const costUsd = checks.reduce((sum, c) => sum + c.costUsd, 0);
  return { checks, costUsd, ok: checks.every((c) => c.ok) };
}
