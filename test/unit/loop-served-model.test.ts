/**
 * A run names the model that ran each role — the configured
 * id on the Anthropic API, the editor's model (vendor/family/id) on vscode.lm —
 * in its call records, its live events, the report and the SARIF summary; a
 * provider that reports no usage leaves tokens and cost unknown, not zero.
 */
import assert from 'node:assert/strict';
import { DEFAULT_MODELS } from '../../src/core/config';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import type { LlmProvider } from '../../src/core/llm/provider';
import { ROLE_NAMES } from '../../src/core/labels';
import type { AgentRole } from '../../src/core/protocol';
import { planSummary } from '../../src/core/report/sarif';
import { renderMarkdownReport } from '../../src/core/report/markdown';
import { byRole, FakeAnthropicServer, type Script } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth, update } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

/** The roles that made calls, in the order the views list them. */
const ranRoles = (calls: readonly { role: AgentRole }[]): AgentRole[] => (Object.keys(ROLE_NAMES) as AgentRole[]).filter((r) => calls.some((c) => c.role === r));

const script = (): Script =>
  byRole({
    challenger: [reply(challengerOut([challenge({ ref: 'n1', severity: 'MINOR' })]))],
    researcher: [reply(researcherOut({}))],
    synthesizer: [reply(synth([update('C1', 'DEFERRED')], { quality: quality(8) }))],
    auditor: [reply(audit())],
  });

describe('loop: the model that ran each role is named', () => {
  it('Anthropic API: every record and agent-started event names the configured id of its role; usage is reported', async () => {
    const { result, events } = await runAgainstFake({ script: script() });
    assert.ok(result.calls.length >= 4);
    for (const call of result.calls) assert.equal(call.model, DEFAULT_MODELS[call.role], `${call.role} call`);
    for (const e of events) if (e.type === 'agent-started') assert.equal(e.model, DEFAULT_MODELS[e.role]);
    assert.equal(result.usageReported, undefined);
    assert.match(renderMarkdownReport(result), new RegExp(`\\| Challenger \\| ${DEFAULT_MODELS.challenger} \\| 1 \\|`));
    const sarif = planSummary({ uri: 'plan.md', planText: '', assessment: result.assessment, findings: [], result });
    for (const { model, roles } of sarif.models ?? []) {
      assert.deepEqual(
        roles,
        ranRoles(result.calls).filter((r) => DEFAULT_MODELS[r] === model),
        model,
      );
    }
    assert.deepEqual(sarif.models?.flatMap((m) => m.roles).sort(), ranRoles(result.calls).sort(), 'every role that ran, under its model');
  });

  it('editor models (servedModel, no usage): records, events, report and SARIF name the editor model; cost is not reported', async () => {
    const server = await FakeAnthropicServer.start();
    try {
      const api = createAnthropicProvider({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
      const editorModel = (id: string) => (id === DEFAULT_MODELS.challenger ? 'copilot/claude-opus-4.1/claude-opus-41' : 'copilot/gpt-4o/gpt-4o');
      const editor: LlmProvider = { id: 'vscode-lm', reportsUsage: false, servedModel: editorModel, send: (request) => api.send(request) };
      const { result, events } = await runAgainstFake({ script: script(), server, plan: examplePlan('base-team-rate-limiter'), options: { provider: editor } });
      assert.ok(result.calls.length >= 4);
      for (const call of result.calls) assert.equal(call.model, editorModel(DEFAULT_MODELS[call.role]), `${call.role} call`);
      const started = events.filter((e) => e.type === 'agent-started');
      assert.ok(started.length >= 4);
      for (const e of started) assert.equal(e.model, editorModel(DEFAULT_MODELS[e.role]));
      assert.equal(result.usageReported, false);
      const report = renderMarkdownReport(result);
      assert.match(report, /\| Challenger \| copilot\/claude-opus-4\.1\/claude-opus-41 \| 1 \|/);
      assert.match(report, /\| Researcher \| copilot\/gpt-4o\/gpt-4o \| 1 \|/);
      assert.match(report, /Token counts and cost are not reported/);
      const sarif = planSummary({ uri: 'plan.md', planText: '', assessment: result.assessment, findings: [], result });
      assert.equal(sarif.usageReported, false);
      assert.deepEqual(sarif.models?.[0], {
        model: 'copilot/claude-opus-4.1/claude-opus-41',
        roles: ranRoles(result.calls).filter((r) => DEFAULT_MODELS[r] === DEFAULT_MODELS.challenger),
      });
    } finally {
      await server.stop();
    }
  });
});
