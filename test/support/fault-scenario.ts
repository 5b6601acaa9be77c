/**
 * The three-iteration scenario the fault matrix runs, and the faults it
 * injects. Without faults every role runs in every iteration where the seed
 * runs it, and the run ends RETHINK after 3 iterations (a BLOCKING challenge
 * stays UNRESOLVED):
 *
 *   iteration k: challengers raise (k=1) a BLOCKING C1, and every k one
 *                general unknown → the resolver answers it
 *                researcher: iteration 1 (SURFACE + PROBE); k=2,3 because the
 *                synthesizer asks for RE-PROBE and C1 is UNRESOLVED and unprobed
 *                synthesizer: C1 UNRESOLVED, quality scores
 *   after k=3:   no audit: the loop did not converge (seed 001 Step 4, "If
 *                converged"). The auditor's cells run the converging variant
 *                (`converging`): in iteration 3 the synthesizer settles C1 on
 *                a plan passage, the loop converges to PROCEED, and the
 *                auditor runs once.
 */
import type { AgentRole } from '../../src/core/protocol';
import type { FakeReply } from './fake-anthropic';
import { audit, challenge, challengerOut, planEvidence, quality, reply, researcherOut, resolverOut, synth, unknown, update } from './replies';

export const SCENARIO_QUOTE = 'If Redis is unreachable, let the request through and count the failure.';

export type FaultName =
  'http-500' | 'overloaded-529' | 'rate-limited-429' | 'connection-reset' | 'timeout' | 'truncated-stream' | 'schema-invalid-json' | 'empty-answer' | 'refusal' | 'max-tokens-cut';

export interface FaultSpec {
  name: FaultName;
  /** The reply for one request while the fault lasts. */
  reply: FakeReply;
  /** The agent failure kind the loop must record when the fault persists. */
  kind: 'api_error' | 'timeout' | 'truncated' | 'connection_lost' | 'invalid_output' | 'empty' | 'refusal';
  /** How a single occurrence is survived: the SDK's retry, our correction turn, or not at all. */
  recovery: 'sdk-retry' | 'correction-turn' | 'none';
}

/** Provider timeout in cells that inject the timeout fault: short, so the fault and its one retry cost about 2 s. */
export const FAULT_TIMEOUT_MS = 1000;
/** Provider timeout in every other cell: generous, so a loaded machine never turns a healthy reply into a timeout. */
export const HEALTHY_TIMEOUT_MS = 15_000;

/** `retry-after: 0.001` (seconds): the SDK honours it, so retried faults stay fast. */
const FAST_RETRY = 0.001;

export const FAULTS: FaultSpec[] = [
  {
    name: 'http-500',
    reply: { kind: 'error', status: 500, type: 'api_error', message: 'fake internal error', retryAfterSeconds: FAST_RETRY },
    kind: 'api_error',
    recovery: 'sdk-retry',
  },
  {
    name: 'overloaded-529',
    reply: { kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded', retryAfterSeconds: FAST_RETRY },
    kind: 'api_error',
    recovery: 'sdk-retry',
  },
  {
    name: 'rate-limited-429',
    reply: { kind: 'error', status: 429, type: 'rate_limit_error', message: 'rate limited', retryAfterSeconds: FAST_RETRY },
    kind: 'api_error',
    recovery: 'sdk-retry',
  },
  { name: 'connection-reset', reply: { kind: 'reset' }, kind: 'api_error', recovery: 'sdk-retry' },
  { name: 'timeout', reply: { kind: 'hang' }, kind: 'timeout', recovery: 'sdk-retry' },
  { name: 'truncated-stream', reply: { kind: 'truncate', text: '{"challenges": [{"ref": "n1", "quo', mode: 'end' }, kind: 'connection_lost', recovery: 'none' },
  // No "answer in the wrong shape" or "empty answer" rows: under structured outputs (every role on the Anthropic
  // provider) the API's constrained decoder cannot write them; the free-text path keeps its tests in llm-agent-call.test.ts.
  { name: 'refusal', reply: { kind: 'text', text: 'I cannot help with that.', stopReason: 'refusal' }, kind: 'refusal', recovery: 'none' },
  {
    name: 'max-tokens-cut',
    reply: { kind: 'text', text: '```json\n{"challenges": [{"ref": "n1", "claim": "cut here', stopReason: 'max_tokens' },
    kind: 'truncated',
    recovery: 'none',
  },
];

export const CHALLENGER_ROLES: readonly AgentRole[] = ['challenger', 'domain-expert', 'devils-advocate'];

/** Roles of the scaled team only; cells for them run the scenario with `team: 'scaled'`. */
export const SCALED_ONLY: readonly AgentRole[] = ['domain-expert', 'devils-advocate'];

/** Where the scenario runs each role when nothing fails (1-based iterations). */
export function scenarioIterations(role: AgentRole): number[] {
  return role === 'auditor' ? [3] : [1, 2, 3];
}

/** The plan passage the converging variant settles C1 on (grounds the engine checks: verbatim in the plan, not C1's own quote). */
export const SETTLING_PASSAGE = 'Redis 7 already backs the session store';

/** The healthy outcome: RETHINK after 3 iterations; the converging variant (the auditor's cells) PROCEED, converged, after 3. */
export function scenarioOutcome(converging: boolean): { verdict: 'RETHINK' | 'PROCEED'; iterations: 3; stopCause: 'max_iterations' | 'converged' } {
  return converging ? { verdict: 'PROCEED', iterations: 3, stopCause: 'converged' } : { verdict: 'RETHINK', iterations: 3, stopCause: 'max_iterations' };
}

/** The healthy reply of `role` in `iteration`. Challengers' unknowns are general, so they never depend on admission. */
export function scenarioReply(role: AgentRole, iteration: number, converging = false): FakeReply {
  switch (role) {
    case 'challenger':
    case 'domain-expert':
    case 'devils-advocate': {
      const general = unknown({ description: `${role} asks about Redis failover (iteration ${iteration})`, affects_challenge: null });
      const raised =
        iteration === 1 && role === 'challenger'
          ? [challenge({ ref: 'n1', quote: SCENARIO_QUOTE, severity: 'BLOCKING', claim: 'Failing open on a Redis outage removes every rate limit' })]
          : iteration === 1 && role === 'domain-expert'
            ? [challenge({ ref: 'd1', severity: 'MINOR', claim: 'Window boundaries drift with client clock skew' })]
            : [];
      return reply(challengerOut(raised, [general]));
    }
    case 'resolver':
      // Answers whatever is pending: the ids are read from the request by `resolverReplyFor`.
      return reply(resolverOut([]));
    case 'researcher':
      return reply(researcherOut({}));
    case 'synthesizer':
      if (converging && iteration === 3) {
        return reply(synth([update('C1', 'RESOLVED', 'The shared Redis is already operated for sessions', [planEvidence(SETTLING_PASSAGE)])], { quality: quality(6) }));
      }
      // The directives name the domain expert and the devil's advocate, so the scaled team calls them again in iterations 2–3.
      return reply(
        synth([update('C1', 'UNRESOLVED', 'No mitigation for a Redis outage yet')], {
          quality: quality(5),
          re_probe: true,
          directives: ['Domain expert: re-evaluate the Redis failover behaviour, per C1', "Devil's advocate: trace the cascade of C1"],
        }),
      );
    case 'auditor':
      return reply(audit());
  }
}

/** The resolver's healthy answer: CONFIRMED for every unknown id the request lists. */
export function resolverReplyFor(body: unknown): FakeReply {
  const text = JSON.stringify(body);
  const task = /resolve each of these unknowns \(([^)]*)\)/.exec(text);
  const ids = task
    ? task[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  return reply(resolverOut(ids.map((id) => ({ id, resolution: 'CONFIRMED' as const, finding: 'Confirmed: failover is configured' }))));
}
