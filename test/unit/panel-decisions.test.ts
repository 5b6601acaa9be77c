/**
 * The panel's "Your decisions" (webview-ui/decisions.ts): for any sequence of
 * checkpoint answers, exactly one current decision per challenge — the
 * latest — and every earlier one kept, newest first, as its history.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { UserAction, type UserResponse } from '../../src/core/protocol';
import { currentDecisions } from '../../webview-ui/decisions';

const DECIDING = ['acknowledge_risk', 'override', 'provide_context'];

const response: fc.Arbitrary<UserResponse> = fc.record({
  iteration: fc.integer({ min: 1, max: 5 }),
  checkpoint: fc.constantFrom('blocked', 'stall', 'contradiction', 'max_iterations'),
  challenge_id: fc.option(fc.integer({ min: 1, max: 12 }).map((n) => `C${n}`)),
  action: fc.constantFrom(...UserAction.options),
  text: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
});

/** The order the loop records answers in: by iteration, then as given. */
const chronological = (rs: UserResponse[]) => rs.map((r, i) => ({ r, i })).sort((a, b) => a.r.iteration - b.r.iteration || a.i - b.i);

describe('panel: your decisions', () => {
  it('lists exactly one current decision per decided challenge: the latest; the rest is history, newest first', () => {
    fc.assert(
      fc.property(fc.array(response, { maxLength: 30 }), (responses) => {
        const decided = chronological(responses).filter(({ r }) => r.challenge_id !== null && DECIDING.includes(r.action));
        const listed = currentDecisions(responses);
        const ids = listed.map((d) => d.challengeId);
        assert.equal(new Set(ids).size, ids.length, 'one entry per challenge');
        assert.deepEqual(new Set(ids), new Set(decided.map(({ r }) => r.challenge_id)));
        for (const d of listed) {
          const own = decided.filter(({ r }) => r.challenge_id === d.challengeId).map(({ r }) => r);
          const latest = own.at(-1)!;
          assert.deepEqual([d.current.iteration, d.current.action], [latest.iteration, latest.action]);
          assert.deepEqual(
            d.earlier.map((e) => [e.iteration, e.action]),
            own
              .slice(0, -1)
              .reverse()
              .map((r) => [r.iteration, r.action]),
          );
          assert.ok(
            d.earlier.every((e) => e.iteration <= d.current.iteration),
            'nothing in the history is newer than the current decision',
          );
        }
        assert.deepEqual(
          ids,
          [...ids].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))),
          'in challenge order',
        );
      }),
    );
  });

  it('a later iteration wins even when the answers arrive out of order', () => {
    const listed = currentDecisions([
      { iteration: 3, checkpoint: 'max_iterations', challenge_id: 'C2', action: 'acknowledge_risk' },
      { iteration: 1, checkpoint: 'blocked', challenge_id: 'C2', action: 'override' },
      { iteration: 2, checkpoint: 'stall', challenge_id: 'C2', action: 'continue' },
    ]);
    assert.deepEqual(listed, [
      { challengeId: 'C2', current: { iteration: 3, action: 'acknowledge_risk', text: null }, earlier: [{ iteration: 1, action: 'override', text: null }] },
    ]);
  });
});
