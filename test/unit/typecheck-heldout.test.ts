import { strict as assert } from 'node:assert';
import { readHeldoutLabels, readHeldoutPlans, renderHeldoutTable, scoreHeldout, type CliFinding, type HeldoutLabel } from '../support/typecheck-heldout';

describe('held-out set of the rules that read the code', () => {
  it('names every labelled plan in plans.json, once, from at least 15 repositories', () => {
    const plans = readHeldoutPlans();
    const ids = plans.map((p) => p.id);
    assert.equal(new Set(ids).size, ids.length, 'duplicate plan id');
    assert.ok(plans.length >= 20, `${plans.length} plans`);
    assert.ok(new Set(plans.map((p) => p.repo)).size >= 15);
    for (const label of readHeldoutLabels()) assert.ok(ids.includes(label.id), `label for unknown plan ${label.id}`);
  });

  it('scores precision over findings and recall over the labelled defects, an unlabelled finding counting as false', () => {
    const f = (code: string, line: number): CliFinding => ({ code, line, message: '' });
    const labels: HeldoutLabel[] = [
      { id: 'a', rule: 'stale-anchor', line: 3, verdict: 'MISS', reason: 'moved' },
      { id: 'a', rule: 'stale-anchor', line: 3, verdict: 'TP', reason: 'moved' },
      { id: 'a', rule: 'stale-anchor', line: 9, verdict: 'FP', reason: 'other name' },
      { id: 'b', rule: 'unknown-symbol', line: 5, verdict: 'MISS', reason: 'nowhere' },
      { id: 'c', rule: 'unknown-symbol', line: 1, verdict: 'MISS', reason: 'absent plan: not counted' },
    ];
    const findings = new Map([
      ['a', [f('stale-anchor', 3), f('stale-anchor', 9), f('stale-anchor', 12), f('missing-file', 3)]],
      ['b', [f('symbol-elsewhere', 5)]],
    ]);
    const score = scoreHeldout(findings, labels, ['c']);
    const anchor = score.rules.find((r) => r.rule === 'stale-anchor');
    const symbol = score.rules.find((r) => r.rule === 'unknown-symbol');
    assert.deepEqual(anchor, { rule: 'stale-anchor', findings: 3, truePositives: 1, defects: 1, caught: 1 });
    // A finding of another rule on the defect's line does not catch it.
    assert.deepEqual(symbol, { rule: 'unknown-symbol', findings: 0, truePositives: 0, defects: 1, caught: 0 });
    assert.deepEqual(
      score.unlabelled.map((u) => `${u.id}:${u.finding.code}:${u.finding.line}`),
      ['b:symbol-elsewhere:5', 'a:stale-anchor:12'],
    );
    assert.deepEqual(score.absent, ['c']);
    const table = renderHeldoutTable(score);
    assert.match(table, /\| `stale-anchor` \| 3 \| 1 \| 33\.3 % \(1\/3\) \| 1 \| 1 \| 100\.0 % \(1\/1\) \|/);
    assert.match(table, /\| \*\*all five\*\* \| 4 \| 1 \| 25\.0 % \(1\/4\) \| 2 \| 1 \| 50\.0 % \(1\/2\) \|/);
  });
});
