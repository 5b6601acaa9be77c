/**
 * Issue #17, thirteenth round: conventions found on fresh batch 12 (held out
 * through round 12, tuned on here; batch 13 held out). Each case is a small
 * made-up plan in the pattern's style, not a corpus excerpt, and each pairs
 * what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = []): StaticFinding[] => runRules(text, files);
const lines = findingLines;
const phases = ['## Phase 1: Data', 'Fetch candles.', '', '## Phase 2: Gateway', 'Serve them.', ''];

describe('round 13: a top-level validation checklist', () => {
  it('"## Validation Checklist" or "## Verification" states how the plan is known done, for its phases', () => {
    for (const title of ['## Validation Checklist', '## Verification', '## Final validation']) {
      const text = ['# Trader', '', ...phases, title, '', 'Before marking complete:', '- [ ] services start', '- [ ] candles arrive'].join('\n');
      assert.deepEqual(lines(run(text), 'no-success-criterion'), [], title);
    }
  });

  it('"## Testing strategy" speaks for the phases (round 25: the plan says how it is checked); a "### Verification" inside a phase speaks for no other phase', () => {
    const strategy = ['# Trader', '', ...phases, '## Testing strategy', '', '- unit tests per service'].join('\n');
    assert.deepEqual(lines(run(strategy), 'no-success-criterion'), []);
    const notes = ['# Trader', '', ...phases, '## Notes', '', '- one service per phase'].join('\n');
    assert.deepEqual(lines(run(notes), 'no-success-criterion'), [3, 6]);
    const nested = ['# Trader', '', '## Phase 1: Data', 'Fetch candles.', '', '### Verification', '- candles arrive', '', '## Phase 2: Gateway', 'Serve them.'].join('\n');
    assert.deepEqual(lines(run(nested), 'no-success-criterion'), [9]);
  });
});

describe('round 13: a written-out Markdown file whose inner fences are bare', () => {
  it("a bare fence that would leave the rest of the document unbalanced opens a nested block: the file's checklist is not the plan's", () => {
    const text = [
      '# Plan',
      '',
      '## Step 1: Write AGENT.md',
      'Verify: the file exists.',
      '',
      '```markdown',
      '# Agent guidelines',
      '## Layout',
      '```',
      'repo/',
      '└── src/',
      '```',
      '## Checklist',
      '1. All files under 400 lines',
      '2. Tests pass',
      '```',
      '',
      '## Step 2: Scaffold',
      'Verify: `make` succeeds.',
    ].join('\n');
    const plan = parsePlan(text);
    assert.deepEqual(
      plan.steps.map((s) => s.rawId),
      ['Step 1', 'Step 2'],
    );
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
  });

  it("when the first bare fence closes the block and the rest balances, CommonMark's reading stands", () => {
    const text = [
      '# Plan',
      '',
      '```markdown',
      '# Readme',
      '```',
      '',
      '## Steps',
      '',
      '1. Add the table',
      '   - Success criteria: it exists',
      '2. Backfill',
      '',
      '```bash',
      'make',
      '```',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [11]);
  });
});

describe('round 13: spec-kit plan.md', () => {
  it('lists under a "Constitution Check" principle are how the plan meets it, not steps', () => {
    const text = [
      '# Implementation Plan: Page markup',
      '',
      '**Input**: Feature specification from `/specs/002-markup/spec.md`',
      '',
      '## Constitution Check',
      '',
      '### Principle VI: Accessibility-first implementation',
      '**Status**: PASS',
      '- Pages compose widgets',
      '- No new business logic',
    ].join('\n');
    assert.deepEqual(parsePlan(text).steps, []);
    const outside = text.replace('## Constitution Check', '## Compliance');
    assert.equal(parsePlan(outside).steps.length, 2);
  });

  it('a phase\'s "### Expected Outputs" list is its result; a phase with only a description is still flagged', () => {
    const text = [
      '# Plan',
      '',
      '## Phase 1: Design',
      'Model the party.',
      '',
      '### Expected Outputs',
      '- data-model.md',
      '- contracts/',
      '',
      '## Phase 2: Pages',
      'Build the pages.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [10]);
  });
});

describe('round 13: duplicate-step-id', () => {
  it('"## Phase 1 Detailed Execution Plan", "## Phase 2 Detailed Execution Plan" view the phases listed above; a second "Phase 2: Other" is a duplicate', () => {
    const head = ['# Plan', '', '## Phase 1 — Freeze', 'Verify: signed off.', '', '## Phase 2 — Build', 'Verify: green.', ''];
    const views = ['## Phase 1 Detailed Execution Plan', 'Stages.', '', '## Phase 2 Detailed Execution Plan', 'Stages.'];
    assert.deepEqual(lines(run([...head, ...views].join('\n')), 'duplicate-step-id'), []);
    const other = [...head, '## Phase 2 — Ship', 'Verify: released.'];
    assert.deepEqual(lines(run(other.join('\n')), 'duplicate-step-id'), [9]);
  });
});
