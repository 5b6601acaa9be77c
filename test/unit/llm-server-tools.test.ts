import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import * as z from 'zod';
import { DEFAULT_PRICES } from '../../src/core/config';
import { callAgent, TOOL_LIMIT_MESSAGE, type AgentCallInput } from '../../src/core/llm/agent-call';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { roleMarker, type ChatMessage, type TextBlock } from '../../src/core/llm/provider';
import { SERVER_TOOL_REFUSED_PREFIX, serverToolUsesOf } from '../../src/core/llm/server-tools';
import type { AgentRole, UnknownType } from '../../src/core/protocol';
import { createResearchToolbox, NO_BUDGET_MESSAGE, type ResearchMode, type ResearchToolbox } from '../../src/core/research';
import { FakeAnthropicServer, byRole, type FakeReply } from '../support/fake-anthropic';
import { cannedSearchResults, type FakeServerToolUse } from '../support/fake-anthropic-server-tools';
import { FIXTURE } from './research-fixture';

const MODEL = 'claude-opus-4-6';
const Answer = z.object({ verdict: z.enum(['PROCEED', 'REVISE', 'RETHINK']) });
const ANSWER = JSON.stringify({ verdict: 'PROCEED' });
const MODES: Partial<Record<AgentRole, ResearchMode[]>> = { resolver: ['resolve'], researcher: ['surface', 'probe'] };

const search = (query: string): FakeServerToolUse => ({ name: 'web_search', input: { query } });
const searches = (n: number, tag: string) => Array.from({ length: n }, (_, i) => search(`${tag} ${i}`));
const answer: FakeReply = { kind: 'text', text: ANSWER };

function system(role: AgentRole): TextBlock[] {
  return [
    { type: 'text', text: `Shared protocol and the plan.\n${'Plan line. '.repeat(200)}`, cache: true },
    { type: 'text', text: `${roleMarker(role)}\nAnswer with JSON.`, cache: true },
  ];
}

function blocksOfType(message: { content: { type: string }[] }, type: string) {
  return message.content.filter((b) => b.type === type);
}

describe('llm: Anthropic server tools (web search / fetch) within the seed budgets', function () {
  let server: FakeAnthropicServer;
  let toolbox: ResearchToolbox;

  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
    toolbox = createResearchToolbox({ root: FIXTURE, webSearch: true });
  });
  afterEach(() => server.stop());

  function call(role: AgentRole, opts: { iteration?: number; unknownTypes?: UnknownType[]; maxToolTurns?: number; box?: ResearchToolbox } = {}) {
    const box = opts.box ?? toolbox;
    const iteration = opts.iteration ?? 1;
    const executor = box.executorFor(role, iteration, MODES[role] ?? [], opts.unknownTypes ? { unknownTypes: opts.unknownTypes } : {});
    const events: { tool: string; ok: boolean }[] = [];
    const input: AgentCallInput<z.infer<typeof Answer>> = {
      provider: createAnthropicProvider({ apiKey: 'test-key-server-tools', baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 }),
      role,
      model: MODEL,
      iteration,
      system: system(role),
      userText: `Iteration ${iteration}.`,
      schema: Answer,
      tools: box.specs,
      executor,
      maxToolTurns: opts.maxToolTurns ?? 3,
      maxTokens: 1024,
      prices: DEFAULT_PRICES,
      onTool: (e) => events.push({ tool: e.tool, ok: e.ok }),
    };
    return callAgent(input).then((result) => ({ result, executor, events }));
  }

  it('sends web_search / web_fetch as server tools with fixed max_uses, byte-identical across calls', async () => {
    server.setScript(
      byRole({
        resolver: [{ kind: 'server_tools', uses: [search('sdk retry semantics')], text: ANSWER }],
        challenger: [answer],
      }),
    );
    const first = await call('resolver', { unknownTypes: ['API_BEHAVIOR'] });
    assert.equal(first.result.ok, true);
    await call('challenger');
    const [a, b] = server.received.map((r) => r.body);
    const web = a.tools.filter((t: { name: string }) => t.name.startsWith('web_'));
    assert.deepEqual(web, [
      { type: 'web_search_20250305', name: 'web_search', max_uses: 4 },
      { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 2 },
    ]);
    assert.ok(a.tools.filter((t: { name: string }) => !t.name.startsWith('web_')).every((t: { input_schema?: unknown }) => t.input_schema));
    // The resolver's remaining web allowance changed in between; the tools did not.
    assert.equal(first.executor.remaining('web_search'), 2);
    assert.equal(JSON.stringify(b.tools), JSON.stringify(a.tools));
  });

  it('a resolver call for an API_BEHAVIOR unknown gets its search results and the use is charged', async () => {
    server.setScript(byRole({ resolver: [{ kind: 'server_tools', uses: [search('anthropic sdk 1.12 retries')], text: ANSWER }] }));
    const { result, executor, events } = await call('resolver', { unknownTypes: ['API_BEHAVIOR'] });
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.value, { verdict: 'PROCEED' });
    assert.equal(result.call.tool_calls, 1);
    assert.deepEqual(executor.usage(), { web_search: 1 });
    assert.deepEqual(toolbox.usage(1), { web_search: 1 });
    assert.deepEqual(events, [{ tool: 'web_search', ok: true }]);
    assert.equal(server.received.length, 1);
    const kinds = result.transcript[1]!.content.map((b) => (b.type === 'opaque' ? b.kind : b.type));
    // Opus 4.6 thinks when asked (the provider asks for adaptive thinking): the answer starts with a thinking block.
    assert.deepEqual(kinds, ['thinking', 'server_tool_use', 'web_search_tool_result', 'text']);
  });

  it('a challenger use is refused by accounting and the model is told on its next turn', async () => {
    server.setScript(
      byRole({
        challenger: [{ kind: 'server_tools', uses: [search('anything')], calls: [{ name: 'read_file', input: { path: 'README.md' } }] }, answer],
      }),
    );
    const { result, executor, events } = await call('challenger');
    assert.equal(result.ok, true);
    assert.deepEqual(executor.usage(), {});
    assert.deepEqual(toolbox.usage(1), {});
    assert.deepEqual(events, [
      { tool: 'web_search', ok: false },
      { tool: 'read_file', ok: false },
    ]);
    const last = server.received[1]!.body.messages.at(-1);
    assert.equal(last.role, 'user');
    assert.deepEqual(
      last.content.map((b: { type: string }) => b.type),
      ['tool_result', 'text'],
    );
    const notice = last.content[1].text as string;
    assert.ok(notice.startsWith(SERVER_TOOL_REFUSED_PREFIX), notice);
    assert.ok(notice.includes(`web_search: ${NO_BUDGET_MESSAGE}`), notice);
    // The notice ends the tool-result message, so it carries that turn's cache breakpoint.
    assert.deepEqual(last.content[1].cache_control, { type: 'ephemeral' });
  });

  it('a synthesizer use in a paused turn is refused, told in a new user turn, and the answer still lands', async () => {
    server.setScript(byRole({ synthesizer: [{ kind: 'server_tools', uses: [search('x')], pause: true }, answer] }));
    const { result, executor } = await call('synthesizer');
    assert.equal(result.ok, true);
    assert.deepEqual(executor.usage(), {});
    const messages = server.received[1]!.body.messages;
    assert.equal(messages.at(-2).role, 'assistant');
    assert.equal(messages.at(-1).role, 'user');
    assert.ok(messages.at(-1).content[0].text.startsWith(SERVER_TOOL_REFUSED_PREFIX));
  });

  it('a resolver use for an unknown answerable from the codebase is refused', async () => {
    server.setScript(byRole({ resolver: [{ kind: 'server_tools', uses: [search('where is the config')], calls: [{ name: 'read_file', input: { path: 'README.md' } }] }, answer] }));
    const { result, executor } = await call('resolver', { unknownTypes: ['FILE_MISSING'] });
    assert.equal(result.ok, true);
    assert.deepEqual(executor.usage(), { read_file: 1 });
    const notice = server.received[1]!.body.messages.at(-1).content.at(-1).text as string;
    assert.match(notice, /web_search is allowed only for unknowns of type API_BEHAVIOR, STALE_KNOWLEDGE, INTEGRATION_UNKNOWN/);
  });

  it('enforces 3 (Mode 1) + 1 (Mode 3) = 4 web searches per iteration across calls; the next iteration starts afresh', async () => {
    const read = { name: 'read_file', input: { path: 'README.md' } };
    server.setScript(
      byRole({
        resolver: [
          { kind: 'server_tools', uses: searches(2, 'a'), text: ANSWER },
          { kind: 'server_tools', uses: searches(2, 'b'), calls: [read] },
          answer,
          { kind: 'server_tools', uses: searches(1, 'next iteration'), text: ANSWER },
        ],
        researcher: [{ kind: 'server_tools', uses: searches(1, 'c'), text: ANSWER }, { kind: 'server_tools', uses: searches(1, 'd'), pause: true }, answer],
      }),
    );
    const r1 = await call('resolver', { unknownTypes: ['STALE_KNOWLEDGE'] });
    const r2 = await call('resolver', { unknownTypes: ['INTEGRATION_UNKNOWN'] });
    const p1 = await call('researcher');
    const p2 = await call('researcher');
    assert.deepEqual(
      [r1, r2, p1, p2].map((c) => c.executor.usage().web_search ?? 0),
      [2, 1, 1, 0],
    );
    assert.deepEqual(toolbox.usage(1), { web_search: 4, read_file: 1 });
    assert.ok([r1, r2, p1, p2].every((c) => c.result.ok));
    const texts = (i: number) => JSON.stringify(server.received[i]!.body.messages.at(-1).content);
    assert.match(texts(2), /web_search: budget exhausted: web_search counts as web_search; allowance this iteration \(Mode 1 RESOLVE: 3\)/);
    assert.match(texts(5), /web_search: budget exhausted: the combined web_search ceiling of 4 calls for iteration 1/);
    const next = await call('resolver', { iteration: 2, unknownTypes: ['API_BEHAVIOR'] });
    assert.deepEqual(next.executor.usage(), { web_search: 1 });
  });

  it('sends server tool blocks back unchanged in the next turn', async () => {
    server.setScript(
      byRole({
        resolver: [
          { kind: 'server_tools', uses: [search('zod 4 toJSONSchema')], text: 'Checking the code too.', calls: [{ name: 'read_file', input: { path: 'README.md' } }] },
          answer,
        ],
      }),
    );
    const { result } = await call('resolver', { unknownTypes: ['API_BEHAVIOR'] });
    assert.equal(result.ok, true);
    const assistant = server.received[1]!.body.messages[1];
    assert.equal(assistant.role, 'assistant');
    const caller = { type: 'direct' };
    assert.equal(assistant.content[0].type, 'thinking', 'the thinking block goes back too, signed');
    assert.match(assistant.content[0].signature, /^fake-sig-/);
    assert.deepEqual(assistant.content[1], { type: 'server_tool_use', id: 'srvtoolu_fake_1_0', name: 'web_search', input: { query: 'zod 4 toJSONSchema' }, caller });
    assert.deepEqual(assistant.content[2], { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_fake_1_0', content: cannedSearchResults('zod 4 toJSONSchema'), caller });
    assert.deepEqual(
      assistant.content.slice(3).map((b: { type: string }) => b.type),
      ['text', 'tool_use'],
    );
  });

  it('continues a paused turn by sending it back as is, merged into one assistant message; pauses count as tool turns', async () => {
    server.setScript(
      byRole({
        resolver: [{ kind: 'server_tools', uses: [search('one')], pause: true }, { kind: 'server_tools', uses: [search('two')], pause: true }, answer],
      }),
    );
    const { result, executor } = await call('resolver', { unknownTypes: ['API_BEHAVIOR'], maxToolTurns: 1 });
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(executor.usage(), { web_search: 2 });
    const second = server.received[1]!.body.messages;
    assert.equal(second.length, 2);
    assert.equal(second[1].role, 'assistant');
    assert.deepEqual(
      second[1].content.map((b: { type: string }) => b.type),
      ['thinking', 'server_tool_use', 'web_search_tool_result'],
    );
    // The second pause is past maxToolTurns: the model is told to answer.
    const third = server.received[2]!.body.messages;
    assert.deepEqual(third.at(-1), { role: 'user', content: [{ type: 'text', text: TOOL_LIMIT_MESSAGE }] });
    assert.equal(blocksOfType(third[1], 'server_tool_use').length, 2);
    const transcript: ChatMessage[] = result.transcript;
    assert.deepEqual(
      transcript.map((m) => m.role),
      ['user', 'assistant', 'user', 'assistant'],
    );
  });

  it('with webSearch off the request has no web tools at all', async () => {
    const box = createResearchToolbox({ root: FIXTURE });
    server.setScript(byRole({ resolver: [answer] }));
    await call('resolver', { box, unknownTypes: ['API_BEHAVIOR'] });
    const tools = server.received[0]!.body.tools as { name: string; type?: string }[];
    assert.ok(tools.length > 0);
    assert.deepEqual(
      tools.filter((t) => t.name.startsWith('web_') || t.type !== undefined),
      [],
    );
  });

  it('fake API: server tool blocks in JSON and SSE read the same through the SDK; max_uses is enforced per request', async () => {
    server.setScript(() => ({ kind: 'server_tools', uses: searches(3, 'q'), text: 'done' }));
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
    const params = {
      model: MODEL,
      max_tokens: 100,
      messages: [{ role: 'user' as const, content: 'search' }],
      tools: [{ type: 'web_search_20250305' as const, name: 'web_search' as const, max_uses: 2 }],
    };
    const json = await client.messages.create(params);
    const streamed = await client.messages.stream(params).finalMessage();
    const sameIds = (content: unknown) => JSON.parse(JSON.stringify(content).replace(/srvtoolu_fake_\d+_/g, 'srvtoolu_fake_N_'));
    assert.deepEqual(sameIds(streamed.content), sameIds(json.content));
    assert.deepEqual(
      json.content.map((b) => b.type),
      ['server_tool_use', 'web_search_tool_result', 'server_tool_use', 'web_search_tool_result', 'server_tool_use', 'web_search_tool_result', 'text'],
    );
    assert.deepEqual((json.content[5] as Anthropic.WebSearchToolResultBlock).content, { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' });
    assert.equal(json.usage.server_tool_use?.web_search_requests, 2);
    assert.equal(streamed.usage.server_tool_use?.web_search_requests, 2);
    // A use the API refused for max_uses costs nothing.
    const uses = serverToolUsesOf(json.content.map((b) => ({ type: 'opaque' as const, kind: b.type, raw: b })));
    assert.equal(uses.length, 2);
  });
});
