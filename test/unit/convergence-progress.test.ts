import assert from 'node:assert/strict';
import { applyUpdates, evaluateConvergence, isStalled, netResolution } from '../../src/core/convergence';
import type { Challenge, ChallengeStatus, ChallengeUpdate, ConvergenceStatus } from '../../src/core/protocol';
import { challenge, challenges } from '../support/convergence-fixtures';

const update = (id: string, status: ChallengeStatus, resolution = `settled ${id}`, evidence: ChallengeUpdate['evidence'] = []): ChallengeUpdate => ({
  id,
  status,
  resolution,
  evidence,
});

describe('convergence: applyUpdates', () => {
  const table: { name: string; challenge: Challenge; update: ChallengeUpdate; status: ChallengeStatus; rejected: RegExp | null; historyAdded: boolean }[] = [
    { name: 'OPEN → RESOLVED', challenge: challenge('C1', 'BLOCKING'), update: update('C1', 'RESOLVED'), status: 'RESOLVED', rejected: null, historyAdded: true },
    { name: 'OPEN → UNRESOLVED', challenge: challenge('C1', 'SIGNIFICANT'), update: update('C1', 'UNRESOLVED'), status: 'UNRESOLVED', rejected: null, historyAdded: true },
    { name: 'OPEN → WITHDRAWN (BLOCKING)', challenge: challenge('C1', 'BLOCKING'), update: update('C1', 'WITHDRAWN'), status: 'WITHDRAWN', rejected: null, historyAdded: true },
    { name: 'MINOR OPEN → DEFERRED', challenge: challenge('C1', 'MINOR'), update: update('C1', 'DEFERRED'), status: 'DEFERRED', rejected: null, historyAdded: true },
    {
      name: 'SIGNIFICANT → DEFERRED rejected',
      challenge: challenge('C1', 'SIGNIFICANT', 'UNRESOLVED'),
      update: update('C1', 'DEFERRED'),
      status: 'UNRESOLVED',
      rejected: /MINOR challenges only/,
      historyAdded: false,
    },
    {
      name: 'BLOCKING → DEFERRED rejected',
      challenge: challenge('C1', 'BLOCKING'),
      update: update('C1', 'DEFERRED'),
      status: 'OPEN',
      rejected: /MINOR challenges only/,
      historyAdded: false,
    },
    {
      name: 'user-decided RESOLVED not reopened to UNRESOLVED',
      challenge: challenge('C1', 'BLOCKING', 'RESOLVED', { user_decision: 'overridden' }),
      update: update('C1', 'UNRESOLVED'),
      status: 'RESOLVED',
      rejected: /user decision \(overridden\)/,
      historyAdded: false,
    },
    {
      name: 'user-decided WITHDRAWN not reopened to OPEN',
      challenge: challenge('C1', 'SIGNIFICANT', 'WITHDRAWN', { user_decision: 'acknowledged' }),
      update: update('C1', 'OPEN'),
      status: 'WITHDRAWN',
      rejected: /not reopened/,
      historyAdded: false,
    },
    {
      name: 'user-answered UNRESOLVED may be settled',
      challenge: challenge('C1', 'BLOCKING', 'UNRESOLVED', { user_decision: 'answered' }),
      update: update('C1', 'RESOLVED'),
      status: 'RESOLVED',
      rejected: null,
      historyAdded: true,
    },
    {
      name: 'same status: no history entry, resolution replaced',
      challenge: challenge('C1', 'SIGNIFICANT', 'UNRESOLVED', { resolution: 'old' }),
      update: update('C1', 'UNRESOLVED', 'new'),
      status: 'UNRESOLVED',
      rejected: null,
      historyAdded: false,
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const input = [row.challenge];
      const frozen = structuredClone(input);
      const r = applyUpdates(input, [row.update], 2);
      const c = r.challenges[0]!;
      assert.equal(c.status, row.status);
      assert.deepEqual(input, frozen, 'input not mutated');
      if (row.rejected) {
        assert.equal(r.rejected.length, 1);
        assert.match(r.rejected[0]!.reason, row.rejected);
        assert.deepEqual(c, row.challenge, 'a rejected update leaves the challenge as it was');
      } else {
        assert.deepEqual(r.rejected, []);
        assert.equal(c.resolution, row.update.resolution);
      }
      const added = c.history.length - row.challenge.history.length;
      assert.equal(added, row.historyAdded ? 1 : 0);
      if (row.historyAdded) assert.deepEqual(c.history.at(-1), { iteration: 2, status: row.status, note: row.update.resolution });
    });
  }

  it('unknown ids are ignored and reported', () => {
    const r = applyUpdates(challenges('SO'), [update('C9', 'RESOLVED'), update('C1', 'RESOLVED')], 1);
    assert.deepEqual(r.rejected, [{ id: 'C9', reason: 'unknown challenge id C9' }]);
    assert.equal(r.challenges[0]!.status, 'RESOLVED');
  });

  it('evidence is appended, exact repeats skipped', () => {
    const e1 = { source: 'src/a.ts', path: 'src/a.ts', line: 1, finding: 'f1', impact: 'i', checked: 'verified' as const };
    const e2 = { ...e1, line: 2, finding: 'f2' };
    const start = challenge('C1', 'SIGNIFICANT', 'OPEN', { evidence: [e1] });
    const r = applyUpdates([start], [update('C1', 'UNRESOLVED', 'x', [e1, e2]), update('C1', 'RESOLVED', 'y', [e2])], 3);
    const c = r.challenges[0]!;
    assert.deepEqual(c.evidence, [e1, e2]);
    assert.deepEqual(
      c.history.map((h) => h.status),
      ['OPEN', 'UNRESOLVED', 'RESOLVED'],
    );
    assert.equal(c.resolution, 'y');
  });
});

describe('convergence: netResolution and DEGRADATION', () => {
  const table: { name: string; before: string; after: Challenge[]; iteration: number; resolved: number; created: number; degradation: boolean }[] = [
    {
      name: 'iteration 1 creates 3 and resolves 1: no degradation (exempt)',
      before: '',
      after: [...challenges('SR SO MO')],
      iteration: 1,
      resolved: 1,
      created: 3,
      degradation: false,
    },
    {
      name: 'iteration 2: 2 resolved, 1 created → fine',
      before: 'SO SU',
      after: [...challenges('SR SW'), challenge('C3', 'MINOR', 'OPEN', { iteration_introduced: 2 })],
      iteration: 2,
      resolved: 2,
      created: 1,
      degradation: false,
    },
    {
      name: 'iteration 2: 1 resolved, 2 created → DEGRADATION',
      before: 'SO SO',
      after: [...challenges('SR SO'), challenge('C3', 'MINOR', 'OPEN', { iteration_introduced: 2 }), challenge('C4', 'MINOR', 'OPEN', { iteration_introduced: 2 })],
      iteration: 2,
      resolved: 1,
      created: 2,
      degradation: true,
    },
    {
      name: 'iteration 3: 1 resolved, 1 created → no degradation (equal)',
      before: 'SO',
      after: [...challenges('SR'), challenge('C2', 'MINOR', 'OPEN', { iteration_introduced: 3 })],
      iteration: 3,
      resolved: 1,
      created: 1,
      degradation: false,
    },
    {
      name: 'iteration 3: 0 resolved, 1 created → DEGRADATION',
      before: 'SU',
      after: [...challenges('SU'), challenge('C2', 'MINOR', 'OPEN', { iteration_introduced: 3 })],
      iteration: 3,
      resolved: 0,
      created: 1,
      degradation: true,
    },
    { name: 'nothing created, nothing resolved → no degradation', before: 'SU', after: challenges('SU'), iteration: 2, resolved: 0, created: 0, degradation: false },
    {
      name: 'DEFERRED and WITHDRAWN count as resolved; already settled does not',
      before: 'MO SU SR',
      after: challenges('MD SW SR'),
      iteration: 2,
      resolved: 2,
      created: 0,
      degradation: false,
    },
    {
      name: 'a challenge created and resolved in the same iteration counts both ways',
      before: 'SO',
      after: [...challenges('SO'), challenge('C2', 'MINOR', 'WITHDRAWN', { iteration_introduced: 2 })],
      iteration: 2,
      resolved: 1,
      created: 1,
      degradation: false,
    },
    { name: 'RESOLVED → UNRESOLVED is not a resolution', before: 'SR', after: challenges('SU'), iteration: 2, resolved: 0, created: 0, degradation: false },
  ];
  for (const row of table) {
    it(row.name, () => {
      assert.deepEqual(netResolution(challenges(row.before), row.after, row.iteration), { resolved: row.resolved, created: row.created, degradation: row.degradation });
    });
  }
});

describe('convergence: isStalled', () => {
  const table: { name: string; before: Challenge[]; after: Challenge[]; stalled: boolean }[] = [
    { name: 'same statuses, nothing new → stalled', before: challenges('BU SO'), after: challenges('BU SO'), stalled: true },
    { name: 'one status changed → not stalled', before: challenges('BU SO'), after: challenges('BU SR'), stalled: false },
    { name: 'one created → not stalled', before: challenges('BU'), after: challenges('BU SO'), stalled: false },
    { name: 'one dropped → not stalled', before: challenges('BU SO'), after: challenges('BU'), stalled: false },
    { name: 'nothing open left → not stalled', before: challenges('SR MD'), after: challenges('SR MD'), stalled: false },
  ];
  for (const row of table) it(row.name, () => assert.equal(isStalled(row.before, row.after), row.stalled));
});

describe('convergence: evaluateConvergence (§7, seed 001 3d)', () => {
  const table: { name: string; spec: string; unknowns?: number; iteration: number; max?: number; forced?: boolean; userDecided?: boolean; status: ConvergenceStatus }[] = [
    { name: 'nothing open → CONVERGED (PROCEED)', spec: 'BR SR MO', iteration: 1, status: 'CONVERGED' },
    { name: '1 SIGNIFICANT UNRESOLVED → CONVERGED (REVISE)', spec: 'SU SR', iteration: 1, status: 'CONVERGED' },
    { name: '3 SIGNIFICANT UNRESOLVED → CONVERGED (REVISE strong)', spec: 'SU SU SU', iteration: 2, status: 'CONVERGED' },
    { name: 'BLOCKING UNRESOLVED before the last iteration → BLOCKED', spec: 'BU SR', iteration: 1, status: 'BLOCKED' },
    { name: 'BLOCKING OPEN at iteration 2 of 3 → BLOCKED', spec: 'BO', iteration: 2, status: 'BLOCKED' },
    { name: 'BLOCKING UNRESOLVED at iteration 3 → FORCED_EXIT (RETHINK)', spec: 'BU SR', iteration: 3, status: 'FORCED_EXIT' },
    { name: 'BLOCKING UNRESOLVED at iteration 2 with maxIterations 2 → FORCED_EXIT', spec: 'BU', iteration: 2, max: 2, status: 'FORCED_EXIT' },
    { name: 'BLOCKING the user already decided, iterations left → CONTINUE, not asked again', spec: 'BU', iteration: 2, userDecided: true, status: 'CONTINUE' },
    { name: 'SIGNIFICANT still OPEN, iterations left → CONTINUE', spec: 'SO SU', iteration: 1, status: 'CONTINUE' },
    { name: 'SIGNIFICANT still OPEN at the last iteration → CONVERGED', spec: 'SO', iteration: 3, status: 'CONVERGED' },
    { name: 'only MINOR OPEN → CONVERGED', spec: 'MO MO', iteration: 1, status: 'CONVERGED' },
    { name: 'unknowns pending, iterations left → CONTINUE', spec: 'SU', unknowns: 2, iteration: 2, status: 'CONTINUE' },
    { name: 'unknowns pending at the last iteration → CONVERGED', spec: 'SU', unknowns: 2, iteration: 3, status: 'CONVERGED' },
    { name: 'failure protocol forced exit → FORCED_EXIT regardless', spec: 'SR', iteration: 1, forced: true, status: 'FORCED_EXIT' },
    { name: 'no challenges → CONVERGED', spec: '', iteration: 1, status: 'CONVERGED' },
  ];
  for (const row of table) {
    it(row.name, () => {
      const cs = challenges(row.spec, row.userDecided ? { user_decision: 'answered' } : {});
      const status = evaluateConvergence({ challenges: cs, unknownsPending: row.unknowns ?? 0, iteration: row.iteration, maxIterations: row.max ?? 3, forcedExit: row.forced });
      assert.equal(status, row.status);
    });
  }
});
