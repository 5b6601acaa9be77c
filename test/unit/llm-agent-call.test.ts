import assert from 'node:assert/strict';
import * as z from 'zod';
import { DEFAULT_PRICES, costOf } from '../../src/core/config';
import { callAgent, NO_TOOLS_MESSAGE, TOOL_LIMIT_MESSAGE, type AgentCallInput } from '../../src/core/llm/agent-call';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { roleMarker, type LlmProvider, type TextBlock, type ToolExecutor } from '../../src/core/llm/provider';
import { byRole, FakeAnthropicServer, type FakeReply } from '../support/fake-anthropic';

const SECRET = 'sk-ant-secret-agent-call-4242';
const MODEL = 'claude-opus-4-6';
const Answer = z.object({ verdict: z.enum(['PROCEED', 'REVISE', 'RETHINK']), reasons: z.array(z.string()).min(1) });
const GOOD = { verdict: 'REVISE', reasons: ['step 3 has no rollback'] };
const TOOLS = [{ name: 'read_file', description: 'Read a workspace file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];

/** ≥1024 tokens by the fake's estimator, so the prefix is cacheable. */
function systemBlocks(role: 'challenger' | 'resolver' = 'challenger'): TextBlock[] {
  const blocks: TextBlock[] = [
    { type: 'text', text: `Shared protocol and the plan, as data.\n${'Plan line. '.repeat(500)}`, cache: true },
    { type: 'text', text: `${roleMarker(role)}\nYou challenge plans. Answer with JSON.`, cache: true },
  ];
  blocks.forEach((b) => Object.freeze(b));
  return Object.freeze(blocks) as TextBlock[];
}

function text(t: string, extra: Partial<Extract<FakeReply, { kind: 'text' }>> = {}): FakeReply {
  return { kind: 'text', text: t, ...extra };
}

function scriptedExecutor(answers: Record<string, string>): ToolExecutor & { calls: { name: string; input: unknown }[] } {
  const calls: { name: string; input: unknown }[] = [];
  return {
    calls,
    execute(name, input) {
      calls.push({ name, input });
      const path = (input as { path?: string }).path ?? '';
      return Promise.resolve(path in answers ? { content: answers[path]!, isError: false } : { content: `not found: ${path}`, isError: true });
    },
  };
}

describe('llm: callAgent against the fake API', function () {
  let server: FakeAnthropicServer;

  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
  });
  afterEach(() => server.stop());

  function input(overrides: Partial<AgentCallInput<z.infer<typeof Answer>>> = {}): AgentCallInput<z.infer<typeof Answer>> {
    return {
      provider: createAnthropicProvider({ apiKey: SECRET, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 }),
      role: 'challenger',
      model: MODEL,
      iteration: 1,
      system: systemBlocks(),
      userText: 'Iteration 1. Challenge the plan.',
      schema: Answer,
      tools: TOOLS,
      maxToolTurns: 3,
      maxTokens: 1024,
      prices: DEFAULT_PRICES,
      ...overrides,
    };
  }
  const replies = (...r: FakeReply[]) => server.setScript(byRole({ challenger: r }));
  /** The same API without structured outputs: the free-text path a provider such as vscode.lm takes (shape in the prompt, one correction). */
  const freeText = (): LlmProvider => {
    const api = createAnthropicProvider({ apiKey: SECRET, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 });
    return { id: 'free-text', send: (request) => api.send(request) };
  };

  it('free text: accepts JSON in a fence and records usage, cost and the transcript', async () => {
    replies(text(`Here is my verdict.\n\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\``));
    const deltas: string[] = [];
    const result = await callAgent(input({ provider: freeText(), onText: (d) => deltas.push(d) }));
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.value, GOOD);
    assert.deepEqual(result.call.usage, server.totals());
    assert.equal(result.call.cost_usd, costOf(server.totals(), MODEL, DEFAULT_PRICES));
    assert.ok(result.call.cost_usd > 0);
    assert.deepEqual([result.call.role, result.call.iteration, result.call.model, result.call.ok, result.call.tool_calls], ['challenger', 1, MODEL, true, 0]);
    assert.deepEqual(
      result.transcript.map((m) => m.role),
      ['user', 'assistant'],
    );
    assert.ok(deltas.join('').includes('"verdict"'));
    assert.equal(server.received[0]!.body.messages[0].content[0].cache_control, undefined, 'no breakpoint on per-call state');
  });

  it('records the model that served the call (provider.servedModel, e.g. the editor model of vscode.lm), success or failure', async () => {
    const api = freeText();
    const served = 'copilot/claude-sonnet-4/claude-sonnet-4';
    const editor: LlmProvider = { id: 'editor', reportsUsage: false, servedModel: (id) => (id === MODEL ? served : id), send: (request) => api.send(request) };
    replies(text(JSON.stringify(GOOD)));
    const ok = await callAgent(input({ provider: editor }));
    assert.ok(ok.ok);
    assert.equal(ok.call.model, served);
    assert.equal(server.received[0]!.body.model, MODEL, 'the request still names the configured id');
    replies(text('', { stopReason: 'refusal' }));
    const failed = await callAgent(input({ provider: editor }));
    assert.ok(!failed.ok);
    assert.equal(failed.call.model, served);
  });

  it('free text: accepts bare JSON with braces inside strings', async () => {
    const value = { verdict: 'PROCEED', reasons: ['the {config} block "}" is fine'] };
    replies(text(`Verdict follows {see below}: ${JSON.stringify(value)} thanks`));
    const result = await callAgent(input({ provider: freeText() }));
    assert.ok(result.ok);
    assert.deepEqual(result.value, value);
  });

  it('runs two tool turns through the executor, then parses the answer', async () => {
    replies(
      { kind: 'tool_use', text: 'Checking.', calls: [{ name: 'read_file', input: { path: 'src/a.ts' } }] },
      {
        kind: 'tool_use',
        calls: [
          { name: 'read_file', input: { path: 'src/b.ts' } },
          { name: 'read_file', input: { path: 'nope.ts' } },
        ],
      },
      text(JSON.stringify(GOOD)),
    );
    const executor = scriptedExecutor({ 'src/a.ts': 'export const a = 1;', 'src/b.ts': 'export const b = 2;' });
    const events: { tool: string; summary: string; ok: boolean }[] = [];
    const result = await callAgent(input({ executor, onTool: (e) => events.push(e) }));
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(
      executor.calls.map((c) => (c.input as { path: string }).path),
      ['src/a.ts', 'src/b.ts', 'nope.ts'],
    );
    assert.deepEqual(events, [
      { tool: 'read_file', summary: 'path=src/a.ts', ok: true },
      { tool: 'read_file', summary: 'path=src/b.ts', ok: true },
      { tool: 'read_file', summary: 'path=nope.ts', ok: false },
    ]);
    assert.equal(result.call.tool_calls, 3);
    assert.deepEqual(
      result.transcript.map((m) => m.role),
      ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
    );
    const third = server.received[2]!.body.messages;
    assert.deepEqual(
      third[4].content.map((b: { content: string; is_error?: boolean }) => [b.content, b.is_error ?? false]),
      [
        ['export const b = 2;', false],
        ['not found: nope.ts', true],
      ],
    );
    assert.deepEqual(result.call.usage, server.totals());
  });

  it('keeps the system prefix byte-identical and reads the cache across tool turns', async () => {
    replies(
      { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] },
      { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] },
      text(JSON.stringify(GOOD)),
    );
    const result = await callAgent(input({ executor: scriptedExecutor({ a: 'content of a '.repeat(50) }) }));
    assert.ok(result.ok);
    const [first, second, third] = server.received.map((r) => r.usage!);
    const systems = server.received.map((r) => JSON.stringify(r.body.system));
    assert.equal(new Set(systems).size, 1, 'system blocks identical across turns');
    assert.ok(first!.cache_creation_input_tokens >= 1024);
    assert.equal(second!.cache_read_input_tokens, first!.cache_creation_input_tokens);
    assert.ok(third!.cache_read_input_tokens > second!.cache_read_input_tokens, 'turn 3 reads the conversation cached by turn 2');
    for (const r of server.received) {
      const marks = JSON.stringify(r.body).split('"cache_control"').length - 1;
      assert.ok(marks <= 4, `${marks} breakpoints`);
    }
    assert.equal(
      result.transcript.some((m) => m.content.some((b) => 'cache' in b)),
      false,
      'the transcript is not marked',
    );
  });

  it('a second call with the same prefix reads the cache', async () => {
    replies(text(JSON.stringify(GOOD)), text(JSON.stringify(GOOD)));
    const one = await callAgent(input());
    const two = await callAgent(input({ userText: 'Iteration 2. Different state.' }));
    assert.ok(one.call.usage.cache_creation_input_tokens > 0);
    assert.equal(two.call.usage.cache_read_input_tokens, one.call.usage.cache_creation_input_tokens);
    assert.ok(two.call.cost_usd < one.call.cost_usd);
  });

  it('enforces the tool-turn limit, then accepts the answer', async () => {
    replies(
      { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] },
      { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'b' } }] },
      text(JSON.stringify(GOOD)),
    );
    const executor = scriptedExecutor({ a: 'A', b: 'B' });
    const result = await callAgent(input({ executor, maxToolTurns: 1 }));
    assert.ok(result.ok);
    assert.equal(executor.calls.length, 1);
    const last = server.received[2]!.body.messages.at(-1).content[0];
    assert.deepEqual([last.content, last.is_error], [TOOL_LIMIT_MESSAGE, true]);
  });

  it('fails with invalid_output when the model keeps calling tools past the limit', async () => {
    replies(...Array.from({ length: 3 }, (): FakeReply => ({ kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] })));
    const result = await callAgent(input({ executor: scriptedExecutor({ a: 'A' }), maxToolTurns: 1 }));
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.failure.kind, 'invalid_output');
    assert.equal(server.received.length, 3);
  });

  it('answers tool calls with an error when the role has no executor', async () => {
    replies({ kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] }, text(JSON.stringify(GOOD)));
    const result = await callAgent(input());
    assert.ok(result.ok);
    const answer = server.received[1]!.body.messages[2].content[0];
    assert.deepEqual([answer.content, answer.is_error], [NO_TOOLS_MESSAGE, true]);
  });

  it('an executor that throws becomes an error result, not a crash', async () => {
    replies({ kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] }, text(JSON.stringify(GOOD)));
    const executor: ToolExecutor = { execute: async () => Promise.reject(new Error('disk on fire')) };
    const result = await callAgent(input({ executor }));
    assert.ok(result.ok);
    assert.match(server.received[1]!.body.messages[2].content[0].content, /disk on fire/);
  });

  it('free text: one correction turn fixes a schema mismatch', async () => {
    replies(text('{"verdict":"MAYBE","reasons":[]}'), text(JSON.stringify(GOOD)));
    const result = await callAgent(input({ provider: freeText() }));
    assert.ok(result.ok);
    assert.deepEqual(result.value, GOOD);
    const correction = server.received[1]!.body.messages.at(-1).content[0].text as string;
    assert.match(correction, /- verdict: /);
    assert.match(correction, /- reasons: /);
    assert.match(correction, /corrected JSON only/);
    assert.deepEqual(result.call.usage, server.totals(), 'usage sums both turns');
  });

  it('free text: fails with invalid_output when the correction is still invalid', async () => {
    replies(text('I think it is fine.'), text('{"verdict": "PROCEED"}'));
    const result = await callAgent(input({ provider: freeText() }));
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.failure.kind, 'invalid_output');
    assert.match(!result.ok ? result.failure.message : '', /reasons/);
    assert.equal(server.received.length, 2);
    assert.equal(result.call.ok, false);
  });

  it('maps refusal, max_tokens and empty answers to their failure kinds', async () => {
    const cases: [FakeReply, string][] = [
      [text('I cannot help with that.', { stopReason: 'refusal' }), 'refusal'],
      [text('{"verdict": "REVISE", "reasons": ["long', { stopReason: 'max_tokens' }), 'truncated'],
    ];
    for (const [reply, kind] of cases) {
      server.received.length = 0;
      replies(reply);
      const result = await callAgent(input());
      assert.ok(server.received[0]!.body.output_config?.format, `${kind}: structured outputs requested`);
      assert.equal(!result.ok && result.failure.kind, kind);
      assert.equal(server.received.length, 1, `${kind}: no correction turn`);
    }
    server.received.length = 0;
    replies(text(''));
    const empty = await callAgent(input({ provider: freeText() }));
    assert.equal(!empty.ok && empty.failure.kind, 'empty');
    assert.equal(server.received.length, 1, 'empty: no correction turn');
  });

  it('structured outputs: every request of the call carries the answer schema, the bare JSON stands, and an answer zod rejects is not corrected', async () => {
    replies({ kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'src/a.ts' } }] }, { kind: 'json', value: GOOD });
    const ok = await callAgent(input({ executor: scriptedExecutor({ 'src/a.ts': 'x' }) }));
    assert.ok(ok.ok, JSON.stringify(ok));
    assert.deepEqual(ok.value, GOOD);
    assert.equal(server.received.length, 2);
    for (const r of server.received) assert.equal(r.body.output_config.format.type, 'json_schema');

    // The API's schema subset carries no length limits (moved into the description); zod still enforces them.
    server.received.length = 0;
    const Short = z.object({ verdict: z.enum(['PROCEED', 'REVISE', 'RETHINK']), reasons: z.array(z.string().max(10)).min(1) });
    replies({ kind: 'json', value: { verdict: 'REVISE', reasons: ['far longer than ten characters'] } });
    const bad = await callAgent({ ...input(), schema: Short });
    assert.equal(!bad.ok && bad.failure.kind, 'invalid_output');
    assert.equal(server.received.length, 1, 'no correction turn (seed 001 failure rule 5)');
    assert.equal(server.received[0]!.body.output_config.format.schema.properties.reasons.items.maxLength, undefined);
  });

  it('maps provider failures: auth → api_error, 500 → api_error, truncate, reset', async () => {
    const cases: [FakeReply, string, RegExp][] = [
      [{ kind: 'error', status: 401, message: 'invalid x-api-key' }, 'api_error', /authentication/],
      [{ kind: 'error', status: 500, message: 'boom' }, 'api_error', /500/],
      [{ kind: 'truncate', text: '{"verdict"' }, 'connection_lost', /connection was lost/],
      [{ kind: 'reset' }, 'api_error', /could not reach/],
    ];
    for (const [reply, kind, message] of cases) {
      replies(reply);
      const result = await callAgent(input());
      assert.equal(result.ok, false);
      if (!result.ok) {
        assert.equal(result.failure.kind, kind);
        assert.match(result.failure.message, message);
      }
      assert.ok(!JSON.stringify(result).includes(SECRET), 'the key leaked into the result');
    }
  });

  it('cancellation mid-stream ends the call as cancelled', async () => {
    replies(text(JSON.stringify(GOOD), { chunkDelayMs: 5000 }));
    const controller = new AbortController();
    const result = await callAgent(input({ signal: controller.signal, onText: () => controller.abort(), onThinking: () => controller.abort() }));
    assert.equal(!result.ok && result.failure.kind, 'cancelled');
    await server.waitFor(() => server.received[0]!.aborted, 2000, 'the abort');
  });

  it('cancellation during a tool turn stops before the next request', async () => {
    const controller = new AbortController();
    replies({ kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'a' } }] }, text(JSON.stringify(GOOD)));
    const executor: ToolExecutor = {
      execute() {
        controller.abort();
        return Promise.resolve({ content: 'A', isError: false });
      },
    };
    const result = await callAgent(input({ executor, signal: controller.signal }));
    assert.equal(!result.ok && result.failure.kind, 'cancelled');
    assert.equal(server.received.length, 1);
  });

  it('a hanging request ends as cancelled when aborted', async () => {
    replies({ kind: 'hang' });
    const controller = new AbortController();
    const pending = callAgent(input({ signal: controller.signal }));
    await server.waitForRequests(1);
    controller.abort();
    const result = await pending;
    assert.equal(!result.ok && result.failure.kind, 'cancelled');
  });
});
