/**
 * Issue #17, eighth round: conventions found on fresh batch 7 (held out
 * through round 7, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = [], planPath = 'plan.md'): StaticFinding[] => runRules(text, files, { planPath });
const lines = findingLines;

describe('round 8: a plan that names its steps', () => {
  const text = [
    '# Refactor to packages',
    '',
    '## Extracted packages',
    '### 1. Canvas package',
    'Owns the strokes.',
    '### 2. Tool package',
    'Owns the pens.',
    '',
    '## Steps',
    '### Step 1: Extract canvas',
    'Verify: go test ./... passes.',
    '### Step 2: Extract tools',
    'Move the pens.',
    '',
    '## File-by-file order',
    '### Step 1',
    '- canvas.go',
  ].join('\n');

  it('numbered headings outside every step are parts, once two "Step N" headings name the steps', () => {
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.title),
      ['Extract canvas', 'Extract tools', 'Step 1'],
    );
  });

  it('a bare "### Step 1" in a later section is about Step 1 and needs no criterion of its own; Step 2 still does', () => {
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [12]);
  });

  it('with one keyword heading or none, numbered headings are still steps', () => {
    const one = [
      '# Plan',
      '',
      '## Work',
      '### 1. Add the table',
      'Create it.',
      '### 2. Backfill',
      'Copy rows.',
      '',
      '## Later',
      '### Phase 9: Cleanup',
      'Drop the old table.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(one).steps.map((s) => s.id),
      ['1', '2', '9'],
    );
  });
});

describe('round 8: other wordings', () => {
  it('a worked example ("## Ejemplo práctico", "## Example") holds no steps', () => {
    const text = [
      '# Tareas',
      '',
      '- [ ] 1. Motor de esquemas',
      '  - _Requisitos: 1.1_',
      '',
      '## Ejemplo práctico',
      '**PASO 1: crear la configuración**',
      'Se escribe el JSON.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['1'],
    );
  });

  it('"Open Question 3" cited from research is a reference; "open question: who owns it?" is still a signal', () => {
    const text = ['# Plan', '', 'Grep first (RESEARCH Open Question 3).', '', 'One open question: who owns the cron?'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });

  it('the title H1 over a second H1 is no empty section; an empty "## Notes" still is', () => {
    const text = ['# Implementation Plan', '# Tasks: schema engine', '', '## Notes', '', '## Work', '- [ ] 1. Build it'].join('\n');
    assert.deepEqual(lines(run(text), 'empty-section'), [4]);
  });

  it('"Artifacts to generate:" states a design phase\'s result', () => {
    const text = ['# Plan', '', '## Phase 1: Design', 'Artifacts to generate:', '1. data-model.md', '', '## Phase 2: Build', 'Write the code.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7]);
  });

  it('"writes … to `.x/hooks/`" creates the path; "reads `.x/config.json`" does not', () => {
    const text = ['# Plan', '', '## Steps', '1. `x hooks install` writes small scripts to `.x/hooks/run.sh`', '2. It reads `.x/config.json`'].join('\n');
    assert.deepEqual(lines(run(text, ['src/main.rs']), 'missing-file'), [5]);
  });
});
