/**
 * Tool loops replay each assistant turn as the API returned it, on the models
 * that bind thinking to the conversation (the fake answers any other turn
 * with the documented 400, fake-anthropic-replay.ts), and recover from that
 * 400 as the preserved-thinking page documents (the same request again with
 * `drop_block` and its beta header, kept for the rest of the conversation).
 * No request ever carries a sampling parameter API version 2026-10-21 removed.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod';
import { DEFAULT_PRICES } from '../../src/core/config';
import { callAgent, type AgentCallInput } from '../../src/core/llm/agent-call';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { roleMarker, type ChatMessage, type LlmProvider, type ToolExecutor } from '../../src/core/llm/provider';
import { FakeAnthropicServer, type FakeReply } from '../support/fake-anthropic';
import { REMOVED_SAMPLING_PARAMETERS } from '../support/fake-anthropic-request';

const KEY = 'sk-ant-replay-test-1234';
const Answer = z.object({ verdict: z.enum(['PROCEED', 'REVISE', 'RETHINK']), reasons: z.array(z.string()) });
const ANSWER = { verdict: 'REVISE', reasons: ['step 2 has no rollback'] };
const TOOLS = [
  {
    name: 'read_file',
    description: 'Read a workspace file',
    input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
    strict: true,
  },
];
const BOUND_MODELS = ['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-fable-5-1'] as const;

const executor: ToolExecutor = { execute: (_name, input) => Promise.resolve({ content: `contents of ${(input as { path: string }).path}`, isError: false }) };

/** One tool turn as the model may write it: notes or an empty text block before the calls, one or more calls. */
const toolTurn = fc.record({
  text: fc.constantFrom(undefined, '', 'Reading the files the plan names.'),
  paths: fc.array(fc.constantFrom('src/a.ts', 'src/b.ts', 'README.md'), { minLength: 1, maxLength: 3 }),
});

describe('llm: assistant turns replayed verbatim', function () {
  let server: FakeAnthropicServer;

  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
  });
  afterEach(() => server.stop());

  function input(model: string, provider?: LlmProvider, overrides: Partial<AgentCallInput<z.infer<typeof Answer>>> = {}): AgentCallInput<z.infer<typeof Answer>> {
    return {
      provider: provider ?? createAnthropicProvider({ apiKey: KEY, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 }),
      role: 'resolver',
      model,
      iteration: 1,
      system: [{ type: 'text', text: `${roleMarker('resolver')}\nAnswer from the files.`, cache: true }],
      userText: 'Resolve the unknowns.',
      schema: Answer,
      tools: TOOLS,
      executor,
      maxToolTurns: 6,
      prices: DEFAULT_PRICES,
      effort: 'medium',
      ...overrides,
    };
  }

  it('tool loops of any shape succeed on every model that binds thinking, and no request carries a removed sampling parameter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BOUND_MODELS), fc.array(toolTurn, { minLength: 1, maxLength: 3 }), async (model, turns) => {
        server.received.length = 0;
        const replies: FakeReply[] = [
          ...turns.map((t): FakeReply => ({
            kind: 'tool_use',
            ...(t.text !== undefined ? { text: t.text } : {}),
            calls: t.paths.map((path) => ({ name: 'read_file', input: { path } })),
          })),
          { kind: 'json', value: ANSWER },
        ];
        let i = 0;
        server.setScript(() => replies[i++] ?? { kind: 'error', status: 500, message: 'script exhausted', shouldRetry: false });
        const result = await callAgent(input(model));
        assert.ok(result.ok, JSON.stringify(result.ok ? null : result.failure));
        assert.deepEqual(result.value, ANSWER);
        assert.equal(server.received.length, turns.length + 1, 'one request per turn: none was rejected and retried');
        for (const request of server.received) {
          for (const name of REMOVED_SAMPLING_PARAMETERS) assert.ok(!(name in request.body), `${name} was sent`);
          assert.equal(request.body.thinking?.block_binding, undefined, 'an append-only conversation never needs drop_block');
        }
        // The assistant turns of the last request are the earlier responses, block for block (empty text included).
        const last = server.received.at(-1)!.body.messages as { role: string; content: { type: string }[] }[];
        const assistant = last.filter((m) => m.role === 'assistant');
        assert.equal(assistant.length, turns.length);
        assistant.forEach((m, k) => {
          const types = m.content.map((b) => b.type);
          assert.equal(types[0], 'thinking');
          assert.equal(types.filter((t) => t === 'tool_use').length, turns[k]!.paths.length);
          if (turns[k]!.text === '')
            assert.ok(
              m.content.some((b) => b.type === 'text' && (b as unknown as { text: string }).text === ''),
              'the empty text block went back',
            );
        });
      }),
      { numRuns: 12 },
    );
  });

  it('a turn the API rejects as bound to another conversation is sent again with drop_block, and so is every later turn', async () => {
    const replies: FakeReply[] = [
      { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'src/a.ts' } }] },
      { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'src/b.ts' } }] },
      { kind: 'json', value: ANSWER },
    ];
    let i = 0;
    server.setScript(() => replies[i++] ?? { kind: 'error', status: 500, message: 'script exhausted', shouldRetry: false });
    const api = createAnthropicProvider({ apiKey: KEY, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 });
    // A proxy in the way that rebuilds the first assistant turn (drops the fields it does not know).
    const rewriting: LlmProvider = {
      ...api,
      send: (request) =>
        api.send({
          ...request,
          messages: request.messages.map((m, k): ChatMessage =>
            k === 1 ? { role: m.role, content: m.content.map((b) => (b.type === 'tool_use' ? { type: 'tool_use', id: b.id, name: b.name, input: b.input } : b)) } : m,
          ),
        }),
    };
    const result = await callAgent(input('claude-opus-5-5', rewriting));
    assert.ok(result.ok, JSON.stringify(result.ok ? null : result.failure));
    const statuses = server.received.map((r) => (r.body.thinking?.block_binding ? `drop:${String(r.headers['anthropic-beta'])}` : 'plain'));
    assert.deepEqual(statuses, ['plain', 'plain', 'drop:thinking-binding-controls-2026-08-01', 'drop:thinking-binding-controls-2026-08-01']);
  });
});
