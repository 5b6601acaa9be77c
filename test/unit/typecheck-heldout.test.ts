import { strict as assert } from 'node:assert';
import { corpusEntries } from '../support/plan-corpus';
import {
  heldoutSets,
  readHeldoutLabels,
  readHeldoutPlans,
  renderHeldoutFigures,
  renderHeldoutTable,
  scoreHeldout,
  withRun,
  type CliFinding,
  type HeldoutLabel,
  type RecordedScore,
} from '../support/typecheck-heldout';

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

  it('keeps each held-out set on repositories that neither the corpus nor an earlier set uses', () => {
    const sets = heldoutSets(readHeldoutPlans());
    assert.ok(sets.length >= 2, `${sets.length} sets`);
    const seen = new Set(corpusEntries().map((e) => e.provenance.repo.toLowerCase()));
    for (const set of sets) {
      const repos = new Set(set.plans.map((p) => p.repo.toLowerCase()));
      for (const repo of repos) assert.ok(!seen.has(repo), `${repo} (set of ${set.firstScored}) is already in the corpus or an earlier set`);
      for (const repo of repos) seen.add(repo);
    }
  });

  const run = (measuredOn: string, findings: number, truePositives: number): RecordedScore => ({
    measuredOn,
    rulesCommit: 'a'.repeat(40),
    plans: 3,
    repositories: 2,
    rules: [
      { rule: 'unknown-symbol', findings, truePositives, defects: 4, caught: truePositives },
      { rule: 'symbol-elsewhere', findings: 0, truePositives: 0, defects: 0, caught: 0 },
    ],
  });

  it("records a set's held-out figure once, on the day the set was first scored, and later runs as tuned", () => {
    assert.throws(() => withRun(undefined, '2026-01-02', run('2026-01-02', 1, 1), 'tuned'), /held-out figure .* first/);
    assert.throws(() => withRun(undefined, '2026-01-02', run('2026-01-03', 1, 1), 'held-out'), /first scored/);
    const first = withRun(undefined, '2026-01-02', run('2026-01-02', 1, 0), 'held-out');
    assert.throws(() => withRun(first, '2026-01-02', run('2026-01-02', 2, 2), 'held-out'), /recorded already/);
    const second = withRun(first, '2026-01-01', run('2026-01-01', 4, 3), 'held-out');
    assert.deepEqual(
      second.sets.map((s) => s.firstScored),
      ['2026-01-01', '2026-01-02'],
    );
    const tuned = withRun(withRun(second, '2026-01-02', run('2026-01-05', 2, 1), 'tuned'), '2026-01-02', run('2026-01-06', 2, 2), 'tuned');
    const later = tuned.sets.find((s) => s.firstScored === '2026-01-02');
    assert.equal(later?.heldOut.measuredOn, '2026-01-02', 'the held-out figure stays as it was');
    assert.equal(later?.tuned?.measuredOn, '2026-01-06', 'the latest tuned run replaces the previous one');
  });

  it('keeps a second set first scored on the same day apart, keyed by the hour, its held-out figure recorded on that day', () => {
    const first = withRun(undefined, '2026-01-02', run('2026-01-02', 1, 0), 'held-out');
    assert.throws(() => withRun(first, '2026-01-02T04', run('2026-01-03', 1, 1), 'held-out'), /first scored/);
    const both = withRun(first, '2026-01-02T04', run('2026-01-02', 2, 2), 'held-out');
    assert.deepEqual(
      both.sets.map((s) => s.firstScored),
      ['2026-01-02', '2026-01-02T04'],
    );
    assert.equal(both.sets[0]?.heldOut.rules[0]?.findings, 1, 'the earlier set of the day stays as it was');
    const plan = (id: string, firstScored: string) => ({
      id,
      repo: 'o/r',
      commit: 'a'.repeat(40),
      plan: 'p.md',
      planSha256: 'b'.repeat(64),
      format: 'f',
      license: 'MIT',
      firstScored,
    });
    const sets = heldoutSets([plan('x', '2026-01-02T04'), plan('y', '2026-01-02'), plan('z', '2026-01-02T04')]);
    assert.deepEqual(
      sets.map((s) => [s.firstScored, s.plans.map((p) => p.id)]),
      [
        ['2026-01-02', ['y']],
        ['2026-01-02T04', ['x', 'z']],
      ],
    );
  });

  it('renders one column pair per recorded run and names the rules no run saw', () => {
    const figures = withRun(
      withRun(withRun(undefined, '2026-01-01', run('2026-01-01', 4, 3), 'held-out'), '2026-01-01', run('2026-01-04', 2, 2), 'tuned'),
      '2026-01-04',
      run('2026-01-04', 0, 0),
      'held-out',
    );
    const lines = renderHeldoutFigures(figures, new Map([['2026-01-04', ['o/r']]]));
    assert.match(
      lines[0] ?? '',
      /Set first scored on 2026-01-04: 3 plans from 2 repositories \(o\/r\); held out \(rules at aaaaaaaaaa\): 0 of 0 findings true, 0 of 4 labelled defects caught\./,
    );
    assert.match(lines[0] ?? '', /No finding and no labelled defect in any run: `symbol-elsewhere`, `unknown-package`, `unknown-script`, `stale-anchor`\./);
    assert.match(lines[0] ?? '', /--set 2026-01-04/);
    assert.equal(lines[2], '| rule | 2026-01-01 set, held out: precision | recall | 2026-01-01 set, now: precision | recall | 2026-01-04 set, held out: precision | recall |');
    assert.equal(lines[4], '| `unknown-symbol` | 75.0 % (3/4) | 75.0 % (3/4) | 100.0 % (2/2) | 50.0 % (2/4) | – | 0.0 % (0/4) |');
    assert.equal(lines.length, 5);
  });
});
