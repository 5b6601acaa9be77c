/**
 * The static checks on real plans (issue #17): the corpus in
 * test/fixtures/plan-corpus holds public plans of several formats, each with
 * its repository's file list and a hand label for every finding. A finding
 * without a label fails here, so a rule change that produces new findings
 * gets them judged. `npx tsx scripts/plan-corpus.ts` prints the per-rule
 * precision/recall table (BENCHMARKS.md).
 */
import assert from 'node:assert/strict';
import { loadCorpus, readLabels, score } from '../support/plan-corpus';

describe('real-plan corpus', () => {
  const plans = loadCorpus();

  it('holds at least 20 plans from 15 repositories in 5 formats, 4 of them held out from tuning', () => {
    assert.ok(plans.length >= 20, `${plans.length} plans`);
    assert.ok(new Set(plans.map((p) => p.repo)).size >= 15, 'repositories');
    assert.ok(new Set(plans.map((p) => p.format)).size >= 5, 'formats');
    const heldOut = plans.filter((p) => p.heldOut);
    assert.ok(heldOut.length >= 4, 'held-out plans');
    const tuningRepos = new Set(plans.filter((p) => !p.heldOut).map((p) => p.repo));
    assert.deepEqual(heldOut.filter((p) => tuningRepos.has(p.repo)).map((p) => p.id), []);
  });

  it('has a label with a reason for every finding the static checks produce', () => {
    const { unlabelled } = score(plans);
    assert.deepEqual(unlabelled, [], `label these in the plan's labels.tsv:\n${unlabelled.join('\n')}`);
  });

  it('gives every label a verdict and a one-line reason', () => {
    for (const plan of plans) {
      for (const label of readLabels(plan)) {
        assert.ok(Number.isInteger(label.line) && label.line > 0, `${plan.id}: ${JSON.stringify(label)}`);
        assert.notEqual(label.reason.trim(), '', `${plan.id}:${label.line} ${label.rule}`);
      }
    }
  });
});
