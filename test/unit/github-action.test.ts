/**
 * The action's pure parts: the fail-on gate against every verdict
 * (fail-on RETHINK / REVISE), input parsing, and plan globs.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { matchesAny, parseGlobs, pullRequestBase } from '../../src/cli/github-action/changed-plans';
import { gateFailure, modelFlags, parseFailOn, runArgsFromInputs, type FailOn } from '../../src/cli/github-action';
import { CliError } from '../../src/cli/exit-codes';
import { VerdictLabel } from '../../src/core/run-types';
import { runResultFixture } from '../support/run-result-fixture';
import type { Verification } from '../../src/cli/run-command';
import type { SarifPlan } from '../../src/core/report/sarif';

function agentPlan(verdict: VerdictLabel, partial = false) {
  const result = runResultFixture({ verdict, partial });
  const v: Verification = { mode: 'agent', result, previous: null, unanswered: [], interrupted: false };
  const sarif = { uri: 'p.md', planText: '', result, assessment: result.assessment, findings: [] } satisfies SarifPlan;
  return { rel: 'p.md', v, sarif };
}

describe('GitHub Action: gate and inputs', () => {
  it('fail-on: RETHINK fails on RETHINK only; REVISE on REVISE, REVISE (strong) and RETHINK; never never; incomplete runs fail any gate but never', () => {
    const expected: Record<FailOn, Record<VerdictLabel, boolean>> = {
      RETHINK: { PROCEED: false, 'PROCEED (trivial)': false, REVISE: false, 'REVISE (strong)': false, RETHINK: true, CANCELLED: true, ABORTED: true, FAILED: true },
      REVISE: { PROCEED: false, 'PROCEED (trivial)': false, REVISE: true, 'REVISE (strong)': true, RETHINK: true, CANCELLED: true, ABORTED: true, FAILED: true },
      never: { PROCEED: false, 'PROCEED (trivial)': false, REVISE: false, 'REVISE (strong)': false, RETHINK: false, CANCELLED: false, ABORTED: false, FAILED: false },
    };
    for (const failOn of ['RETHINK', 'REVISE', 'never'] as const) {
      for (const verdict of VerdictLabel.options) {
        assert.equal(gateFailure(failOn, [agentPlan(verdict)]) !== null, expected[failOn][verdict], `${failOn} × ${verdict}`);
      }
      assert.equal(gateFailure(failOn, [agentPlan('PROCEED', true)]) !== null, failOn !== 'never', `${failOn} × partial`);
    }
  });

  it('several plans: the gate fails when any plan fails it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...VerdictLabel.options), { maxLength: 5 }), fc.constantFrom('RETHINK', 'REVISE', 'never' as const), (verdicts, failOn) => {
        const each = verdicts.some((v) => gateFailure(failOn, [agentPlan(v)]) !== null);
        assert.equal(
          gateFailure(
            failOn,
            verdicts.map((v) => agentPlan(v)),
          ) !== null,
          each,
        );
      }),
    );
  });

  it('parses fail-on (case-insensitive, default RETHINK), models and run inputs through the CLI parser', () => {
    assert.equal(parseFailOn(undefined), 'RETHINK');
    assert.equal(parseFailOn('revise'), 'REVISE');
    assert.equal(parseFailOn('NEVER'), 'never');
    assert.throws(() => parseFailOn('always'), CliError);
    assert.deepEqual(modelFlags('challenger=claude-x\n# comment\n\nresearcher: claude-y'), ['--model-challenger', 'claude-x', '--model-researcher', 'claude-y']);
    assert.throws(() => modelFlags('janitor=m'), /role of/);
    const args = runArgsFromInputs({ INPUT_TEAM: 'scaled', INPUT_MAX_ITERATIONS: '2', INPUT_SPENDING_CAP: '1.5', INPUT_MODELS: 'auditor=m1', INPUT_BASE_URL: '' });
    assert.equal(args.team, 'scaled');
    assert.equal(args.maxIterations, 2);
    assert.equal(args.spendingCapUsd, 1.5);
    assert.deepEqual(args.models, { auditor: 'm1' });
    assert.equal(args.nonInteractive, true);
    assert.throws(() => runArgsFromInputs({ INPUT_MAX_ITERATIONS: '9' }), /--max-iterations must be from 1 to 3/);
  });

  it('plan globs: lines or commas, comments skipped, defaults when empty; dot folders match', () => {
    assert.deepEqual(parseGlobs('a/*.md, b/**/*.md\n# no\n'), ['a/*.md', 'b/**/*.md']);
    assert.ok(parseGlobs('').includes('.claude/plans/*.md'));
    assert.ok(matchesAny('.claude/plans/x.md', parseGlobs('')));
    assert.ok(!matchesAny('docs/notes.md', ['.claude/plans/*.md']));
  });

  it('the pull request base comes from the event file and must be a sha', () => {
    assert.equal(pullRequestBase('push', undefined), null);
    assert.throws(() => pullRequestBase('pull_request', undefined), /GITHUB_EVENT_PATH/);
  });
});
