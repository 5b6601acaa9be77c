/**
 * The gate as an agent plays it, through the real `verify-plan hook
 * claude-code` (built CLI, fake Messages API): Claude calls ExitPlanMode,
 * is denied, and resubmits the plan unchanged, cosmetically edited or
 * really fixed, with model answers drawn arbitrarily from the answer
 * schemas (oracles in test/support/agent-gate.ts). The second call of a
 * session remembers the first through the run store, as in real use.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import fc from 'fast-check';
import { renderMarkdownReport } from '../../src/core/report';
import { createFileRunStore } from '../../src/core/store';
import type { RunResult } from '../../src/core/run-types';
import { FakeAnthropicServer } from '../support/fake-anthropic';
import { TEST_STATE_KEY } from '../support/state-key';
import { GATE_PLAN, checkPair, deciding, edited, gateCase, listedIds, modelOf, reportIds } from '../support/agent-gate';
import { TEST_KEY, TempWorkspace, ensureBuilt, runCli } from './run-cli';

describe('the gate as an agent plays it: hook claude-code twice per plan (built CLI, fast-check)', function () {
  this.timeout(300_000);
  before(() => ensureBuilt());

  it('unchanged or cosmetic resubmissions are not let through without verified grounds; the deny reason lists exactly the deciding challenges', async () => {
    const server = await FakeAnthropicServer.start({ script: () => ({ kind: 'error', status: 500, message: 'unset', shouldRetry: false }) });
    try {
      await fc.assert(
        fc.asyncProperty(gateCase, async (g) => {
          const ws = new TempWorkspace();
          try {
            const call = async (
              plan: string,
              script: ReturnType<typeof modelOf>['script'],
            ): Promise<{ result: RunResult; out: { hookSpecificOutput?: { permissionDecisionReason: string }; systemMessage?: string } }> => {
              server.setScript(script);
              const input = JSON.stringify({ session_id: 'gate-1', cwd: ws.dir, hook_event_name: 'PreToolUse', tool_name: 'ExitPlanMode', tool_input: { plan } });
              const run = await runCli(['hook', 'claude-code', '--team', 'base'], {
                cwd: ws.dir,
                env: { ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: server.baseURL },
                input,
                timeoutMs: 60_000,
              });
              assert.equal(run.code, 0, run.stderr);
              const planPath = path.join(ws.dir, '.claude', 'plans', 'claude-code-gate-1.md');
              const result = await createFileRunStore(path.join(ws.dir, '.verify-plan'), { key: TEST_STATE_KEY }).loadLatest(planPath);
              assert.ok(result, 'the run was stored');
              return { result, out: JSON.parse(run.stdout) };
            };
            const first = await call(GATE_PLAN, modelOf(g.first).script);
            const planText = edited(GATE_PLAN, g.edit);
            const model = modelOf(g.second);
            const second = await call(planText, model.script);
            checkPair({ first: first.result, second: second.result, edit: g.edit, sent: model.sent, planText });
            for (const { result, out } of [first, second]) {
              const ids = deciding(result.iterations.at(-1)!.challenges);
              const denied = out.hookSpecificOutput?.permissionDecisionReason;
              // The hook denies exactly when the verdict is REVISE or RETHINK, and names exactly what decides it.
              assert.equal(denied !== undefined, result.verdict === 'RETHINK' || result.verdict.startsWith('REVISE'), JSON.stringify(out));
              if (denied) assert.deepEqual([...listedIds(denied)].sort(), ids, denied);
              else assert.match(out.systemMessage ?? '', new RegExp(`Verify Plan: ${result.verdict.replace(/[()]/g, '\\$&')}`));
              assert.deepEqual([...reportIds(renderMarkdownReport(result))].sort(), ids);
            }
          } finally {
            ws.dispose();
          }
        }),
        { numRuns: 10 },
      );
    } finally {
      await server.stop();
    }
  });
});
