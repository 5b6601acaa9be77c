/**
 * The single-pass baseline over the real Anthropic SDK and the fake Messages
 * API: one challenger call that may read the workspace until the token
 * budget is spent, then must answer; its verdict follows the product rules.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { defaultConfig } from '../../src/core/config';
import { loadCorpus, type CorpusCase } from '../../src/core/eval/truth';
import { BUDGET_SPENT_MESSAGE, runSinglePass } from '../../src/core/eval/single-pass';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { createResearchToolbox } from '../../src/core/research';
import { FakeAnthropicServer, type ReceivedRequest } from '../support/fake-anthropic';
import { challenge, challengerOut, reply } from '../support/replies';
import { REPO_ROOT } from '../support/run-harness';

/** The text of the tool_result the engine sent back for the challenger's read_file. */
function toolResultText(req: ReceivedRequest): string | null {
  for (const message of req.body?.messages ?? []) {
    for (const block of Array.isArray(message.content) ? message.content : []) {
      if (block?.type === 'tool_result') return typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
    }
  }
  return null;
}

describe('eval: single-pass baseline (real SDK, fake Messages API)', () => {
  let redis: CorpusCase;
  before(async () => {
    redis = (await loadCorpus(path.join(REPO_ROOT, 'eval', 'corpus'))).find((c) => c.id === 'cc-rate-limit-redis')!;
  });

  async function singlePass(tokenBudget: number) {
    const seen: (string | null)[] = [];
    const server = await FakeAnthropicServer.start({
      script: (req) => {
        if (req.role !== 'challenger') return { kind: 'error', status: 500, message: `unexpected role ${req.role}` };
        if ((req.body?.messages ?? []).length === 1) return { kind: 'tool_use', calls: [{ name: 'read_file', input: { path: 'package.json' } }] };
        seen.push(toolResultText(req));
        return reply(
          challengerOut([
            challenge({ quote: 'The gateway already uses the `redis` v4 client', claim: 'package.json lists ioredis 5, not the node-redis v4 client', severity: 'SIGNIFICANT' }),
          ]),
        );
      },
    });
    try {
      const outcome = await runSinglePass({
        provider: createAnthropicProvider({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 }),
        config: defaultConfig({}),
        planPath: redis.planPath,
        planText: redis.planText,
        research: createResearchToolbox({ root: redis.workspaceRoot }),
        tokenBudget,
      });
      const offeredTools = (server.received[0]?.body?.tools ?? []).map((t: { name: string }) => t.name);
      return { outcome, seen, offeredTools, requests: server.received.length };
    } finally {
      await server.stop();
    }
  }

  it('reads the workspace within its budget and answers with challenges that give the verdict', async () => {
    const { outcome, seen, offeredTools, requests } = await singlePass(1_000_000);
    assert.equal(outcome.ok, true, outcome.error ?? '');
    assert.ok(offeredTools.includes('read_file'));
    assert.equal(requests, 2);
    assert.match(seen[0] ?? '', /ioredis/);
    assert.equal(outcome.verdictLabel, 'REVISE');
    assert.equal(outcome.output?.challenges.length, 1);
    assert.ok(outcome.usage.input_tokens > 0 && outcome.costUsd > 0);
  });

  it('refuses further tool calls once the budget is spent, so the model must answer', async () => {
    const { outcome, seen } = await singlePass(1);
    assert.equal(outcome.ok, true, outcome.error ?? '');
    assert.ok(seen[0]?.includes(BUDGET_SPENT_MESSAGE), seen[0] ?? 'no tool result');
    assert.doesNotMatch(seen[0] ?? '', /ioredis/);
  });
});
