/**
 * One review per checkpoint moment: the loop asks once per BLOCKING
 * challenge (seed 001), the editor asks the user once per moment, and never
 * again about a challenge already answered in the run.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CheckpointBook } from '../../src/extension/checkpoint-batch';
import type { CheckpointAnswer, CheckpointRequest } from '../../src/core/run-types';
import type { ChallengeStatus, Severity, UserAction } from '../../src/core/protocol';
import { challengeFixture, iterationFixture } from '../support/run-result-fixture';

function request(kind: CheckpointRequest['kind'], iteration: number, id: string | null): CheckpointRequest {
  return { kind, iteration, challengeId: id, title: `${id} is BLOCKING`, detail: '', options: ['provide_context', 'acknowledge_risk', 'override', 'abort'] };
}

describe('checkpoint review: one per moment', () => {
  it('whatever the challenges, the user is asked once per moment and never twice about an answered challenge (property)', () => {
    const challenge = fc.record({
      severity: fc.constantFrom<Severity>('BLOCKING', 'SIGNIFICANT', 'MINOR'),
      status: fc.constantFrom<ChallengeStatus>('OPEN', 'UNRESOLVED', 'RESOLVED', 'DEFERRED', 'WITHDRAWN'),
    });
    const answer = fc.constantFrom<UserAction>('provide_context', 'acknowledge_risk', 'override', 'continue');
    fc.assert(
      fc.property(fc.array(challenge, { minLength: 1, maxLength: 10 }), fc.array(answer, { minLength: 10, maxLength: 10 }), (spec, actions) => {
        const challenges = spec.map((c, i) => challengeFixture({ id: `C${i + 1}`, ...c }));
        const book = new CheckpointBook();
        book.noteState(iterationFixture({ iteration: 1, challenges }));
        const blocking = challenges.filter((c) => c.severity === 'BLOCKING' && (c.status === 'OPEN' || c.status === 'UNRESOLVED'));
        let reviews = 0;
        const given = new Map<string, CheckpointAnswer>();
        // The loop's BLOCKED checkpoint: one request per open BLOCKING challenge, in order.
        for (const c of blocking) {
          const r = request('blocked', 1, c.id);
          const known = book.answered(r);
          if (known) {
            assert.deepEqual(known, given.get(c.id));
            continue;
          }
          reviews++;
          const batch = book.batch(r);
          assert.equal(batch[0]?.id, c.id, 'the requested challenge comes first');
          assert.deepEqual(
            batch.map((x) => x.id).sort(),
            blocking
              .filter((x) => !given.has(x.id))
              .map((x) => x.id)
              .sort(),
            'every pending BLOCKING challenge, nothing else',
          );
          const answers = new Map(batch.map((x, i) => [x.id, { action: actions[i % actions.length]! }] as const));
          book.record(r, answers);
          for (const [id, a] of answers) given.set(id, a);
        }
        assert.equal(reviews, blocking.length > 0 ? 1 : 0, 'one review for the moment');
        // The end-of-run checkpoint: a challenge decided at iteration 1 is not asked about again.
        for (const c of blocking) {
          const decided = given.get(c.id)!.action !== 'continue';
          const end = request('max_iterations', 3, c.id);
          if (decided) assert.deepEqual(book.answered(end), { action: 'continue' });
          else assert.equal(book.answered(end), null, `${c.id} was left for later, so it is asked at the end`);
        }
      }),
    );
  });

  it('stall and contradiction checkpoints are not batched', () => {
    const book = new CheckpointBook();
    book.noteState(iterationFixture({ challenges: [challengeFixture({ id: 'C1', severity: 'BLOCKING', status: 'OPEN' })] }));
    assert.deepEqual(book.batch(request('stall', 1, null)), []);
    assert.equal(book.answered(request('contradiction', 1, null)), null);
  });
});
