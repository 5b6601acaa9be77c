/**
 * One review per checkpoint moment: the loop asks once per BLOCKING
 * challenge (seed 001), the editor asks the user once per moment, and never
 * again about a challenge already answered in the run.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CheckpointBook, presentDeferred } from '../../src/extension/checkpoint-batch';
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

  it('decisions left for later stay listed until answered or settled; a late answer reaches the next question once, and nothing answered is asked again (property)', () => {
    const later = fc.constantFrom<UserAction>('provide_context', 'acknowledge_risk', 'override', 'continue');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(later, { minLength: 6, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (n, deferAtMoment, lateActions, settledBeforeNext) => {
          const challenges = Array.from({ length: n }, (_, i) => challengeFixture({ id: `C${i + 1}`, severity: 'BLOCKING', status: 'OPEN' }));
          const book = new CheckpointBook();
          let changes = 0;
          book.onChange(() => changes++);
          book.noteState(iterationFixture({ iteration: 1, challenges }));
          // Iteration 1's moment: one review; the user decides some now and leaves the others for later.
          const first = request('blocked', 1, 'C1');
          assert.equal(book.deferred(), null, 'nothing is deferred before a review');
          const answers = new Map(challenges.map((c, i) => [c.id, deferAtMoment[i] ? { action: 'continue' as const } : { action: 'override' as const }]));
          book.record(first, answers);
          const deferredIds = challenges.filter((_, i) => deferAtMoment[i]).map((c) => c.id);
          assert.deepEqual(book.deferred()?.challenges.map((c) => c.id) ?? [], deferredIds);
          const shown = presentDeferred(book.deferred());
          if (deferredIds.length === 0) assert.equal(shown, null, 'the item hides with nothing deferred');
          else {
            assert.match(shown!.text, new RegExp(`^\\$\\(bell\\) ${deferredIds.length} decisions? deferred$`));
            for (const id of deferredIds) assert.ok(shown!.tooltip.includes(id), shown!.tooltip);
          }
          assert.equal(book.deferred()?.request, deferredIds.length ? first : undefined, 'the late review asks the question of its moment');

          // The item's review while the run goes on: some are answered now, "continue" leaves them deferred.
          const late = new Map(deferredIds.map((id, i) => [id, { action: lateActions[i]! }] as const));
          book.recordLate(late);
          const stillDeferred = deferredIds.filter((id) => late.get(id)!.action === 'continue');
          assert.deepEqual(book.deferred()?.challenges.map((c) => c.id) ?? [], stillDeferred);

          // The run settles some before the next moment: they drop out of the list.
          const next = challenges.map((c, i) => (settledBeforeNext[i] ? { ...c, status: 'RESOLVED' as const } : c));
          book.noteState(iterationFixture({ iteration: 2, challenges: next }));
          assert.deepEqual(
            book.deferred()?.challenges.map((c) => c.id) ?? [],
            stillDeferred.filter((id) => !settledBeforeNext[Number(id.slice(1)) - 1]),
          );

          // Iteration 2's moment: a late answer is handed to the loop once, without a review; answered ones are never in a review.
          for (const c of next.filter((x) => x.status === 'OPEN')) {
            const r = request('blocked', 2, c.id);
            const given = book.answered(r);
            const lateAnswer = late.get(c.id);
            if (lateAnswer && lateAnswer.action !== 'continue') {
              assert.deepEqual(given, lateAnswer, `${c.id}: the late answer is given to the loop`);
              assert.deepEqual(book.answered(r), { action: 'continue' }, `${c.id}: handed over once, then never asked again`);
            } else if (!deferAtMoment[Number(c.id.slice(1)) - 1]) assert.deepEqual(given, { action: 'continue' }, `${c.id} was decided at iteration 1`);
            else assert.equal(given, null, `${c.id} is still left for later, so this moment asks`);
            if (given) assert.ok(!book.batch(r).some((x) => x.id === c.id));
          }
          assert.ok(changes >= 3, 'every change is announced to the status bar');
        },
      ),
    );
  });

  it("a late answer the next checkpoint does not offer is the user's decision all the same: not asked again", () => {
    const book = new CheckpointBook();
    book.noteState(iterationFixture({ iteration: 3, challenges: [challengeFixture({ id: 'C1', severity: 'BLOCKING', status: 'OPEN' })] }));
    book.record(request('blocked', 3, 'C1'), new Map([['C1', { action: 'continue' }]]));
    book.recordLate(new Map([['C1', { action: 'provide_context', text: 'Redis is clustered' }]]));
    const end: CheckpointRequest = { ...request('max_iterations', 3, 'C1'), options: ['acknowledge_risk', 'override', 'continue'] };
    assert.deepEqual(book.answered(end), { action: 'continue' });
    assert.equal(book.deferred(), null);
  });

  it('left for later at the end-of-run checkpoint: nothing to answer through the item, since no later question could take it', () => {
    const book = new CheckpointBook();
    book.noteState(iterationFixture({ iteration: 3, challenges: [challengeFixture({ id: 'C1', severity: 'BLOCKING', status: 'UNRESOLVED' })] }));
    book.record({ ...request('max_iterations', 3, 'C1'), options: ['acknowledge_risk', 'override', 'continue'] }, new Map([['C1', { action: 'continue' }]]));
    assert.equal(book.deferred(), null);
  });

  it('the item speaks plainly: one or many, which challenges, what the click does', () => {
    assert.equal(presentDeferred(null), null);
    const one = presentDeferred({ challenges: [challengeFixture({ id: 'C2', severity: 'BLOCKING' })] })!;
    assert.equal(one.text, '$(bell) 1 decision deferred');
    assert.equal(
      one.tooltip,
      'Answer needed: you chose to decide later about the BLOCKING challenge C2. The run goes on without your answer. Click to answer now; the run uses your answer the next time it stops at a checkpoint.',
    );
    const two = presentDeferred({ challenges: [challengeFixture({ id: 'C1' }), challengeFixture({ id: 'C3' })] })!;
    assert.equal(two.text, '$(bell) 2 decisions deferred');
    assert.match(two.tooltip, /2 BLOCKING challenges C1, C3\./);
  });
});
