import assert from 'node:assert/strict';
import { DEFAULT_MODELS } from '../../src/core/config';
import { createAnthropicModelLookup, createAnthropicProvider } from '../../src/core/llm/anthropic';
import { ModelLifecycle, type ModelLookup } from '../../src/core/llm/model-lifecycle';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeAnthropicServer } from '../support/fake-anthropic';

const KEY = 'sk-ant-lifecycle-test-key-123';

describe('model lifecycle at run start', () => {
  it('looks each id up once per session, however many roles and runs use it', async () => {
    const asked: string[] = [];
    const lookup: ModelLookup = (id) => (asked.push(id), Promise.resolve('found'));
    const lifecycle = new ModelLifecycle(lookup);
    await lifecycle.check(DEFAULT_MODELS, DEFAULT_MODELS);
    await lifecycle.check(DEFAULT_MODELS, DEFAULT_MODELS);
    assert.deepEqual(asked.sort(), ['claude-opus-5-5', 'claude-sonnet-5-5']);
  });

  it('warns once per session for a legacy model, naming every role that uses it and the replacement', async () => {
    const lifecycle = new ModelLifecycle(() => Promise.resolve('found'));
    const models = { ...DEFAULT_MODELS, challenger: 'claude-opus-4-6', synthesizer: 'claude-opus-4-6' };
    const first = await lifecycle.check(models, DEFAULT_MODELS);
    assert.deepEqual(first.errors, []);
    assert.equal(first.warnings.length, 1);
    assert.match(first.warnings[0]!, /"claude-opus-4-6" \(challenger and synthesizer\) is a legacy model.*claude-opus-5-5/);
    assert.deepEqual((await lifecycle.check(models, DEFAULT_MODELS)).warnings, []);
  });

  it('an id unknown to the API is an error with the role default as replacement; a failed lookup is not cached', async () => {
    let online = false;
    const lifecycle = new ModelLifecycle((id) => {
      if (!online) return Promise.reject(new Error('ECONNREFUSED'));
      return Promise.resolve(id === 'claude-typo' ? 'not_found' : 'found');
    });
    const models = { ...DEFAULT_MODELS, resolver: 'claude-typo' };
    const offline = await lifecycle.check(models, DEFAULT_MODELS);
    assert.deepEqual(offline.errors, [], 'offline, an id the table does not know cannot be judged');
    assert.equal(offline.notes.length, 1);
    online = true;
    const back = await lifecycle.check(models, DEFAULT_MODELS);
    assert.equal(back.notes.length, 0);
    assert.deepEqual(back.errors, ['Model "claude-typo" (resolver) is not served by the API (404 not_found_error). Use claude-sonnet-5-5 instead.']);
  });

  it('createAnthropicModelLookup: the model limits and capabilities, 404 not_found, and an unreachable endpoint as an error without the key', async () => {
    const server = await FakeAnthropicServer.start();
    try {
      const lookup = createAnthropicModelLookup({ apiKey: KEY, baseURL: server.baseURL });
      assert.deepEqual(await lookup('claude-opus-5-5'), {
        id: 'claude-opus-5-5',
        limits: { maxOutputTokens: 128_000, maxInputTokens: 1_000_000 },
        capabilities: { adaptiveThinking: true, thinkingAlwaysOn: true, effort: true, structuredOutputs: true },
      });
      assert.deepEqual(await lookup('claude-sonnet-4-5'), {
        id: 'claude-sonnet-4-5-20250929',
        limits: { maxOutputTokens: 64_000, maxInputTokens: 200_000 },
        capabilities: { adaptiveThinking: false, thinkingAlwaysOn: false, effort: false, structuredOutputs: true },
      });
      assert.equal(await lookup('claude-opus-0-1'), 'not_found');
      assert.ok(server.modelRequests.every((p) => p.startsWith('/v1/models/')));
      assert.equal(server.received.length, 0);
    } finally {
      await server.stop();
    }
    const down = await FakeAnthropicServer.start({ modelsEndpoint: 'down' });
    try {
      const lookup = createAnthropicModelLookup({ apiKey: KEY, baseURL: down.baseURL });
      await assert.rejects(lookup('claude-opus-5-5'), (error: Error) => !error.message.includes(KEY));
    } finally {
      await down.stop();
    }
  });

  it("a run's lifecycle check and its provider ask the Models API once per model between them; a failed answer is asked again", async () => {
    const server = await FakeAnthropicServer.start();
    try {
      const lifecycle = new ModelLifecycle(createAnthropicModelLookup({ apiKey: KEY, baseURL: server.baseURL }));
      await lifecycle.check({ ...DEFAULT_MODELS, challenger: 'claude-haiku-5-5' }, DEFAULT_MODELS);
      const looked = server.modelRequests.length;
      assert.ok(looked > 0);
      // callAgent sizes each turn's output room from this before its first send.
      const provider = createAnthropicProvider({ apiKey: KEY, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 });
      const limits = await provider.modelLimits?.('claude-haiku-5-5');
      assert.ok(limits?.maxOutputTokens);
      assert.equal(server.modelRequests.length, looked, "the provider reused the lifecycle check's answer");
    } finally {
      await server.stop();
    }
    const flaky = await FakeAnthropicServer.start({ modelsEndpoint: 'down' });
    try {
      const lookup = createAnthropicModelLookup({ apiKey: KEY, baseURL: flaky.baseURL });
      await assert.rejects(lookup('claude-opus-5-5'));
      await assert.rejects(lookup('claude-opus-5-5'));
    } finally {
      await flaky.stop();
    }
  });

  it('reads max_tokens, max_input_tokens and capabilities from the Models API and warns once per session where the model table disagrees', async () => {
    const server = await FakeAnthropicServer.start({
      models: [
        { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5', created_at: '2026-09-23T00:00:00Z', max_tokens: 64_000, max_input_tokens: 1_000_000 },
        { id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5', created_at: '2026-09-28T00:00:00Z', max_tokens: 128_000, max_input_tokens: 1_000_000 },
      ],
    });
    try {
      const lifecycle = new ModelLifecycle(createAnthropicModelLookup({ apiKey: KEY, baseURL: server.baseURL }));
      const first = await lifecycle.check(DEFAULT_MODELS, DEFAULT_MODELS);
      assert.deepEqual(first.errors, []);
      assert.equal(first.warnings.length, 1, first.warnings.join('\n'));
      assert.match(first.warnings[0]!, /"claude-opus-5-5" \([a-z, -]+\) differently from the built-in model table: max_tokens 64,000 \(table: 128,000\)\./);
      assert.ok(!first.warnings[0]!.includes('max_input_tokens'), 'only what differs is named');
      const again = await lifecycle.check(DEFAULT_MODELS, DEFAULT_MODELS);
      assert.deepEqual(again.warnings, [], 'once per session');
    } finally {
      await server.stop();
    }
  });

  describe('a rejected key or an unreachable host stops the run before any paid call', () => {
    it('401 from the Models API: "Anthropic rejected the API key", blocker auth, no raw API JSON and no key in the words', async () => {
      const server = await FakeAnthropicServer.start({ acceptedKeys: ['sk-ant-the-right-key-000'] });
      try {
        const check = await new ModelLifecycle(createAnthropicModelLookup({ apiKey: KEY, baseURL: server.baseURL })).check(DEFAULT_MODELS, DEFAULT_MODELS);
        assert.equal(check.blocker, 'auth');
        assert.deepEqual(check.errors, ['Anthropic rejected the API key (HTTP 401 authentication_error). No request was sent.']);
        assert.deepEqual(check.notes, []);
        assert.equal(server.received.length, 0, 'no Messages API request');
      } finally {
        await server.stop();
      }
    });

    it('the right key passes the same server', async () => {
      const server = await FakeAnthropicServer.start({ acceptedKeys: [KEY] });
      try {
        const check = await new ModelLifecycle(createAnthropicModelLookup({ apiKey: KEY, baseURL: server.baseURL })).check(DEFAULT_MODELS, DEFAULT_MODELS);
        assert.deepEqual(check, { errors: [], warnings: [], notes: [], blocker: null });
      } finally {
        await server.stop();
      }
    });

    it('a refused connection names the host (origin only: no path or query) and is blocker unreachable', async () => {
      const port = await closedPort();
      const lookup = createAnthropicModelLookup({ apiKey: KEY, baseURL: `http://127.0.0.1:${port}/proxy?token=abc` });
      const check = await new ModelLifecycle(lookup).check(DEFAULT_MODELS, DEFAULT_MODELS);
      assert.equal(check.blocker, 'unreachable');
      assert.equal(check.errors.length, 1);
      assert.match(check.errors[0]!, new RegExp(`^Could not reach the Anthropic API at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)\\. No request was sent\\.$`));
      assert.doesNotMatch(check.errors[0]!, /token|proxy/);
    });

    it('a Models API that resets or answers 5xx stays a note in plain words (the run goes on)', async () => {
      const down = await FakeAnthropicServer.start({ modelsEndpoint: 'down' });
      try {
        const check = await new ModelLifecycle(createAnthropicModelLookup({ apiKey: KEY, baseURL: down.baseURL })).check(DEFAULT_MODELS, DEFAULT_MODELS);
        assert.equal(check.blocker, null);
        assert.deepEqual(check.errors, []);
        assert.equal(check.notes.length, 1);
        assert.doesNotMatch(check.notes[0]!, /[{}]/, 'no raw JSON');
      } finally {
        await down.stop();
      }
    });
  });
});

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
