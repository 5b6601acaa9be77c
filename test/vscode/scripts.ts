/**
 * Scripted replies of the fake Anthropic API for the real-VS-Code suite, one
 * per scenario. Replies are built with the validated builders in
 * test/support/replies.ts, so the loop sees what real agents could send.
 * Quotes are verbatim excerpts of the fixture plans.
 */
import { byRole, type FakeReply, type ReceivedRequest, type Script } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, resolverOut, synth, update, planEvidence } from '../support/replies';

/** Verbatim plan text each challenge of plan.md quotes. */
export const MAIN_QUOTES = {
  c1: 'keyed by API key, held in process memory',
  c2: 'answer 429 with a Retry-After header when the bucket is empty',
  c3: 'Roll out behind the `search_rate_limit` flag, first to 5% of keys.',
} as const;

/** 0-based lines of those quotes in plan.md. */
export const MAIN_LINES = { c1: 13, c2: 14, c3: 16 } as const;

/** Answers every call of a role after the first with `rest`. */
function firstThen(first: FakeReply, rest: FakeReply): (req: ReceivedRequest) => FakeReply {
  let calls = 0;
  return () => (calls++ === 0 ? first : rest);
}

const quiet = {
  researcher: () => reply(researcherOut({})),
  resolver: () => reply(resolverOut([])),
  'domain-expert': () => reply(challengerOut([])),
  'devils-advocate': () => reply(challengerOut([])),
  auditor: () => reply(audit({ note: 'Scores match the evidence.' })),
};

/**
 * plan.md, one iteration: C1 SIGNIFICANT stays UNRESOLVED (with file
 * evidence), C2 SIGNIFICANT is RESOLVED, C3 MINOR stays UNRESOLVED. (The
 * engine numbers challenges in its admission order, severity first.)
 */
export function mainScript(): Script {
  const challenges = [
    challenge({
      ref: 'mem',
      quote: MAIN_QUOTES.c1,
      claim: 'An in-memory bucket limits each instance, not each key',
      concern: 'The gateway runs several instances, so a key gets N times the limit',
      failure_scenario: 'With 4 gateway instances a looping client still sends 400 requests per minute and causes the next incident',
      alternative: 'Keep the buckets in the shared Redis the gateway already uses, or route by key',
      severity: 'SIGNIFICANT',
      confidence: 'HIGH',
      evidence: [{ source: 'src/gateway.ts', path: 'src/gateway.ts', line: 2, finding: 'forward() has no shared state', impact: 'limits would be per instance' }],
    }),
    challenge({
      ref: 'retry',
      quote: MAIN_QUOTES.c2,
      claim: 'Retry-After needs the refill time, which the plan does not compute',
      concern: 'Clients may retry immediately',
      failure_scenario: 'Clients retry in a tight loop against 429s',
      alternative: 'Compute Retry-After from the bucket refill rate',
      severity: 'SIGNIFICANT',
      confidence: 'MED',
    }),
    challenge({
      ref: 'rollout',
      quote: MAIN_QUOTES.c3,
      claim: 'A 5% rollout by key does not exercise the noisy clients',
      concern: 'The incidents came from a single client, which is unlikely to be in the 5%',
      failure_scenario: 'The rollout looks healthy and the limit first meets the looping client at 100%',
      alternative: 'Include the known noisy keys in the first cohort',
      severity: 'MINOR',
      confidence: 'MED',
    }),
  ];
  return byRole({
    ...quiet,
    challenger: firstThen(reply(challengerOut(challenges)), reply(challengerOut([]))),
    synthesizer: () =>
      reply(
        synth(
          [
            update('C1', 'UNRESOLVED', 'No shared store is planned'),
            update('C2', 'RESOLVED', 'Refill maths gives the header value', [planEvidence('Unit tests for the bucket refill maths')]),
            update('C3', 'UNRESOLVED', 'Cohort unchanged'),
          ],
          {
            quality: quality(6),
            summary: 'One significant issue remains.',
          },
        ),
      ),
  });
}

export const BLOCKED_QUOTE = 'Remove sticky routing from the load balancer once all instances read from Redis.';
export const BLOCKING_QUESTION = 'Does any service besides the gateway depend on sticky sessions?';

/**
 * blocked.md, two iterations: C1 BLOCKING is UNRESOLVED with a question
 * (→ BLOCKED checkpoint); after the user's answer the second synthesis
 * resolves it.
 */
export function blockedScript(): Script {
  let syntheses = 0;
  return byRole({
    ...quiet,
    challenger: firstThen(
      reply(
        challengerOut([
          challenge({
            ref: 'sticky',
            quote: BLOCKED_QUOTE,
            claim: 'Other services may rely on sticky routing',
            concern: 'Removing stickiness can break websocket sessions',
            failure_scenario: 'Live websocket connections drop when the balancer stops pinning them to an instance',
            alternative: 'Inventory sticky-dependent services first',
            severity: 'BLOCKING',
            confidence: 'HIGH',
          }),
        ]),
      ),
      reply(challengerOut([])),
    ),
    synthesizer: () =>
      syntheses++ === 0
        ? reply(synth([update('C1', 'UNRESOLVED', 'Needs the user: unknown dependants')], { blocking_question: BLOCKING_QUESTION }))
        : reply(synth([update('C1', 'RESOLVED', 'The user confirmed no other service depends on stickiness')], { quality: quality(7) })),
  });
}

/** Every challenger call hangs until the client aborts: a run to cancel. */
export function hangingScript(): Script {
  return byRole({ ...quiet, challenger: () => ({ kind: 'hang' }) });
}
