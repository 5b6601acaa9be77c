/**
 * Issue #17, fifteenth round: conventions found on fresh batch 13's second
 * half (held out through round 14, tuned on here; batch 14 held out). Each
 * case is a small made-up plan in the pattern's style, not a corpus excerpt,
 * and each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';

import { findingLines, runRules } from '../support/static-rules-harness';

const lines = findingLines;

describe('round 15: a section laid out as a document', () => {
  const plan = (goalTitle: string): string =>
    [
      '# Four improvements',
      '',
      '## Plan 1: Error reporting',
      '',
      goalTitle,
      'Errors reach the dashboard.',
      '',
      '### Steps',
      '1. Create the project',
      '2. Add the key to the environment',
      '',
      '### Code changes',
      '- none needed',
      '',
      '### Risk',
      'Low.',
      '',
      '### Estimated effort',
      'An hour.',
    ].join('\n');

  it('with a goal and a risk sub-heading, its other sub-headings are parts of the document; its "### Steps" holds the steps', () => {
    const steps = parsePlan(plan('### Goal')).steps;
    assert.deepEqual(
      steps.map((s) => s.title),
      ['Create the project', 'Add the key to the environment'],
    );
  });

  it('with only one descriptive sub-heading, its sub-headings are still read as steps', () => {
    const titles = parsePlan(plan('### Sentry')).steps.map((s) => s.title);
    assert.ok(titles.includes('Estimated effort'), titles.join(', '));
  });
});

describe('round 15: missing-risks-section on a spec-kit plan.md', () => {
  const text = [
    '# Implementation Plan: User authentication',
    '',
    '**Input**: Feature specification from `.specify/specs/001-user-authentication/spec.md`',
    '',
    '## Phase 2: Endpoints',
    'Login and refresh.',
    'Verify: the contract tests pass.',
    '',
    '## Phase 3: Sessions',
    'Rotation.',
    'Verify: a stolen refresh token is rejected.',
  ].join('\n');
  const planPath = 'specs/001-user-authentication/plan.md';

  it('a stale Input path with spec.md beside the plan: the spec holds the edge cases', () => {
    assert.deepEqual(lines(runRules(text, [planPath, 'specs/001-user-authentication/spec.md'], { planPath }), 'missing-risks-section'), []);
  });

  it('no spec.md at the Input path or beside the plan: flagged', () => {
    assert.deepEqual(lines(runRules(text, [planPath, 'docs/spec-notes.md'], { planPath }), 'missing-risks-section'), [1]);
  });
});
