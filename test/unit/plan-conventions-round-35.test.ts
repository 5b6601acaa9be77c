/**
 * Issue #17, thirty-fifth round: conventions found on fresh batches 45-48 (the end check of round 34, tuned on here).
 * Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 35', () => {
  it('a bold paragraph that opens with a task id and its title ("**Task 7: Base Export Data Models**") defines that task for a dependency; an id no line opens with is dangling', () => {
    const plan = (dep: string) =>
      findingLines(
        runRules(
          [
            '# Export feature',
            '',
            '## Phase 2',
            '',
            '**Task 7: Base Export Data Models**',
            '- **Acceptance**: models validate input',
            '',
            '**Task 8: Export Request Validation**',
            `- **Dependencies**: ${dep}`,
            '- **Acceptance**: requests validated',
          ].join('\n'),
        ),
        'dangling-dependency',
      );
    assert.deepEqual(plan('Task 7'), []);
    assert.deepEqual(plan('Task 17'), [9]);
  });

  it('"— TODO" ending a heading is its status, as "— DONE" on its siblings; "TODO" opening a heading still marks an undecided point', () => {
    const heading = (title: string) =>
      findingLines(runRules(['# Progress', '', '## Phase 6: Deploy — DONE', '', `## ${title}`, '', '- migrate the tests'].join('\n')), 'unknown-signal');
    assert.deepEqual(heading('Phase 7: Migrate Tests to TypeScript — TODO'), []);
    assert.deepEqual(heading('TODO: decide the test runner'), [5]);
  });

  it('a test file named as a task\'s file ("- **Test File**: `tests/unit/test_export.py`", "- **File**: `tests/integration/test_flow.py`") is the test the task writes; a source file there is looked up', () => {
    const entry = (line: string) => missingPaths(runRules(['# Export plan', '', '**Task 9: Export CLI**', line].join('\n'), ['apps/server/src/main.py']));
    assert.deepEqual(entry('- **Test File**: `apps/server/tests/unit/test_export_cli.py`'), []);
    assert.deepEqual(entry('- **File**: `apps/server/tests/integration/test_export_workflow.py`'), []);
    assert.deepEqual(entry('- **File**: `apps/server/src/export_cli.py`'), ['apps/server/src/export_cli.py']);
  });

  it('a plan is read with the design in designs/ beside its plans/ folder, and with the documents a header label names whatever their file names', () => {
    const files = ['docs/designs/deep-mining-design.md', 'docs/auth-revamp-plan.md', 'src/a.ts'];
    const body = [
      '',
      ...[1, 2, 3].flatMap((n) => [
        `### Task ${n}: Part ${n}`,
        '',
        'Change `src/a.ts`, the database schema, the scraper and the scoring; keep the old table.',
        '',
        '- [ ] **Step 2: Run `npm test` and confirm it passes**',
        '',
      ]),
    ];
    const risks = (header: string[], planPath: string) =>
      findingLines(
        runRules(['# Deep mining plan', '', ...header, ...body].join('\n'), files, {
          planPath,
          companions: {
            'docs/designs/deep-mining-design.md': '## 13. Risks & Mitigations\n\n- rate limits',
            'docs/auth-revamp-plan.md': '## 11. Risks & mitigations\n\n- provider callbacks',
          },
        }),
        'missing-risks-section',
      );
    assert.deepEqual(risks([], 'docs/plans/deep-mining-plan.md'), []);
    assert.deepEqual(risks([], 'docs/plans/other-plan.md'), [1]);
    assert.deepEqual(risks(['**Companion docs:** `docs/auth-revamp-plan.md`'], 'docs/plans/other-plan.md'), []);
    assert.deepEqual(risks(['See `docs/auth-revamp-plan.md` for the wave plan.'], 'docs/plans/other-plan.md'), [1]);
  });
});
