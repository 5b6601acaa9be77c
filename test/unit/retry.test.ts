import assert from 'node:assert/strict';
import fc from 'fast-check';
import { progressLine } from '../../src/cli/progress';
import { emptyLive, reduceLive } from '../../src/core/live-state';
import { ProviderError } from '../../src/core/llm/provider';
import { backoffMs, requestedWaitMs, withRetries } from '../../src/core/llm/retry';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('bounded retries (retry-after waits are bounded and shown)', () => {
  it('reads retry-after-ms, retry-after in seconds and as an HTTP date', () => {
    assert.equal(requestedWaitMs(headers({ 'retry-after-ms': '1500', 'retry-after': '9' })), 1500);
    assert.equal(requestedWaitMs(headers({ 'retry-after': '20' })), 20_000);
    const now = Date.parse('2026-11-23T12:00:00Z');
    assert.equal(requestedWaitMs(headers({ 'retry-after': 'Mon, 23 Nov 2026 12:00:30 GMT' }), now), 30_000);
    assert.equal(requestedWaitMs(headers({ 'retry-after': 'soon' })), undefined);
    assert.equal(requestedWaitMs(undefined), undefined);
  });

  it('property: no wait ever exceeds the bound — a longer request fails at once, backoff stays ≤ 8 s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3_600_000 }), fc.integer({ min: 1000, max: 60_000 }), async (askedMs, maxWaitMs) => {
        const waits: number[] = [];
        let calls = 0;
        const attempt = () => {
          calls++;
          return Promise.reject(new ProviderError('Anthropic API error 429', 'api_error', 429, { retryable: true, afterMs: askedMs, reason: 'rate limited' }));
        };
        const controller = new AbortController();
        const run = withRetries(attempt, { maxRetries: 2, maxWaitMs }, controller.signal, (n) => {
          waits.push(n.waitMs);
          controller.abort();
        });
        await assert.rejects(run);
        return waits.every((w) => w <= maxWaitMs) && (askedMs > maxWaitMs ? waits.length === 0 && calls === 1 : waits.length === 1);
      }),
      { numRuns: 200 },
    );
    for (let retry = 1; retry < 20; retry++) assert.ok(backoffMs(retry) <= 8000);
  });

  it('the live view and the CLI say "rate limited, retrying in 20 s"; streamed text clears it', () => {
    let live = reduceLive(emptyLive('r', 'plan.md'), { type: 'agent-started', iteration: 1, role: 'challenger', model: 'claude-opus-5-5' });
    const retry = { type: 'agent-retry', iteration: 1, role: 'challenger', attempt: 1, maxRetries: 4, waitMs: 20_000, reason: 'rate limited' } as const;
    live = reduceLive(live, retry);
    assert.equal(live.agents[0]!.waiting, 'rate limited, retrying in 20 s (retry 1 of 4)');
    assert.equal(progressLine(retry), 'Challenger: rate limited, retrying in 20 s (retry 1 of 4)');
    live = reduceLive(live, { type: 'agent-text', iteration: 1, role: 'challenger', delta: 'x' });
    assert.equal(live.agents[0]!.waiting, undefined);
  });
});
