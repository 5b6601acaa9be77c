/**
 * Smoke test of the benchmark (correctness, not timing): every scenario
 * script drives the real loop to its intended verdict, the three-iteration
 * stories really move challenges OPEN → UNRESOLVED → RESOLVED, research
 * spends tool calls and gets its citations verified, and the bench's own
 * arithmetic (critical path, cache shares, the serialising provider, the
 * lsp-bench parser) is right.
 */
import assert from 'node:assert/strict';
import { SCENARIOS } from '../../bench/scenarios';
import { costSplit } from '../../bench/before-after';
import { cacheFigures, criticalPath, handbookLayout, measureRun, serialised, withoutWorkspaceFacts, type RunMeasurement } from '../../bench/measure-run';
import { workspaceFactsBlock } from '../../src/core/agents/workspace-facts';
import { roleMarker } from '../../src/core/llm/provider';
import { parseLspTable } from '../../bench/editor-figures';
import type { LlmProvider, ModelRequest, ModelResponse, TextBlock } from '../../src/core/llm/provider';
import type { ReceivedRequest } from '../support/fake-anthropic';
import { ZERO_USAGE } from '../../src/core/llm/provider';

describe('bench: scenario scripts reach their verdicts', function () {
  this.timeout(20_000);
  const measured = new Map<string, RunMeasurement>();

  for (const scenario of SCENARIOS) {
    it(`${scenario.id}: ${scenario.expect.verdict} after ${scenario.expect.iterations} iteration(s), no agent failure`, async () => {
      const m = await measureRun(scenario, { latencyMs: 0, orchestration: 'parallel' });
      measured.set(scenario.id, m);
      assert.equal(m.result.verdict, scenario.expect.verdict, m.result.reason);
      assert.equal(m.result.iterations.length, scenario.expect.iterations);
      assert.deepEqual(m.result.failures, []);
      const misaddressed = m.result.iterations.flatMap((i) => i.refused_settlements).filter((r) => /unknown challenge/.test(r.reason));
      assert.deepEqual(misaddressed, [], 'every synthesizer update names a challenge of the run');
    });
  }

  // The stories settle challenges by citing files the fixture workspace does not have and mitigations the plan does not
  // contain yet; the engine refuses those settlements (settling needs grounds), so the challenges stay UNRESOLVED and say why.
  it('three-iteration stories move a challenge OPEN → UNRESOLVED, the ungrounded RESOLVED is refused, and research spends tool calls', () => {
    for (const id of ['base-3', 'scaled-3']) {
      const m = measured.get(id);
      assert.ok(m, `${id} ran`);
      const last = m.result.iterations.at(-1)!;
      assert.ok(
        last.challenges.some((c) => c.history.map((h) => h.status).join('>') === 'OPEN>UNRESOLVED' && c.status === 'UNRESOLVED'),
        `${id}: a challenge went OPEN → UNRESOLVED`,
      );
      assert.ok(
        last.refused_settlements.some((r) => r.status === 'RESOLVED' && /refused/.test(r.reason)),
        `${id}: the report says why a settlement was refused`,
      );
      assert.ok(m.toolCalls > 0, `${id} used research tools`);
      assert.ok(
        m.result.iterations.some((i) => i.probed_risks.some((p) => p.iteration === 2)),
        `${id}: the directed RE-PROBE ran in iteration 2`,
      );
    }
  });

  it("the cost split (answers, uncached input, cache writes, cache reads) adds up to the run's cost", () => {
    for (const id of ['base-3', 'scaled-3']) {
      const m = measured.get(id);
      assert.ok(m, `${id} ran`);
      const c = costSplit(m);
      assert.ok(c.output > 0 && c.input > 0 && c.write > 0 && c.read > 0, id);
      assert.ok(Math.abs(c.output + c.input + c.write + c.read - m.result.costUsd) < 1e-9, `${id}: ${JSON.stringify(c)} vs ${m.result.costUsd}`);
    }
  });

  it('the research scenario cites real workspace lines, and the engine verifies them', () => {
    const m = measured.get('research');
    assert.ok(m, 'research ran');
    const evidence = m.result.iterations[0]!.challenges.flatMap((c) => c.evidence).filter((e) => e.path);
    assert.ok(evidence.length >= 3);
    assert.ok(
      evidence.every((e) => e.checked === 'verified'),
      JSON.stringify(evidence.map((e) => [e.path, e.checked])),
    );
    assert.ok(m.toolCalls >= 10);
  });

  it('the trivial plan calls no model', () => {
    const m = measured.get('trivial');
    assert.ok(m, 'trivial ran');
    assert.equal(m.calls.length, 0);
    assert.equal(m.criticalPathCalls, 0);
  });
});

describe('bench: measuring arithmetic', () => {
  const req = (role: ReceivedRequest['role']): ReceivedRequest => ({ body: {}, headers: {}, role, at: 0, aborted: false });

  it('critical path = Σ per phase of the busiest role', () => {
    // phase 1: three challengers in parallel; phase 2: resolver 3 turns ‖ researcher 2; phase 3: synthesizer.
    const received = [
      req('challenger'),
      req('domain-expert'),
      req('devils-advocate'),
      req('resolver'),
      req('researcher'),
      req('resolver'),
      req('researcher'),
      req('resolver'),
      req('synthesizer'),
    ];
    assert.equal(criticalPath(received, [0, 3, 8]), 1 + 3 + 1);
    assert.equal(criticalPath(received, [0, 3, 8, 9]), 5, 'a phase with no calls adds nothing');
    assert.equal(criticalPath([], []), 0);
  });

  it('cache shares: after the first call of each model, and after the first call of the run', () => {
    const u = (read: number, write: number, input: number) => ({ ...ZERO_USAGE, cache_read_input_tokens: read, cache_creation_input_tokens: write, input_tokens: input });
    const figures = cacheFigures([
      { role: 'challenger', model: 'a', usage: u(0, 100, 0) },
      { role: 'resolver', model: 'b', usage: u(0, 100, 0) },
      { role: 'synthesizer', model: 'a', usage: u(80, 0, 20) },
      { role: 'researcher', model: 'b', usage: u(50, 25, 25) },
    ]);
    assert.equal(figures.afterFirstOfModel.calls, 2);
    assert.equal(figures.afterFirstOfModel.worst, 0.5);
    assert.equal(figures.afterFirstOfModel.aggregate, 130 / 200);
    assert.equal(figures.afterFirst.calls, 3);
    assert.equal(figures.afterFirst.worst, 0);
    assert.equal(figures.afterFirstOfModel.atTarget, 1, 'only the 80 % call reaches 70 %');
  });

  it('the naive provider never lets two sends overlap, and a failed send does not block the next', async () => {
    let inFlight = 0;
    let most = 0;
    let n = 0;
    const inner: LlmProvider = {
      id: 'inner',
      async send(): Promise<ModelResponse> {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        if (n++ === 1) throw new Error('boom');
        return { content: [], stopReason: 'end_turn', usage: ZERO_USAGE, model: 'm' };
      },
    };
    const provider = serialised(inner);
    const request = {} as ModelRequest;
    const results = await Promise.allSettled([provider.send(request), provider.send(request), provider.send(request)]);
    assert.equal(most, 1);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
  });

  it('the workspace-facts toggle drops only the facts block, and without it the researcher checks what the block says', async () => {
    const seen: ModelRequest[] = [];
    const inner: LlmProvider = { id: 'inner', send: (request) => (seen.push(request), Promise.resolve({ content: [], stopReason: 'end_turn', usage: ZERO_USAGE, model: 'm' })) };
    const facts = workspaceFactsBlock('- src/a.ts: exists') as TextBlock;
    const plan: TextBlock = { type: 'text', text: 'plan', cache: true };
    await withoutWorkspaceFacts(inner).send({
      role: 'researcher',
      model: 'm',
      system: [],
      tools: [],
      maxTokens: 1,
      messages: [{ role: 'user', content: [plan, facts, { type: 'text', text: 'task' }] }],
    });
    assert.deepEqual(seen[0]!.messages[0]!.content, [plan, { type: 'text', text: 'task' }]);

    const scenario = SCENARIOS.find((s) => s.scriptWithoutFacts);
    assert.ok(scenario, 'a scenario has a script without workspace facts');
    const [sent, withheld] = [
      await measureRun(scenario, { latencyMs: 0, orchestration: 'parallel', workspaceFacts: 'sent' }),
      await measureRun(scenario, { latencyMs: 0, orchestration: 'parallel', workspaceFacts: 'withheld' }),
    ];
    const research = (m: RunMeasurement) => ({
      calls: m.calls.filter((c) => c.role === 'researcher').length,
      tools: m.result.calls.filter((c) => c.role === 'researcher').reduce((n, c) => n + c.tool_calls, 0),
    });
    assert.equal(withheld.result.verdict, sent.result.verdict);
    assert.deepEqual(research(withheld), { calls: research(sent).calls + 1, tools: research(sent).tools + 3 });
  });

  it('the handbook layout shares one instruction block across roles and keeps exactly one role marker', async () => {
    const seen: ModelRequest[] = [];
    const inner: LlmProvider = { id: 'inner', send: (request) => (seen.push(request), Promise.resolve({ content: [], stopReason: 'end_turn', usage: ZERO_USAGE, model: 'm' })) };
    const provider = handbookLayout(inner);
    for (const role of ['challenger', 'synthesizer'] as const) {
      await provider.send({
        role,
        model: 'm',
        system: [],
        tools: [],
        maxTokens: 1,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'plan', cache: true },
              { type: 'text', text: `${roleMarker(role)}\nrole text`, cache: true },
              { type: 'text', text: 'task' },
            ],
          },
        ],
      });
    }
    const [a, b] = seen.map((r) => r.messages[0]!.content);
    assert.deepEqual(a![1], b![1], 'the cached instruction block is byte-identical for both roles');
    for (const [i, role] of (['challenger', 'synthesizer'] as const).entries()) {
      const text = JSON.stringify(seen[i]!.messages);
      assert.equal(text.split('[verify-plan role: ').length - 1, 1, 'one marker');
      assert.ok(text.includes(roleMarker(role)));
    }
  });

  it('reads the lsp-bench table', () => {
    const rows = parseLspTable(
      [
        '  lines  edits │ server ms: median     p95     max │ LSP ms: median     p95     max │  heap MB',
        '    200    300 │              1.80   10.52   80.37 │           2.33    3.78    9.25 │     28.2',
        ' 20,000     60 │            236.76  602.20  740.11 │         330.30  886.83 1090.62 │     96.4',
      ].join('\n'),
    );
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[1], { lines: 20_000, edits: 60, server: { median: 236.76, p95: 602.2, max: 740.11 }, lsp: { median: 330.3, p95: 886.83, max: 1090.62 }, heapMb: 96.4 });
  });
});
