/**
 * Issue #17, twenty-fourth round: conventions found on fresh batch 21 (the
 * end check of round 23, tuned on here). Each case is a small made-up plan in
 * the pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findSuccessCriterion } from '../../src/core/plan/step-details';
import { findingLines, runRules } from '../support/static-rules-harness';

describe('round 24', () => {
  it('"### 1.7 Sprint 1 Tests" (also "### Phase 2 verification") heads a sprint\'s criteria; "### 1.6 Sprint 1 notes" does not', () => {
    const lines = (heading: string): string[] => ['## Sprint 1: Schema', '- Move ensureSchema()', '', heading, '- **Unit:** the schema creates every table'];
    for (const heading of ['### 1.7 Sprint 1 Tests', '### Phase 2 verification']) {
      assert.equal(findSuccessCriterion(lines(heading), 1, 4, () => false)?.line, 3, heading);
    }
    assert.equal(
      findSuccessCriterion(lines('### 1.6 Sprint 1 notes'), 1, 4, () => false),
      null,
    );
  });

  it('"## Quality gates (every sprint)" speaks for every step; "## Quality notes" does not', () => {
    const steps = ['## Steps', '', '## Step 1: Schema', '- Move ensureSchema()', '', '## Step 2: Web app', '- Add vuetify', '', '## Risks', '- none'];
    const gates = ['# Plan', '', '## Quality gates (every sprint)', '', '| Gate | Tool |', '|---|---|', '| Build | `pnpm build` |', ''];
    assert.deepEqual(findingLines(runRules([...gates, ...steps].join('\n')), 'no-success-criterion'), []);
    const notes = ['# Plan', '', '## Quality notes', '', '- keep it lean', ''];
    assert.deepEqual(findingLines(runRules([...notes, ...steps].join('\n')), 'no-success-criterion'), [9, 12]);
  });
});
