/**
 * Matching rules (eval/README.md) and the figures' arithmetic on small
 * hand-made records.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { categorizeChallenge } from '../../src/core/eval/categorize';
import { LINE_TOLERANCE, matchPredictions, overlaps, type Prediction } from '../../src/core/eval/match';
import { figuresFor } from '../../src/core/eval/metrics';
import { reviewKey, type RunRecord } from '../../src/core/eval/records';
import { FlawCategory, type CorpusCase, type Flaw } from '../../src/core/eval/truth';
import { ZERO_USAGE } from '../../src/core/llm/provider';

const category = fc.constantFrom(...FlawCategory.options);
const range = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 6 })).map(([start, len]) => [start, start + len] as [number, number]);

function flaw(id: string, cat: FlawCategory, lines: [number, number], also: [number, number][] = []): Flaw {
  return { id, category: cat, lines, also, severity: 'SIGNIFICANT', quote: 'quote', description: 'a seeded flaw for the test' };
}

function prediction(id: string, cat: FlawCategory | null, lines: [number, number] | null): Prediction {
  return { id, source: 'challenge', lines, category: cat, severity: 'SIGNIFICANT', quote: `quote ${id}`, claim: `claim ${id}` };
}

describe('eval matching', () => {
  it('matches a prediction on the same lines and category, and never one of another category', () => {
    fc.assert(
      fc.property(range, category, category, (lines, a, b) => {
        const result = matchPredictions([prediction('C1', b, lines)], [flaw('F1', a, lines)]);
        assert.deepEqual(result.found, a === b ? ['F1'] : []);
        assert.deepEqual(result.lineOnly.C1, a === b ? [] : ['F1']);
      }),
    );
  });

  it(`tolerates exactly ${LINE_TOLERANCE} lines on either side`, () => {
    fc.assert(
      fc.property(range, fc.integer({ min: 0, max: 10 }), fc.boolean(), category, (lines, gap, after, cat) => {
        const [start, end] = lines;
        const other: [number, number] = after ? [end + gap, end + gap + 1] : [Math.max(1, start - gap - 1), Math.max(1, start - gap)];
        const distance = after ? other[0] - end : start - other[1];
        const found = matchPredictions([prediction('C1', cat, other)], [flaw('F1', cat, lines)]).found.length === 1;
        assert.equal(found, distance <= LINE_TOLERANCE, `distance ${distance}`);
      }),
    );
  });

  it('overlap is symmetric', () => {
    fc.assert(fc.property(range, range, (a, b) => assert.equal(overlaps(a, b), overlaps(b, a))));
  });

  it("matches on a flaw's other ranges (`also`) as on its main one", () => {
    const f = flaw('F1', 'contradiction', [10, 10], [[40, 41]]);
    assert.deepEqual(matchPredictions([prediction('C1', 'contradiction', [42, 42])], [f]).found, ['F1']);
    assert.deepEqual(matchPredictions([prediction('C1', 'contradiction', [30, 30])], [f]).found, []);
  });

  it('never matches a prediction whose quote was not anchored or that has no category', () => {
    const f = flaw('F1', 'security', [5, 6]);
    const result = matchPredictions([prediction('C1', 'security', null), prediction('C2', null, [5, 6])], [f]);
    assert.deepEqual(result.found, []);
    assert.deepEqual(result.matchedFlaws, { C1: [], C2: [] });
  });

  it('categorises challenges by what they say, not by a single keyword', () => {
    const c = (claim: string, concern = '') => categorizeChallenge({ claim, concern, failure_scenario: '', alternative: '' });
    assert.equal(c('Two workers read the same row concurrently and both send the email: a race.'), 'concurrency');
    assert.equal(c('There is no src/db/orders.ts file; the query lives elsewhere.'), 'missing-file-or-symbol');
    assert.equal(c('The Goal says changes apply immediately, which contradicts the 5-minute cache.'), 'contradiction');
    assert.equal(c('The success criterion "feels fast" is not measurable.'), 'unmeasurable-success');
    assert.equal(c('Step 2 deploys code that reads email_address before step 3 renames the column.'), 'step-order');
    assert.equal(c('A long-running UPDATE over 12M rows locks every row of the users table.'), 'scaling');
    assert.equal(c('Looks fine to me.'), null);
  });
});

describe('eval figures', () => {
  const flaws = [flaw('F1', 'security', [3, 3]), flaw('F2', 'scaling', [10, 11])];
  const cases: CorpusCase[] = [
    { id: 'a', truth: { version: 1, plan: 'p.md', format: 'claude-code', expected_verdict: 'RETHINK', flaws }, workspaceRoot: '/nowhere', planPath: '/nowhere/p.md', planText: '' },
    { id: 'b', truth: { version: 1, plan: 'p.md', format: 'kiro', expected_verdict: 'PROCEED', flaws: [] }, workspaceRoot: '/nowhere', planPath: '/nowhere/p.md', planText: '' },
  ];
  function record(caseId: string, run: number, verdict: RunRecord['verdict'], predictions: Prediction[]): RunRecord {
    const truth = cases.find((c) => c.id === caseId)!.truth.flaws;
    return {
      config: 'loop',
      caseId,
      run,
      verdict,
      verdictLabel: verdict,
      predictions,
      dismissed: [],
      match: matchPredictions(predictions, truth),
      usage: { ...ZERO_USAGE, input_tokens: 100 * run },
      costUsd: 0.01 * run,
      wallMs: 10,
      calls: 3,
      error: null,
    };
  }
  // Case a: run 1 finds F1 and F2 and over-reports once; run 2 finds F1 only. Case b: run 1 clean, run 2 one false positive.
  const noise = prediction('C9', 'security', [30, 30]);
  const records = [
    record('a', 1, 'RETHINK', [prediction('C1', 'security', [3, 3]), prediction('C2', 'scaling', [12, 12]), noise]),
    record('a', 2, 'REVISE', [prediction('C1', 'security', [4, 4])]),
    record('b', 1, 'PROCEED', []),
    record('b', 2, 'REVISE', [prediction('C1', 'concurrency', [7, 7])]),
  ];

  it('computes recall, precision, verdict accuracy and stability as documented', () => {
    const f = figuresFor('loop', records, cases);
    assert.equal(f.recall, 3 / 4); // F1 twice + F2 once, of 2 flaws × 2 runs
    assert.equal(f.precision, 3 / 5); // 3 matched of 5 predictions
    assert.equal(f.precisionIsLowerBound, true);
    assert.equal(f.verdictAccuracy, 2 / 4); // a/1 RETHINK ✓, a/2 ✗, b/1 PROCEED ✓, b/2 ✗
    assert.equal(f.stability, (2 / 2 + 1 / 2) / 2);
    assert.equal(f.flawsFoundEveryRun, 1);
    assert.equal(f.perCategory.security.recall, 2 / 2);
    assert.equal(f.perCategory.scaling.recall, 1 / 2);
    assert.equal(f.perCategory.security.precision, 2 / 3);
    assert.equal(f.tokensPerPlanRun, (100 + 200 + 100 + 200) / 4);
    assert.equal(Math.round(f.totalCostUsd * 100), 6);
  });

  it('counts hand-review marks: true adds a hit, and marking everything ends the lower bound', () => {
    const marks = new Map([
      [reviewKey('a', noise), true],
      [reviewKey('b', prediction('C1', 'concurrency', [7, 7])), false],
    ]);
    const f = figuresFor('loop', records, cases, marks);
    assert.equal(f.precision, 4 / 5);
    assert.equal(f.precisionIsLowerBound, false);
    assert.equal(f.reviewedTrue, 1);
    assert.equal(f.reviewedFalse, 1);
  });
});
