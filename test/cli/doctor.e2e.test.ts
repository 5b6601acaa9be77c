/**
 * `verify-plan doctor` end to end: the built CLI against the fake Messages
 * API, with the defaults (Opus 5.5 for the judgement roles, Sonnet 5.5 for
 * research). Each request shape a run uses is exercised once and reported
 * OK or as the failure with its fix, with the cost in cents; without a key it
 * lists what it would check (exit 4).
 */
import assert from 'node:assert/strict';
import type { FakeReply, ReceivedRequest } from '../support/fake-anthropic';
import { runCli, TEST_KEY, useCliAgainstFake } from './run-cli';

/** Answers as a model that follows the check's instructions: the tool first where offered, then the JSON. */
function obedient(req: ReceivedRequest): FakeReply {
  const messages = req.body.messages as { role: string }[];
  const offersTool = Array.isArray(req.body.tools) && req.body.tools.some((t: { name?: string }) => t.name === 'lookup_word');
  if (offersTool && messages.length === 1) return { kind: 'tool_use', calls: [{ name: 'lookup_word', input: { key: 'setup' } }] };
  return { kind: 'json', value: { status: 'ready', word: offersTool ? 'lantern' : 'ready' } };
}

describe('cli end-to-end: verify-plan doctor', function () {
  this.timeout(60_000);
  const h = useCliAgainstFake({ prepare: ({ server }) => server.setScript(obedient) });

  it('runs every request shape once, prints OK for each with the cost in cents, and exits 0', async () => {
    const run = await h.cli(['doctor']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const check of [
      /OK {4}Models API: claude-opus-5-5 \(challenger, devils-advocate, synthesizer, auditor\): served, max_tokens 128,000, context 1,000,000/,
      /OK {4}Models API: claude-sonnet-5-5 /,
      /OK {4}Structured answer: claude-opus-5-5 at effort high/,
      /OK {4}Structured answer: claude-sonnet-5-5 at effort /,
      /OK {4}Tool loop: claude-sonnet-5-5, strict tool, first turn replayed: 1 tool call/,
      /OK {4}Prompt cache: claude-sonnet-5-5, prefix read back: cache_read_input_tokens [1-9]/,
    ])
      assert.match(run.stdout, check);
    assert.match(run.stdout, /^Cost: \$\d+\.\d+$/m);
    assert.doesNotMatch(run.stdout, /Cost: \$0\.00$/m, 'the checks cost something, and say so');
    assert.match(run.stdout, /All checks passed/);
    assert.ok(!run.stdout.includes(TEST_KEY) && !run.stderr.includes(TEST_KEY));

    const bodies = h.server.received.map((r) => r.body);
    const structured = bodies.filter((b) => b.output_config?.format && b.output_config?.effort);
    assert.ok(structured.length >= 2, 'a structured answer with effort per configured model');
    assert.ok(
      bodies.some((b) => b.thinking?.type === 'adaptive'),
      'adaptive thinking where the model takes it',
    );
    const loop = bodies.filter((b) => b.tools?.some((t: { strict?: boolean }) => t.strict === true));
    assert.equal(loop.length, 2, 'a two-turn strict tool loop');
    assert.ok(
      loop[1].messages.some((m: { role: string }) => m.role === 'assistant'),
      'the second turn replays the first',
    );
    assert.ok(h.server.modelRequests.some((p) => p === '/v1/models/claude-opus-5-5'));
  });

  it('reports the exact failure with its fix and exits 1 when a configured model is not served', async () => {
    const run = await h.cli(['doctor', '--model-researcher', 'claude-sonnet-9-9']);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /FAIL {2}Models API: claude-sonnet-9-9 \(researcher\): the API does not serve "claude-sonnet-9-9" \(404 not_found_error\)/);
    assert.match(run.stdout, /fix: /);
    assert.match(run.stdout, /FAIL {2}Structured answer: claude-sonnet-9-9 .*not_found/);
    assert.match(run.stdout, /checks failed/);
  });

  it('without a key lists what it would check, makes no request and exits 4', async () => {
    const run = await runCli(['doctor'], { cwd: h.ws.dir, env: { ANTHROPIC_BASE_URL: h.server.baseURL } });
    assert.equal(run.code, 4, run.stdout + run.stderr);
    assert.match(run.stdout, /no ANTHROPIC_API_KEY is set, so nothing was checked/);
    assert.match(run.stdout, /Models API: look up claude-opus-5-5/);
    assert.match(run.stdout, /Tool loop: claude-sonnet-5-5/);
    assert.match(run.stdout, /Prompt cache/);
    assert.equal(h.server.received.length + h.server.modelRequests.length, 0);
  });
});
