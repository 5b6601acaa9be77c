/**
 * Issue #17, twenty-fifth round: structural changes drawn from every label of
 * the fresh batches 12-23 (each labelled before the round that followed it),
 * and conventions found on fresh batch 23 (the second end check of round 24,
 * tuned on here). Each case is a small made-up plan, not a corpus excerpt, and
 * each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { saysHowDone } from '../../src/core/rules/no-success-criterion';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const phases = ['# Plan', '', '## Phase 1: Schema', 'Add the tables.', '', '## Phase 2: API', 'Serve the rows.', ''];

describe('round 25: no-success-criterion only where the plan does not say how it is checked', () => {
  it('a heading about checks outside the steps, in any of the read languages, speaks for every step; a heading about something else does not', () => {
    for (const heading of ['## Testing notes', '## QA', '## Smoke test', '## Acceptance', '## Pruebas', '## Verificação', '## Abnahme', '## 验证', '## テスト', '## 검증']) {
      assert.deepEqual(findingLines(runRules([...phases, heading, '- run it'].join('\n')), 'no-success-criterion'), [], heading);
    }
    for (const heading of ['## Notes', '## Rollout', '## Latest results']) {
      assert.deepEqual(findingLines(runRules([...phases, heading, '- run it'].join('\n')), 'no-success-criterion'), [3, 6], heading);
    }
  });

  it("an empty check heading says nothing; a check inside a step is that step's own", () => {
    assert.deepEqual(findingLines(runRules([...phases, '## Testing', ''].join('\n')), 'no-success-criterion'), [3, 6]);
    const inside = ['# Plan', '', '## Phase 1: Schema', 'Add the tables.', '### Testing', '- the tables exist', '', '## Phase 2: API', 'Serve the rows.'].join('\n');
    assert.deepEqual(findingLines(runRules(inside), 'no-success-criterion'), [8]);
  });

  it('a top-level check step speaks for the plan; a review step, a sub-task that tests and a nested check do not', () => {
    const withCheck = [...phases, '## Phase 3: Final verification', 'Run the suite.'].join('\n');
    assert.equal(saysHowDone(parsePlan(withCheck)), true);
    assert.deepEqual(findingLines(runRules(withCheck), 'no-success-criterion'), []);
    const review = [...phases, '## Phase 3: Review the help texts', 'Grep for stale wording.'].join('\n');
    assert.equal(saysHowDone(parsePlan(review)), false);
    const kiro =
      '# Implementation Plan\n\n- [ ] 1. Database layer\n- [ ] 1.1 Define the schema\n- [ ]* 1.2 Write property test for the schema\n\n- [ ] 2. API layer\n  - add routes\n';
    assert.equal(saysHowDone(parsePlan(kiro)), false);
    assert.deepEqual(findingLines(runRules(kiro), 'no-success-criterion'), [7]);
  });

  it('stages under a section that describes the system are not steps of the work; the same phases under "## Implementation" are', () => {
    const stages = (section: string): string =>
      ['# Roadmap', '', section, '', '### Phase 1: Initial XML generation', 'pdf_to_xml.py reads the pages.', '', '### Phase 2: Upload', 'upload.py posts the entities.', ''].join(
        '\n',
      );
    for (const section of ['## Complete Pipeline Architecture', '## Data flow', '## How it works']) {
      assert.deepEqual(findingLines(runRules(stages(section)), 'no-success-criterion'), [], section);
    }
    assert.deepEqual(findingLines(runRules(stages('## Implementation')), 'no-success-criterion'), [5, 8]);
  });
});

describe('round 25: missing-file and a bare name', () => {
  const files = ['src/app.ts', 'src/components/Card.vue'];

  it('a bare name no workspace file has claims no place and is not flagged; a path with a folder is', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- `Card.vue`, `StatusChip.vue`, `EnqueueDialog.vue`'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `src/components/StatusChip.vue`.'].join('\n'), files)), ['src/components/StatusChip.vue']);
  });

  it('a bare name after a path with a folder on its line sits beside it and is looked up', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- `src/app.ts` + `app_test.ts`: the keepalive pattern'].join('\n'), files)), ['app_test.ts']);
  });

  it('a bare name that ends a workspace path is that file, as before', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `Card.vue`.'].join('\n'), files)), []);
  });
});

describe('round 25: unknown-signal under a label line', () => {
  it('"**Open Questions:**" heads a list where undecided points belong; a "maybe" outside that list is still flagged', () => {
    const text = [
      '# Roadmap',
      '',
      '## Feature: Export',
      '',
      '**Open Questions:**',
      '- Maybe CSV first?',
      '- Which formats are TBD',
      '  (the vendor decides)',
      '',
      'Export runs nightly, maybe hourly.',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(text), 'unknown-signal'), [10]);
    assert.deepEqual(findingLines(runRules(text.replace('**Open Questions:**', '**Notes:**')), 'unknown-signal'), [6, 7, 10]);
  });
});
