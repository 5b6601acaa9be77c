/**
 * The one module of user-facing labels and rule-derived facts (src/core/labels.ts):
 * front ends read it instead of re-deriving engine rules, and the stop of a run
 * is the run's recorded stop cause, never a recount of its failures.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { forcedExitIteration, ORIGIN_NAMES, partialReason, ROLE_NAMES, stopCauseOf, verdictTone } from '../../src/core/labels';
import { reduceLive } from '../../src/core/live-state';
import { AgentFailure, AgentRole } from '../../src/core/protocol';
import { StopCause, VerdictLabel } from '../../src/core/run-types';
import { presentStatus } from '../../src/extension/status-model';
import { sourceFiles } from '../support/import-graph';
import { runResultFixture } from '../support/run-result-fixture';

const ROOT = path.resolve(__dirname, '../..');

const failure = fc.record({
  role: fc.constantFrom(...AgentRole.options),
  iteration: fc.integer({ min: 1, max: 3 }),
  kind: fc.constantFrom(...AgentFailure.shape.kind.options),
  message: fc.string({ maxLength: 20 }),
});

describe('labels and rule-derived facts (one module)', () => {
  it('the panel says the run stopped at an iteration exactly when the run recorded agent failures as its stop cause, whatever the failure list holds', () => {
    fc.assert(
      fc.property(fc.array(failure, { maxLength: 8 }), fc.constantFrom(...StopCause.options), fc.integer({ min: 1, max: 3 }), (failures, cause, last) => {
        const iterations = Array.from({ length: last }, (_, i) => ({ iteration: i + 1 }));
        const at = forcedExitIteration(cause, iterations);
        if (cause === 'agent_failures') assert.equal(at, last);
        else assert.equal(at, null, `${cause} with ${failures.length} failures is not a forced exit`);
      }),
    );
  });

  it('a recorded stop cause wins over anything the failures or the reason text suggest', () => {
    const base = runResultFixture();
    const budgetEarly = { ...base, failures: [{ role: 'resolver' as const, iteration: 1, kind: 'budget' as const, message: 'cap' }], stopCause: 'max_iterations' as const };
    assert.equal(stopCauseOf(budgetEarly), 'max_iterations');
    // A result saved before stopCause existed: the cap is read from its failure kind.
    const { stopCause: _omit, ...legacy } = budgetEarly;
    void _omit;
    assert.equal(stopCauseOf(legacy), 'spending_cap');
    assert.equal(partialReason({ ...base, partial: true, stopCause: 'spending_cap' }), 'the spending cap was reached');
    assert.equal(partialReason({ ...base, partial: false, stopCause: 'converged' }), null);
  });

  it('the live run carries the finished run’s stop cause, so the panel never recomputes it', () => {
    const result = { ...runResultFixture(), stopCause: 'agent_failures' as const, partial: true };
    assert.equal(reduceLive(null, { type: 'run-finished', result }).stopCause, 'agent_failures');
    assert.equal(reduceLive(null, { type: 'run-started', runId: result.runId, planPath: result.planPath, assessment: result.assessment }).stopCause, null);
  });

  it('the status bar and the panel draw every verdict in the same tone', () => {
    const base = runResultFixture();
    const background = { good: 'normal', neutral: 'normal', warn: 'warning', bad: 'error' } as const;
    for (const verdict of VerdictLabel.options) {
      const p = presentStatus({ kind: 'verdict', planName: 'plan.md', result: { ...base, verdict }, stale: false });
      assert.equal(p.tone, background[verdictTone(verdict)], verdict);
    }
    assert.equal(verdictTone('RETHINK'), 'bad');
    assert.equal(verdictTone('REVISE (strong)'), 'warn');
    assert.equal(verdictTone('PROCEED (trivial)'), 'good');
  });

  it('no front end declares its own role, dimension or phase names, verdict tone, failure words or stop-cause rule', () => {
    const shared =
      /\b(?:const|function|let)\s+(ROLE_NAMES|ORIGIN_NAMES|DIMENSION_NAMES|PHASE_NAMES|verdictTone|describeFailure|failureConsequence|forcedExitIterations?|partialReason|stopCauseOf|FAILURE_WORDS|WHAT_HAPPENED)\b/;
    const offenders = ['src', 'webview-ui']
      .flatMap(sourceFiles)
      .filter((f) => f !== 'src/core/labels.ts')
      .filter((f) => shared.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('no front end spells a role name itself (as a string literal); challenge origins name their role through it', () => {
    const names = Object.values(ROLE_NAMES);
    for (const role of ['challenger', 'domain-expert', 'devils-advocate'] as const) assert.equal(ORIGIN_NAMES[role], ROLE_NAMES[role]);
    const offenders = ['src', 'webview-ui']
      .flatMap(sourceFiles)
      .filter((f) => f !== 'src/core/labels.ts')
      .flatMap((f) => {
        const text = readFileSync(path.join(ROOT, f), 'utf8');
        return names.filter((n) => text.includes(`'${n}'`) || text.includes(`"${n}"`)).map((n) => `${f}: ${n}`);
      });
    assert.deepEqual(offenders, []);
  });
});
