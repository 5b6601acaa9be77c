import assert from 'node:assert/strict';
import { auditDiscrepancies, nextStepFor, qualityLabel, qualityTotal, technicalDebtWarning, verdictOf } from '../../src/core/convergence';
import type { AuditorOutput } from '../../src/core/protocol';
import { VerdictLabel } from '../../src/core/run-types';
import { challenges, scores } from '../support/convergence-fixtures';

describe('convergence: verdictOf (§7, binary counts only)', () => {
  const table: { spec: string; verdict: string; label: string }[] = [
    { spec: '', verdict: 'PROCEED', label: 'PROCEED' },
    { spec: 'BR SR SW MD MO MU', verdict: 'PROCEED', label: 'PROCEED' },
    { spec: 'SU MO', verdict: 'REVISE', label: 'REVISE' },
    { spec: 'SU SO BR', verdict: 'REVISE', label: 'REVISE' },
    { spec: 'SU SU SO', verdict: 'REVISE', label: 'REVISE (strong)' },
    { spec: 'SU SU SU SU SU', verdict: 'REVISE', label: 'REVISE (strong)' },
    { spec: 'BU', verdict: 'RETHINK', label: 'RETHINK' },
    { spec: 'BO SR', verdict: 'RETHINK', label: 'RETHINK' },
    { spec: 'BU SU SU SU', verdict: 'RETHINK', label: 'RETHINK' },
  ];
  for (const row of table) {
    it(`"${row.spec}" → ${row.label}`, () => assert.deepEqual(verdictOf(challenges(row.spec)), { verdict: row.verdict, label: row.label }));
  }
});

describe('convergence: nextStepFor', () => {
  const table: { label: VerdictLabel; says: RegExp }[] = [
    { label: 'PROCEED', says: /structural validation.*then execute/ },
    { label: 'PROCEED (trivial)', says: /trivial/ },
    { label: 'REVISE', says: /^Change the plan for each challenge under "What to change", then re-run Verify Plan\.$/ },
    { label: 'REVISE (strong)', says: /^Strongly recommended: address these before proceeding\..*re-run Verify Plan/ },
    { label: 'RETHINK', says: /^Fundamental issues found\. Do not .*rework the approach for the challenges under "What to change" first/ },
    { label: 'ABORTED', says: /aborted/ },
    { label: 'CANCELLED', says: /cancelled/ },
    { label: 'FAILED', says: /could not finish/ },
  ];
  for (const row of table) it(row.label, () => assert.match(nextStepFor(row.label), row.says));
  it('covers every verdict label', () => assert.deepEqual(table.map((r) => r.label).sort(), [...VerdictLabel.options].sort()));
  it('never says "the changes listed": it names the list every surface shows', () => {
    for (const label of VerdictLabel.options) assert.doesNotMatch(nextStepFor(label), /changes listed/);
  });
  it('never mentions the original slash command', () => {
    for (const label of VerdictLabel.options) assert.doesNotMatch(nextStepFor(label), /\/verify-plan|gsd-plan-checker/);
  });
});

describe('convergence: technicalDebtWarning', () => {
  const table: { spec: string; warn: boolean }[] = [
    { spec: 'MD MD MD MD', warn: false },
    { spec: 'MD MD MD MD MD', warn: true },
    { spec: 'MD MD MD MD MW MR SU', warn: false },
    { spec: 'MD MD MD MD MD MD BU', warn: true },
  ];
  for (const row of table) it(`"${row.spec}" → ${row.warn}`, () => assert.equal(technicalDebtWarning(challenges(row.spec)), row.warn));
});

describe('convergence: qualityTotal (weighted, rounded half up)', () => {
  const table: { values: [number, number, number, number, number, number]; total: number; note: string }[] = [
    { values: [1, 1, 1, 1, 1, 1], total: 1, note: 'minimum' },
    { values: [10, 10, 10, 10, 10, 10], total: 10, note: 'maximum' },
    { values: [8, 6, 6, 6, 6, 6], total: 7, note: 'exactly 6.50 rounds up' },
    { values: [7, 7, 7, 7, 7, 2], total: 7, note: 'exactly 6.50 rounds up' },
    { values: [6, 6, 7, 7, 7, 6], total: 6, note: '6.45 rounds down (float gives 6.4499…)' },
    { values: [5, 7, 5, 5, 5, 6], total: 6, note: 'exactly 5.50 rounds up' },
    { values: [1, 1, 1, 3, 1, 3], total: 2, note: 'exactly 1.50 where float gives 1.4999…' },
    { values: [1, 1, 1, 1, 9, 4], total: 3, note: 'exactly 2.50 where float gives 2.4999…' },
    { values: [2, 1, 1, 1, 1, 1], total: 1, note: '1.25 rounds down' },
    { values: [3, 4, 5, 6, 7, 8], total: 5, note: '5.05' },
    { values: [9, 9, 9, 9, 9, 5], total: 9, note: '8.60' },
  ];
  for (const row of table) it(`${row.values.join(',')} → ${row.total} (${row.note})`, () => assert.equal(qualityTotal(scores(row.values)), row.total));

  it('rejects an out-of-range or missing dimension score with a clear error', () => {
    const bad = scores([5, 5, 5, 5, 5, 5]);
    assert.throws(() => qualityTotal({ ...bad, risk_coverage: { score: 11, evidence: 'x' } }), /risk_coverage must be an integer 1\.\.10/);
    const missing = { ...bad } as Partial<typeof bad>;
    delete missing.constraint_alignment;
    assert.throws(() => qualityTotal(missing as typeof bad), /constraint_alignment/);
  });

  it('labels the score "Score (pre-rethink)" only for RETHINK', () => {
    assert.equal(qualityLabel('RETHINK'), 'Score (pre-rethink)');
    assert.equal(qualityLabel('PROCEED'), 'Score');
    assert.equal(qualityLabel('REVISE'), 'Score');
  });
});

describe('convergence: auditDiscrepancies (Score Dispute)', () => {
  const recorded = scores([7, 6, 5, 8, 4, 9]);
  const d = (dimension: AuditorOutput['discrepancies'][number]['dimension'], synthesizer_score: number, auditor_score: number) => ({
    dimension,
    synthesizer_score,
    auditor_score,
    evidence: 'because',
  });
  const table: { name: string; given: AuditorOutput['discrepancies']; kept: string[] }[] = [
    { name: 'difference 1 is dropped', given: [d('approach_soundness', 7, 6), d('risk_coverage', 6, 7)], kept: [] },
    { name: 'difference 2 is kept, either direction', given: [d('approach_soundness', 7, 5), d('risk_coverage', 6, 8)], kept: ['approach_soundness', 'risk_coverage'] },
    { name: 'difference 0 is dropped', given: [d('unknowns_coverage', 4, 4)], kept: [] },
    { name: 'misquoted synthesizer score is dropped', given: [d('assumption_validity', 8, 2)], kept: [] },
    { name: 'a repeated dimension is kept once', given: [d('constraint_alignment', 9, 3), d('constraint_alignment', 9, 4)], kept: ['constraint_alignment'] },
  ];
  for (const row of table) {
    it(row.name, () => {
      const out = auditDiscrepancies(recorded, { confirmed: row.kept.length === 0, discrepancies: row.given, wrongly_settled: [], note: '' });
      assert.deepEqual(
        out.map((x) => x.dimension),
        row.kept,
      );
    });
  }
});
