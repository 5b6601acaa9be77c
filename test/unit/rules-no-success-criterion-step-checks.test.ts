/**
 * Issue #17, seventh round: conventions found on fresh batch 6 (held out
 * through round 6, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = [], planPath = 'plan.md'): StaticFinding[] => runRules(text, files, { planPath });
const lines = findingLines;

describe('round 7: step ids number within their section', () => {
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
});

describe('round 7: what is and is not a step', () => {
  it('a numbered list under "### Approach" beside "### Step 1", "### Step 2" is commentary; a "## Steps" list beside phases is still steps', () => {
    const approach = [
      '# Memoization',
      '',
      '### Approach',
      'Focus on:',
      '1. Expensive computations',
      '2. Callback props',
      '',
      '### Step 1: Memoize the sort',
      'Verify: one sort per render.',
      '### Step 2: Memoize callbacks',
      'Verify: rows do not re-render.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(approach).steps.map((s) => s.title),
      ['Memoize the sort', 'Memoize callbacks'],
    );
  });

  it('"# User Authentication System Design" is a design document (no steps); "# Landing Page Design Plan" is a plan', () => {
    const body = ['', '## Architecture', '### Module Structure', '1. **AuthModule** - login', '2. **UserModule** - profiles'].join('\n');
    assert.equal(parsePlan(`# User Authentication System Design\n${body}`).format, 'descriptive');
    assert.deepEqual(parsePlan(`# User Authentication System Design\n${body}`).steps, []);
    assert.equal(parsePlan(`# Landing Page Design Plan\n${body}`).format, 'markdown');
  });

  it('spec-kit tasks under "## Phase 2: Foundational (Blocking Prerequisites)" are steps, so "depends on T002" resolves', () => {
    const text = [
      '# Tasks: Rentals',
      '',
      '## Phase 2: Foundational (Blocking Prerequisites)',
      '- [ ] T002 Update `src/schema.ts`',
      '- [ ] T003 Regenerate the types — depends on T002',
      '',
      '## Prerequisites',
      '- [ ] Node 20 installed',
    ].join('\n');
    const plan = parsePlan(text);
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['2', 't002', 't003'],
    );
    assert.deepEqual(lines(run(text, ['src/schema.ts']), 'dangling-dependency'), []);
  });

  it('dangling-dependency, an error, needs the id nowhere in the plan: a task line the step finder skipped still defines it', () => {
    const text = ['# Plan', '', '## Notes', '- [ ] T010 Write the migration', '', '## Steps', '1. Run it — depends on T010', '2. Clean up — depends on T011'].join('\n');
    assert.deepEqual(lines(run(text), 'dangling-dependency'), [8]);
  });
});

describe('round 7: Japanese and Chinese plans', () => {
  it('numbered decisions under "## 設計判断" are not steps; "テストリスト:" is a phase\'s criterion', () => {
    const text = [
      '# 統一計画',
      '',
      '## 設計判断',
      '### 1. 共有クレートに置く',
      '理由: 依存が減る。',
      '### 2. axum に依存しない',
      '',
      '## 実装計画',
      '### Phase 1: 型を追加',
      'テストリスト:',
      '- [ ] new で全フィールドが設定される',
      '### Phase 2: サービスを統一',
      '変更ファイルのみ。',
    ].join('\n');
    const findings = run(text);
    assert.deepEqual(lines(findings, 'duplicate-step-id'), []);
    assert.deepEqual(lines(findings, 'no-success-criterion'), [12]);
  });
});

describe('round 7: criteria worded as the end state', () => {
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

  it('a step that is one short command block is done when it succeeds; a review step checks itself', () => {
    const text = [
      '# Plan',
      '',
      '#### 3a. Add the SDK',
      '```bash',
      'bun add @acme/sdk',
      '```',
      '',
      '#### 3b. Review all help texts',
      'Grep for stale wording.',
      '',
      '#### 3c. Wire the SDK',
      '```ts',
      'const sdk = new Sdk();',
      '```',
      'Then call it from the page.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [11]);
  });
});

describe('round 7: missing-file and missing-risks-section', () => {
  it('paths in the "Old path" column of a mapping table are the names being replaced; the new side and other tables are still checked', () => {
    const text = [
      '# Docs plan',
      '',
      '| Old path (in tutorial) | New path |',
      '|---|---|',
      '| `src/components/Owners.tsx` | `src/safe/Owners.tsx` |',
      '',
      '| File | Change |',
      '|---|---|',
      '| `src/lib/gone.ts` | edit |',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['src/safe/Owners.tsx']), 'missing-file'), [9]);
  });

  it('a table with a "Risk" column carries the risks; a table without one does not', () => {
    const plan = (column: string): string =>
      [
        '# Bundle plan',
        '',
        '## Steps',
        '1. Lazy-load the admin views. Verify: the bundle is under 300 KB.',
        '2. Cache the API calls. Verify: one request per page.',
        '3. Memoize the lists. Verify: the profiler shows fewer renders.',
        '',
        '## Implementation order',
        `| Order | Change | ${column} |`,
        '|---|---|---|',
        '| 1 | Lazy views | Test every lazy view still loads |',
        '| 2 | Cache | Stale data after a write: invalidate on mutation |',
      ].join('\n');
    assert.deepEqual(lines(run(plan('Risk')), 'missing-risks-section'), []);
    assert.deepEqual(lines(run(plan('Notes')), 'missing-risks-section'), [1]);
  });
});
