/**
 * Continuity across runs of one plan: a re-run starts from the last run's
 * unsettled challenges (matched by fingerprint), never from an empty state.
 * Scripted answers are ones the prompts allow: a challenger that obeys "do
 * not raise them again" raises nothing, a synthesizer with nothing new to
 * cite changes nothing.
 */
import assert from 'node:assert/strict';
import { challengeChanges } from '../../src/core/continuity';
import { renderMarkdownReport } from '../../src/core/report';
import { byRole } from '../support/fake-anthropic';
import { FAIL_OPEN, none, raise } from '../support/rate-limiter-challenges';
import { audit, planEvidence, quality, reply, researcherOut, synth, update } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

const PLAN = examplePlan('base-team-rate-limiter');

async function firstRun() {
  const { result } = await runAgainstFake({
    script: byRole({
      challenger: [raise(['BLOCKING', 'SIGNIFICANT'])],
      researcher: [reply(researcherOut())],
      synthesizer: [
        reply(synth([update('C1', 'UNRESOLVED', 'Real: add a local fallback limit'), update('C2', 'UNRESOLVED', 'Real: cache hot keys locally')], { quality: quality(5) })),
      ],
      auditor: [reply(audit())],
    }),
    config: { maxIterations: 1 },
  });
  assert.equal(result.verdict, 'RETHINK');
  return result;
}

/** The second run's agents: the challenger obeys the memory and raises nothing; the synthesizer has nothing new. */
const quietScript = (updates: ReturnType<typeof update>[] = []) =>
  byRole({
    challenger: [none, none, none],
    researcher: [reply(researcherOut())],
    synthesizer: [reply(synth(updates, { quality: quality(6) })), reply(synth([], { quality: quality(6) })), reply(synth([], { quality: quality(6) }))],
    auditor: [reply(audit())],
  });

describe('continuity across runs', function () {
  this.timeout(30_000);

  it('an unchanged plan re-run after RETHINK starts from the open challenges and stays RETHINK when the challenger raises nothing new', async () => {
    const previous = await firstRun();
    const { result, server } = await runAgainstFake({ script: quietScript(), options: { previous } });
    const final = result.iterations.at(-1)!;
    assert.deepEqual(
      final.challenges.map((c) => [c.id, c.status, c.carried?.quoteRemoved]),
      [
        ['C1', 'UNRESOLVED', false],
        ['C2', 'UNRESOLVED', false],
      ],
    );
    assert.equal(result.verdict, 'RETHINK');
    const challengerTurn = JSON.stringify(server.received.find((r) => r.role === 'challenger')!.body.messages);
    assert.match(challengerTurn, /carried into this run under the same ids/);
    assert.doesNotMatch(challengerTurn, /Do not raise them again; refer to them by id/);
  });

  it('a carried challenge leaves the open set only on grounds: a bare reason is refused, a verified plan passage settles it', async () => {
    const previous = await firstRun();
    const refused = await runAgainstFake({
      script: quietScript([update('C1', 'WITHDRAWN', 'The plan already handles this.'), update('C2', 'RESOLVED', 'Fine now.')]),
      options: { previous },
    });
    assert.equal(refused.result.verdict, 'RETHINK');
    assert.equal(refused.result.iterations.at(-1)!.refused_settlements.length, 2);

    const settled = await runAgainstFake({
      script: quietScript([
        update('C1', 'RESOLVED', 'The Lua script bounds the outage case', [planEvidence('the script uses the Redis server time, not the caller')]),
        update('C2', 'RESOLVED', 'One round trip', [planEvidence('the Lua script keeps it to one')]),
      ]),
      options: { previous },
    });
    assert.equal(settled.result.verdict, 'PROCEED');
    const changes = challengeChanges(settled.result.iterations.at(-1)!.challenges);
    assert.deepEqual([...changes.values()], ['fixed', 'fixed']);
  });

  it('a challenge whose quoted text is gone is reported "quoted text removed" and gets a fresh look; it is not settled by disappearing', async () => {
    const previous = await firstRun();
    const edited = { ...PLAN, planText: PLAN.planText.replace(FAIL_OPEN, 'If Redis is unreachable, apply a per-instance in-memory limit of 50 requests per minute.') };
    assert.notEqual(edited.planText, PLAN.planText);
    const { result, server } = await runAgainstFake({ script: quietScript(), plan: edited, options: { previous } });
    const final = result.iterations.at(-1)!;
    assert.deepEqual(
      final.challenges.map((c) => [c.id, c.status, c.carried?.quoteRemoved]),
      [
        ['C1', 'OPEN', true],
        ['C2', 'OPEN', true],
      ],
    );
    assert.equal(result.verdict, 'RETHINK');
    assert.match(renderMarkdownReport(result), /quoted text removed/);
    const synthTurn = JSON.stringify(server.received.find((r) => r.role === 'synthesizer')!.body.messages);
    assert.match(synthTurn, /its quoted text is no longer in the plan/);
    assert.deepEqual([...challengeChanges(final.challenges).values()], ['still open', 'still open']);
  });
});
