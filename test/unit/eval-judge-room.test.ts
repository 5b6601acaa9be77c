/**
 * The eval judge gets the room every agent call gets: `max_tokens` from the
 * effort level within the model's limit (not a fixed 1,024 on a model whose
 * thinking is always on), and one retry with more room after a cut.
 */
import assert from 'node:assert/strict';
import { defaultConfig } from '../../src/core/config';
import { judgeUnmatched } from '../../src/core/eval/judge';
import type { RunRecord } from '../../src/core/eval/records';
import type { CorpusCase } from '../../src/core/eval/truth';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { FakeAnthropicServer } from '../support/fake-anthropic';

const CASE = {
  id: 'cc-sample',
  truth: { flaws: [{ id: 'F1', category: 'missing-rollback', lines: [3, 3], quote: 'deploy to prod', description: 'No rollback step' }] },
} as unknown as CorpusCase;
const RECORD = {
  config: 'loop',
  caseId: 'cc-sample',
  predictions: [{ id: 'C1', source: 'challenge', lines: [3, 3], quote: 'deploy to prod', claim: 'There is no way back if the deploy fails' }],
  match: { matchedFlaws: {} },
} as unknown as RunRecord;

describe('eval judge: output room', function () {
  let server: FakeAnthropicServer;
  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
  });
  afterEach(() => server.stop());

  it('asks with the room of its model and retries a cut answer with twice the room', async () => {
    // The judge's model thinks long before a short answer: past the first room, within the second.
    server.setScript(() => ({ kind: 'json', value: { flaw_id: 'F1', reason: 'Same missing rollback' }, thinkingTokens: 70_000 }));
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-judge-room-1', baseURL: server.baseURL, maxRetries: 0, timeoutMs: 5000 });
    const judged = await judgeUnmatched({ records: [RECORD], cases: [CASE], providerFor: () => provider, config: defaultConfig() });
    assert.equal(judged.length, 1);
    assert.equal(judged[0]!.error, null);
    assert.equal(judged[0]!.flawId, 'F1');
    assert.deepEqual(
      server.received.map((r) => r.body.max_tokens),
      [64_000, 128_000],
    );
  });
});
