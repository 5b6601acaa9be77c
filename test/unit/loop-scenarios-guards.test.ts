/**
 * Loop scenarios for the guards of seed 002 §8 (DEGRADATION, per-agent and
 * merged caps, de-dup) and the order of seed 001 §3 (Mode 1 before Modes
 * 2–3). Scripted answers follow the rules of loop-scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import { byRole } from '../support/fake-anthropic';
import { FAIL_OPEN, none, raise, three } from '../support/rate-limiter-challenges';
import { audit, challenge, challengerOut, quality, reply, researcherOut, resolverOut, synth, unknown, update } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

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

  it('DEGRADATION in iteration 2 tells iteration 3 to tighten scope; a second one ends the loop as a COMPLETE run with a score and no audit', async () => {
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
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 0, 'a DEGRADATION stop did not converge: no audit shot (seed 001 Step 4)');
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
