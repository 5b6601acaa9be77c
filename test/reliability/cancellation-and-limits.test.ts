/**
 * Cancellation and limits. Cancel at every phase of every
 * iteration (and at a checkpoint nobody answers): the run ends CANCELLED with
 * its state saved, the fake API sees every in-flight request aborted and no
 * request after the cancel. The spending cap is never passed, whatever each
 * call costs: a call that could pass it is not sent, and the run stops with a
 * partial report. Whatever models return (fast-check), a
 * run never exceeds 3 iterations or the challenge caps.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AgentRole, ChallengeStatus, Severity } from '../../src/core/protocol';
import { renderMarkdownReport } from '../../src/core/report';
import { costOf, DEFAULT_PRICES } from '../../src/core/config';
import type { Usage } from '../../src/core/protocol';
import { RunResult } from '../../src/core/run-types';
import { byRole, type FakeReply, type ReceivedRequest } from '../support/fake-anthropic';
import { runFaultCell, type Injection } from '../support/fault-run';
import { resolverReplyFor, scenarioIterations, type FaultSpec } from '../support/fault-scenario';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth, unknown } from '../support/replies';
import { runAgainstFake } from '../support/run-harness';

const HANG: FaultSpec = { name: 'timeout', reply: { kind: 'hang' }, kind: 'timeout', recovery: 'none' };
const PHASES: { phase: string; roles: AgentRole[] }[] = [
  { phase: 'challenge', roles: ['challenger'] },
  // Seed 001 §3b: Mode 1 runs before Modes 2–3, so each is cancelled on its own.
  { phase: 'research (Mode 1)', roles: ['resolver'] },
  { phase: 'research (Modes 2–3)', roles: ['researcher'] },
  { phase: 'synthesis', roles: ['synthesizer'] },
  { phase: 'audit', roles: ['auditor'] },
];

/** Rejects when `promise` has not settled within `ms`: a hang becomes a failure, not a stuck suite. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still running after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

describe('reliability: cancellation and limits', function () {
  this.timeout(60_000);

  describe('cancel at each phase of each iteration', () => {
    for (const { phase, roles } of PHASES) {
      for (const iteration of scenarioIterations(roles[0]!)) {
        it(`${phase} phase, iteration ${iteration}: CANCELLED, saved, every in-flight request aborted, none after`, async () => {
          const controller = new AbortController();
          const injections: Injection[] = roles.map((role) => ({ role, iteration, fault: HANG, mode: 'persistent' }));
          const hung: ReceivedRequest[] = [];
          let atAbort = -1;
          const run = await within(
            15_000,
            'the cancelled run',
            runFaultCell(injections, {
              signal: controller.signal,
              timeoutMs: 30_000,
              onRequest: (req, k, server) => {
                if (k !== iteration || !req.role || !roles.includes(req.role)) return;
                hung.push(req);
                // Abort once every role of the phase is waiting (they run in parallel).
                if (hung.length === roles.length) {
                  setImmediate(() => {
                    atAbort = server.received.length;
                    controller.abort();
                  });
                }
              },
              beforeStop: (server) => server.waitFor(() => hung.length === roles.length && hung.every((r) => r.aborted), 5000, 'the server to see the aborts'),
            }),
          );
          const { result } = run;
          assert.equal(result.verdict, 'CANCELLED');
          assert.equal(result.partial, true);
          assert.equal(result.stopCause, 'cancelled');
          assert.deepEqual(result.failures, [], 'a cancel is not an agent failure');
          assert.ok(
            hung.every((r) => r.aborted),
            'the fake API saw every in-flight request aborted',
          );
          assert.ok(atAbort > 0, 'the cancel happened');
          assert.deepEqual(
            run.received.slice(atAbort).map((r) => r.role),
            [],
            'no request started after the cancel',
          );
          assert.equal(run.stored?.verdict, 'CANCELLED', 'the cancelled state is saved');
          if (iteration > 1)
            assert.ok(
              result.iterations[0]!.challenges.some((c) => c.id === 'C1'),
              'the work before the cancel is kept',
            );
          assert.ok(renderMarkdownReport(result).includes('CANCELLED'));
        });
      }
    }

    it('at a checkpoint nobody answers: the run still ends CANCELLED', async () => {
      const controller = new AbortController();
      let asked = false;
      const { result } = await within(
        10_000,
        'a run cancelled at an unanswered checkpoint',
        runAgainstFake({
          signal: controller.signal,
          script: byRole({
            challenger: [reply(challengerOut([challenge({ severity: 'BLOCKING' })]))],
            researcher: [reply(researcherOut({}))],
            synthesizer: [reply(synth([{ id: 'C1', status: 'UNRESOLVED', resolution: 'open', evidence: [] }]))],
          }),
          // The prompt is up and never answered; the user cancels the run instead.
          answer: () => {
            asked = true;
            setImmediate(() => controller.abort());
            return new Promise(() => undefined);
          },
        }),
      );
      assert.ok(asked, 'the checkpoint was asked');
      assert.equal(result.verdict, 'CANCELLED');
      assert.equal(result.partial, true);
    });
  });

  describe('spending cap', () => {
    /** What the fake API billed for the requests it served, each at its own prices (the server's side of the ledger). */
    const billed = (received: { body: { model: string }; usage?: Usage }[]) => received.reduce((sum, r) => sum + (r.usage ? costOf(r.usage, r.body.model, DEFAULT_PRICES) : 0), 0);

    it('whatever each call costs, the run never spends more than the cap; a call that could pass it is not sent (property)', async () => {
      const uncapped = await runFaultCell([]);
      assert.ok(uncapped.result.calls.length >= 8, 'a full run makes many calls');
      let stoppedByCap = 0;
      let completed = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.double({ min: 0.01, max: 3, noNaN: true }),
          // How long each request thinks (output tokens; the fake caps them at the request's max_tokens).
          fc.array(fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 3_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 60_000 }) }), {
            minLength: 30,
            maxLength: 30,
          }),
          async (cap, thinking) => {
            const { result, received, stored } = await runFaultCell([], {
              config: { spendingCapUsd: cap },
              reshape: (r, _req, i) => (r.kind === 'json' ? { ...r, thinkingTokens: thinking[i % thinking.length]! } : r),
            });
            const onTheBill = billed(received);
            assert.ok(onTheBill <= cap + 1e-9, `the API billed ${onTheBill} against a cap of ${cap}`);
            assert.ok(result.costUsd <= cap + 1e-9, `the run counted ${result.costUsd} against a cap of ${cap}`);
            assert.ok(Math.abs(result.costUsd - onTheBill) < 1e-9, 'the run counts what the API billed');
            for (const r of received) assert.ok(r.body.max_tokens >= Math.min(16_000, 64_000), 'a lowered room is never below 16,000 tokens');
            assert.ok(RunResult.safeParse(result).success);
            if (result.stopCause === 'spending_cap') {
              stoppedByCap++;
              assert.equal(result.partial, true);
              assert.equal(stored?.stopCause, 'spending_cap');
              assert.match(result.reason, /^Stopped at the spending cap: \$[\d.,]+ spent of the \$[\d.,]+ cap\./);
              assert.match(renderMarkdownReport(result), /spending cap/i);
            } else completed++;
          },
        ),
        { numRuns: 12 },
      );
      assert.ok(stoppedByCap > 0 && completed > 0, `both outcomes were tried (${stoppedByCap} stopped, ${completed} completed)`);
    });

    it('a one-cent cap stops before the first call: nothing is sent, nothing spent, and the reason names the call and what it could have cost', async () => {
      const { result, received } = await runFaultCell([], { config: { spendingCapUsd: 0.01 } });
      assert.equal(received.length, 0);
      assert.equal(result.costUsd, 0);
      assert.equal(result.stopCause, 'spending_cap');
      assert.match(
        result.reason,
        /^Stopped at the spending cap: \$0\.00 spent of the \$0\.01 cap\. The challenger's call in iteration 1 was not sent: it could have cost up to \$0\.\d\d \(with 16,000 output tokens\)/,
      );
    });
  });

  describe('iteration and challenge caps, whatever the models return (property)', () => {
    const severity = fc.constantFrom<Severity>('BLOCKING', 'SIGNIFICANT', 'MINOR');
    const status = fc.constantFrom<ChallengeStatus>('OPEN', 'RESOLVED', 'UNRESOLVED', 'DEFERRED', 'WITHDRAWN');
    const behaviour = fc.record({
      raised: fc.array(fc.array(severity, { maxLength: 15 }), { minLength: 3, maxLength: 3 }),
      researched: fc.array(severity, { maxLength: 6 }),
      unknowns: fc.nat({ max: 3 }),
      updates: fc.array(fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), status), { maxLength: 10 }), { minLength: 3, maxLength: 3 }),
      reSweep: fc.boolean(),
      reProbe: fc.boolean(),
    });
    const WORDS = ['latency', 'billing', 'schema', 'rollback', 'quota', 'tenancy', 'backfill', 'alerting', 'caching', 'auth', 'locale', 'exports', 'sharding', 'paging', 'audit'];

    it('never more than 3 iterations, 5 new from challengers and 2 from research per iteration, 8 active', async () => {
      await fc.assert(
        fc.asyncProperty(behaviour, async (b) => {
          const calls: Partial<Record<AgentRole, number>> = {};
          const next = (role: AgentRole) => (calls[role] = (calls[role] ?? 0) + 1);
          const script = (req: ReceivedRequest): FakeReply => {
            const role = req.role!;
            const n = next(role);
            switch (role) {
              case 'challenger': {
                const sev = b.raised[Math.min(n, 3) - 1] ?? [];
                const drafts = sev.map((s, i) =>
                  challenge({ ref: `r${i}`, severity: s, quote: `quote ${n}-${i}`, claim: `${WORDS[i]} problem number ${n}${i} in part ${i * 7 + n}` }),
                );
                return reply(
                  challengerOut(
                    drafts,
                    Array.from({ length: b.unknowns }, (_, i) => unknown({ affects_challenge: null, description: `question ${n}-${i}` })),
                  ),
                );
              }
              case 'researcher':
                return reply(
                  researcherOut({
                    new_challenges: b.researched.map((s, i) => challenge({ ref: `x${i}`, severity: s, claim: `research ${WORDS[WORDS.length - 1 - i]} finding ${n}${i}` })),
                  }),
                );
              case 'resolver':
                return resolverReplyFor(req.body);
              case 'synthesizer': {
                const ups = (b.updates[Math.min(n, 3) - 1] ?? []).map(([id, s]) => ({ id: `C${id}`, status: s, resolution: `set to ${s}`, evidence: [] }));
                return reply(synth(ups, { quality: quality(5), re_sweep: b.reSweep, re_probe: b.reProbe }));
              }
              default:
                return reply(audit());
            }
          };
          const { result, server } = await runAgainstFake({ script, options: {} });
          assert.ok(RunResult.safeParse(result).success, 'the result validates');
          assert.ok(result.iterations.length <= 3, `${result.iterations.length} iterations`);
          const firstTurns = (role: AgentRole) => server.received.filter((r) => r.role === role && r.body.messages.length === 1).length;
          assert.ok(firstTurns('challenger') <= 3 && firstTurns('synthesizer') <= 3 && firstTurns('auditor') <= 1, 'agent calls per run');
          for (const state of result.iterations) {
            const fresh = state.challenges.filter((c) => c.iteration_introduced === state.iteration);
            const where = `iteration ${state.iteration}: ${state.challenges.map((c) => `${c.id} ${c.status}`).join(', ')}`;
            assert.ok(fresh.filter((c) => ['challenger', 'domain-expert', 'devils-advocate'].includes(c.origin)).length <= 5, `more than 5 new from challengers, ${where}`);
            assert.ok(fresh.filter((c) => c.origin === 'surfaced' || c.origin === 'probed').length <= 2, `more than 2 new from research, ${where}`);
            assert.ok(state.challenges.filter((c) => c.status !== 'WITHDRAWN' && c.status !== 'DEFERRED').length <= 8, `more than 8 active, ${where}`);
          }
        }),
        {
          numRuns: 12,
          // Found by this property: a BLOCKING challenge withdrawn in iteration 2 and re-opened in iteration 3.
          examples: [
            [
              {
                raised: [[], ['BLOCKING', 'BLOCKING'], ['BLOCKING', 'BLOCKING', 'BLOCKING', 'BLOCKING', 'BLOCKING']],
                researched: ['BLOCKING', 'BLOCKING'],
                unknowns: 0,
                updates: [[], [[2, 'WITHDRAWN']], [[2, 'OPEN']]],
                reSweep: false,
                reProbe: false,
              },
            ],
          ],
        },
      );
    });
  });
});
