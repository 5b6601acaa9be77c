import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { carryForward, createStoreMemorySource, MAX_DIFF_CHARS } from '../../src/core/memory';
import { createResearchToolbox } from '../../src/core/research';
import { createFileRunStore } from '../../src/core/store';
import { challengeFixture, iterationFixture, runResultFixture } from '../support/run-result-fixture';

const PLAN_V1 = `# Plan: rate limiter

## Steps
1. Store sessions in memory on each API node.
2. Add a token bucket per user with a limit of 100 requests per minute.
3. Return 429 with a Retry-After header.
`;

const PLAN_V2 = `# Plan: rate limiter

## Steps
1. Store sessions in Redis shared by all API nodes.
2. Add a token bucket per user with a limit of 100 requests per minute.
3. Return 429 with a Retry-After header.
4. Alert when more than 5% of requests are limited.
`;

function previousRun() {
  const c1 = challengeFixture({ id: 'C1', quote: 'Store sessions in memory on each API node', status: 'UNRESOLVED', user_decision: 'acknowledged' });
  const c2 = challengeFixture({
    id: 'C2',
    quote: 'a limit of 100 requests per minute',
    claim: 'The limit ignores burst traffic from batch clients',
    status: 'RESOLVED',
    user_decision: 'overridden',
  });
  const c3 = challengeFixture({ id: 'C3', quote: 'Return 429 with a Retry-After header', claim: 'Clients may ignore Retry-After', status: 'OPEN' });
  const iteration1 = iterationFixture({ iteration: 1, challenges: [c1, c2, c3] });
  const iteration2 = iterationFixture({
    iteration: 2,
    challenges: [c1, c2, c3],
    user_responses: [
      { iteration: 2, checkpoint: 'blocked', challenge_id: 'C1', action: 'acknowledge_risk', text: 'Single node for the pilot; fine.' },
      { iteration: 2, checkpoint: 'blocked', challenge_id: 'C2', action: 'override', text: 'Batch clients have their own quota.' },
      { iteration: 2, checkpoint: 'stall', challenge_id: null, action: 'provide_context', text: 'Traffic peaks at 2k rps on Mondays.' },
      { iteration: 2, checkpoint: 'stall', challenge_id: 'C3', action: 'continue' },
    ],
  });
  return runResultFixture({ runId: 'run-7', planPath: '/work/plan.md', planText: PLAN_V1, iterations: [iteration1, iteration2] });
}

describe('memory: carry-forward and memory_search', () => {
  it('keeps decisions whose quote still exists, drops those whose quote is gone, and diffs the plan', () => {
    const carried = carryForward(previousRun(), PLAN_V2);
    assert.deepEqual(
      carried.priorChallenges.map((c) => c.id),
      ['C2', 'C3'],
    );
    assert.deepEqual(carried.droppedChallengeIds, ['C1']);
    assert.deepEqual(
      carried.decisions.map((d) => [d.challengeId, d.decision, d.text]),
      [
        ['C2', 'overridden', 'Batch clients have their own quota.'],
        [null, 'answered', 'Traffic peaks at 2k rps on Mondays.'],
      ],
    );
    assert.equal(carried.decisions[0]?.quote, 'a limit of 100 requests per minute');
    assert.equal(carried.planChanged, true);
    assert.ok(carried.diff);
    assert.match(carried.diff, /^-1\. Store sessions in memory on each API node\.$/m);
    assert.match(carried.diff, /^\+1\. Store sessions in Redis shared by all API nodes\.$/m);
    assert.match(carried.diff, /^\+4\. Alert when more than 5% of requests are limited\.$/m);
    assert.match(carried.summary, /The plan changed since then \(\+2 \/ -1 lines\)/);
    assert.match(
      carried.summary,
      /2 earlier challenge\(s\) quote text still in the plan \(1 not settled\); 1 quote text that is gone\. The unsettled ones are carried into this run under their ids and judged again\./,
    );
    assert.match(carried.summary, /User overridden C2 \("The limit ignores burst traffic from batch clients"\): Batch clients have their own quota\./);
  });

  it('an unchanged plan keeps everything and has no diff', () => {
    const carried = carryForward(previousRun(), PLAN_V1);
    assert.deepEqual(
      carried.priorChallenges.map((c) => c.id),
      ['C1', 'C2', 'C3'],
    );
    assert.deepEqual(
      carried.decisions.map((d) => d.challengeId),
      ['C1', 'C2', null],
    );
    assert.equal(carried.diff, null);
    assert.equal(carried.planChanged, false);
    assert.match(carried.summary, /has not changed/);
    // CRLF line endings are not a change.
    assert.equal(carryForward(previousRun(), PLAN_V1.replace(/\n/g, '\r\n')).planChanged, false);
  });

  it('a run without stored plan text gives no diff; a decision recorded only on the challenge is kept', () => {
    const previous = runResultFixture({
      planText: undefined,
      iterations: [iterationFixture({ challenges: [challengeFixture({ id: 'C4', quote: 'Return 429 with a Retry-After header', user_decision: 'acknowledged' })] })],
    });
    const carried = carryForward(previous, PLAN_V2);
    assert.equal(carried.diff, null);
    assert.equal(carried.planChanged, null);
    assert.deepEqual(
      carried.decisions.map((d) => [d.challengeId, d.decision]),
      [['C4', 'acknowledged']],
    );
    assert.deepEqual(carryForward(runResultFixture({ iterations: [] }), PLAN_V2).priorChallenges, []);
  });

  it('bounds a large diff', () => {
    const big = (seed: string) => Array.from({ length: 400 }, (_, i) => `- step ${i} ${seed}`).join('\n');
    const carried = carryForward(runResultFixture({ planText: big('old') }), big('new'));
    assert.ok(carried.diff);
    assert.ok(carried.diff.length <= MAX_DIFF_CHARS + 100);
    assert.match(carried.diff, /\[diff truncated: \d+ more characters\]$/);
  });

  it('memory_search finds past challenges and decisions through the research tool, and counts against the budget', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-memory-'));
    try {
      const store = createFileRunStore(path.join(dir, 'runs'));
      await store.save(previousRun());
      await store.save(
        runResultFixture({
          runId: 'other',
          planPath: '/work/other.md',
          iterations: [iterationFixture({ challenges: [challengeFixture({ claim: 'Webhooks are not idempotent' })] })],
        }),
      );
      const memory = createStoreMemorySource(store, { planPath: '/work/plan.md' });
      const hits = await memory.search('burst batch clients');
      assert.equal(hits[0]?.id, 'C2');
      assert.equal(hits[0]?.runId, 'run-7');
      assert.ok((await memory.search('quota')).some((h) => h.kind === 'decision' && /override: Batch clients have their own quota/.test(h.text)));
      assert.deepEqual(
        (await memory.search('idempotent webhooks')).map((h) => h.runId),
        ['other'],
      );
      assert.deepEqual(await memory.search('a an'), []);

      const toolbox = createResearchToolbox({ root: dir, memory });
      const resolver = toolbox.executorFor('resolver', 1, ['resolve']);
      const answer = await resolver.execute('memory_search', { query: 'Retry-After clients' });
      assert.equal(answer.isError, false);
      assert.match(answer.content, /challenge C3: Clients may ignore Retry-After/);
      await resolver.execute('memory_search', { query: 'x' });
      await resolver.execute('memory_search', { query: 'y' });
      assert.match((await resolver.execute('memory_search', { query: 'z' })).content, /^budget exhausted/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
