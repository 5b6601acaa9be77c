/**
 * Model output is untrusted input too (beyond the fault matrix): prototype
 * pollution keys, enormous or deeply nested answers, control characters and
 * lone surrogates, quotes that are not in the plan, endless tool calls. Each
 * run must end with a valid, renderable, storable result and no side effect
 * outside it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderJsonReport, renderMarkdownReport } from '../../src/core/report';
import { anchorsForPlan } from '../../src/core/report/anchors';
import { createResearchToolbox } from '../../src/core/research';
import { RunResult } from '../../src/core/run-types';
import { createFileRunStore } from '../../src/core/store';
import { byRole, type FakeReply } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, raw, reply, researcherOut, synth, update } from '../support/replies';
import { runAgainstFake } from '../support/run-harness';
import { FIXTURE } from '../unit/research-fixture';

const calm = {
  researcher: [reply(researcherOut({}))],
  synthesizer: [reply(synth([update('C1', 'UNRESOLVED')], { quality: quality(6) }))],
  auditor: [reply(audit())],
};

async function assertSound(result: RunResult): Promise<void> {
  const parsed = RunResult.safeParse(result);
  assert.ok(parsed.success, `the result does not validate: ${parsed.success ? '' : parsed.error.message.slice(0, 300)}`);
  renderMarkdownReport(result, { anchors: anchorsForPlan(result) });
  JSON.parse(renderJsonReport(result));
  const dir = await mkdtemp(path.join(tmpdir(), 'vp-hostile-'));
  try {
    const store = createFileRunStore(dir);
    await store.save(result);
    const back = await store.loadLatest(result.planPath);
    assert.equal(back?.runId, result.runId, 'the result round-trips through the store');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('reliability: hostile model output', function () {
  // A hang guard, not a speed budget: streaming a 10,000-challenge (~2 MB) answer through the fake's SSE and the
  // SDK's accumulator takes ~9 s of CPU (profiled: GC, SSE framing, SDK stream parsing), and over 30 s of wall
  // time when both cores are busy with other suites.
  this.timeout(120_000);

  it('__proto__ / constructor keys in an answer pollute nothing', async () => {
    const draft = JSON.stringify(challenge());
    const text = `{"challenges": [${draft.slice(0, -1)}, "__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}], "unknowns": [], "__proto__": {"polluted": "yes"}}`;
    const { result, server } = await runAgainstFake({ script: byRole({ challenger: [raw(text)], ...calm }) });
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was polluted');
    // Under structured outputs every object of the answer schema is closed, so the API cannot write these keys
    // (the fake refuses the script); the free-text parser's handling is covered in llm-json-output.test.ts.
    const envelope = server.received.find((r) => r.role === 'challenger')!.body.output_config.format.schema;
    assert.equal(envelope.additionalProperties, false);
    const schema = envelope.properties.challenges;
    assert.equal(schema.additionalProperties, false);
    assert.equal(schema.properties.challenges.items.additionalProperties, false);
    await assertSound(result);
  });

  for (const [name, make] of [
    ['a 3 MB claim', () => reply({ challenges: [{ ...challenge(), claim: 'x'.repeat(3 * 1024 * 1024) }], unknowns: [] })],
    ['JSON nested 200,000 deep', () => raw(`{"challenges": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "unknowns": []}`)],
    [
      '10,000 challenges',
      () => reply({ challenges: Array.from({ length: 10_000 }, (_, i) => challenge({ ref: `r${i}`, claim: `claim number ${i} about part ${i}` })), unknowns: [] }),
    ],
  ] as [string, () => FakeReply][]) {
    it(`${name}: a failure or a capped result, never a crash`, async () => {
      const { result } = await runAgainstFake({ script: byRole({ challenger: [make(), make()], ...calm }) });
      assert.ok(result.iterations.length >= 1);
      assert.ok(result.iterations[0]!.challenges.length <= 5, 'the per-iteration cap holds');
      await assertSound(result);
    });
  }

  it('control characters, lone surrogates and quotes that are not in the plan: anchored nowhere, rendered safely', async () => {
    const weird = 'bad \u0000\u0007\u001b[31m red \uD800 half \u202E reversed \uFEFF';
    const { result } = await runAgainstFake({
      script: byRole({ challenger: [reply(challengerOut([challenge({ quote: `not in the plan at all ${weird}`, claim: weird, concern: weird })]))], ...calm }),
    });
    assert.equal(result.iterations[0]!.challenges.length, 1);
    assert.equal(anchorsForPlan(result).has('C1'), false, 'a quote that is not in the plan gets no line');
    const md = renderMarkdownReport(result, { anchors: anchorsForPlan(result) });
    assert.ok(!['\u0000', '\u0007', '\u001b'].some((c) => md.includes(c)), 'control characters reach the terminal');
    await assertSound(result);
  });

  it('a model that calls tools forever is stopped at the tool-turn limit', async () => {
    const forever: FakeReply = { kind: 'tool_use', calls: [{ name: 'list_files', input: { dir: 'src' } }] };
    const { result, server } = await runAgainstFake({
      config: { maxToolTurns: 3 },
      script: byRole({ challenger: [reply(challengerOut([challenge()]))], researcher: () => forever, synthesizer: calm.synthesizer, auditor: calm.auditor }),
      options: { workspaceRoot: FIXTURE, research: createResearchToolbox({ root: FIXTURE }) },
    });
    const researcherCalls = server.received.filter((r) => r.role === 'researcher').length;
    assert.ok(researcherCalls <= 6, `${researcherCalls} researcher requests`);
    assert.ok(result.failures.some((f) => f.role === 'researcher' && f.kind === 'invalid_output'));
    assert.equal(result.iterations[0]!.research_unavailable, true);
    await assertSound(result);
  });
});
