/**
 * Base team on examples/base-team-rate-limiter.md: what a real review of
 * that plan writes, at realistic lengths (a 4-challenge brief ≈ 700 words,
 * findings with sources, a synthesis with evidence and directives).
 *
 * Three-iteration story: C-fail-open OPEN → UNRESOLVED → RESOLVED; the
 * shared-Redis challenge stays UNRESOLVED until iteration 3; the
 * synthesizer directs a RE-PROBE and the challenger adds one new challenge
 * in iteration 2 on that directive. One-iteration story: the same first
 * iteration, concluded with a quality score.
 */
import type { FakeReply } from '../../test/support/fake-anthropic';
import { audit, challengerOut, researcherOut } from '../../test/support/replies';
import type { Script } from '../../test/support/fake-anthropic';
import { byRole } from '../../test/support/fake-anthropic';
import { ChallengeDraft, UnknownDraft } from '../../src/core/protocol';
import { fencedReply, qualityWithEvidence, storyResolverAnswer, storySynthesizer, toolUse, withToolTurns, type SynthesisStory } from '../scenario-kit';

const FAIL_OPEN = 'Failing open when Redis is unreachable removes the limit exactly when';
const SHARED_REDIS = 'Sharing the session Redis couples two workloads with different eviction needs';
const ROLLBACK = 'The rollback depends on a restart of every instance';
const RETRY_AFTER = 'Retry-After in whole seconds can round down to zero';
const SCRIPT_CACHE = 'EVALSHA of the Lua script fails with NOSCRIPT after a Redis failover';

const iteration1Brief = challengerOut(
  [
    ChallengeDraft.parse({
      ref: 'n1',
      quote: 'If Redis is unreachable, let the request through and count the failure.',
      claim: `${FAIL_OPEN} the API is under the most stress, because Redis outages and traffic spikes tend to coincide.`,
      concern:
        'The plan treats "unreachable" as a fast failure, but a saturated or failing-over Redis usually answers slowly rather than refusing connections. Without a command timeout every request waits for the client default before failing open, so the limiter adds latency to all traffic instead of shedding the abusive key.',
      failure_scenario:
        'During a Redis failover (10–30 s on a managed primary) each /v1 request blocks on the Lua call until the client gives up; the two app instances exhaust their worker pools, health checks fail, and the load balancer takes both out — an outage caused by the rate limiter, while the noisy key is never limited.',
      alternative:
        'Give the limiter its own short command timeout (for example 50 ms) and a circuit breaker that fails open for 30 s after N consecutive errors, so a Redis problem costs at most one timeout per instance per window; alert on rate_limit_redis_errors_total.',
      severity: 'SIGNIFICANT',
      confidence: 'HIGH',
    }),
    ChallengeDraft.parse({
      ref: 'n2',
      quote: 'Redis 7 already backs the session store (`src/lib/redis.ts`), so the limiter',
      claim: `${SHARED_REDIS}: sessions must never be evicted, buckets are disposable and written on every request.`,
      concern:
        'At 600 requests per minute per key the limiter turns the session Redis into a write-heavy store. If its maxmemory-policy is allkeys-lru, bucket churn evicts live sessions; if it is noeviction, a bucket surge makes session writes fail with OOM errors.',
      failure_scenario:
        'A burst from many keys fills memory with buckets; Redis starts evicting least-recently-used keys, logged-in users lose their sessions mid-checkout, and support sees a wave of "logged out" tickets that nobody links to the limiter rollout.',
      alternative:
        'Put buckets in a separate logical database or, better, a separate small Redis with volatile-ttl eviction; at minimum confirm the current policy and size memory for keys × bucket size before rollout.',
      severity: 'SIGNIFICANT',
      confidence: 'MED',
    }),
    ChallengeDraft.parse({
      ref: 'n3',
      quote: 'Set `RATE_LIMIT_PER_MINUTE=0` and restart; no data migration is involved, and',
      claim: `${ROLLBACK}, which is slow and risky at the moment the limiter is misbehaving.`,
      concern:
        'If the setting is read once at start-up, turning the limiter off means a rolling restart of both instances. During that restart capacity halves, and if the limiter is what is overloading the instances the restart itself can fail.',
      failure_scenario:
        'A bad limit (for example 60 instead of 600) refuses legitimate traffic for a large customer; on-call sets the variable to 0 but the change needs a deploy pipeline run and two restarts, so the customer sees 429s for 20 minutes instead of seconds.',
      alternative:
        'Read the limit per request from the existing runtime settings source (or a Redis key with a short local cache) so it can be changed without a restart, and rehearse the rollback in staging.',
      severity: 'SIGNIFICANT',
      confidence: 'MED',
    }),
    ChallengeDraft.parse({
      ref: 'n4',
      quote: '`Retry-After` in whole seconds and a JSON body `{ "error": "rate_limited" }`.',
      claim: `${RETRY_AFTER} when the bucket refills within the next second, which invites immediate retries.`,
      concern: 'At 10 tokens per second a refused client is typically less than a second from its next token; truncating gives Retry-After: 0.',
      failure_scenario: 'Well-behaved SDKs that honour Retry-After retry instantly in a loop, doubling the refused traffic from exactly the clients the limiter targets.',
      alternative: 'Round up to at least 1 second, and add the test case to the integration test in Step 2.',
      severity: 'MINOR',
      confidence: 'HIGH',
    }),
  ],
  [
    UnknownDraft.parse({
      description: 'Does the shared Redis client in src/lib/redis.ts set a command timeout, and what does it do while the server is failing over?',
      type: 'API_BEHAVIOR',
      affects_challenge: 'n1',
      suggested_query: 'grep -n "commandTimeout\\|connectTimeout\\|retryStrategy" src/lib/redis.ts',
    }),
    UnknownDraft.parse({
      description: 'Which maxmemory-policy and memory limit does the session Redis run with in production?',
      type: 'INTEGRATION_UNKNOWN',
      affects_challenge: 'n2',
      suggested_query: 'grep -rn "maxmemory" infra/ docs/',
    }),
    UnknownDraft.parse({
      description: 'Is RATE_LIMIT_PER_MINUTE read once at start-up or on every request?',
      type: 'PRIOR_DECISION',
      affects_challenge: 'n3',
      suggested_query: 'grep -rn "process.env" src/server/config.ts',
    }),
  ],
);

const iteration2Brief = challengerOut(
  [
    ChallengeDraft.parse({
      ref: 'n1',
      quote: 'runs a single Lua script (`src/server/rate-limit/bucket.lua`) so the read,',
      claim: `${SCRIPT_CACHE} or restart, because the script cache is not replicated.`,
      concern:
        "The directive asked for the failure modes of the Redis dependency. Scripts loaded with SCRIPT LOAD live only in the primary's memory; a promoted replica has none, so every EVALSHA fails until someone reloads it.",
      failure_scenario:
        'After a failover every request gets NOSCRIPT, which the middleware counts as a Redis error and fails open — the limiter silently stops limiting until the next deploy.',
      alternative: 'Use EVAL with the script body on NOSCRIPT (most clients do this with defineCommand), and add a test that flushes the script cache.',
      severity: 'SIGNIFICANT',
      confidence: 'MED',
    }),
  ],
  [
    UnknownDraft.parse({
      description: 'Does the Redis client wrapper reload Lua scripts on NOSCRIPT (defineCommand or equivalent)?',
      type: 'API_BEHAVIOR',
      affects_challenge: 'n1',
      suggested_query: 'grep -rn "defineCommand\\|evalsha\\|NOSCRIPT" src/',
    }),
  ],
);

const resolver = storyResolverAnswer({
  answers: [
    {
      descriptionStart: 'Does the shared Redis client',
      resolution: 'CONFIRMED',
      finding:
        '[VERIFIED: src/lib/redis.ts | the client is created with connectTimeout 10000 and no commandTimeout; retryStrategy retries forever with 2 s back-off | an unreachable or failing-over Redis stalls each limiter call for seconds instead of failing fast]',
      evidence: [
        {
          source: 'src/lib/redis.ts',
          finding: 'createClient({ socket: { connectTimeout: 10000, reconnectStrategy: (n) => 2000 } }), no command timeout',
          impact: 'fail-open is slow: requests wait for the reconnect loop',
        },
      ],
    },
    {
      descriptionStart: 'Which maxmemory-policy',
      resolution: 'UNRESOLVABLE',
      finding:
        '[VERIFIED: workspace | no Redis configuration or runbook in the repository mentions maxmemory; the managed instance is configured outside the code | the eviction behaviour must be confirmed with the platform team]',
    },
    {
      descriptionStart: 'Is RATE_LIMIT_PER_MINUTE',
      resolution: 'CONFIRMED',
      finding: '[VERIFIED: src/server/config.ts | settings are parsed once into a frozen object at start-up | changing the limit requires a restart, as the challenge assumed]',
      evidence: [{ source: 'src/server/config.ts', finding: 'export const config = Object.freeze(parse(process.env))', impact: 'rollback by setting needs a restart' }],
    },
    {
      descriptionStart: 'Does the Redis client wrapper reload',
      resolution: 'REFUTED',
      finding:
        '[VERIFIED: src/lib/redis.ts | the wrapper registers scripts with defineScript, which retries with EVAL on NOSCRIPT | a failover does not break the limiter; no code change needed]',
      evidence: [{ source: 'src/lib/redis.ts', finding: 'scripts are registered with defineScript(), the client falls back to EVAL', impact: 'NOSCRIPT is handled by the client' }],
    },
  ],
});

const researcherIteration1 = fencedReply(
  researcherOut({
    surfaced: [
      {
        source: 'codebase',
        location: 'src/lib/redis.ts',
        relevance:
          "The session store client is a singleton created at start-up with a 10 s connect timeout and an infinite reconnect strategy; the limiter would share it, so its latency under failure is the session store's.",
        impact: 'changes_needed',
        generates_challenge: null,
      },
      {
        source: 'claude_md',
        location: 'CLAUDE.md',
        relevance:
          'Project notes say sessions are cookie-based and the session store must not be changed without updating the auth module; a shared eviction policy change would count as such a change.',
        impact: 'confirms_approach',
        generates_challenge: null,
      },
    ],
    probed: [
      {
        risk: 'Limiter latency during a Redis failover stalls request workers',
        trigger: 'Managed Redis primary failover or network partition between app and Redis',
        cascade: 'Each /v1 request waits for the reconnect loop; worker pools saturate; health checks fail; both instances are drained by the load balancer.',
        probability: 'MED',
        severity: 'SIGNIFICANT',
        generates_challenge: null,
      },
      {
        risk: 'Bucket keys crowd out sessions under memory pressure',
        trigger: 'Many distinct keys in a short window with an LRU eviction policy',
        cascade: 'Sessions are evicted, users are logged out, login traffic spikes and adds load to the same Redis.',
        probability: 'LOW',
        severity: 'SIGNIFICANT',
        generates_challenge: null,
      },
    ],
  }),
  'Surfaced context and probed risks for the rate limiter plan.',
);

const researcherProbe = fencedReply(
  researcherOut({
    probed: [
      {
        risk: 'Rollback by restart halves capacity while the limiter misbehaves',
        trigger: 'A wrong limit value refuses legitimate traffic and on-call rolls back',
        cascade:
          'Rolling restart of two instances removes half the capacity for the restart window; if traffic is high the remaining instance is overloaded and refuses more requests.',
        probability: 'MED',
        severity: 'SIGNIFICANT',
        generates_challenge: null,
      },
    ],
  }),
  "Probe of the unresolved challenges' cascades.",
);

const Q_FINAL = qualityWithEvidence({
  approach_soundness: [8, 'Token bucket in Redis with one Lua call per request is the standard design for two instances.'],
  risk_coverage: [6, 'Failover latency and eviction were missing; the plan now needs the timeout, breaker and separate eviction domain.'],
  assumption_validity: [6, 'The "fail fast" assumption about Redis was wrong (no command timeout); the clock-skew assumption holds.'],
  integration_feasibility: [7, 'Reuses the existing Redis client and metrics; script reload on NOSCRIPT is handled by the client.'],
  unknowns_coverage: [7, 'All three research modes ran; the production eviction policy stays unconfirmed.'],
  constraint_alignment: [8, 'Internal routes stay unlimited and the session constraint from CLAUDE.md is respected.'],
});

function story(final: number): SynthesisStory {
  const quality = (i: number) => (i === final ? { quality: Q_FINAL } : {});
  return {
    beats: [
      {
        claimStart: FAIL_OPEN,
        at: {
          1: {
            status: 'UNRESOLVED',
            resolution:
              'Confirmed by U1: the shared client has no command timeout and reconnects forever, so "let the request through" only happens after a multi-second stall. Mitigation: a 50 ms command timeout on the limiter call plus a circuit breaker that fails open for 30 s.',
            evidence: [{ source: 'resolver finding U1', finding: 'no commandTimeout on the shared client', impact: 'fail-open is slow' }],
          },
          2: {
            status: 'RESOLVED',
            resolution:
              "Settled by the probe and the resolver: the limiter can use its own duplicated connection with a 50 ms timeout and the breaker described in the alternative; Step 2's failure counter gives the alert signal. The plan must add both to Step 2.",
            evidence: [{ source: 'probed risk P1', finding: 'failover stalls workers only without a timeout', impact: 'a short timeout bounds the damage' }],
          },
        },
      },
      {
        claimStart: SHARED_REDIS,
        at: {
          1:
            final === 1
              ? {
                  status: 'UNRESOLVED',
                  resolution:
                    'The eviction policy could not be confirmed (U2 UNRESOLVABLE) and the plan gives no memory sizing; the risk to sessions is real until the policy is known.',
                }
              : {
                  status: 'OPEN',
                  resolution:
                    "Pending: the production eviction policy is not in the repository (U2 UNRESOLVABLE); needs the platform team's answer or a separate logical database.",
                },
          2: {
            status: 'UNRESOLVED',
            resolution:
              'Still no evidence about maxmemory-policy; the probe shows the cascade (evicted sessions increase login load on the same Redis). Mitigation path: a separate small Redis or logical DB with volatile-ttl.',
          },
          3: {
            status: 'RESOLVED',
            resolution:
              'Resolved by the mitigation path: buckets go to a separate logical database with TTLs on every key and memory sized for 50k active keys; the session store is untouched, which also honours the CLAUDE.md constraint.',
            evidence: [{ source: 'CLAUDE.md', finding: 'session store changes need the auth module to change too', impact: 'keeping buckets separate avoids that coupling' }],
          },
        },
      },
      {
        claimStart: ROLLBACK,
        at: {
          1: {
            status: 'UNRESOLVED',
            resolution:
              'Confirmed by U3: settings are frozen at start-up, so the documented rollback needs a rolling restart. Mitigation: read the limit per request from a runtime source with a short cache.',
          },
          2: {
            status: 'RESOLVED',
            resolution:
              'The probe quantified the restart cost; reading the limit from the runtime settings store with a 5 s local cache removes the restart from the rollback. Plan Step 3 should say so.',
            evidence: [{ source: 'probed risk P3', finding: 'restart halves capacity during rollback', impact: 'runtime setting avoids it' }],
          },
        },
      },
      {
        claimStart: RETRY_AFTER,
        at: { 1: { status: 'DEFERRED', resolution: 'MINOR: round Retry-After up to at least 1 s during implementation and add the case to the Step 2 integration test.' } },
      },
      {
        claimStart: SCRIPT_CACHE,
        at: {
          2: {
            status: 'OPEN',
            resolution:
              'Raised on the directive; U4 says the client falls back to EVAL, but that depends on the wrapper version in use — evidence pending until the lockfile version is checked.',
          },
          3: {
            status: 'RESOLVED',
            resolution: 'U4: the wrapper registers scripts with defineScript and falls back to EVAL on NOSCRIPT; adding a SCRIPT FLUSH case to the bucket test is enough.',
            evidence: [{ source: 'resolver finding U4', finding: 'defineScript falls back to EVAL', impact: 'failover does not disable the limiter' }],
          },
        },
      },
    ],
    iterations: {
      1: {
        directives: [
          'Probe the cascade of a Redis failover and of a rollback by restart (C1, C3).',
          'Challengers: look at the failure modes of the Lua script dependency itself, per C1.',
          'Ask for the production eviction policy or propose a separate store, per C2.',
        ],
        reProbe: final > 1,
        summary:
          'Three SIGNIFICANT challenges are real: the fail-open path stalls without a command timeout, the shared Redis risks sessions, and rollback needs restarts. The Retry-After rounding is MINOR and deferred.',
        ...quality(1),
      },
      2: {
        directives: ['Confirm the eviction-domain split for C2 and the NOSCRIPT test for C5; no new research needed.'],
        summary: 'Fail-open latency and rollback are settled by concrete mitigations; the shared-Redis question and the new script-cache challenge remain.',
        ...quality(2),
      },
      3: { summary: 'Every SIGNIFICANT challenge has a concrete mitigation with evidence; the plan can proceed once Steps 2 and 3 are amended.', ...quality(3) },
    },
  };
}

/** Tool turns as a research model takes them on the fixture workspace (the example plan's files are new, so most searches come back empty). */
const resolverCalls = [
  {
    turns: [
      toolUse(
        [
          { name: 'grep', input: { pattern: 'commandTimeout|connectTimeout|retryStrategy', glob: 'src/**/*.ts' } },
          { name: 'list_files', input: { dir: 'src' } },
        ],
        'Looking for the Redis client configuration first.',
      ),
      toolUse([
        { name: 'read_file', input: { path: 'package.json' } },
        { name: 'grep', input: { pattern: 'maxmemory|RATE_LIMIT', ignore_case: true } },
      ]),
    ],
    answer: resolver,
  },
  { turns: [toolUse([{ name: 'grep', input: { pattern: 'defineCommand|evalsha|NOSCRIPT', ignore_case: true } }])], answer: resolver },
];

const researcherCalls = [
  {
    turns: [
      toolUse(
        [
          { name: 'list_files', input: {} },
          { name: 'grep', input: { pattern: 'redis|session', ignore_case: true } },
        ],
        'Surveying the workspace for existing Redis and session code.',
      ),
      toolUse([
        { name: 'read_file', input: { path: 'CLAUDE.md' } },
        { name: 'read_file', input: { path: 'docs/decisions.md' } },
      ]),
    ],
    answer: () => researcherIteration1,
  },
  { turns: [toolUse([{ name: 'grep', input: { pattern: 'restart|rollback', ignore_case: true } }])], answer: () => researcherProbe },
];

export function rateLimiterScript(iterations: 1 | 3): Script {
  let challengerCalls = 0;
  const briefs = [iteration1Brief, iteration2Brief];
  return byRole({
    challenger: (): FakeReply => {
      const brief = briefs[challengerCalls++] ?? challengerOut([]);
      return fencedReply(
        brief,
        challengerCalls === 1 ? 'Challenge brief for the rate limiter plan.' : `Iteration ${challengerCalls}: ${brief.challenges.length} new challenges on the directives.`,
      );
    },
    resolver: withToolTurns(resolverCalls),
    researcher: withToolTurns(researcherCalls),
    synthesizer: storySynthesizer(story(iterations)),
    auditor: () =>
      fencedReply(
        audit({
          confirmed: true,
          note: 'Scores match the evidence: risk coverage and assumption validity reflect the two assumptions research disproved; no dimension is off by more than one point.',
        }),
        'Audit of the final verdict.',
      ),
  });
}
