/**
 * Issue #17, forty-fifth round: false findings the labellers of fresh batches 61-80 named that the rules of round 44
 * still made (decided before any label of batches 81-84 was read). Each case is a small made-up plan in the pattern's
 * style, not a corpus excerpt, and pairs what is no longer flagged with what still is. The complexity gate of
 * missing-risks-section is tested in rules.test.ts.
 */
import assert from 'node:assert/strict';
import { titleMarkedDone } from '../../src/core/rules/plan-status';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 45', () => {
  it('precise: a TBD in a plan that keeps a list of open questions points at that list; without the list, or with an empty one, it is reported', () => {
    const plan = (questions: string) =>
      ['# Plan: briefing agent', '', '## Phase 3: Retrieval', '', '- **Chunking strategy**: TBD (sentence-based? paragraph-based?)', '', questions].join('\n');
    const listed = plan('## Open Questions\n\n- What chunking suits newsletters best?\n');
    assert.deepEqual(findingLines(runRules(listed, [], { scope: 'precise' }), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('## Notes\n\nNone.\n'), [], { scope: 'precise' }), 'unknown-signal'), [5]);
    assert.deepEqual(findingLines(runRules(plan('## Open Questions\n'), [], { scope: 'precise' }), 'unknown-signal'), [5]);
    // Scope thorough still reports every marker outside the list.
    assert.deepEqual(findingLines(runRules(listed), 'unknown-signal'), [5]);
  });

  it('precise: a ticked task that says it was skipped claims nothing about the file it names', () => {
    const plan = (note: string) => ['# Tasks', '', '## Phase 6: Polish', '', `- [x] T063 [P] Add migration notes to docs/migration.md${note}`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan(' (SKIPPED: no docs/ directory)'), ['src/a.ts'], { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(' (not needed)'), ['src/a.ts'], { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(''), ['src/a.ts'], { scope: 'precise' })), ['docs/migration.md']);
  });

  it('the old side of a move and a file the acceptance item says is removed are not missing', () => {
    const files = ['plugins/kit/.claude-plugin/plugin.json'];
    const plan = (line: string) => ['# Plan: plugin layout', '', '## Steps', '', `1. ${line}`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('**MOVE:** `plugins/kit/plugin.json` → `plugins/kit/.claude-plugin/plugin.json`'), files)), []);
    assert.deepEqual(missingPaths(runRules(plan('Rename `plugins/kit/plugin.json` -> `plugins/kit/.claude-plugin/plugin.json`'), files)), []);
    assert.deepEqual(missingPaths(runRules(plan('Old `plugins/kit/plugin.json` is removed (not duplicated)'), files)), []);
    // A path to read is still looked up.
    assert.deepEqual(missingPaths(runRules(plan('Read `plugins/kit/plugin.json` first, then move on'), files)), ['plugins/kit/plugin.json']);
  });

  it('a stand-in name in capitals ("supabase/migrations/NEW.sql") is a file still to be named', () => {
    const plan = (path: string) =>
      ['# Plan: order totals', '', '## Files to Modify', '', '| File | Change |', '| --- | --- |', `| \`${path}\` | Update the trigger |`, ''].join('\n');
    const files = ['supabase/migrations/20240101_init.sql'];
    assert.deepEqual(missingPaths(runRules(plan('supabase/migrations/NEW.sql'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('supabase/migrations/20240102_totals.sql'), files, { scope: 'precise' })), ['supabase/migrations/20240102_totals.sql']);
  });

  it('a ticked box at the end of a heading marks it done ("## Phase 1: Core Types `[x]`"); a box inside the title does not', () => {
    assert.equal(titleMarkedDone('Phase 1: Core Types `[x]`'), true);
    assert.equal(titleMarkedDone('Phase 2: Adapters [x]'), true);
    assert.equal(titleMarkedDone('Phase 3: Storage `[ ]`'), false);
    assert.equal(titleMarkedDone('Phase 4: Render [x] marks in lists'), false);
    const plan = (mark: string) =>
      [
        '# DevNews - Implementation Plan',
        '',
        `## Phase 1: Core Types ${mark}`,
        '',
        '- Create the item type',
        '',
        `## Phase 2: Adapters ${mark}`,
        '',
        '- RSS adapter',
        '',
        '## Phase 3: Dashboard ' + mark,
        '',
        '- Item card',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('`[x]`'), [], { scope: 'thorough' }), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(plan('`[ ]`'), [], { scope: 'thorough' }), 'missing-risks-section'), [1]);
  });
});
