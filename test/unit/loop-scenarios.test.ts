/**
 * Scenarios written from the seed text (issue #11 item 6): one per row of
 * seed 002 §7, one per checkpoint type of seed 001, and the guards of §8.
 * Every scripted answer is one the role's prompt allows: settlements of
 * BLOCKING/SIGNIFICANT challenges cite a plan passage or a user response,
 * every synthesis scores the plan, an acknowledged risk stays UNRESOLVED.
 */
import assert from 'node:assert/strict';
import { renderMarkdownReport } from '../../src/core/report';
import { byRole, type FakeReply } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, planEvidence, quality, reply, researcherOut, resolverOut, synth, unknown, update } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

const FAIL_OPEN = 'If Redis is unreachable, let the request through and count the failure.';
/** Plan passages of examples/base-team-rate-limiter.md that answer the scripted concerns. */
const SERVER_TIME = planEvidence('the script uses the Redis server time, not the caller');
const ROUND_TRIP = planEvidence('the Lua script keeps it to one');
const three = (r: FakeReply): FakeReply[] => [r, r, r];
const none = reply(challengerOut([]));
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
const raise = (severities: ('BLOCKING' | 'SIGNIFICANT' | 'MINOR')[]) =>
  reply(challengerOut(severities.map((severity, i) => challenge({ ref: `n${i}`, severity, claim: claims[i]!, quote: FAIL_OPEN, concern: concerns[i]! }))));

describe('loop scenarios from seed 002 §7 (one per row)', function () {
  this.timeout(20_000);

  it('CONVERGED → PROCEED: zero BLOCKING and zero SIGNIFICANT open; the report has the score and the audit', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'MINOR'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan bounds skew with server time', [SERVER_TIME]), update('C2', 'DEFERRED')], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.stopCause, 'converged');
    assert.equal(result.quality?.label, 'Score');
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 1);
    assert.match(renderMarkdownReport(result), /## Challenger audit/);
  });

  it('CONVERGED → REVISE after ONE iteration: 1–2 SIGNIFICANT unresolved with mitigations, still scored and audited', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth([update('C1', 'UNRESOLVED', 'Real: mitigation is a 50 ms command timeout and a breaker'), update('C2', 'RESOLVED', 'Plan keeps it to one trip', [ROUND_TRIP])], {
              quality: quality(6),
            }),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    assert.equal(result.verdict, 'REVISE');
    assert.ok(result.quality, 'the quality breakdown is always in the report (seed 001 Step 4)');
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 1);
  });

  it('CONVERGED → REVISE (strong): 3+ SIGNIFICANT unresolved; the report says to address them first', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'SIGNIFICANT', 'SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth(
              ['C1', 'C2', 'C3'].map((id) => update(id, 'UNRESOLVED', `${id}: real, mitigation written here`)),
              { quality: quality(5) },
            ),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    assert.equal(result.verdict, 'REVISE (strong)');
    assert.match(renderMarkdownReport(result), /Strongly recommended: address these before proceeding/);
  });

  it("BLOCKED → PAUSE: a BLOCKING open pauses for the user with the synthesizer's question", async () => {
    const { checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real; no mitigation')], { blocking_question: 'May the limiter fail closed?' }))),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'continue' }),
    });
    assert.equal(checkpoints[0]!.kind, 'blocked');
    assert.equal(checkpoints[0]!.challengeId, 'C1');
    assert.match(checkpoints[0]!.detail, /May the limiter fail closed\?/);
  });

  it('FORCED_EXIT → RETHINK: a BLOCKING still open after iteration 3, score labelled pre-rethink, one audit', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real; no mitigation')], { quality: quality(9) }))),
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'RETHINK');
    assert.equal(result.stopCause, 'max_iterations');
    assert.equal(result.quality?.label, 'Score (pre-rethink)', 'a plan can score 9 and RETHINK');
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 1);
  });

  it('Technical Debt Warning: 5 DEFERRED MINOR challenges are listed and do not change the verdict', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['MINOR', 'MINOR', 'MINOR', 'MINOR', 'MINOR'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth(['C1', 'C2', 'C3', 'C4', 'C5'].map((id) => update(id, 'DEFERRED'))))],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.technicalDebtWarning, true);
    assert.match(renderMarkdownReport(result), /Technical Debt Warning/i);
  });
});

describe('loop scenarios: settling needs grounds (issue #11 item 1)', function () {
  this.timeout(20_000);

  it('a BLOCKING set RESOLVED with no evidence stays as it was, the verdict stays RETHINK and the report says why', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'Seems fine')]))],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const c1 = result.iterations.at(-1)!.challenges[0]!;
    assert.equal(c1.status, 'OPEN');
    assert.equal(result.verdict, 'RETHINK');
    assert.match(renderMarkdownReport(result), /Settlements the engine refused[\s\S]*C1 \(BLOCKING\) stays OPEN: RESOLVED refused because it cites no evidence/);
  });

  it('a quote that is not in the plan is no ground; WITHDRAWN with a stated reason is', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth([
              update('C1', 'RESOLVED', 'The plan has a circuit breaker', [planEvidence('a circuit breaker opens after five failures')]),
              update('C2', 'WITHDRAWN', 'The premise is wrong: the plan counts failures per instance, not per key'),
            ]),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const [c1, c2] = result.iterations.at(-1)!.challenges;
    assert.equal(c1!.status, 'OPEN');
    assert.equal(c2!.status, 'WITHDRAWN');
    assert.match(result.iterations.at(-1)!.refused_settlements[0]!.reason, /could be found/);
  });

  it('the audit flags a wrongly settled SIGNIFICANT: it shows in the verdict section, the verdict still follows the statuses', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'Server time settles it', [SERVER_TIME])], { quality: quality(7) }))],
        auditor: [reply(audit({ confirmed: true, wrongly_settled: [{ id: 'C1', reason: 'Server time answers clock skew, not the fail-open outage the concern is about' }] }))],
      }),
    });
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.audit?.confirmed, false, 'an audit with a flag does not confirm');
    const verdictSection = renderMarkdownReport(result).split('## Assessment')[0]!;
    assert.match(verdictSection, /The audit disputes these settlements[\s\S]*C1 \(SIGNIFICANT, RESOLVED\): Server time answers clock skew/);
    const auditBody = JSON.stringify(server.received.find((r) => r.role === 'auditor')!.body.messages);
    assert.match(auditBody, /settled_challenges/);
    assert.match(auditBody, /abusive clients face no limit/, 'the auditor sees the full text of settled challenges');
  });
});

describe('loop scenarios: the checkpoints of seed 001', function () {
  this.timeout(20_000);

  it('BLOCKED: provided context goes to the next synthesis as a user response, which may then settle the challenge on it', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real')], { blocking_question: 'Is there a fallback limiter?' })),
          reply(synth([update('C1', 'RESOLVED', 'The user says each instance keeps a local token bucket as fallback')], { quality: quality(7) })),
        ],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'provide_context', text: 'Each instance keeps a local in-memory bucket as fallback' }),
    });
    const second = JSON.stringify(server.received.filter((r) => r.role === 'synthesizer')[1]!.body.messages);
    assert.match(second, /Each instance keeps a local in-memory bucket/);
    assert.equal(result.verdict, 'PROCEED');
    assert.match(renderMarkdownReport(result), /User decisions[\s\S]*C1 \(BLOCKING, now RESOLVED\): the user answered/);
  });

  it('BLOCKED: override is recorded; only the synthesizer can withdraw on it, and until then nothing changes', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        // The synthesizer ignores the override: the challenge stays, and so does the RETHINK.
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Still real')]))),
        auditor: [reply(audit())],
      }),
      answer: (r) => (r.kind === 'blocked' ? { action: 'override', text: 'Not applicable: internal API only' } : { action: 'continue' }),
    });
    const c1 = result.iterations.at(-1)!.challenges[0]!;
    assert.equal(c1.user_decision, 'overridden');
    assert.equal(c1.status, 'UNRESOLVED');
    assert.equal(result.verdict, 'RETHINK');
  });

  it('stall: no status changed between two iterations → the user is asked to confirm; abort ends the run', async () => {
    const { result, checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([]))),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'abort' }),
    });
    assert.deepEqual(
      checkpoints.map((c) => c.kind),
      ['stall'],
    );
    assert.equal(result.verdict, 'ABORTED');
  });

  it("contradictory research findings → a tiebreak checkpoint; the user's answer reaches the next iteration", async () => {
    const { checkpoints, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT']), none],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(synth([update('C1', 'OPEN', 'Pending: the findings disagree about the Redis topology')], { contradictions: ['U1 says Redis is clustered, S1 says single node'] })),
          reply(synth([update('C1', 'UNRESOLVED', 'Real')])),
        ],
        auditor: [reply(audit())],
      }),
      answer: (r) => (r.kind === 'contradiction' ? { action: 'provide_context', text: 'Production runs a three-node cluster' } : { action: 'continue' }),
      config: { maxIterations: 2 },
    });
    assert.equal(checkpoints[0]!.kind, 'contradiction');
    assert.match(JSON.stringify(server.received.filter((r) => r.role === 'challenger')[1]!.body.messages), /three-node cluster/);
  });

  it('max iterations with a BLOCKING open: the findings are presented, the answer is recorded beside RETHINK', async () => {
    const { result, checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real')]))],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'acknowledge_risk', text: 'We accept it for the beta' }),
      config: { maxIterations: 1 },
    });
    assert.deepEqual(
      checkpoints.map((c) => c.kind),
      ['max_iterations'],
    );
    assert.deepEqual(checkpoints[0]!.options, ['acknowledge_risk', 'override', 'continue']);
    assert.match(checkpoints[0]!.detail, /verdict is RETHINK whatever you choose/);
    assert.equal(result.verdict, 'RETHINK');
    assert.match(renderMarkdownReport(result), /User decisions[\s\S]*C1 \(BLOCKING, now UNRESOLVED\): the user acknowledged the risk[\s\S]*We accept it for the beta/);
  });
});

/** Distinct passages of the payments plan, each with its own claim and concern. */
const TOPICS = [
  [
    'Create products and prices in Stripe',
    'Prices are copied by hand',
    'Hand-copied prices drift from config and customers get billed the wrong amount',
    'Tax settings are not mirrored',
    'Stripe Tax defaults differ from Braintree and invoices change totals',
  ],
  [
    'verifies signatures and publishes',
    'Signature secrets rotate',
    'A rotated webhook secret silently drops every invoice event',
    'Publishing before the ledger commit',
    'A crash between publish and commit loses the payment record',
  ],
  [
    'the existing SQS queue',
    'Queue ordering is assumed',
    'Out-of-order invoice events mark paid subscriptions as failed',
    'Visibility timeout is too short',
    'Slow consumers see messages reappear and process refunds twice',
  ],
  [
    'the Stripe CLI replays both events in staging',
    'Staging replay proves production',
    'Staging data hides production volume and quota limits',
    'Test clocks are not used',
    'Renewals a month out are never exercised before cutover',
  ],
];

describe('loop scenarios: the guards of seed 002 §8 and the order of seed 001 §3', function () {
  this.timeout(20_000);

  it('DEGRADATION in iteration 2 tells iteration 3 to tighten scope; a second one ends the loop as a COMPLETE run with score and audit', async () => {
    const more = (tag: string) =>
      reply(
        challengerOut(
          ['a', 'b'].map((x, i) =>
            challenge({ ref: `${tag}${i}`, quote: `${tag} ${x}`, claim: `${tag} distinct problem ${x} ${i}`, concern: `${tag} unique concern ${x}`, severity: 'MINOR' }),
          ),
        ),
      );
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT']), more('second'), more('third')],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'OPEN', 'Pending: the outage behaviour of the client is not known yet')], { quality: quality(6) }))),
        auditor: [reply(audit())],
      }),
    });
    const third = JSON.stringify(server.received.filter((r) => r.role === 'challenger')[2]!.body.messages);
    assert.match(third, /Tighten scope/, 'the challengers are told, not only the synthesizer');
    assert.match(third, /abusive clients face no limit at all/, 'later-iteration challengers see the open challenges in full (concern included)');
    assert.match(JSON.stringify(server.received.filter((r) => r.role === 'synthesizer')[2]!.body.messages), /DEGRADATION/);
    assert.equal(result.stopCause, 'degradation');
    assert.equal(result.partial, false, 'a finished run is never relabelled incomplete');
    assert.equal(result.verdict, 'REVISE');
    assert.ok(result.quality);
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 1);
  });

  it('Mode 1 runs before Modes 2–3: the researcher sees the unknowns the resolver answered', async () => {
    const { server } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ ref: 'n1', quote: FAIL_OPEN })], [unknown({ affects_challenge: 'n1', description: 'Is Redis clustered?' })]))],
        resolver: [reply(resolverOut([{ id: 'U1', resolution: 'REFUTED', finding: 'MARKER-single-node Redis per deploy doc' }]))],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED', 'Real')]))],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const roles = server.received.map((r) => r.role);
    assert.ok(roles.indexOf('resolver') < roles.indexOf('researcher'));
    assert.match(JSON.stringify(server.received.find((r) => r.role === 'researcher')!.body.messages), /MARKER-single-node/);
  });

  it('scaled team: each agent keeps to its own cap (5, 3, 2), the three share a merged cap of 8; the same concern on the same passage is kept once', async () => {
    // Same passages, different concerns: the domain expert's four are not duplicates of the challenger's.
    const four = (who: 'ch' | 'de') =>
      reply(
        challengerOut(
          TOPICS.map(([quote, claim, concern, otherClaim, otherConcern], i) =>
            challenge({ ref: `${who}${i}`, quote: quote!, claim: who === 'ch' ? claim! : otherClaim!, concern: who === 'ch' ? concern! : otherConcern!, severity: 'SIGNIFICANT' }),
          ),
        ),
      );
    const same = (claim: string) =>
      challenge({
        ref: 's',
        quote: 'records them once each, even when the same event is delivered twice',
        claim,
        concern: 'Duplicate webhook deliveries double-charge customers when the ledger consumer is not idempotent',
      });
    const { result } = await runAgainstFake({
      plan: examplePlan('scaled-team-payments-migration'),
      script: byRole({
        challenger: [four('ch'), none, none],
        'domain-expert': [four('de'), none, none],
        'devils-advocate': [reply(challengerOut([same('The plan assumes webhooks arrive once'), same('Stripe may deliver the same event more than once')])), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([]))),
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const first = result.iterations[0]!;
    assert.equal(first.challenges.length, 8, '4 + 3 (the domain expert may raise 3) + 1 (after de-dup): the merged cap of 8 is reached, not exceeded');
    assert.deepEqual(
      first.deferred_surfaced.map((d) => d.reason),
      ['per-agent cap: the domain-expert may raise at most 3 challenges in iteration 1'],
    );
  });
});
