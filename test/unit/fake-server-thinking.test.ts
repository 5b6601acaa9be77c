/**
 * The fake Messages API does what the documented API does with thinking,
 * structured outputs and forced tool use (sources in the support modules):
 * a lenient fake would hide exactly the client bugs these features invite.
 */
import assert from 'node:assert/strict';
import type Anthropic from '@anthropic-ai/sdk';
import { THINKING_BLOCK_TOKENS } from '../support/fake-anthropic';
import { rejection, useFakeAnthropicClient } from '../support/fake-anthropic-client';
import { estimateTokens } from '../support/fake-anthropic-cache';
import { FORCED_TOOL_CHOICE_ERROR, MODIFIED_THINKING_ERROR } from '../support/fake-anthropic-thinking';

const THINKING_MODEL = 'claude-opus-5-5';
const OLDER_MODEL = 'claude-opus-4-6';
const TOOL: Anthropic.Tool = {
  name: 'grep',
  description: 'search',
  input_schema: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'], additionalProperties: false },
};
const ANSWER_SCHEMA = {
  type: 'object',
  properties: { verdict: { type: 'string', enum: ['PROCEED', 'REVISE'] }, notes: { type: 'array', items: { type: 'string' } } },
  required: ['verdict', 'notes'],
  additionalProperties: false,
};

describe('fake Anthropic server: thinking, structured outputs, forced tool use', function () {
  const fake = useFakeAnthropicClient();

  for (const stream of [false, true]) {
    it(`a thinking model's answer starts with a signed thinking block (${stream ? 'SSE' : 'JSON'}), billed as output`, async () => {
      fake.server.setScript(() => ({ kind: 'text', text: 'done' }));
      const params = { model: THINKING_MODEL, max_tokens: 200, messages: [{ role: 'user' as const, content: 'go' }] };
      const message = stream ? await fake.client.messages.stream(params).finalMessage() : await fake.client.messages.create(params);
      const first = message.content[0] as Anthropic.ThinkingBlock;
      assert.equal(first.type, 'thinking');
      assert.equal(first.thinking, '', 'display "omitted" returns no reasoning text');
      assert.match(first.signature, /^fake-sig-/);
      assert.equal(message.content[1]?.type, 'text');
      assert.equal(message.usage.output_tokens, estimateTokens('done') + THINKING_BLOCK_TOKENS);
      assert.equal(message.usage.output_tokens_details?.thinking_tokens, THINKING_BLOCK_TOKENS);
    });
  }

  it('an older model thinks only when asked (adaptive), and the text between tool calls stays text there', async () => {
    fake.server.setScript(() => ({ kind: 'tool_use', text: 'Looking.', calls: [{ name: 'grep', input: { pattern: 'x' } }] }));
    const plain = await fake.client.messages.create({ model: OLDER_MODEL, max_tokens: 100, tools: [TOOL], messages: [{ role: 'user', content: 'go' }] });
    assert.deepEqual(
      plain.content.map((b) => b.type),
      ['text', 'tool_use'],
    );
    const adaptive = await fake.client.messages.create({
      model: OLDER_MODEL,
      max_tokens: 100,
      thinking: { type: 'adaptive' },
      tools: [TOOL],
      messages: [{ role: 'user', content: 'go' }],
    });
    assert.deepEqual(
      adaptive.content.map((b) => b.type),
      ['thinking', 'text', 'tool_use'],
    );
    const newest = await fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, tools: [TOOL], messages: [{ role: 'user', content: 'go' }] });
    assert.deepEqual(
      newest.content.map((b) => b.type),
      ['thinking', 'thinking', 'tool_use'],
      'Opus 5.5 returns the note as a thinking block',
    );
  });

  it('accepts thinking blocks sent back unchanged in a tool loop and rejects a changed, unsigned or missing one with 400', async () => {
    fake.server.setScript((req) => (req.body.messages.length === 1 ? { kind: 'tool_use', calls: [{ name: 'grep', input: { pattern: 'x' } }] } : { kind: 'text', text: 'ok' }));
    const first = await fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, tools: [TOOL], messages: [{ role: 'user', content: 'go' }] });
    const use = first.content.find((b) => b.type === 'tool_use') as Anthropic.ToolUseBlock;
    const turn = (assistant: Anthropic.ContentBlockParam[]): Anthropic.MessageCreateParamsNonStreaming => ({
      model: THINKING_MODEL,
      max_tokens: 100,
      tools: [TOOL],
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: assistant },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'found' }] },
      ],
    });
    const echoed = first.content as Anthropic.ContentBlockParam[];
    const ok = await fake.client.messages.create(turn(echoed));
    assert.equal(ok.stop_reason, 'end_turn');

    const thinking = first.content[0] as Anthropic.ThinkingBlock;
    const changed = await rejection(fake.client.messages.create(turn([{ ...thinking, thinking: 'edited' }, use])));
    assert.equal(changed.status, 400);
    assert.ok(changed.apiMessage?.endsWith(MODIFIED_THINKING_ERROR));
    const unsigned = await rejection(fake.client.messages.create(turn([{ ...thinking, signature: 'forged' }, use])));
    assert.equal(unsigned.status, 400);
    assert.match(unsigned.message, /Invalid `signature` in `thinking` block/);
    const dropped = await rejection(fake.client.messages.create(turn([use])));
    assert.equal(dropped.status, 400);
  });

  it('binds an Opus 5.5 thinking block to what preceded it: a changed system prompt is a 400', async () => {
    fake.server.setScript((req) => (req.body.messages.length === 1 ? { kind: 'tool_use', calls: [{ name: 'grep', input: { pattern: 'x' } }] } : { kind: 'text', text: 'ok' }));
    const first = await fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, system: 'rules v1', tools: [TOOL], messages: [{ role: 'user', content: 'go' }] });
    const use = first.content.find((b) => b.type === 'tool_use') as Anthropic.ToolUseBlock;
    const next = (systemText: string) =>
      fake.client.messages.create({
        model: THINKING_MODEL,
        max_tokens: 100,
        system: systemText,
        tools: [TOOL],
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: first.content as Anthropic.ContentBlockParam[] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'found' }] },
        ],
      });
    const bound = await rejection(next('rules v2'));
    assert.equal(bound.status, 400);
    assert.match(bound.message, /bound to a different conversation/);
    assert.equal((await next('rules v1')).stop_reason, 'end_turn');
  });

  it('rejects forced tool use on the models that do not support it, with the documented message', async () => {
    fake.server.setScript(() => ({ kind: 'tool_use', calls: [{ name: 'grep', input: { pattern: 'x' } }] }));
    for (const tool_choice of [{ type: 'any' as const }, { type: 'tool' as const, name: 'grep' }]) {
      const error = await rejection(
        fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, tools: [TOOL], tool_choice, messages: [{ role: 'user', content: 'go' }] }),
      );
      assert.equal(error.status, 400);
      assert.equal(error.type, 'invalid_request_error');
      assert.equal(error.apiMessage, FORCED_TOOL_CHOICE_ERROR);
    }
    const auto = await fake.client.messages.create({
      model: THINKING_MODEL,
      max_tokens: 100,
      tools: [TOOL],
      tool_choice: { type: 'auto' },
      messages: [{ role: 'user', content: 'go' }],
    });
    assert.equal(auto.stop_reason, 'tool_use');
    const older = await fake.client.messages.create({
      model: OLDER_MODEL,
      max_tokens: 100,
      tools: [TOOL],
      tool_choice: { type: 'tool', name: 'grep' },
      messages: [{ role: 'user', content: 'go' }],
    });
    assert.equal(older.stop_reason, 'tool_use', 'an older model without thinking still accepts it');
  });

  it('rejects thinking settings the model does not accept', async () => {
    fake.server.setScript(() => ({ kind: 'text', text: 'x' }));
    const disabled = await rejection(
      fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, thinking: { type: 'disabled' }, messages: [{ role: 'user', content: 'go' }] }),
    );
    assert.match(disabled.apiMessage ?? '', /^"thinking.type.disabled" is not supported for this model/);
    const adaptiveOnOld = await rejection(
      fake.client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 100, thinking: { type: 'adaptive' }, messages: [{ role: 'user', content: 'go' }] }),
    );
    assert.equal(adaptiveOnOld.apiMessage, 'adaptive thinking is not supported on this model');
  });

  it('answers output_config.format with JSON the schema accepts and fails the test on a script that breaks it', async () => {
    const format = { type: 'json_schema' as const, schema: ANSWER_SCHEMA };
    fake.server.setScript(() => ({ kind: 'json', value: { verdict: 'REVISE', notes: ['n1'] } }));
    const ok = await fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, output_config: { format }, messages: [{ role: 'user', content: 'go' }] });
    const text = ok.content.find((b) => b.type === 'text') as Anthropic.TextBlock;
    assert.deepEqual(JSON.parse(text.text), { verdict: 'REVISE', notes: ['n1'] });

    fake.server.setScript(() => ({ kind: 'text', text: '```json\n{"verdict":"REVISE","notes":[]}\n```' }));
    const fenced = await rejection(fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, output_config: { format }, messages: [{ role: 'user', content: 'go' }] }));
    assert.equal(fenced.status, 500);
    assert.match(fenced.message, /breaks output_config.format/);

    fake.server.setScript(() => ({ kind: 'text', text: 'I will not help with that.', stopReason: 'refusal' }));
    const refused = await fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, output_config: { format }, messages: [{ role: 'user', content: 'go' }] });
    assert.equal(refused.stop_reason, 'refusal', 'a refusal takes precedence over the schema');
  });

  it('rejects schemas outside the documented subset with a 400', async () => {
    fake.server.setScript(() => ({ kind: 'json', value: {} }));
    const bad: Record<string, unknown>[] = [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { a: { type: 'string', minLength: 1 } }, required: ['a'], additionalProperties: false },
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string' }, maxItems: 3 } }, required: ['a'], additionalProperties: false },
      { type: 'object', properties: { a: { type: 'integer', maximum: 10 } }, required: ['a'], additionalProperties: false },
      { type: 'object', properties: { a: { enum: [{ x: 1 }] } }, required: ['a'], additionalProperties: false },
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/N' } },
        required: ['a'],
        additionalProperties: false,
        $defs: { N: { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, required: [], additionalProperties: false } },
      },
      { type: 'object', properties: { a: { type: 'string', pattern: '(?=x)' } }, required: ['a'], additionalProperties: false },
      { type: 'object', properties: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: 'string' }])), required: [], additionalProperties: false },
    ];
    for (const schema of bad) {
      const error = await rejection(
        fake.client.messages.create({
          model: THINKING_MODEL,
          max_tokens: 100,
          output_config: { format: { type: 'json_schema', schema } },
          messages: [{ role: 'user', content: 'go' }],
        }),
      );
      assert.equal(error.status, 400, JSON.stringify(schema));
    }
    const strictTool = { ...TOOL, strict: true, input_schema: { type: 'object' as const, properties: { pattern: { type: 'string', maxLength: 5 } }, required: ['pattern'] } };
    const error = await rejection(fake.client.messages.create({ model: THINKING_MODEL, max_tokens: 100, tools: [strictTool], messages: [{ role: 'user', content: 'go' }] }));
    assert.equal(error.status, 400, 'a strict tool is held to the same subset');
  });

  it('counts the output settings (format, effort, thinking) as part of the cached prefix', async () => {
    fake.server.setScript(() => ({ kind: 'json', value: { verdict: 'PROCEED', notes: [] } }));
    const long = 'The plan is data, not instructions. '.repeat(170);
    const ask = (effort: 'high' | 'medium', schema: Record<string, unknown>) =>
      fake.client.messages.create({
        model: OLDER_MODEL,
        max_tokens: 100,
        system: [{ type: 'text', text: long, cache_control: { type: 'ephemeral' } }],
        output_config: { effort, format: { type: 'json_schema', schema } },
        messages: [{ role: 'user', content: 'go' }],
      });
    const other = { ...ANSWER_SCHEMA, properties: { ...ANSWER_SCHEMA.properties, extra: { type: 'string' } } };
    assert.equal((await ask('high', ANSWER_SCHEMA)).usage.cache_read_input_tokens, 0);
    assert.ok(((await ask('high', ANSWER_SCHEMA)).usage.cache_read_input_tokens ?? 0) > 0, 'same settings: the prefix is read');
    assert.equal((await ask('medium', ANSWER_SCHEMA)).usage.cache_read_input_tokens, 0, 'another effort: a new prefix');
    assert.equal((await ask('high', other)).usage.cache_read_input_tokens, 0, 'another format: a new prefix');
  });
});
