/**
 * Runs one scenario through the real loop, the real SDK and the fake
 * Messages API (test/support/fake-anthropic.ts, whose estimator and cache
 * model are the one yardstick for every figure here) and measures tokens,
 * cache reads, wall time and the critical path.
 *
 * Critical path: phases run one after another, agents within a phase in
 * parallel, and each agent's turns (tool turns, a correction) in sequence.
 * So the critical path is Σ over phases of the most requests any one role
 * made in that phase, counted from the requests the server received between
 * the loop's `phase-started` events — what the run did, not a formula.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_MODELS } from '../src/core/config';
import { createAnthropicProvider } from '../src/core/llm/anthropic';
import { roleMarker, type LlmProvider, type ModelRequest, type TextBlock } from '../src/core/llm/provider';
import { workspaceFactsBlock } from '../src/core/agents/workspace-facts';
import { auditorAgent, challengerAgent, devilsAdvocateAgent, domainExpertAgent, researcherAgent, resolverAgent, synthesizerAgent } from '../src/core/agents';
import { createResearchToolbox } from '../src/core/research';
import type { AgentRole, Usage } from '../src/core/protocol';
import type { RunResult } from '../src/core/run-types';
import { FakeAnthropicServer, type ReceivedRequest } from '../test/support/fake-anthropic';
import { runAgainstFake } from '../test/support/run-harness';
import type { Scenario } from './scenarios';

/**
 * parallel: the engine as it is (which itself holds a model's later calls
 * until its first response starts, src/core/llm/warm-first.ts). sequential:
 * the naive comparison (one mutex over every `send`).
 */
export type Orchestration = 'parallel' | 'sequential';

export interface CallUsage {
  role: AgentRole | null;
  model: string;
  usage: Usage;
}

export interface RunMeasurement {
  scenario: string;
  orchestration: Orchestration;
  result: RunResult;
  calls: CallUsage[];
  /** The requests the fake API served, in arrival order (the prompt layout as sent). */
  requests: ReceivedRequest[];
  totals: Usage;
  wallMs: number;
  criticalPathCalls: number;
  latencyMs: number;
  toolCalls: number;
}

/**
 * The naive orchestration for comparison: the same provider with every
 * `send` behind one mutex, so no two model turns overlap.
 */
export function serialised(provider: LlmProvider): LlmProvider {
  let tail: Promise<unknown> = Promise.resolve();
  const send = (request: ModelRequest) => {
    const turn = tail.then(() => provider.send(request));
    tail = turn.catch(() => undefined);
    return turn;
  };
  // Everything else the provider says about itself (structured outputs, model limits) passes through: same requests, one at a time.
  return Object.assign(Object.create(provider) as LlmProvider, { id: `${provider.id}+serialised`, send });
}

/** What-if wrapper: later calls of a model wait until the model's first response has started (first streamed text) or ended. */
/**
 * What-if wrapper: replaces the role's cached instruction block (the second
 * block of the first user message) with one block holding every role's
 * instructions, and moves the role marker into the uncached task text. The
 * prefix up to the handbook is then the same for every role of a model.
 */
export function handbookLayout(provider: LlmProvider): LlmProvider {
  // Section headings instead of role markers: the marker must name the one role of this call.
  // The engine's requests use structured outputs (the format carries the shape), so the sections are the structured instructions.
  const sections = ALL_AGENTS.map((a) => `## Handbook section: ${a.role}\n${a.structuredInstructions.text.replace(roleMarker(a.role), '').trim()}`);
  const handbook: TextBlock = { type: 'text', text: sections.join('\n\n'), cache: true };
  const send = (request: ModelRequest) => {
    const [first, ...rest] = request.messages;
    const blocks = first?.content ?? [];
    const roleBlockIndex = blocks.findIndex((b) => b.type === 'text' && b.text.startsWith(roleMarker(request.role)));
    if (!first || roleBlockIndex < 0) return provider.send(request);
    const content = blocks.map((b, i) => (i === roleBlockIndex ? handbook : b));
    const task = content.findIndex((b, i) => i > roleBlockIndex && b.type === 'text');
    if (task >= 0) {
      const t = content[task] as TextBlock;
      content[task] = { ...t, text: `You act as the ${request.role} (${roleMarker(request.role)}): follow that role's section of the handbook.\n\n${t.text}` };
    }
    return provider.send({ ...request, messages: [{ ...first, content }, ...rest] });
  };
  return Object.assign(Object.create(provider) as LlmProvider, { id: `${provider.id}+handbook`, send });
}

const ALL_AGENTS = [challengerAgent, domainExpertAgent, devilsAdvocateAgent, resolverAgent, researcherAgent, synthesizerAgent, auditorAgent];

export interface MeasureOptions {
  latencyMs: number;
  orchestration: Orchestration;
  /** Overrides of the models per role (what-if: one model for every role). */
  models?: Partial<Record<AgentRole, string>>;
  /** 'handbook' (what-if): every role's instructions in one shared cached block; see handbookLayout. */
  layout?: 'engine' | 'handbook';
  /** 'withheld' (bench/facts-toggle.ts): the workspace-facts block left out of every request, and the scenario's script for that run. */
  workspaceFacts?: 'sent' | 'withheld';
}

const FACTS_LEAD = (workspaceFactsBlock('-')?.text ?? '').split('\n')[0] as string;

/** Toggle wrapper: every request without the workspace-facts block (the run as it was before the engine sent one). */
export function withoutWorkspaceFacts(provider: LlmProvider): LlmProvider {
  const send = (request: ModelRequest) => {
    const messages = request.messages.map((m) => ({ ...m, content: m.content.filter((b) => !(b.type === 'text' && b.text.startsWith(FACTS_LEAD))) }));
    return provider.send({ ...request, messages });
  };
  // Structured outputs and the model limits pass through: the same requests, without the block.
  return Object.assign(Object.create(provider) as LlmProvider, { id: `${provider.id}-facts`, send });
}

export async function measureRun(scenario: Scenario, options: MeasureOptions): Promise<RunMeasurement> {
  const server = await FakeAnthropicServer.start({ latencyMs: options.latencyMs });
  const boundaries: number[] = [];
  try {
    const base = createAnthropicProvider({ apiKey: 'bench-key', baseURL: server.baseURL, maxRetries: 0 });
    const withheld = options.workspaceFacts === 'withheld';
    if (withheld && !scenario.scriptWithoutFacts) throw new Error(`scenario ${scenario.id} has no script for a run without workspace facts`);
    const facts = withheld ? withoutWorkspaceFacts(base) : base;
    const laidOut = options.layout === 'handbook' ? handbookLayout(facts) : facts;
    const provider = options.orchestration === 'sequential' ? serialised(laidOut) : laidOut;
    const root = scenario.workspaceRoot;
    const started = performance.now();
    const { result } = await runAgainstFake({
      server,
      script: withheld && scenario.scriptWithoutFacts ? scenario.scriptWithoutFacts() : scenario.script(),
      plan: scenario.plan(),
      config: options.models ? { ...scenario.config, models: { ...DEFAULT_MODELS, ...options.models } } : scenario.config,
      onEvent: (event) => {
        if (event.type === 'phase-started') boundaries.push(server.received.length);
      },
      options: {
        provider,
        workspaceRoot: root,
        research: root ? createResearchToolbox({ root }) : null,
      },
    });
    const wallMs = performance.now() - started;
    const served = server.received.filter((r) => r.usage);
    return {
      scenario: scenario.id,
      orchestration: options.orchestration,
      result,
      calls: served.map((r) => ({ role: r.role, model: String(r.body?.model ?? ''), usage: r.usage! })),
      requests: served,
      totals: server.totals(),
      wallMs,
      criticalPathCalls: criticalPath(server.received, boundaries),
      latencyMs: options.latencyMs,
      toolCalls: result.calls.reduce((n, c) => n + c.tool_calls, 0),
    };
  } finally {
    await server.stop();
  }
}

/** Σ over phases of the largest number of requests one role made in that phase. */
export function criticalPath(received: ReceivedRequest[], phaseStarts: number[]): number {
  const edges = [...phaseStarts, received.length];
  let steps = edges[0] ?? 0; // requests before the first phase (none expected) count one each
  for (let i = 0; i + 1 < edges.length; i++) {
    const perRole = new Map<string, number>();
    for (const r of received.slice(edges[i], edges[i + 1])) perRole.set(r.role ?? '?', (perRole.get(r.role ?? '?') ?? 0) + 1);
    steps += Math.max(0, ...perRole.values());
  }
  return steps;
}

/** Share of a call's prompt read from cache. */
export function cacheShare(u: Usage): number {
  const prompt = u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
  return prompt === 0 ? 0 : u.cache_read_input_tokens / prompt;
}

export interface CacheSummary {
  calls: number;
  /** Σ read / Σ prompt over the calls. */
  aggregate: number;
  /** The lowest per-call share. */
  worst: number;
  /** Calls whose share reaches `target`. */
  atTarget: number;
}

export interface CacheFigures {
  /** Calls after the first call of their model. */
  afterFirstOfModel: CacheSummary;
  /** Calls after the first call of the run. */
  afterFirst: CacheSummary;
}

export function cacheFigures(calls: CallUsage[], target = 0.7): CacheFigures {
  const seen = new Set<string>();
  const laterOfModel: Usage[] = [];
  for (const c of calls) {
    if (seen.has(c.model)) laterOfModel.push(c.usage);
    seen.add(c.model);
  }
  const summarise = (list: Usage[]) => {
    const read = list.reduce((n, u) => n + u.cache_read_input_tokens, 0);
    const prompt = list.reduce((n, u) => n + u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens, 0);
    const shares = list.map(cacheShare);
    return { calls: list.length, aggregate: prompt ? read / prompt : 0, worst: list.length ? Math.min(...shares) : 0, atTarget: shares.filter((x) => x >= target).length };
  };
  return { afterFirstOfModel: summarise(laterOfModel), afterFirst: summarise(calls.slice(1).map((c) => c.usage)) };
}

export function totalTokens(u: Usage): number {
  return u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
}
