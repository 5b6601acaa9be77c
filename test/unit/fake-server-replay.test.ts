/**
 * The fake Messages API holds clients to what the documented API enforces on
 * replayed turns, removed parameters and output room (sources in
 * fake-anthropic-replay.ts, fake-anthropic-request.ts, fake-anthropic-compose.ts):
 * an assistant turn sent back changed is the 400 "bound to a different
 * conversation" on the models that bind thinking to the conversation, and
 * `drop_block` (with its beta header) is the way out.
 */
import assert from 'node:assert/strict';
import type Anthropic from '@anthropic-ai/sdk';
import { rejection, useFakeAnthropicClient } from '../support/fake-anthropic-client';

const TOOL: Anthropic.Tool = {
  name: 'grep',
  description: 'search',
  input_schema: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'], additionalProperties: false },
};
const BETA = 'thinking-binding-controls-2026-08-01';

describe('fake Anthropic server: replayed turns, removed parameters, output room', function () {
  const fake = useFakeAnthropicClient();

  /** A first tool turn with an empty text block before the call, and the next request built from `assistant`. */
  async function firstTurn(model: string) {
    fake.server.setScript((req) =>
      req.body.messages.length === 1 ? { kind: 'tool_use', text: '', calls: [{ name: 'grep', input: { pattern: 'x' } }] } : { kind: 'text', text: 'ok' },
    );
    const first = await fake.client.messages.create({ model, max_tokens: 1000, tools: [TOOL], messages: [{ role: 'user', content: 'go' }] });
    const use = first.content.find((b) => b.type === 'tool_use') as Anthropic.ToolUseBlock;
    const next = (assistant: unknown[], extra: Partial<Anthropic.MessageCreateParamsNonStreaming> = {}) =>
      fake.client.messages.create({
        model,
        max_tokens: 1000,
        tools: [TOOL],
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: assistant as Anthropic.ContentBlockParam[] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'found' }] },
        ],
        ...extra,
      });
    return { first, use, next };
  }

  it('returns every field the API returns: an empty text block with citations: null, a tool use with its caller', async () => {
    const { first } = await firstTurn('claude-opus-5-5');
    assert.deepEqual(
      first.content.map((b) => b.type),
      ['thinking', 'text', 'tool_use'],
    );
    assert.deepEqual(first.content[1], { type: 'text', text: '', citations: null });
    assert.deepEqual((first.content[2] as Anthropic.ToolUseBlock).caller, { type: 'direct' });
  });

  for (const model of ['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-fable-5-1']) {
    it(`${model}: an assistant turn sent back exactly (cache markers aside) is accepted; a rebuilt one is the documented 400`, async () => {
      const { first, use, next } = await firstTurn(model);
      const exact = first.content as unknown[];
      assert.equal((await next(exact)).stop_reason, 'end_turn');
      const marked = exact.map((b, i) => (i === 1 ? { ...(b as object), cache_control: { type: 'ephemeral' } } : b));
      assert.equal((await next(marked)).stop_reason, 'end_turn', 'moving cache_control is not an edit');

      const rebuiltUse = { type: 'tool_use', id: use.id, name: use.name, input: use.input };
      for (const edited of [
        [first.content[0], first.content[1], rebuiltUse], // a tool use without its caller
        [first.content[0], use], // the empty text block dropped
        [first.content[0], { type: 'text', text: '' }, use], // text without citations: null
        [first.content[0], use, first.content[1]], // reordered
      ]) {
        const error = await rejection(next(edited));
        assert.equal(error.status, 400);
        assert.match(error.message, /bound to a different conversation/);
        assert.match(error.message, /prefix_mismatch_behavior/);
      }
    });
  }

  it('older models do not bind thinking to the conversation: a rebuilt turn is accepted there', async () => {
    const { first, use, next } = await firstTurn('claude-opus-5');
    assert.equal((await next([first.content[0], { type: 'tool_use', id: use.id, name: use.name, input: use.input }])).stop_reason, 'end_turn');
  });

  it('drop_block with the beta header drops the invalid thinking and reports it; without the header it is a 400', async () => {
    const { first, use, next } = await firstTurn('claude-opus-5-5');
    const rebuilt = [first.content[0], { type: 'tool_use', id: use.id, name: use.name, input: use.input }];
    const thinking = { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } } as unknown as Anthropic.ThinkingConfigParam;
    const noHeader = await rejection(next(rebuilt, { thinking }));
    assert.equal(noHeader.status, 400);
    assert.match(noHeader.message, /block_binding: Extra inputs are not permitted/);

    const withHeader = await fake.client.messages.create(
      {
        model: 'claude-opus-5-5',
        max_tokens: 1000,
        tools: [TOOL],
        thinking,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: rebuilt as Anthropic.ContentBlockParam[] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'found' }] },
        ],
      },
      { headers: { 'anthropic-beta': BETA } },
    );
    assert.equal(withHeader.stop_reason, 'end_turn');
    assert.deepEqual((withHeader as unknown as { input_transformations: unknown }).input_transformations, [
      { type: 'thinking_dropped', path: 'messages.1.content.0', reason: 'prefix_binding_mismatch' },
    ]);
  });

  it('rejects temperature, top_p and top_k under API version 2026-10-21, whatever their value', async () => {
    fake.server.setScript(() => ({ kind: 'text', text: 'never' }));
    for (const extra of [{ temperature: 1 }, { top_p: 0.9 }, { top_k: 5 }]) {
      const error = await rejection(
        fake.client.messages.create({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'x' }], ...extra } as Anthropic.MessageCreateParamsNonStreaming),
      );
      assert.equal(error.status, 400);
      assert.match(error.message, new RegExp(`${Object.keys(extra)[0]}: Extra inputs are not permitted`));
    }
    assert.equal(fake.server.received.length, 3);
  });

  it('cuts the answer at max_tokens with thinking counted, and refuses more max_tokens than the model allows', async () => {
    fake.server.setScript(() => ({ kind: 'json', value: { verdict: 'REVISE', notes: ['a long note'] }, thinkingTokens: 900 }));
    const cut = await fake.client.messages.create({ model: 'claude-opus-5-5', max_tokens: 905, messages: [{ role: 'user', content: 'x' }] });
    assert.equal(cut.stop_reason, 'max_tokens');
    assert.ok(cut.usage.output_tokens <= 905);
    const text = cut.content.find((b): b is Anthropic.TextBlock => b.type === 'text');
    assert.ok(!text || text.text.length < JSON.stringify({ verdict: 'REVISE', notes: ['a long note'] }).length);
    const whole = await fake.client.messages.create({ model: 'claude-opus-5-5', max_tokens: 2000, messages: [{ role: 'user', content: 'x' }] });
    assert.equal(whole.stop_reason, 'end_turn');
    assert.equal(whole.usage.output_tokens_details?.thinking_tokens, 900);

    const tooMuch = await rejection(fake.client.messages.stream({ model: 'claude-opus-4-5', max_tokens: 100_000, messages: [{ role: 'user', content: 'x' }] }).finalMessage());
    assert.equal(tooMuch.status, 400);
    assert.match(tooMuch.message, /maximum allowed number of output tokens/);
  });
});
