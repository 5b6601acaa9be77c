/**
 * duplicate-step-id: a written id repeated within one section is a duplicate; headings that name a step again (a
 * summary, a detailed view, "Phase 2 complete"), lists that restart, and separate sections are not. Each case is a
 * small made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule
 * explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { assignStepIds } from '../../src/core/plan/steps';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const text = [
  '# Dashboard plan',
  '',
  '## Phase 0: Setup',
  '',
  '### Tasks',
  '- [ ] Scaffold the app',
  '- [ ] Configure the linter',
  '- [ ] Add the fonts',
  '',
  'Exit criteria: `npm run dev` serves the shell.',
  '',
  '## Phase 1: Parser',
  'Parse the file. Exit criteria: the round-trip test passes.',
  '',
  '## Phase 2: API',
  'Serve the state. Exit criteria: GET /api/state answers.',
  '',
  '## Phase 2 (Future): More pages',
  'Not in MVP scope.',
].join('\n');

describe('duplicate-step-id: repeats and other names', () => {
  it('unnumbered tasks take their positions, which never clash with a "Phase 2" written later; the phase keeps id 2', () => {
    const plan = parsePlan(text);
    const phase2 = plan.steps.find((s) => s.line === 14);
    assert.equal(phase2?.id, '2');
    assert.equal(phase2?.implicitId, undefined);
    const tasks = plan.steps.filter((s) => s.implicitId === true);
    assert.deepEqual(
      tasks.map((s) => s.line + 1),
      [6, 7, 8],
    );
  });

  it('a second written "Phase 2" is still a duplicate, and points at the first written one', () => {
    const findings = run(text).filter((f) => f.code === 'duplicate-step-id');
    assert.deepEqual(
      findings.map((f) => f.range.startLine + 1),
      [18],
    );
    assert.match(findings[0]?.message ?? '', /line 15/);
  });

  it('assignStepIds: written ids first in document order, positions after, "#n" on a repeat', () => {
    assert.deepEqual(assignStepIds([null, null, '2', '2', null]), ['1', '2#3', '2', '2#2', '5']);
    assert.deepEqual(assignStepIds(['a', null, 'b']), ['a', '2', 'b']);
  });

  it('"### Step 1" under "## Issue A" and under "## Issue B" are two sections\' first steps; a repeat inside one section is still flagged', () => {
    const text = [
      '# Fixes',
      '',
      '## Issue A: slow list',
      '### Step 1: Memoize the sort',
      'Verify: the profiler shows one sort per render.',
      '### Step 2: Verify',
      '',
      '## Issue B: stale cache',
      '### Step 1: Add invalidation',
      'Verify: a write clears the entry.',
      '### Step 1: Add a TTL',
      'Verify: entries expire after 60 s.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'duplicate-step-id'), [11]);
  });

  it('two numbered lists restart at 1 without clashing; a list\'s "4." and a "### Step 4" heading in one section still clash', () => {
    const lists = ['# Plan', '', '## Steps', '1. Add the table', '2. Backfill', '', 'Then:', '', '1. Flip the flag', '2. Remove the old path'].join('\n');
    assert.deepEqual(lines(run(lists), 'duplicate-step-id'), []);
    const clash = ['# Plan', '', '## Steps', '1. Add the table', '2. Backfill', '', '### Step 2: Backfill again', 'Done when: counts match.'].join('\n');
    assert.deepEqual(lines(run(clash), 'duplicate-step-id'), [7]);
  });

  it('"## Phase 1 Detailed Execution Plan", "## Phase 2 Detailed Execution Plan" view the phases listed above; a second "Phase 2: Other" is a duplicate', () => {
    const head = ['# Plan', '', '## Phase 1 — Freeze', 'Verify: signed off.', '', '## Phase 2 — Build', 'Verify: green.', ''];
    const views = ['## Phase 1 Detailed Execution Plan', 'Stages.', '', '## Phase 2 Detailed Execution Plan', 'Stages.'];
    assert.deepEqual(lines(run([...head, ...views].join('\n')), 'duplicate-step-id'), []);
    const other = [...head, '## Phase 2 — Ship', 'Verify: released.'];
    assert.deepEqual(lines(run(other.join('\n')), 'duplicate-step-id'), [9]);
  });

  it('"### Phase 1 Deliverables Summary" closes Phase 1, it is no second step 1 beside "### 1. Data Model"; "### Phase 1: Rollout" is', () => {
    const plan = (heading: string) =>
      ['# Plan', '', '## Phase 1: Design & Contracts', '', '### 1. Data Model Design', '', '- Verify: the model compiles', '', heading, '', '- data-model.md, contracts/', ''].join(
        '\n',
      );
    assert.deepEqual(findingLines(runRules(plan('### Phase 1 Deliverables Summary')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('### Phase 1 Complete Code Changes')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('### Phase 1: Rollout')), 'duplicate-step-id'), [9]);
  });

  it('a checklist that names heading tasks ("- [ ] Task 4: dashboard shows the subscriber", twice) repeats no id; a task list that lists "3." twice does', () => {
    const plan = [
      '# IAP fix',
      '',
      '## Task 1: Fix the edge function',
      '',
      '- Verify: the function returns early',
      '',
      '## Task 4: Build and upload',
      '',
      '- Verify: the build is live',
      '',
      '## Checklist',
      '',
      '- [ ] Task 1: no credit grant left',
      '- [ ] Task 1: returns early when empty',
      '- [ ] Task 4: the dashboard shows the subscriber',
      '- [ ] Task 4: balance grew by 500',
      '',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(plan), 'duplicate-step-id'), []);
    const tasks = [
      '# Tasks',
      '',
      '- [x] 1. Set up the project',
      '- [x] 2. Load the CSV',
      '- [x] 3. Table view',
      '- [ ] 3. Table view with CSV loading',
      '- [ ] 4. Charts',
      '',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(tasks), 'duplicate-step-id'), [6]);
  });

  it('"## Phase 2 complete" in a plan of "## Task 2" headings is another name; a second "## Task 2" is a duplicate', () => {
    const plan = (last: string) => ['# Plan', '', '## Task 1: Parse', '', 'Do it.', '', '## Task 2: Render', '', 'Do it.', '', last, '', '- [ ] all green', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('## Phase 2 complete — acceptance checklist')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('## Task 2: Ship')), 'duplicate-step-id'), [11]);
  });
});
