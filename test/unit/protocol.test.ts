import assert from 'node:assert/strict';
import { ChallengerOutput, QUALITY_WEIGHTS } from '../../src/core/protocol';

describe('protocol', () => {
  it('quality weights sum to 1', () => {
    const sum = Object.values(QUALITY_WEIGHTS).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9);
  });
  it('rejects a challenge with an unknown severity', () => {
    const r = ChallengerOutput.safeParse({
      challenges: [{ ref: 'n1', quote: 'x', claim: 'a', concern: 'b', failure_scenario: 'c', alternative: 'd', severity: 'HUGE', confidence: 'HIGH' }],
    });
    assert.equal(r.success, false);
  });
});
