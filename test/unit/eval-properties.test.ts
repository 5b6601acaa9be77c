/**
 * Property: whatever subset of the seeded flaws a scripted challenger raises
 * (one challenge per flaw, quoting the flaw's text, worded for its
 * category), the real loop plus the matcher report exactly that subset as
 * found, every prediction as matched, and the verdict the product rules give
 * for the raised severities. Holds for every plan of the corpus at once.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import fc from 'fast-check';
import { defaultConfig } from '../../src/core/config';
import { verdictOf } from '../../src/core/convergence';
import { categorizeChallenge } from '../../src/core/eval/categorize';
import { createFakeProvider, type FakeChallenge } from '../../src/core/eval/fake-provider';
import { figuresFor } from '../../src/core/eval/metrics';
import { runEval } from '../../src/core/eval/runner';
import { loadCorpus, type CorpusCase, type FlawCategory } from '../../src/core/eval/truth';
import type { Challenge } from '../../src/core/protocol';
import { REPO_ROOT } from '../support/run-harness';

/** One claim per category, worded the way a reviewer states that kind of problem. */
const CLAIMS: Record<FlawCategory, string> = {
  'missing-file-or-symbol': 'There is no such file or function in the workspace: the plan names a module that does not exist.',
  'wrong-api-or-version': 'The installed version does not provide this API: the call is not available in this version.',
  'step-order': 'The steps are in the wrong order: this step ships before the table exists.',
  'migration-safety': 'The migration has no rollback and no down migration: it is irreversible.',
  security: "Any caller can read another tenant's data: an authorization gap an attacker can exploit.",
  concurrency: 'Concurrent requests race: the read-modify-write is not atomic.',
  'unmeasurable-success': 'The success criterion is not measurable: no number and no threshold.',
  contradiction: 'This section contradicts the goal stated earlier: the plan is inconsistent.',
  scaling: 'This will not scale: unbounded memory growth with millions of rows.',
  'integration-failure': 'The external service can be unavailable or rate-limited (429) and there is no retry or backoff.',
};

function scripted(c: CorpusCase, ids: Set<string>): FakeChallenge[] {
  return c.truth.flaws
    .filter((f) => ids.has(f.id))
    .map((f) => ({
      quote: f.quote.split('\n')[0]!,
      claim: `${CLAIMS[f.category]} (${c.id} ${f.id})`,
      concern: f.description,
      failure_scenario: `If the plan is executed as written, ${f.id} breaks it.`,
      alternative: 'Change the plan before executing it.',
      severity: f.severity,
      confidence: 'HIGH',
      iteration: 1,
    }));
}

describe('eval properties: scripted subsets of the seeded flaws (real loop)', function () {
  this.timeout(120_000);
  let cases: CorpusCase[];
  before(async () => {
    cases = await loadCorpus(path.join(REPO_ROOT, 'eval', 'corpus'));
    for (const category of Object.keys(CLAIMS) as FlawCategory[]) {
      assert.equal(categorizeChallenge({ claim: CLAIMS[category], concern: '', failure_scenario: '', alternative: '' }), category);
    }
  });

  it('finds exactly the raised flaws, matches every challenge and gives the rules-based verdict', async () => {
    const allFlaws = () => cases.flatMap((c) => c.truth.flaws.map((f) => `${c.id}/${f.id}`));
    await fc.assert(
      fc.asyncProperty(fc.subarray(allFlaws()), async (raisedKeys) => {
        const raised = new Set(raisedKeys);
        const script = new Map(cases.map((c) => [c.id, scripted(c, new Set(c.truth.flaws.filter((f) => raised.has(`${c.id}/${f.id}`)).map((f) => f.id)))]));
        const { records } = await runEval({
          cases,
          runs: 1,
          baseline: null,
          config: defaultConfig({}),
          providerFor: (caseId, run, mode) => createFakeProvider({ challenges: script.get(caseId) ?? [], run, mode }),
        });
        for (const r of records.filter((x) => x.config === 'loop')) {
          const c = cases.find((x) => x.id === r.caseId)!;
          const expected = c.truth.flaws.filter((f) => raised.has(`${c.id}/${f.id}`));
          assert.deepEqual(
            r.match.found,
            expected.map((f) => f.id),
            `${c.id}: found`,
          );
          assert.equal(r.predictions.length, expected.length, `${c.id}: predictions`);
          const open = expected.map((f) => ({ severity: f.severity, status: 'OPEN' }) as Challenge);
          assert.equal(r.verdict, verdictOf(open).verdict, `${c.id}: verdict`);
        }
        const f = figuresFor('loop', records, cases);
        assert.equal(f.detections, raised.size);
        assert.equal(f.matched, f.predictions);
        assert.equal(f.precision, raised.size === 0 ? null : 1);
      }),
      { numRuns: 12 },
    );
  });
});
