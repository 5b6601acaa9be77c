/**
 * no-success-criterion on the wording by which a step states its own criterion: labels such as "Deliverable:",
 * "Verify:", "Verifizierung:", an expected output, a command with its expected result, a sub-step or sub-item that
 * verifies, a test file the task writes. Each case is a small made-up plan written in the convention's style (not an
 * excerpt of a real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findSuccessCriterion } from '../../src/core/plan/step-details';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

describe("no-success-criterion: a step's own check", () => {
  it('"**Deliverable:** …" states the end state like "Output:"; a phase without one is still flagged', () => {
    const text = [
      '# Cache plan',
      '',
      '## Phases',
      '',
      '### Phase 1: Key schema',
      'Define the cache key.',
      '',
      '**Deliverable:** keys are stable across restarts and documented.',
      '',
      '### Phase 2: Eviction',
      'Add an LRU.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [10]);
  });

  it('a numbered sub-step that verifies ("**Step 3: Verify the importer rejects bad rows**") is the task\'s criterion', () => {
    const text = [
      '# Importer',
      '',
      '### Task 1: Reject bad rows',
      '',
      '**Step 1: Add the guard**',
      '',
      '**Step 2: Verify the importer rejects bad rows**',
      '',
      '### Task 2: Log counts',
      '',
      '**Step 1: Add the counter**',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [9]);
  });

  it('"Replace with:" and the new text quoted is the end state; a quote without such a label is not', () => {
    const text = [
      '# Copy fixes',
      '',
      '### 1a. Fix the panel text',
      'Replace with:',
      '> "Modules bypass the guard."',
      '',
      '### 1b. Fix the footer',
      '> "The guard checks owner transactions."',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7]);
  });

  it('"Verify this actually works:" and "**Verify (when deployed):**" open a criterion', () => {
    const text = [
      '# Plan',
      '',
      '## Steps',
      '### Step 1: Show the error',
      'Verify this actually works:',
      '1. Send 2 ETH',
      '### Step 2: Deploy',
      '**Verify (when deployed):** the page loads.',
      '### Step 3: Tidy up',
      'Remove dead code.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [9]);
  });

  it('"Artifacts to generate:" states a design phase\'s result', () => {
    const text = ['# Plan', '', '## Phase 1: Design', 'Artifacts to generate:', '1. data-model.md', '', '## Phase 2: Build', 'Write the code.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7]);
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

  it('"Run: `pytest -q` → 12 passed" states the step\'s expected result; a Run line without one does not', () => {
    const text = (run: string): string => ['# Plan', '', '### Task 1: Config key', '', '- [ ] **Step 1: Parity and full suite**', '', run].join('\n');
    assert.deepEqual(lines(runRules(text('Run: `.venv/bin/pytest tests/ -q` → 2152 passed')), 'no-success-criterion'), []);
    assert.deepEqual(lines(runRules(text('Run: `.venv/bin/ruff check .`')), 'no-success-criterion'), [3]);
  });

  it('"- [ ] Run `npm test` — all pass" ends a task with its check; "- [ ] Run `npm test`" alone does not', () => {
    const task = (check: string): string[] => ['# Plan', '', '### Task 1: Add the field', '- [ ] Add `source` to the schema', `- [ ] ${check}`, '', '## Risks', '- none'];
    assert.deepEqual(findingLines(runRules(task('Run `npm test` — all pass').join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(task('Run `npx vitest run` — 678+ tests pass, no regressions').join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(task('Run `npm test`').join('\n')), 'no-success-criterion'), [3]);
  });

  it('"**End of Day 5 Goal:** exports in four formats" states the day\'s result; "**Goal of the week**" alone does not', () => {
    const plan = (line: string): string =>
      ['# Plan', '', '## Steps', '', '### Step 4: Export suite', '- Implement the BibTeX export', '', line, '', '## Risks', '- none'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('**End of Day 5 Goal:** exports in four formats')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('Goal of the week: ship')), 'no-success-criterion'), [5]);
  });

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

  it('"- [ ] **Step 5: Run tests and confirm GREEN**" is the check of its task, ticked or not; a checkbox step that builds is not', () => {
    const task = (sub: string) =>
      findingLines(
        runRules(
          [
            '# Plan',
            '',
            '### Task 1: Project manual links',
            '',
            '- [ ] **Step 1: Add manual data and Reader rendering**',
            '',
            sub,
            '',
            'Run: `npm.cmd test -- src/ui/ui.test.jsx`',
          ].join('\n'),
        ),
        'no-success-criterion',
      );
    assert.deepEqual(task('- [ ] **Step 2: Run tests and confirm GREEN**'), []);
    assert.deepEqual(task('- [x] **Step 2: Verify the links open**'), []);
    assert.deepEqual(task('- [ ] **Step 2: Add the CSS for the links**'), [3]);
  });

  it('a sub-item that names the check ("- Dark mode verification", "- Unit tests") is the step\'s criterion; a sub-item that builds is not', () => {
    const phase = (item: string) =>
      findingLines(
        runRules(['# Solar calculator', '', '## Implementation Phases', '1. **Phase 7**: Polish', '   - Tidy the layout', `   - ${item}`].join('\n')),
        'no-success-criterion',
      );
    assert.deepEqual(phase('Dark mode verification'), []);
    assert.deepEqual(phase('Responsive design testing'), []);
    assert.deepEqual(phase('Add the dark mode toggle'), [4]);
  });

  it('a task whose files entry writes a test ("- Create: `src/__tests__/hono.test.ts`") comes with its check; a task that writes only source does not', () => {
    const task = (entry: string) =>
      findingLines(
        runRules(
          [
            '# Adapters plan',
            '',
            '## Task 14: Hono Adapter',
            '',
            '**Files:**',
            '',
            '- Create: `packages/a2a/src/adapters/hono.ts`',
            entry,
            '',
            '**Step 1-4: Same pattern as Express**',
          ].join('\n'),
        ),
        'no-success-criterion',
      );
    assert.deepEqual(task('- Create: `packages/a2a/src/__tests__/adapters/hono.test.ts`'), []);
    assert.deepEqual(task('- Test: `tests/test_hono.py`'), []);
    assert.deepEqual(task('- Create: `packages/a2a/src/adapters/hono-types.ts`'), [3]);
  });

  it('a German "**Verifizierung:**" (or "Validierung:", "Abnahme:") line is the step\'s check; a step without one is flagged', () => {
    const plan = (line: string) =>
      findingLines(runRules(['# Plan', '', '## Stufe 1: Jobliste paginieren', '', '- Liste in `app/jobs/page.tsx` paginieren', line].join('\n')), 'no-success-criterion');
    assert.deepEqual(plan('- **Verifizierung:** tsc, eslint; manuell: Liste mit >10 Jobs durchklicken'), []);
    assert.deepEqual(plan('- **Validierung:** Filter-Kombinationen durchklicken'), []);
    assert.deepEqual(plan('- Filter ergänzen'), [3]);
  });

  it('a German "### Verifikation" sub-heading holds the step\'s check; a step without one is flagged', () => {
    const plan = (sub: string) =>
      findingLines(
        runRules(['# Plan', '', '## Phase 1 — Auth-Integration', '', 'Login über Firebase.', '', sub, '', '- Redirect auf /login prüfen', ''].join('\n')),
        'no-success-criterion',
      );
    assert.deepEqual(plan('### Verifikation'), []);
    assert.deepEqual(plan('### Dateien'), [3]);
  });

  it('a superpowers sub-step "Manually verify in-browser" is the task\'s check', () => {
    const plan = (step: string) =>
      [
        '# Log search columns',
        '',
        '### Task 1: Column definitions',
        '',
        '- [ ] **Step 1: Replace the constants**',
        '',
        'Edit the table code.',
        '',
        `- [ ] **Step 2: ${step}**`,
        '',
        '- The header order is right',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Manually verify in-browser (traffic log)'), [], { scope: 'precise' }), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('Commit the change'), [], { scope: 'precise' }), 'no-success-criterion'), [3]);
  });
});
