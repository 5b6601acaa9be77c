/**
 * Glanceable surfaces (status bar, top CodeLens, end-of-run notification)
 * never mislead: a stopped run says "stopped" and why, never a verdict word;
 * a score appears only beside a verdict that lets the plan go ahead; the
 * cap offers Raise Cap; no raw API text reaches a notification.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { topLensTitle, verdictSummary } from '../../src/extension/finding-text';
import { presentStatus } from '../../src/extension/status-model';
import { announcement } from '../../src/extension/run-announcement';
import { progressMessage } from '../../src/extension/progress-message';
import { lensTooltip } from '../../src/server/lens-and-hover';
import { failureConsequence } from '../../src/core/labels';
import { QualityDimension, type QualityScores } from '../../src/core/protocol';
import { StopCause, VerdictLabel, type RunResult } from '../../src/core/run-types';
import { runResultFixture, validRunResult } from '../support/run-result-fixture';

const VERDICT_WORDS = /PROCEED|REVISE|RETHINK/;
const quality = {
  scores: Object.fromEntries(QualityDimension.options.map((d) => [d, { score: 7, evidence: 'e' }])) as QualityScores,
  total: 7,
  label: 'Score',
};

function surfaces(result: RunResult): string[] {
  const status = presentStatus({ kind: 'verdict', planName: 'plan.md', result, stale: false });
  return [status.text, topLensTitle(result, 2), announcement(result, true, 0.01).text];
}

const arbitraryResult = fc
  .record({
    verdict: fc.constantFrom(...VerdictLabel.options),
    partial: fc.boolean(),
    stopCause: fc.option(fc.constantFrom(...StopCause.options), { nil: undefined }),
    scored: fc.boolean(),
    costUsd: fc.double({ min: 0, max: 5, noNaN: true }),
  })
  .map(({ verdict, partial, stopCause, scored, costUsd }) =>
    // The loop marks every CANCELLED / ABORTED / FAILED run partial (run-types `partial`).
    runResultFixture({
      verdict,
      partial: partial || ['CANCELLED', 'ABORTED', 'FAILED'].includes(verdict),
      costUsd,
      quality: scored ? { ...quality, scores: { ...quality.scores } } : null,
      ...(stopCause ? { stopCause } : {}),
    }),
  );

describe('glanceable surfaces', () => {
  it('a partial run shows "Stopped" and why on every surface, never a verdict word (property)', () => {
    fc.assert(
      fc.property(arbitraryResult, (result) => {
        fc.pre(result.partial);
        for (const text of surfaces(result)) {
          assert.match(text, /[Ss]topped/, text);
          assert.doesNotMatch(text, VERDICT_WORDS, text);
          assert.doesNotMatch(text, /\d+\/10/, text);
        }
      }),
    );
  });

  it('"quality N/10" only next to PROCEED or REVISE; a finished run names its verdict (property)', () => {
    fc.assert(
      fc.property(arbitraryResult, (result) => {
        fc.pre(!result.partial);
        for (const text of surfaces(result)) {
          assert.ok(text.includes(result.verdict), text);
          const scored = /quality \d+\/10/.test(text);
          if (scored) assert.match(result.verdict, /^(PROCEED|REVISE)/, text);
          assert.doesNotMatch(text, /RETHINK.*\d+\/10/, text);
        }
      }),
    );
  });

  it('the cap: "stopped", what was spent against the cap, and Raise Cap', () => {
    const result = validRunResult(runResultFixture({ verdict: 'REVISE', partial: true, stopCause: 'spending_cap', costUsd: 0.0042, quality }));
    const a = announcement(result, true, 0.01);
    assert.equal(
      a.text,
      'Verify Plan stopped at the spending cap ($0.0042 spent of $0.01): the next agent call could have cost more than was left. Partial results are in the report.',
    );
    // Spent and cap never read the same when they differ.
    const near = announcement(validRunResult(runResultFixture({ verdict: 'REVISE', partial: true, stopCause: 'spending_cap', costUsd: 0.0096 })), true, 0.01);
    assert.match(near.text, /\(\$0\.0096 spent of \$0\.01\)/);
    assert.deepEqual(a.buttons, ['Raise Cap', 'Show Report']);
    assert.equal(verdictSummary(result), 'Stopped: the spending cap was reached');
    assert.equal(presentStatus({ kind: 'verdict', planName: 'p', result, stale: false }).tone, 'warning');
  });

  it('agent failures offer the log; a finished run is one line with the cost', () => {
    const failed = runResultFixture({ verdict: 'FAILED', partial: true, stopCause: 'agent_failures', reason: 'No challenger answered in iteration 1.' });
    assert.deepEqual(announcement(failed, true, 0).buttons, ['Show Log', 'Show Report']);
    const done = runResultFixture({ verdict: 'PROCEED', quality, costUsd: 0.5 });
    assert.deepEqual(announcement(done, true, 0), { severity: 'info', text: 'Verify Plan: PROCEED · quality 7/10 · $0.50', buttons: ['Show Report'] });
    assert.doesNotMatch(announcement(done, true, 0).text, /\n/);
  });

  it('a retry says what happens next in the progress notification', () => {
    const text = progressMessage({ type: 'agent-retry', iteration: 1, role: 'challenger', attempt: 2, maxRetries: 4, waitMs: 12_400, reason: 'rate limited' });
    assert.equal(text, 'Rate limited: retrying in 12 s (attempt 2 of 4)');
  });

  it('a challenger failing in iteration 1 never claims earlier challenges were carried forward', () => {
    const f = { role: 'challenger' as const, iteration: 1, kind: 'api_error' as const, message: 'x' };
    assert.doesNotMatch(failureConsequence(f), /were carried forward/);
    assert.match(failureConsequence({ ...f, iteration: 2 }), /were carried forward/);
  });

  it('the line-1 lens tooltip explains why a score above the threshold can still run the base team', () => {
    const assessment = { ...runResultFixture().assessment, score: 9, threshold: 7, team: 'base' as const, teamReason: 'Plan is THIN → base team (3 agents).' };
    assert.equal(
      lensTooltip(assessment),
      'Complexity 9/16 (the scaled team starts at 7): Plan is THIN → base team (3 agents). Hover the title line for the factor breakdown. Click to verify the plan with the agent team (uses the model provider).',
    );
  });
});
