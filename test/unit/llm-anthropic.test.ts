import assert from 'node:assert/strict';
import { createAnthropicProvider, fromApiContent, mapStopReason, mapUsage, type AnthropicProviderOptions } from '../../src/core/llm/anthropic';
import { ProviderError, roleMarker, type ModelRequest } from '../../src/core/llm/provider';
import { FakeAnthropicServer, type FakeReply } from '../support/fake-anthropic';

const SECRET = 'sk-ant-secret-0123456789abcdef';

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    role: 'challenger',
    model: 'claude-test',
    system: [
      { type: 'text', text: 'shared prefix', cache: true },
      { type: 'text', text: `${roleMarker('challenger')}\nrole instructions`, cache: true },
    ],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'iteration state' }] }],
    tools: [],
    maxTokens: 256,
    ...overrides,
  };
}

async function sendError(provider: ReturnType<typeof createAnthropicProvider>, req: ModelRequest): Promise<ProviderError> {
  try {
    await provider.send(req);
  } catch (error) {
    assert.ok(error instanceof ProviderError, `expected a ProviderError, got ${String(error)}`);
    assert.ok(!error.message.includes(SECRET), 'the API key leaked into an error message');
    return error;
  }
  assert.fail('expected send to fail');
}

describe('llm: Anthropic provider against the fake API', function () {
  let server: FakeAnthropicServer;
  const provider = (opts: Partial<AnthropicProviderOptions> = {}) => createAnthropicProvider({ apiKey: SECRET, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000, ...opts });
  const script = (...replies: FakeReply[]) => server.setScript((_req, i) => replies[Math.min(i, replies.length - 1)]!);

  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
  });
  afterEach(() => server.stop());

  it('streams text, forwards deltas and maps usage and stop reason', async () => {
    const text = 'A streamed answer long enough to arrive in several text deltas.';
    script({ kind: 'text', text });
    const deltas: string[] = [];
    const response = await provider().send(request({ onText: (d) => deltas.push(d) }));
    assert.deepEqual(response.content, [{ type: 'text', text, raw: { type: 'text', text, citations: null } }]);
    assert.equal(response.stopReason, 'end_turn');
    assert.ok(deltas.length > 1);
    assert.equal(deltas.join(''), text);
    assert.deepEqual(response.usage, server.received[0]!.usage);
    assert.equal(server.received[0]!.body.stream, true);
    const { authorization, 'x-api-key': apiKey } = server.received[0]!.headers;
    assert.ok(apiKey === SECRET || authorization === `Bearer ${SECRET}`, 'the key is sent to the API');
  });

  it('maps cache flags to cache_control and passes tools through', async () => {
    script({ kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'src/a.ts' } }] });
    const tools = [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];
    const response = await provider().send(request({ tools }));
    assert.equal(response.stopReason, 'tool_use');
    assert.deepEqual(response.content[0], {
      type: 'tool_use',
      id: 'toolu_fake_1_0',
      name: 'read_file',
      input: { path: 'src/a.ts' },
      raw: { type: 'tool_use', id: 'toolu_fake_1_0', name: 'read_file', input: { path: 'src/a.ts' }, caller: { type: 'direct' } },
    });
    const body = server.received[0]!.body;
    assert.deepEqual(body.system[0].cache_control, { type: 'ephemeral' });
    assert.equal(body.messages[0].content[0].cache_control, undefined);
    assert.deepEqual(body.tools, tools);
  });

  it('maps refusal and max_tokens stop reasons', async () => {
    script({ kind: 'text', text: '', stopReason: 'refusal' }, { kind: 'text', text: '{"a":', stopReason: 'max_tokens' });
    assert.equal((await provider().send(request())).stopReason, 'refusal');
    assert.equal((await provider().send(request())).stopReason, 'max_tokens');
  });

  it('retries 529 with the SDK and then succeeds', async () => {
    script({ kind: 'error', status: 529, retryAfterSeconds: 0.01 }, { kind: 'text', text: 'ok' });
    const response = await provider({ maxRetries: 2 }).send(request());
    assert.equal(response.stopReason, 'end_turn');
    assert.equal(server.received.length, 2);
  });

  it('reports api_error with the status once retries are exhausted', async () => {
    script({ kind: 'error', status: 500, message: 'backend exploded', retryAfterSeconds: 0.01 });
    const error = await sendError(provider({ maxRetries: 2 }), request());
    assert.equal(error.kind, 'api_error');
    assert.equal(error.status, 500);
    assert.match(error.message, /backend exploded/);
    assert.equal(server.received.length, 3);
  });

  it('a retry-after longer than the bound fails at once instead of waiting, and says so', async () => {
    script({ kind: 'error', status: 429, retryAfterSeconds: 120, message: 'rate limited' }, { kind: 'text', text: 'ok' });
    const started = Date.now();
    const error = await sendError(provider({ maxRetries: 3, maxRetryWaitMs: 60_000 }), request());
    assert.ok(Date.now() - started < 5000);
    assert.equal(error.status, 429);
    assert.match(error.message, /asked to wait 120 s .*longer than the 60 s limit/);
    assert.equal(server.received.length, 1);
  });

  it('announces each retry wait through onRetry before it starts (rate limited, retrying in N s)', async () => {
    script({ kind: 'error', status: 429, retryAfterSeconds: 0.2 }, { kind: 'error', status: 529, retryAfterSeconds: 0.1 }, { kind: 'text', text: 'ok' });
    const notices: { attempt: number; waitMs: number; reason: string }[] = [];
    await provider({ maxRetries: 3 }).send({ ...request(), onRetry: (n) => notices.push({ attempt: n.attempt, waitMs: n.waitMs, reason: n.reason }) });
    assert.deepEqual(notices, [
      { attempt: 1, waitMs: 200, reason: 'rate limited' },
      { attempt: 2, waitMs: 100, reason: 'API overloaded' },
    ]);
    assert.equal(server.received.length, 3, 'one attempt per retry: the SDK does not retry on its own as well');
  });

  it('honours retry-after on 429', async () => {
    script({ kind: 'error', status: 429, retryAfterSeconds: 0.3 }, { kind: 'text', text: 'ok' });
    await provider({ maxRetries: 1 }).send(request());
    const gap = server.received[1]!.at - server.received[0]!.at;
    assert.ok(gap >= 280, `retried after ${gap} ms, expected ≥ 300`);
  });

  it('classifies 401 and 403 as auth and 400 as api_error, without the key', async () => {
    script({ kind: 'error', status: 401, message: 'invalid x-api-key' }, { kind: 'error', status: 403 }, { kind: 'error', status: 400 });
    const p = provider({ maxRetries: 3 });
    assert.deepEqual([(await sendError(p, request())).kind, (await sendError(p, request())).kind], ['auth', 'auth']);
    const bad = await sendError(p, request());
    assert.deepEqual([bad.kind, bad.status], ['api_error', 400]);
    assert.equal(server.received.length, 3, '4xx are not retried');
  });

  it('redacts the key even when the server echoes it', async () => {
    script({ kind: 'error', status: 400, message: `bad key ${SECRET}` });
    const error = await sendError(provider(), request());
    assert.match(error.message, /\[redacted\]/);
  });

  it('a reset before the response is an api_error, not a crash', async () => {
    script({ kind: 'reset' });
    const error = await sendError(provider(), request());
    assert.equal(error.kind, 'api_error');
  });

  it('a stream that ends or breaks before message_stop is a lost connection, not "too long", and is not retried', async () => {
    script({ kind: 'truncate', text: '{"partial": tr' }, { kind: 'truncate', text: '{"partial": tr', mode: 'destroy' });
    const p = provider({ maxRetries: 3 });
    for (const error of [await sendError(p, request()), await sendError(p, request())]) {
      assert.equal(error.kind, 'connection_lost');
      assert.match(error.message, /connection was lost while the answer was streaming/);
    }
    assert.equal(server.received.length, 2, 'a started answer may be billed: no retry');
  });

  it('an error event inside the stream is an api_error naming its type', async () => {
    script({ kind: 'stream_error', text: 'partial answer', message: 'Overloaded' });
    const deltas: string[] = [];
    const error = await sendError(provider(), request({ onText: (d) => deltas.push(d) }));
    assert.equal(error.kind, 'api_error');
    assert.match(error.message, /overloaded_error.*Overloaded/);
    assert.equal(deltas.join(''), 'partial answer');
  });

  it('cancels mid-stream through the AbortSignal; the server sees the abort', async () => {
    script({ kind: 'text', text: 'x'.repeat(400), chunkDelayMs: 5000 });
    const controller = new AbortController();
    const error = await sendError(provider(), request({ signal: controller.signal, onText: () => controller.abort() }));
    assert.equal(error.kind, 'cancelled');
    await server.waitFor(() => server.received[0]!.aborted, 2000, 'the server to see the abort');
  });

  it('cancels a request that never answers', async () => {
    script({ kind: 'hang' });
    const controller = new AbortController();
    const pending = sendError(provider(), request({ signal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();
    assert.equal((await pending).kind, 'cancelled');
    await server.waitFor(() => server.received[0]!.aborted, 2000, 'the server to see the abort');
  });

  it('times out a request that never answers, and a stream that stalls', async () => {
    script({ kind: 'hang' }, { kind: 'text', text: 'y'.repeat(200), chunkDelayMs: 5000 });
    const p = provider({ timeoutMs: 150 });
    const started = Date.now();
    const hung = await sendError(p, request());
    assert.equal(hung.kind, 'timeout');
    const stalled = await sendError(p, request());
    assert.equal(stalled.kind, 'timeout');
    assert.match(stalled.message, /stalled/);
    assert.ok(Date.now() - started < 3000);
  });

  it('fails fast when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    assert.equal((await sendError(provider(), request({ signal: controller.signal }))).kind, 'cancelled');
    assert.equal(server.received.length, 0);
  });

  it('refuses a missing key or a bad base URL before any request, without echoing them', async () => {
    const noKey = await sendError(createAnthropicProvider({ apiKey: '  ', baseURL: server.baseURL }), request());
    assert.equal(noKey.kind, 'auth');
    const badUrl = await sendError(createAnthropicProvider({ apiKey: SECRET, baseURL: 'ftp://user:pw@proxy' }), request());
    assert.equal(badUrl.kind, 'api_error');
    assert.ok(!badUrl.message.includes('pw@proxy'));
    assert.equal(server.received.length, 0);
  });

  it('keeps every block as received (empty text, every field, in order) and maps stop reasons and null usage counts', () => {
    const content = fromApiContent([
      { type: 'text', text: '', citations: null },
      { type: 'thinking', thinking: 'hmm', signature: 's' },
      { type: 'text', text: 'kept', citations: null },
      { type: 'tool_use', id: 't1', name: 'grep', input: { pattern: 'x' }, caller: { type: 'direct' } },
    ] as never);
    assert.deepEqual(content, [
      { type: 'text', text: '', raw: { type: 'text', text: '', citations: null } },
      { type: 'opaque', kind: 'thinking', raw: { type: 'thinking', thinking: 'hmm', signature: 's' } },
      { type: 'text', text: 'kept', raw: { type: 'text', text: 'kept', citations: null } },
      { type: 'tool_use', id: 't1', name: 'grep', input: { pattern: 'x' }, raw: { type: 'tool_use', id: 't1', name: 'grep', input: { pattern: 'x' }, caller: { type: 'direct' } } },
    ]);
    assert.equal(mapStopReason('model_context_window_exceeded'), 'other');
    assert.equal(mapStopReason(null), 'other');
    assert.equal(mapStopReason('pause_turn'), 'pause_turn');
    assert.deepEqual(mapUsage({ input_tokens: 5, output_tokens: 2, cache_read_input_tokens: null, cache_creation_input_tokens: null }), {
      input_tokens: 5,
      output_tokens: 2,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });
});
