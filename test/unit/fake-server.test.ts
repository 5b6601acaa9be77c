import assert from 'node:assert/strict';
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { roleMarker } from '../../src/core/llm/provider';
import { byRole } from '../support/fake-anthropic';
import { useFakeAnthropicClient } from '../support/fake-anthropic-client';
import { canonicalJson, estimateTokens, flattenRequest, PromptCacheModel } from '../support/fake-anthropic-cache';

const MODEL = 'claude-test';
/** About 1500 tokens by the estimator: over the 1024-token cache minimum. */
const LONG = 'The plan is data, not instructions. '.repeat(170);

function system(role: string, text: string, cache = true): Anthropic.TextBlockParam[] {
  return [{ type: 'text', text: `${role}\n${text}`, ...(cache ? { cache_control: { type: 'ephemeral' as const } } : {}) }];
}

describe('fake Anthropic server', function () {
  const fake = useFakeAnthropicClient();

  it('serves non-streaming JSON with usage by the estimator', async () => {
    fake.server.setScript(() => ({ kind: 'text', text: 'hello world' }));
    const message = await fake.client.messages.create({
      model: MODEL,
      max_tokens: 100,
      system: system(roleMarker('resolver'), 'short', false),
      messages: [{ role: 'user', content: 'hi' }],
    });
    assert.equal(message.content[0]?.type, 'text');
    assert.equal(message.content[0].text, 'hello world');
    assert.equal(message.stop_reason, 'end_turn');
    const body = fake.server.received[0]!.body;
    const expectedInput = estimateTokens(canonicalJson(body.system[0])) + estimateTokens(canonicalJson({ type: 'text', text: 'hi' }));
    assert.equal(message.usage.input_tokens, expectedInput);
    assert.equal(message.usage.output_tokens, estimateTokens('hello world'));
    assert.equal(fake.server.received[0]!.role, 'resolver');
    assert.deepEqual(fake.server.totals().input_tokens, expectedInput);
  });

  it('streams tool_use blocks as input_json_delta the SDK reassembles', async () => {
    fake.server.setScript(() => ({ kind: 'tool_use', text: 'Looking.', calls: [{ name: 'grep', input: { pattern: 'a{2}"b', glob: 'src/**/*.ts' } }] }));
    const message = await fake.client.messages.stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'go' }] }).finalMessage();
    assert.equal(message.stop_reason, 'tool_use');
    const use = message.content.find((b) => b.type === 'tool_use') as Anthropic.ToolUseBlock;
    assert.deepEqual(use.input, { pattern: 'a{2}"b', glob: 'src/**/*.ts' });
    assert.equal(fake.server.received[0]!.body.stream, true);
  });

  it('byRole shifts each role its own queue and fails loudly when a role runs out', async () => {
    fake.server.setScript(
      byRole({
        challenger: [
          { kind: 'text', text: 'c1' },
          { kind: 'text', text: 'c2' },
        ],
        auditor: () => ({ kind: 'text', text: 'audit' }),
      }),
    );
    const ask = async (role: 'challenger' | 'auditor' | 'resolver') => {
      const m = await fake.client.messages.create({
        model: MODEL,
        max_tokens: 10,
        system: system(roleMarker(role), 'x', false),
        messages: [{ role: 'user', content: 'q' }],
      });
      return (m.content[0] as Anthropic.TextBlock).text;
    };
    assert.equal(await ask('challenger'), 'c1');
    assert.equal(await ask('auditor'), 'audit');
    assert.equal(await ask('challenger'), 'c2');
    await assert.rejects(ask('challenger'), (e: APIError) => e.status === 500 && /challenger/.test(e.message));
    await assert.rejects(ask('resolver'), /resolver/);
    assert.equal(fake.server.received.length, 5, 'unscripted calls are not retried');
  });

  it('answers the API error shape with retry-after', async () => {
    fake.server.setScript(() => ({ kind: 'error', status: 529, retryAfterSeconds: 7 }));
    const response = await fetch(`${fake.server.baseURL}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }),
    });
    assert.equal(response.status, 529);
    assert.equal(response.headers.get('retry-after'), '7');
    assert.deepEqual(await response.json(), { type: 'error', error: { type: 'overloaded_error', message: 'fake overloaded_error' } });
  });

  it('rejects what the real API rejects: >4 cache breakpoints, orphan tool results, bad JSON', async () => {
    fake.server.setScript(() => ({ kind: 'text', text: 'should not be served' }));
    const five = Array.from({ length: 5 }, (_, i) => ({ type: 'text' as const, text: `s${i}`, cache_control: { type: 'ephemeral' as const } }));
    await assert.rejects(
      fake.client.messages.create({ model: MODEL, max_tokens: 5, system: five, messages: [{ role: 'user', content: 'x' }] }),
      (e: APIError) => e.status === 400 && /maximum of 4/.test(e.message),
    );
    await assert.rejects(
      fake.client.messages.create({
        model: MODEL,
        max_tokens: 5,
        messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'r' }] }],
      }),
      (e: APIError) => e.status === 400 && /tool_use_id/.test(e.message),
    );
    const raw = await fetch(`${fake.server.baseURL}/v1/messages`, { method: 'POST', body: '{not json' });
    assert.equal(raw.status, 400);
  });

  it('waitForRequests resolves on arrival and rejects at its deadline', async () => {
    fake.server.setScript(() => ({ kind: 'hang' }));
    const controller = new AbortController();
    const pending = fake.client.messages
      .create({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await fake.server.waitForRequests(1);
    await assert.rejects(fake.server.waitForRequests(2, 50), /timed out/);
    controller.abort();
    await pending;
    await fake.server.waitFor(() => fake.server.received[0]!.aborted, 2000, 'the abort');
  });

  it('injects latency globally or per request, and a waiting reply ends when the client leaves', async () => {
    fake.server.setScript(() => ({ kind: 'text', text: 'late' }));
    fake.server.setLatency((req) => (req.role === 'auditor' ? 300 : 0));
    const ask = (role: 'auditor' | 'resolver', signal?: AbortSignal) =>
      fake.client.messages.create(
        { model: MODEL, max_tokens: 5, system: system(roleMarker(role), 'x', false), messages: [{ role: 'user', content: 'q' }] },
        signal ? { signal } : {},
      );
    let started = Date.now();
    await ask('resolver');
    const fast = Date.now() - started;
    started = Date.now();
    await ask('auditor');
    const slow = Date.now() - started;
    assert.ok(slow >= 295 && fast < slow, `fast ${fast} ms, slow ${slow} ms`);
    fake.server.setLatency(60_000);
    const controller = new AbortController();
    const pending = ask('resolver', controller.signal).catch((e: unknown) => e);
    await fake.server.waitForRequests(3);
    controller.abort();
    await pending;
    await fake.server.waitFor(() => fake.server.received[2]!.aborted, 2000, 'the abort during latency');
  });

  it('cuts a non-streaming reply mid-body for the truncate fault', async () => {
    fake.server.setScript(() => ({ kind: 'truncate', text: '{"a": 1}' }));
    await assert.rejects(fake.client.messages.create({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }));
  });

  it('rejects empty text blocks like the API', async () => {
    fake.server.setScript(() => ({ kind: 'text', text: 'never' }));
    await assert.rejects(
      fake.client.messages.create({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] }),
      (e: APIError) => e.status === 400 && /non-empty/.test(e.message),
    );
  });

  describe('prompt cache model', () => {
    const ask = (systemText: string, cache = true) =>
      fake.client.messages.create({
        model: MODEL,
        max_tokens: 10,
        system: system(roleMarker('challenger'), systemText, cache),
        messages: [{ role: 'user', content: 'per-call state' }],
      });

    beforeEach(() => fake.server.setScript(() => ({ kind: 'text', text: 'ok' })));

    it('writes a ≥1024-token prefix on the first call and reads it on the second', async () => {
      const first = await ask(LONG);
      const second = await ask(LONG);
      assert.ok(first.usage.cache_creation_input_tokens! >= 1024);
      assert.equal(first.usage.cache_read_input_tokens, 0);
      assert.equal(second.usage.cache_read_input_tokens, first.usage.cache_creation_input_tokens);
      assert.equal(second.usage.cache_creation_input_tokens, 0);
      assert.equal(second.usage.input_tokens, first.usage.input_tokens, 'the uncached suffix is input');
      assert.equal(fake.server.totals().cache_read_input_tokens, second.usage.cache_read_input_tokens);
    });

    it('one changed byte in the prefix means no read', async () => {
      await ask(LONG);
      const changed = await ask(`${LONG.slice(0, 100)}X${LONG.slice(101)}`);
      assert.equal(changed.usage.cache_read_input_tokens, 0);
      assert.ok(changed.usage.cache_creation_input_tokens! > 0);
    });

    it('does not cache prefixes under 1024 tokens, nor unmarked ones', async () => {
      const short = 'short system prompt';
      await ask(short);
      const again = await ask(short);
      assert.equal(again.usage.cache_read_input_tokens, 0);
      assert.equal(again.usage.cache_creation_input_tokens, 0);
      await ask(LONG, false);
      const unmarked = await ask(LONG, false);
      assert.equal(unmarked.usage.cache_read_input_tokens, 0);
      assert.equal(unmarked.usage.cache_creation_input_tokens, 0);
    });

    it('concurrent requests miss a prefix that is still being written, later ones read it', async () => {
      fake.server.setLatency(100);
      const [a, b] = await Promise.all([ask(LONG), ask(LONG)]);
      assert.equal(a.usage.cache_read_input_tokens, 0);
      assert.equal(b.usage.cache_read_input_tokens, 0);
      assert.ok(a.usage.cache_creation_input_tokens! > 0 && b.usage.cache_creation_input_tokens! > 0);
      const later = await ask(LONG);
      assert.equal(later.usage.cache_read_input_tokens, a.usage.cache_creation_input_tokens);
    });

    it('reads the longest cached breakpoint and writes only the rest', () => {
      let now = 0;
      const cache = new PromptCacheModel(() => now);
      const a = { type: 'text', text: LONG, cache_control: { type: 'ephemeral' } };
      const b = { type: 'text', text: 'role instructions '.repeat(100), cache_control: { type: 'ephemeral' } };
      const user = [{ role: 'user', content: 'q' }];
      cache.account(MODEL, { system: [a], messages: user });
      const both = cache.account(MODEL, { system: [a, b], messages: user });
      const aTokens = estimateTokens(canonicalJson(a));
      assert.equal(both.cache_read_input_tokens, aTokens);
      assert.equal(both.cache_creation_input_tokens, estimateTokens(canonicalJson(b)));
      assert.equal(cache.account('other-model', { system: [a], messages: user }).cache_read_input_tokens, 0, 'the model is part of the key');
      now += 5 * 60 * 1000 + 1;
      assert.equal(cache.account(MODEL, { system: [a, b], messages: user }).cache_read_input_tokens, 0, 'entries expire after 5 minutes');
    });

    // Structured outputs inject a system prompt for the format, so a changed format invalidates from there on; effort and
    // thinking invalidate the messages always and the system "model-specific" (prompt caching, "What invalidates the
    // cache"): the fake takes the strict reading for all three and keeps only the tools.
    it('answer format, effort and thinking sit right after the tools: the same settings share the prefix through the plan, a change in any keeps only the tools', () => {
      const cache = new PromptCacheModel(() => 0);
      const tools = [{ name: 'read_file', description: 'Reads a file. '.repeat(300), input_schema: { type: 'object', properties: {} }, cache_control: { type: 'ephemeral' } }];
      const plan = { type: 'text', text: LONG, cache_control: { type: 'ephemeral' } };
      const body = (settings: { format?: string; effort?: string; thinking?: boolean }, role: string) => ({
        tools,
        output_config: {
          effort: settings.effort ?? 'high',
          format: { type: 'json_schema', schema: { type: 'object', description: settings.format ?? 'one answer', properties: {}, additionalProperties: false } },
        },
        ...(settings.thinking === false ? {} : { thinking: { type: 'adaptive' } }),
        system: [{ type: 'text', text: 'Team rules.' }],
        messages: [
          { role: 'user', content: [plan, { type: 'text', text: `${role} instructions `.repeat(90), cache_control: { type: 'ephemeral' } }, { type: 'text', text: 'task' }] },
        ],
      });
      const tokensThrough = (b: ReturnType<typeof body>, blocks: number) =>
        flattenRequest(b)
          .slice(0, blocks)
          .reduce((n, x) => n + x.tokens, 0);
      assert.ok(tokensThrough(body({}, 'x'), 1) >= 1024, 'the tools alone are a cacheable prefix');
      cache.account(MODEL, body({}, 'challenger'));
      const sameSettings = body({}, 'synthesizer');
      assert.equal(cache.account(MODEL, sameSettings).cache_read_input_tokens, tokensThrough(sameSettings, 4), 'another role reads tools, settings, system and plan');
      for (const [what, settings] of [
        ['answer format', { format: 'another answer' }],
        ['effort', { effort: 'medium' }],
        ['thinking', { thinking: false }],
      ] as const) {
        const changed = body(settings, 'synthesizer');
        assert.equal(cache.account(MODEL, changed).cache_read_input_tokens, tokensThrough(changed, 1), `${what} changed: only the tools are read`);
      }
    });
  });
});
