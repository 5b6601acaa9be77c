/**
 * The gate as an agent plays it, in-process: the real loop twice on one plan
 * (the second run remembers the first), arbitrary schema-valid answers, and
 * an agent that resubmits the plan unchanged, cosmetically edited or really
 * fixed (test/support/agent-gate.ts has the oracles). The same cases run
 * through the built CLI's hook in test/cli/agent-gate.e2e.test.ts.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { renderMarkdownReport } from '../../src/core/report';
import { gateDenialReason } from '../../src/core/report/what-to-change-format';
import { presentStatus } from '../../src/extension/status-model';
import { FakeAnthropicServer } from '../support/fake-anthropic';
import { GATE_PLAN, checkPair, deciding, edited, gateCase, listedIds, modelOf, reportIds } from '../support/agent-gate';
import { runAgainstFake } from '../support/run-harness';

describe('the gate as an agent plays it: the loop twice per plan (fast-check)', function () {
  this.timeout(240_000);

  it('unchanged or cosmetic resubmissions never reach PROCEED without verified grounds; verdicts follow seed 002 §7; every surface lists exactly the deciding challenges', async () => {
    const server = await FakeAnthropicServer.start({ script: () => ({ kind: 'error', status: 500, message: 'unset', shouldRetry: false }) });
    try {
      await fc.assert(
        fc.asyncProperty(gateCase, async (g) => {
          const planPath = '/plans/sessions.md';
          const first = await runAgainstFake({ server, script: modelOf(g.first).script, plan: { planPath, planText: GATE_PLAN }, config: { team: 'base' } });
          const planText = edited(GATE_PLAN, g.edit);
          const model = modelOf(g.second);
          const second = await runAgainstFake({ server, script: model.script, plan: { planPath, planText }, config: { team: 'base' }, options: { previous: first.result } });
          checkPair({ first: first.result, second: second.result, edit: g.edit, sent: model.sent, planText });
          for (const run of [first.result, second.result]) {
            const ids = deciding(run.iterations.at(-1)!.challenges);
            assert.deepEqual([...reportIds(renderMarkdownReport(run))].sort(), ids, 'report');
            const hover = presentStatus({ kind: 'verdict', planName: 'p', result: run, stale: false }).tooltip;
            if (/more not shown/.test(hover))
              assert.ok(
                listedIds(hover).every((id) => ids.includes(id)),
                'hover (cut)',
              );
            else assert.deepEqual([...listedIds(hover)].sort(), ids, 'hover');
            assert.deepEqual([...listedIds(gateDenialReason(run))].sort(), ids, 'deny reason');
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      await server.stop();
    }
  });
});
