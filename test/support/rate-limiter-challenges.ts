/**
 * Scripted challenges against examples/base-team-rate-limiter.md (the default
 * plan of run-harness.ts) for the loop scenario tests: five distinct
 * claim/concern pairs on one passage, raised at the severities a test picks,
 * and plan passages that can settle them. Distinct texts matter: the loop's
 * de-dup would merge challenges that share a passage and a concern.
 */
import { type FakeReply } from './fake-anthropic';
import { challenge, challengerOut, planEvidence, reply } from './replies';

export const FAIL_OPEN = 'If Redis is unreachable, let the request through and count the failure.';
/** Plan passages of examples/base-team-rate-limiter.md that answer the scripted concerns. */
export const SERVER_TIME = planEvidence('the script uses the Redis server time, not the caller');
export const ROUND_TRIP = planEvidence('the Lua script keeps it to one');
/** The same reply for each of three iterations. */
export const three = (r: FakeReply): FakeReply[] => [r, r, r];
/** A challenger reply that raises nothing. */
export const none = reply(challengerOut([]));
const claims = [
  'Fail-open removes every limit during an outage',
  'Hot keys add a round trip per request',
  'Clock skew corrupts buckets',
  'The rollout switch needs a restart',
  'Bucket keys never expire',
];
const concerns = [
  'During a Redis outage abusive clients face no limit at all',
  'Popular API keys pay extra latency on every call',
  'Instances with drifting clocks refill tokens at different rates',
  'Turning the limiter off requires redeploying every instance',
  'Idle tenants leave keys behind that fill memory',
];
/** One challenger reply raising claims[i] at severities[i], all quoting FAIL_OPEN. */
export const raise = (severities: ('BLOCKING' | 'SIGNIFICANT' | 'MINOR')[]) =>
  reply(challengerOut(severities.map((severity, i) => challenge({ ref: `n${i}`, severity, claim: claims[i]!, quote: FAIL_OPEN, concern: concerns[i]! }))));
