import assert from 'node:assert/strict';
import { RunResult } from '../../src/core/run-types';
import { byRole, FakeAnthropicServer, type FakeReply } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, planEvidence, quality, raw, reply, researcherOut, resolverOut, synth, unknown, update } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

const QUOTE = 'If Redis is unreachable, let the request through and count the failure.';
/** A passage of the rate-limiter plan that answers a clock-skew concern, for settlements the engine can verify. */
const SKEW_ANSWER = planEvidence('the script uses the Redis server time, not the caller');
const two = (r: FakeReply): FakeReply[] => [r, r];

describe('loop: the convergence loop end to end (real SDK, fake API)', () => {
  it('PROCEED in one iteration: every phase runs once, the result validates, every answer is requested in its schema', async () => {
    const { result, events, server } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ ref: 'n1', quote: QUOTE }), challenge({ ref: 'n2', severity: 'MINOR' })], [unknown({ affects_challenge: 'n1' })]))],
        resolver: [reply(resolverOut([{ id: 'U1', resolution: 'REFUTED', finding: 'Redis already used with TTLs' }]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [
          reply(synth([update('C1', 'RESOLVED', 'The plan bounds it: the Lua script uses server time', [SKEW_ANSWER]), update('C2', 'DEFERRED')], { quality: quality(8) })),
        ],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.partial, false);
    assert.equal(result.iterations.length, 1);
    assert.equal(result.quality?.total, 8);
    assert.equal(result.iterations.at(-1)!.quality_score, 8, 'the final iteration state carries the score');
    assert.deepEqual(server.received.map((r) => r.role).sort(), ['auditor', 'challenger', 'researcher', 'resolver', 'synthesizer']);
    assert.ok(RunResult.safeParse(result).success, 'result validates against its schema');
    const c1 = result.iterations[0]!.challenges.find((c) => c.id === 'C1')!;
    assert.deepEqual(
      c1.history.map((h) => h.status),
      ['OPEN', 'RESOLVED'],
    );
    assert.equal(result.iterations[0]!.unknowns[0]!.affects_challenge, 'C1');
    assert.ok(events.some((e) => e.type === 'iteration-finished' && e.message === 'Iteration 1: 2 resolved, 0 remaining'));
    // The format is part of the cached prefix (structured-outputs docs): the roles of one model send one format, each
    // filling its own property of it (agents/answer-format.ts); prompt-cache-layout.test.ts checks the shared prefix.
    assert.equal(server.received.length, 5);
    assert.ok(
      server.received.every((r) => r.body.output_config?.format?.type === 'json_schema'),
      'every answer is requested in its schema',
    );
    for (const model of new Set(server.received.map((r) => r.body.model as string))) {
      const formats = new Set(server.received.filter((r) => r.body.model === model && !(r.body.tools?.length > 0)).map((r) => JSON.stringify(r.body.output_config.format)));
      assert.equal(formats.size, 1, `${model}: one answer format for the roles without tools`);
    }
  });

  it('REVISE when SIGNIFICANT challenges stay unresolved; REVISE (strong) at three', async () => {
    const revise = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ ref: 'n1' }), challenge({ ref: 'n2', claim: 'Another separate assumption about deploys' })]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED'), update('C2', 'RESOLVED', 'Answered by the plan', [SKEW_ANSWER])], { quality: quality(6) }))],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(revise.result.verdict, 'REVISE');
    const claims = ['Cache stampede on cold start', 'Clock skew between nodes breaks windows', 'No plan for Redis failover'];
    const strong = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut(claims.map((claim, i) => challenge({ ref: `n${i}`, claim, quote: QUOTE }))))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [
          reply(
            synth(
              ['C1', 'C2', 'C3'].map((id) => update(id, 'UNRESOLVED')),
              { quality: quality(5) },
            ),
          ),
        ],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(strong.result.verdict, 'REVISE (strong)');
  });

  it('RETHINK after three iterations with a persistent BLOCKING (non-interactive policy continues)', async () => {
    const { result, events } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ severity: 'BLOCKING', quote: QUOTE })])), reply(challengerOut([])), reply(challengerOut([]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED')])), reply(synth([update('C1', 'UNRESOLVED')])), reply(synth([update('C1', 'UNRESOLVED')], { quality: quality(7) }))],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'RETHINK');
    assert.equal(result.iterations.length, 3);
    assert.equal(result.quality?.label, 'Score (pre-rethink)');
    assert.equal(events.filter((e) => e.type === 'checkpoint' && e.request.kind === 'blocked').length, 2);
  });

  it('BLOCKED checkpoint: acknowledging the risk is recorded and fed to the synthesizer, but does not settle the BLOCKING (RETHINK)', async () => {
    const { result, checkpoints, server } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ severity: 'BLOCKING', quote: QUOTE })])), reply(challengerOut([])), reply(challengerOut([]))],
        researcher: [reply(researcherOut({}))],
        // Seed 002 §6: an acknowledged risk is still a real risk, so the synthesizer keeps it UNRESOLVED.
        synthesizer: [
          reply(synth([update('C1', 'UNRESOLVED')], { blocking_question: 'Is a shared Redis acceptable?' })),
          reply(synth([update('C1', 'UNRESOLVED', 'The user accepts the risk for the beta; no mitigation exists, the risk is real')])),
          reply(synth([update('C1', 'UNRESOLVED', 'Still no mitigation; accepted by the user')])),
        ],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'acknowledge_risk', text: 'Accepted for the beta' }),
    });
    // Asked once while blocked (not again once decided, also not at the max-iterations checkpoint), then the stall of iteration 2.
    assert.deepEqual(
      checkpoints.map((c) => c.kind),
      ['blocked', 'stall'],
    );
    assert.deepEqual(checkpoints[0]!.options, ['provide_context', 'acknowledge_risk', 'override', 'abort']);
    assert.match(checkpoints[0]!.detail, /Is a shared Redis acceptable/);
    const c1 = result.iterations.at(-1)!.challenges[0]!;
    assert.equal(c1.user_decision, 'acknowledged');
    assert.equal(c1.status, 'UNRESOLVED');
    assert.equal(result.verdict, 'RETHINK');
    assert.equal(result.iterations.at(-1)!.user_responses[0]!.text, 'Accepted for the beta');
    const second = server.received.filter((r) => r.role === 'synthesizer')[1]!;
    assert.match(JSON.stringify(second.body.messages), /Accepted for the beta/, 'the answer reaches the next iteration as a user response');
  });

  it('BLOCKED checkpoint: provide context feeds the next iteration; abort ends the run', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ severity: 'BLOCKING' })])), reply(challengerOut([]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED')])), reply(synth([update('C1', 'RESOLVED')], { quality: quality(7) }))],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'provide_context', text: 'We run Redis Cluster with replicas' }),
    });
    assert.equal(result.verdict, 'PROCEED');
    const second = server.received.filter((r) => r.role === 'synthesizer')[1]!;
    assert.match(JSON.stringify(second.body.messages), /We run Redis Cluster with replicas/);

    const aborted = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ severity: 'BLOCKING' })]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED')]))],
      }),
      answer: () => ({ action: 'abort' }),
    });
    assert.equal(aborted.result.verdict, 'ABORTED');
    assert.equal(aborted.result.partial, true);
  });

  it('trivial plan: PROCEED (trivial) with no request', async () => {
    const { result, server } = await runAgainstFake({ script: byRole({}), plan: examplePlan('trivial-typo-fix') });
    assert.equal(result.verdict, 'PROCEED (trivial)');
    assert.equal(server.received.length, 0);
  });

  it('scaled team by complexity: three challengers in parallel, merged and de-duplicated', async () => {
    const same = challenge({ ref: 'x', quote: 'Stripe', claim: 'The plan assumes Stripe webhooks arrive once' });
    const server = await FakeAnthropicServer.start();
    // A barrier: the challenger (Opus) and the domain expert (Sonnet) are not answered until both have arrived, so a
    // sequential loop would time out here. The devil's advocate shares the challenger's model and is sent once that
    // model's first response has started (warm first: it reads the prefix the challenger's call wrote).
    const together = (r: FakeReply) => async () => (await server.waitForRequests(2, 10_000), r);
    const { result } = await runAgainstFake({
      server,
      plan: examplePlan('scaled-team-payments-migration'),
      script: byRole({
        challenger: together(reply(challengerOut([same]))),
        'domain-expert': together(reply(challengerOut([same, challenge({ ref: 'y', severity: 'MINOR', claim: 'Idempotency keys expire after 24h' })]))),
        // The devil's advocate raises BLOCKING/SIGNIFICANT only, with its probability stated apart from severity.
        'devils-advocate': together(reply(challengerOut([challenge({ ref: 'z', severity: 'SIGNIFICANT', probability: 'LOW', claim: 'A region outage during cutover' })]))),
        researcher: [reply(researcherOut({}))],
        synthesizer: [
          reply(
            synth(
              [
                update('C1', 'RESOLVED', 'The plan makes the consumer idempotent', [planEvidence('records them once each, even when the same event is delivered twice')]),
                update('C2', 'RESOLVED', 'The plan replays both events before cutover', [planEvidence('the Stripe CLI replays both events in staging')]),
                update('C3', 'DEFERRED'),
              ],
              { quality: quality(7) },
            ),
          ),
        ],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.assessment.team, 'scaled');
    assert.equal(result.iterations[0]!.challenges.length, 3, 'the duplicate claim was merged');
    assert.deepEqual(result.iterations[0]!.challenges.map((c) => c.origin).sort(), ['challenger', 'devils-advocate', 'domain-expert']);
    assert.equal(result.verdict, 'PROCEED');
    await server.stop();
  });

  describe('agent failure protocol (seed 001)', () => {
    it('1. challenger failure in a later iteration carries the previous challenges forward', async () => {
      const { result, server } = await runAgainstFake({
        script: byRole({
          // Under structured outputs a model cannot answer in another shape; it can refuse.
          challenger: [reply(challengerOut([challenge({ severity: 'BLOCKING' })])), { kind: 'text', text: 'I cannot review this.', stopReason: 'refusal' }],
          researcher: [reply(researcherOut({}))],
          synthesizer: [reply(synth([update('C1', 'UNRESOLVED')])), reply(synth([update('C1', 'RESOLVED', 'The plan answers it', [SKEW_ANSWER])], { quality: quality(6) }))],
          auditor: [reply(audit())],
        }),
      });
      assert.equal(result.iterations[1]!.challenges.length, 1);
      assert.ok(result.failures.some((f) => f.role === 'challenger' && f.iteration === 2 && f.kind === 'refusal'));
      assert.equal(server.received.filter((r) => r.role === 'challenger').length, 2, 'one call in iteration 2: no correction turn, never a retry');
      assert.equal(result.verdict, 'PROCEED');
    });

    it('1b. challenger failure in iteration 1 leaves nothing verified: FAILED, partial', async () => {
      const { result } = await runAgainstFake({ script: byRole({ challenger: two(raw('{"oops": true}')), researcher: [reply(researcherOut({}))] }) });
      assert.equal(result.verdict, 'FAILED');
      assert.equal(result.partial, true);
    });

    it('2. researcher failure skips research and notes it; the loop goes on', async () => {
      const { result } = await runAgainstFake({
        script: byRole({
          challenger: [reply(challengerOut([challenge()]))],
          researcher: [{ kind: 'error', status: 400, message: 'bad request' }],
          synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan answers it', [SKEW_ANSWER])], { quality: quality(7) }))],
          auditor: [reply(audit())],
        }),
      });
      assert.equal(result.iterations[0]!.research_unavailable, true);
      assert.equal(result.verdict, 'PROCEED');
    });

    it('3. synthesizer failure forces an exit with partial results', async () => {
      const { result } = await runAgainstFake({
        script: byRole({ challenger: [reply(challengerOut([challenge()]))], researcher: [reply(researcherOut({}))], synthesizer: [{ kind: 'error', status: 400 }] }),
      });
      assert.equal(result.partial, true);
      assert.match(result.reason, /synthesizer failed/);
      assert.equal(result.iterations[0]!.convergence.status, 'FORCED_EXIT');
    });

    it('4. two failures in one iteration force an exit before synthesis', async () => {
      const { result, server } = await runAgainstFake({
        script: byRole({
          challenger: [reply(challengerOut([challenge()], [unknown()]))],
          resolver: [{ kind: 'error', status: 400 }],
          researcher: [{ kind: 'error', status: 400 }],
        }),
      });
      assert.equal(result.partial, true);
      assert.match(result.reason, /2 agents failed/);
      assert.equal(server.received.filter((r) => r.role === 'synthesizer').length, 0);
      assert.equal(result.iterations[0]!.unknowns[0]!.resolution, 'UNRESOLVABLE', 'Mode 1 failure → unknowns UNRESOLVABLE');
    });
  });

  it('cancellation mid-iteration: CANCELLED, partial state, the in-flight request is aborted', async () => {
    const controller = new AbortController();
    const server = await FakeAnthropicServer.start();
    const { result } = await runAgainstFake({
      server,
      signal: controller.signal,
      script: byRole({ challenger: [reply(challengerOut([challenge()]))], researcher: [{ kind: 'hang' }], synthesizer: [reply(synth([]))] }),
      onEvent: (e, server) => {
        if (e.type === 'agent-started' && e.role === 'researcher') void server.waitForRequests(2, 10_000).then(() => controller.abort());
      },
    });
    assert.equal(result.verdict, 'CANCELLED');
    assert.equal(result.partial, true);
    assert.equal(result.iterations[0]!.challenges.length, 1, 'what was reached is kept');
    const deadline = Date.now() + 5000;
    while (!server.received.find((r) => r.role === 'researcher')?.aborted && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    assert.equal(server.received.find((r) => r.role === 'researcher')!.aborted, true);
    await server.stop();
  });

  it('never exceeds the challenge caps or the iteration limit, whatever the model returns', async () => {
    const words = ['latency', 'billing', 'schema', 'rollback', 'quota', 'tenancy', 'backfill', 'alerting', 'caching', 'auth', 'locale', 'exports'];
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => challenge({ ref: `${prefix}${i}`, quote: `${prefix} quote ${i}`, claim: `${words[i]} ${prefix}${i}`, severity: 'BLOCKING' }));
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut(many(12, 'a'))), reply(challengerOut(many(12, 'b'))), reply(challengerOut(many(12, 'c')))],
        researcher: [reply(researcherOut({ new_challenges: many(6, 'r') }))],
        synthesizer: () => reply(synth([])),
        auditor: [reply(audit())],
      }),
    });
    assert.ok(result.iterations.length <= 3);
    for (const s of result.iterations) assert.ok(s.challenges.filter((c) => c.status !== 'WITHDRAWN' && c.status !== 'DEFERRED').length <= 8);
    assert.ok(result.iterations[0]!.challenges.length <= 7, '5 from challengers + 2 from research');
    assert.ok(result.iterations[0]!.deferred_surfaced.length > 0);
  });

  it('spending cap: a call whose worst case does not fit is not sent; the run stops with a partial, saved result that says why', async () => {
    const { result, server } = await runAgainstFake({
      config: { spendingCapUsd: 0.000001 },
      script: byRole({ challenger: [reply(challengerOut([challenge()]))], researcher: [reply(researcherOut({}))] }),
    });
    assert.equal(result.partial, true);
    assert.equal(result.stopCause, 'spending_cap');
    assert.equal(server.received.length, 0, 'the first call could pass the cap, so nothing was sent');
    assert.equal(result.costUsd, 0);
    assert.match(
      result.reason,
      /\$0\.00 spent of the \$0\.000001 cap\. The challenger's call in iteration 1 was not sent: it could have cost up to \$[\d.,]+ \(with 16,000 output tokens\)/,
    );
    // The spend is said once, and the next step is to finish the run, not to act on a verdict nobody earned.
    assert.equal(result.reason.match(/spent/g)?.length, 1, result.reason);
    assert.match(result.nextStep, /^Raise the spending cap/);
  });

  it("memory: a risk the user only acknowledged comes back next run; one withdrawn on the user's override does not; the challenger sees the plan diff", async () => {
    const redis = challenge({ severity: 'BLOCKING', quote: QUOTE, claim: 'Redis is a single point of failure for every request' });
    const acknowledged = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([redis]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'A real risk; the user accepts it for the beta')])),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'acknowledge_risk', text: 'We accept it for the beta' }),
      config: { maxIterations: 1 },
    });
    assert.equal(acknowledged.result.verdict, 'RETHINK', 'acknowledging does not settle the BLOCKING');
    const plan = examplePlan('base-team-rate-limiter');
    const edited = { ...plan, planText: `${plan.planText}\n\n## Follow-up\n\nAdd a dashboard for limit hits.\n` };
    const rerun = (previous: typeof acknowledged.result) =>
      runAgainstFake({
        plan: edited,
        options: { previous },
        script: byRole({
          challenger: [reply(challengerOut([redis]))],
          researcher: [reply(researcherOut({}))],
          synthesizer: [reply(synth([update('C1', 'UNRESOLVED', 'Still a real risk')]))],
          auditor: [reply(audit())],
        }),
        config: { maxIterations: 1 },
      });
    const again = await rerun(acknowledged.result);
    assert.equal(again.result.iterations[0]!.challenges.length, 1, 'an acknowledged risk is still a risk: raised again');
    assert.equal(again.result.verdict, 'RETHINK');
    const challengerBody = JSON.stringify(again.server.received.find((r) => r.role === 'challenger')!.body.messages);
    assert.match(challengerBody, /plan_changes_since_last_run/);
    assert.match(challengerBody, /Add a dashboard for limit hits/);
    assert.match(challengerBody, /acknowledged/);

    const overridden = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([redis])), reply(challengerOut([]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [
          reply(synth([update('C1', 'UNRESOLVED', 'Needs the user')], { blocking_question: 'Is a single Redis acceptable?' })),
          reply(synth([update('C1', 'WITHDRAWN', 'The user overrode it: Redis is a managed cluster with failover')])),
        ],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'override', text: 'Redis is a managed cluster with failover' }),
      config: { maxIterations: 2 },
    });
    assert.equal(overridden.result.verdict, 'PROCEED', "the synthesizer withdrew it on the user's word");
    const after = await rerun(overridden.result);
    assert.equal(after.result.iterations[0]!.challenges.length, 0, "a challenge settled on the user's override is not re-raised");
  });
});
