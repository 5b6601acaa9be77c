/**
 * Issue #17, twelfth round: structural changes checked against every label of
 * batches 1-11 (fresh batch 11 tuned on here, batch 12 held out). Each case is
 * a small made-up plan, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = []): StaticFinding[] => runRules(text, files);
const lines = findingLines;

describe('round 12: no-success-criterion on number-only ids', () => {
  it('numbered headings or items none of which states a criterion are not held to the rule; keyword ids are', () => {
    const numbered = ['# Plan', '', '## Proposed changes', '', '### 1. Folder loading', 'Load every file.', '', '### 2. Playback', 'Gapless.'].join('\n');
    assert.deepEqual(lines(run(numbered), 'no-success-criterion'), []);
    const list = ['# Plan', '', '## Steps', '', '1. Bump the version', '2. Fix the compile errors'].join('\n');
    assert.deepEqual(lines(run(list), 'no-success-criterion'), []);
    const keyword = numbered.replace('### 1.', '### Step 1:').replace('### 2.', '### Step 2:');
    assert.deepEqual(lines(run(keyword), 'no-success-criterion'), [5, 8]);
  });

  it('once a sibling states a criterion, the plan gives its steps criteria and the others are flagged', () => {
    const text = ['# Plan', '', '## Steps', '', '1. Add the table', '   - Success criteria: the migration runs twice cleanly', '2. Backfill', '3. Flip reads'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7, 8]);
  });

  it('a sub-step id ("3b") is held to the rule without a sibling criterion', () => {
    const text = ['# Plan', '', '## Client work', '', '#### 3a. Types', 'Add the types.', '', '#### 3b. Hook', 'Add the hook.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [5, 8]);
  });
});

describe('round 12: a plan marked done', () => {
  const body = ['', '## Step 1: Loader', 'Load the folder.', '', '## Step 2: Player', 'Play it.', '', '## Step 3: Chapters', 'Merge them.'];
  it('a done mark in the title or a "Status: Done" line before the first section: no criterion or risks section is asked for', () => {
    for (const head of [['# Plan: Audio queue ✅ DONE (2026-05-18)'], ['# Audio queue', '', '**Status: Done**']]) {
      const findings = run([...head, ...body].join('\n'));
      assert.deepEqual(lines(findings, 'no-success-criterion'), [], head.join(' / '));
      assert.deepEqual(lines(findings, 'missing-risks-section'), [], head.join(' / '));
    }
  });

  it('the same plan without the mark, or with "Status: Draft", is flagged', () => {
    for (const head of [['# Plan: Audio queue'], ['# Audio queue', '', '**Status: Draft**']]) {
      const findings = run([...head, ...body].join('\n'));
      assert.equal(lines(findings, 'no-success-criterion').length, 3, head.join(' / '));
    }
  });

  it('a "Status: Done" line deep in the plan is a step\'s, not the plan\'s', () => {
    const text = ['# Audio queue', '', ...body, '', '## Notes', '', 'Status: done'].join('\n');
    assert.equal(lines(run(text), 'no-success-criterion').length, 3);
  });
});

describe('round 12: missing-risks-section', () => {
  const steps = [
    '## Step 1: Select',
    'Checkbox per row. Verify: rows toggle.',
    '## Step 2: Bulk action',
    'Mark all read. Verify: list empties.',
    '## Step 3: Sync',
    'Send to the server. Verify: labels cleared upstream.',
  ];
  it('"## Edge cases" (and "Casos límite", "Randfälle") is where a plan lists its failure modes', () => {
    for (const title of ['## Edge cases', '## Casos límite', '## Randfälle']) {
      assert.deepEqual(lines(run(['# Bulk mark-read', '', ...steps, '', title, '- Partial failure: restore the selection.'].join('\n')), 'missing-risks-section'), [], title);
    }
    assert.deepEqual(lines(run(['# Bulk mark-read', '', ...steps, '', '## Notes', '- Reuse the hook.'].join('\n')), 'missing-risks-section'), [1]);
  });
});

describe('round 12: empty-section', () => {
  it('a heading that is itself a one-line item is not empty; a bare heading still is', () => {
    const text = [
      '# Plan',
      '',
      '## Frontend',
      '',
      '### 6. Actions.tsx — disable Mark read offline',
      '',
      '### 7. Dashboard.tsx — no change (reuses the hook).',
      '',
      '### 8. Styles',
      '',
      '## Notes',
      'Done.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'empty-section'), [9]);
  });
});

describe('round 12: missing-file', () => {
  it('an open spec-kit task names the file it will write; a ticked one names a file that must exist', () => {
    const text = [
      '# Tasks: Wiki links',
      '',
      '## Phase 1: Parser',
      '',
      '- [ ] T001 [P] 위키링크 파서 테스트 (test/unit/wikilink_parser_test.dart)',
      '- [x] T002 Parser in lib/core/wikilink_parser.dart',
      '- [ ] T003 Wire it into lib/core/app.dart',
    ].join('\n');
    assert.equal(parsePlan(text).format, 'spec-kit-tasks');
    assert.deepEqual(missingPaths(run(text, ['lib/core/app.dart', 'pubspec.yaml'])), ['lib/core/wikilink_parser.dart']);
  });

  it('a path the plan says lies outside the repository is not looked up; the same path without that note is', () => {
    const base = ['# Plan', '', '## Step 1: Rules', 'Update `current/CLAUDE.md` with the new rule. Verify: it lists detekt.'];
    const note = [...base, '', 'Note: `current/CLAUDE.md` is outside the wonderland repo; commit it separately.'];
    assert.deepEqual(missingPaths(run(note.join('\n'), ['CLAUDE.md'])), []);
    assert.deepEqual(missingPaths(run(base.join('\n'), ['CLAUDE.md'])), ['current/CLAUDE.md']);
  });
});

describe('round 12: step ids', () => {
  it('an "id: str" line inside a code block is a field of the code, not the step\'s id', () => {
    const text = ['# Plan', '', '## 2. Backend', '', '```python', 'class Item(BaseModel):', '    id: str', '```', '', '## 3. Frontend', 'Build it.'].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.rawId),
      ['2', '3'],
    );
    const outside = text.replace('```python\n', '').replace('```\n', '');
    assert.equal(parsePlan(outside).steps[0]?.rawId, 'str');
  });
});
