/**
 * Issue #17, fifty-second round: what fresh batches 109-115 (the end check of round 51, tuned on here) showed. Each
 * case is a small made-up plan in the pattern's style, not a corpus excerpt, and pairs what is no longer flagged with
 * what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const precise = { scope: 'precise' as const };

describe('round 52', () => {
  it('a fence inside a GSD task tag is code even with no blank line after the tag: its "??" is an operator', () => {
    const plan = (between: string) =>
      [
        '# Phase 6 Plan 2',
        '',
        '<tasks>',
        '<task type="auto">',
        '  <name>Task 1: Emit the join stub</name>',
        '  <action>',
        '1. In `src/lib/sparql.ts`, emit a stub:',
        '   ```sparql',
        "   # parent: ${m.parentId ?? '?'}  child: ${m.childRef ?? '?'}",
        '   ```',
        between,
        '  </action>',
        '</task>',
        '</tasks>',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('2. Keep the rest.'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('2. Owner of the join: ??'), [], precise), 'unknown-signal'), [11]);
  });

  it('"## Open Design Questions" is an open-questions list; "## Design" is not', () => {
    const plan = (heading: string) => ['# Plan', '', '## Steps', '', '1. Token name: TBD', '', heading, '', '1. Token name — TBD', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('## Open Design Questions'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('## Design'), [], precise), 'unknown-signal'), [5, 9]);
  });

  it('"無 TBD" (no TBD) names the marker as absent, as "No TBD" does; "快取大小 TBD" is a marker', () => {
    const plan = (line: string) => ['# 計畫', '', `**Placeholder scan:** ${line}`, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('無 TBD;每個步驟都有完整程式碼。✓'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('没有 TBD。'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('快取大小 TBD。'), [], precise), 'unknown-signal'), [3]);
  });

  it('"so it depends on `sync-skills`" in a sentence names a make target; "Depends on: T012" is a dependency', () => {
    const plan = (line: string) => ['# Plan', '', '### Task 1: Add the sync target', '', 'Add it.', '', '### Task 2: Wire it', '', line, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('In `Makefile`, change the `compile:` line so it depends on `sync-skills`.')), 'dangling-dependency'), []);
    assert.deepEqual(findingLines(runRules(plan('Depends on: T012')), 'dangling-dependency'), [9]);
    assert.deepEqual(findingLines(runRules(plan('- **Blocked by** T9')), 'dangling-dependency'), [9]);
  });

  it('"## Phase 2 complete" in a plan of "## Task 2" headings is another name; a second "## Task 2" is a duplicate', () => {
    const plan = (last: string) => ['# Plan', '', '## Task 1: Parse', '', 'Do it.', '', '## Task 2: Render', '', 'Do it.', '', last, '', '- [ ] all green', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('## Phase 2 complete — acceptance checklist')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('## Task 2: Ship')), 'duplicate-step-id'), [11]);
  });

  it('precise: a plan marked finished claims no path by that alone; a ticked task still does', () => {
    const files = ['src/app.ts'];
    const plan = (line: string) => ['# Sync plan', '', '**Status:** Complete', '', '## Phase 3', '', line, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('- Documentar em `docs/arquitetura/sync-poc.md`'), files, precise)), []);
    assert.deepEqual(missingPaths(runRules(plan('- [x] Documentar em `docs/arquitetura/sync-poc.md`'), files, precise)), ['docs/arquitetura/sync-poc.md']);
  });
});
