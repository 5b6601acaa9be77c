/**
 * Folds the loop's RunEvents into a LiveRun: what the panel and the status bar
 * show while a run is in progress. Pure: never mutates its inputs, never
 * throws; an event that arrives without a preceding `run-started` (a listener
 * attached late) starts a LiveRun with what that event knows.
 */
import { stopCauseOf } from './labels';
import type { Usage } from './protocol';
import type { RunEvent } from './run-types';
import type { LiveAgent, LiveRun, LiveToolCall } from './live-run';

/** Tool calls kept for display; older ones only matter in the transcript. */
export const LIVE_TOOL_LIMIT = 8;

const ZERO_USAGE: Usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };

export function emptyLive(runId: string, planPath: string): LiveRun {
  return {
    runId,
    planPath,
    status: 'running',
    assessment: null,
    iteration: 0,
    phase: null,
    phaseRoles: [],
    agents: [],
    tools: [],
    message: '',
    iterations: [],
    calls: [],
    failures: [],
    checkpoint: null,
    answeredCheckpoints: [],
    usage: ZERO_USAGE,
    costUsd: 0,
    usageReported: true,
    verdict: null,
    stopCause: null,
    savedTo: null,
  };
}

function addUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
  };
}

function keepLast<T>(items: readonly T[], item: T, limit: number): T[] {
  return [...items, item].slice(-limit);
}

export function reduceLive(live: LiveRun | null, event: RunEvent): LiveRun {
  if (event.type === 'run-started') {
    return { ...emptyLive(event.runId, event.planPath), assessment: event.assessment, usageReported: event.usageReported !== false };
  }
  if (event.type === 'run-finished') {
    const r = event.result;
    const base = live && live.runId === r.runId ? live : emptyLive(r.runId, r.planPath);
    return {
      ...base,
      status: 'finished',
      assessment: r.assessment,
      iteration: r.iterations.at(-1)?.iteration ?? base.iteration,
      phase: null,
      phaseRoles: [],
      agents: [],
      message: r.reason,
      iterations: r.iterations,
      calls: r.calls,
      failures: r.failures,
      checkpoint: null,
      usage: r.usage,
      costUsd: r.costUsd,
      usageReported: r.usageReported !== false,
      verdict: r.verdict,
      stopCause: stopCauseOf(r),
    };
  }

  const cur = live ?? emptyLive('', '');
  switch (event.type) {
    case 'phase-started':
      return {
        ...cur,
        iteration: Math.max(cur.iteration, event.iteration),
        phase: event.phase,
        phaseRoles: [...event.roles],
        agents: [],
      };
    case 'agent-started':
      return {
        ...cur,
        iteration: Math.max(cur.iteration, event.iteration),
        agents: [...cur.agents.filter((a) => a.role !== event.role), { role: event.role, model: event.model, iteration: event.iteration, outputChars: 0, thinking: false }],
      };
    case 'agent-text':
      return {
        ...cur,
        agents: cur.agents.map((a) => (a.role === event.role ? { ...streaming(a), outputChars: a.outputChars + event.delta.length } : a)),
      };
    case 'agent-retry':
      return { ...cur, agents: cur.agents.map((a) => (a.role === event.role ? { ...a, thinking: false, waiting: retryText(event) } : a)) };
    case 'agent-thinking':
      return { ...cur, agents: cur.agents.map((a) => (a.role === event.role ? { ...streaming(a), thinking: true } : a)) };
    case 'agent-finished':
      return {
        ...cur,
        agents: cur.agents.filter((a) => a.role !== event.role),
        calls: [...cur.calls, event.call],
        usage: addUsage(cur.usage, event.call.usage),
        costUsd: cur.costUsd + event.call.cost_usd,
      };
    case 'agent-failed':
      return {
        ...cur,
        agents: cur.agents.filter((a) => a.role !== event.failure.role),
        failures: [...cur.failures, event.failure],
      };
    case 'tool-called': {
      const call: LiveToolCall = { iteration: event.iteration, role: event.role, tool: event.tool, summary: event.summary, ok: event.ok };
      return {
        ...cur,
        agents: cur.agents.map((a) => (a.role === event.role ? { ...a, thinking: false } : a)),
        tools: keepLast(cur.tools, call, LIVE_TOOL_LIMIT),
      };
    }
    case 'iteration-finished':
      return {
        ...cur,
        iteration: Math.max(cur.iteration, event.iteration),
        message: event.message,
        // A repeated snapshot for the same iteration replaces the earlier one.
        iterations: [...cur.iterations.filter((s) => s.iteration !== event.state.iteration), event.state].sort((a, b) => a.iteration - b.iteration),
      };
    case 'checkpoint':
      return { ...cur, status: 'waiting', checkpoint: event.request };
    case 'checkpoint-answered':
      return {
        ...cur,
        status: cur.status === 'waiting' ? 'running' : cur.status,
        checkpoint: null,
        answeredCheckpoints: [...cur.answeredCheckpoints, { request: event.request, answer: event.answer }],
      };
    case 'state-saved':
      return { ...cur, savedTo: event.path };
    default:
      // An event type this reducer does not know yet leaves the state as it is.
      return cur;
  }
}

/** "rate limited, retrying in 20 s (retry 1 of 4)": the live views and the CLI say it the same way. */
export function retryText(notice: { reason: string; waitMs: number; attempt: number; maxRetries: number }): string {
  return `${notice.reason}, retrying in ${Math.max(1, Math.round(notice.waitMs / 1000))} s (retry ${notice.attempt} of ${notice.maxRetries})`;
}

/** The agent streams again: it no longer waits for a retry, and text or thinking replaces the thinking badge. */
function streaming(agent: LiveAgent): LiveAgent {
  const next: LiveAgent = { ...agent, thinking: false };
  delete next.waiting;
  return next;
}
