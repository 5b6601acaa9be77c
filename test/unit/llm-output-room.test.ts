/**
 * Output room (src/core/llm/output-room.ts): each turn's `max_tokens` from the
 * effort level within the model's limits (the Models API's, else the table's),
 * and a turn cut at `max_tokens` retried once with more room when the model
 * and the spending cap allow, then reported as its own failure kind. The fake
 * cuts answers at `max_tokens` with thinking counted (fake-anthropic-compose.ts).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod';
import { DEFAULT_PRICES, type EffortLevel } from '../../src/core/config';
import { callAgent, type AgentCallInput } from '../../src/core/llm/agent-call';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { retryRoom, ROOM_BY_EFFORT, roomFor, UNKNOWN_MODEL_ROOM } from '../../src/core/llm/output-room';
import { roleMarker } from '../../src/core/llm/provider';
import type { TurnBudget } from '../../src/core/llm/turn-cost';
import { FakeAnthropicServer, type FakeReply } from '../support/fake-anthropic';

const KEY = 'sk-ant-room-test-5678';
const Answer = z.object({ verdict: z.enum(['PROCEED', 'REVISE', 'RETHINK']) });
const EFFORTS: EffortLevel[] = ['low', 'medium', 'high', 'xhigh', 'max'];

describe('llm: output room per effort and model, and the max_tokens retry', function () {
  it('room never exceeds the model limit or the ceiling, grows with effort, and a retry always gives more or nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EFFORTS),
        fc.option(fc.integer({ min: 1000, max: 300_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 256, max: 128_000 }), { nil: undefined }),
        (effort, maxOutput, ceiling) => {
          const limits = maxOutput === undefined ? undefined : { maxOutputTokens: maxOutput, maxInputTokens: 1_000_000 };
          const room = roomFor(effort, limits, ceiling);
          assert.ok(room <= (maxOutput ?? UNKNOWN_MODEL_ROOM) && room <= (ceiling ?? Infinity));
          assert.ok(room <= ROOM_BY_EFFORT[effort]);
          EFFORTS.slice(EFFORTS.indexOf(effort)).forEach((higher) => assert.ok(roomFor(higher, limits, ceiling) >= room));
          const more = retryRoom(room, limits, ceiling);
          if (more !== null) assert.ok(more > room && more <= (maxOutput ?? UNKNOWN_MODEL_ROOM) && more <= (ceiling ?? Infinity));
          else assert.equal(room, Math.min(maxOutput ?? UNKNOWN_MODEL_ROOM, ceiling ?? Infinity, room));
        },
      ),
    );
  });

  describe('against the fake API', function () {
    let server: FakeAnthropicServer;
    beforeEach(async () => {
      server = await FakeAnthropicServer.start();
    });
    afterEach(() => server.stop());

    function input(model: string, overrides: Partial<AgentCallInput<z.infer<typeof Answer>>> = {}): AgentCallInput<z.infer<typeof Answer>> {
      return {
        provider: createAnthropicProvider({ apiKey: KEY, baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 }),
        role: 'challenger',
        model,
        iteration: 1,
        system: [{ type: 'text', text: `${roleMarker('challenger')}\nChallenge the plan.`, cache: true }],
        userText: 'Iteration 1.',
        schema: Answer,
        tools: [],
        maxToolTurns: 0,
        prices: DEFAULT_PRICES,
        effort: 'high',
        ...overrides,
      };
    }
    const answer = (thinkingTokens?: number): FakeReply => ({ kind: 'json', value: { verdict: 'REVISE' }, ...(thinkingTokens !== undefined ? { thinkingTokens } : {}) });
    const maxTokensSent = () => server.received.map((r) => r.body.max_tokens as number);

    it('sends the room of each effort level, within the model limit the Models API gives (else the table, else the fallback)', async () => {
      server.setScript(() => answer());
      for (const effort of EFFORTS) assert.ok((await callAgent(input('claude-opus-5-5', { effort }))).ok);
      assert.deepEqual(maxTokensSent(), [16_000, 32_000, 64_000, 64_000, 64_000]);
      server.received.length = 0;
      assert.ok((await callAgent(input('claude-opus-5-5', { maxTokens: 1024 }))).ok, 'an explicit ceiling caps the room');
      assert.deepEqual(maxTokensSent(), [1024]);
    });

    it('falls back to the model table, then to a room every model accepts, when the Models API cannot answer', async () => {
      const down = await FakeAnthropicServer.start({ modelsEndpoint: 'down' });
      try {
        down.setScript(() => answer());
        const provider = createAnthropicProvider({ apiKey: KEY, baseURL: down.baseURL, maxRetries: 0, timeoutMs: 5000 });
        assert.ok((await callAgent(input('claude-opus-4-5', { provider, effort: 'max' }))).ok);
        assert.ok((await callAgent(input('claude-test', { provider, effort: 'max' }))).ok);
        assert.deepEqual(
          down.received.map((r) => r.body.max_tokens),
          [64_000, UNKNOWN_MODEL_ROOM],
        );
      } finally {
        await down.stop();
      }
    });

    it('a turn cut at max_tokens is sent again once with twice the room, and the answer stands', async () => {
      server.setScript(() => answer(70_000));
      const result = await callAgent(input('claude-opus-5-5'));
      assert.ok(result.ok, JSON.stringify(result.ok ? null : result.failure));
      assert.deepEqual(maxTokensSent(), [64_000, 128_000]);
      assert.equal(result.call.usage.output_tokens, server.totals().output_tokens, 'the cut turn is billed and counted');
    });

    it('still cut after the retry: the model ran out of output room, its own failure kind', async () => {
      server.setScript(() => answer(200_000));
      const result = await callAgent(input('claude-opus-5-5'));
      assert.ok(!result.ok);
      assert.equal(result.failure.kind, 'truncated');
      assert.match(result.failure.message, /ran out of output room.*128,000 tokens.*retry/);
      assert.equal(server.received.length, 2);
    });

    it('no retry when the room is already the model limit the Models API gives, or when the spending cap cannot pay for a full retry', async () => {
      const small = await FakeAnthropicServer.start({
        models: [{ id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5', created_at: '2026-09-23T00:00:00Z', max_tokens: 64_000, max_input_tokens: 1_000_000 }],
      });
      try {
        small.setScript(() => answer(70_000));
        const provider = createAnthropicProvider({ apiKey: KEY, baseURL: small.baseURL, maxRetries: 0, timeoutMs: 5000 });
        const atLimit = await callAgent(input('claude-opus-5-5', { provider, effort: 'max' }));
        assert.ok(!atLimit.ok);
        assert.match(atLimit.failure.message, /ran out of output room.*64,000 tokens.*already all the model allows/);
        assert.equal(small.received.length, 1);
      } finally {
        await small.stop();
      }

      server.setScript(() => answer(70_000));
      // A cap that holds the first turn but not a full retry: the first turn goes, the retry does not.
      const asked: { wantUsd: number; leastUsd: number }[] = [];
      const budget: TurnBudget = {
        reserve: (wantUsd, leastUsd) => {
          asked.push({ wantUsd, leastUsd });
          return Promise.resolve(asked.length === 1 ? { ok: true, usd: wantUsd, settle: () => undefined } : { ok: false, spentUsd: 1, capUsd: 2 });
        },
      };
      const capped = await callAgent(input('claude-opus-5-5', { budget }));
      assert.ok(!capped.ok);
      assert.equal(capped.failure.kind, 'truncated');
      assert.match(capped.failure.message, /spending cap/);
      assert.equal(server.received.length, 1);
      assert.equal(asked.length, 2);
      assert.equal(asked[1]!.leastUsd, asked[1]!.wantUsd, 'a retry is never sent with less room than it asks');
      assert.ok(asked[1]!.wantUsd >= (128_000 * 20) / 1e6, 'the worst case prices the whole retry room at the output price');
    });
  });
});
