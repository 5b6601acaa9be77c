/**
 * Steps written as paragraphs that open with a bold step keyword ("**Step 1 — cache layer.** Wrap …"), a shape Claude
 * Code plans often take: they are the plan's steps when it has no heading or list steps. Made-up plans in that style.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { IncrementalPlanParser } from '../../src/server/incremental-plan';
import { findingLines, runRules } from '../support/static-rules-harness';

const PLAN = [
  '# Cache feature-flag evaluations',
  '',
  '## Goal',
  'Flag checks must not touch the database on the request path.',
  '',
  '## Implementation',
  '',
  '**Step 1 — cache layer.** Wrap `isEnabled()` in `src/flags/index.ts` with a',
  'map keyed by flag and user.',
  '',
  '- hits are free',
  '- misses read the rules',
  '',
  '**Step 2 — refresh.** Every pod reloads the rules every 30 s.',
  'Verify: a flag changed in the admin UI applies within 30 s.',
  '',
  '**Step 3 — metrics.** Count hits and misses per pod.',
  '',
  '## Risks',
  '**Phase 1:** stale flags for 30 s. **Phase 2:** none.',
].join('\n');

const steps = (text: string) => parsePlan(text).steps.map((s) => [s.id, s.source, s.line + 1, s.range.endLine + 1, s.title, s.successCriteria?.text ?? null]);

describe('steps: bold-lead paragraphs', () => {
  it('"**Step 1 — cache layer.** …" paragraphs under one heading are the steps, each running to the next (its lists are details)', () => {
    assert.deepEqual(steps(PLAN), [
      ['1', 'paragraph', 8, 12, 'cache layer', null],
      ['2', 'paragraph', 14, 15, 'refresh', 'a flag changed in the admin UI applies within 30 s.'],
      ['3', 'paragraph', 17, 17, 'metrics', null],
    ]);
  });

  it('takes "**Phase 2:** …" and an id with the title after the bold lead', () => {
    const text = ['# Plan', '', '## Build sequence', '**Phase 1** (registry): add the module.', '', '**Phase 2:** wire the gate.'].join('\n');
    assert.deepEqual(steps(text), [
      ['1', 'paragraph', 4, 4, '(registry): add the module.', null],
      ['2', 'paragraph', 6, 6, 'wire the gate.', null],
    ]);
  });

  it('is no step: one bold paragraph alone, bold leads in a list item, a quote or a risks section, or in a plan with heading steps', () => {
    const none = [
      ['# Plan', '', '## Approach', '**Step 1 — cache.** Wrap the call.', '', 'Then measure.'],
      ['# Plan', '', '## Approach', '> **Step 1 — cache.** Wrap the call.', '>', '> **Step 2 — refresh.** Reload.'],
      ['# Plan', '', '## Risks', '**Phase 1:** stale flags.', '', '**Phase 2:** none.'],
    ];
    for (const lines of none) assert.deepEqual(steps(lines.join('\n')), [], lines.join(' / '));
    // In a list item the bold lead is the item's title: the item is the step (rule 4), its paragraphs are its text.
    const inList = ['# Plan', '', '## Approach', '- **Step 1 — cache.** Wrap the call.', '', '  **Step 2 — refresh.** Reload.'].join('\n');
    assert.deepEqual(
      steps(inList).map((s) => s[1]),
      ['list'],
    );
    const withHeadings = ['# Plan', '', '## Step 1: Cache', 'Wrap the call.', '', '**Step 2 — refresh.** Reload.', '', '**Step 3 — metrics.** Count.'].join('\n');
    assert.deepEqual(
      steps(withHeadings).map((s) => s[1]),
      ['heading'],
    );
  });

  it('the incremental parser finds the same steps as a whole parse, with chunks of any size', () => {
    const withHeadingLater = `${PLAN}\n\n## Step 9: Roll out\nShip it.\n`;
    for (const text of [PLAN, withHeadingLater])
      for (const chunkLines of [2, 3, 5, 60]) assert.deepEqual(new IncrementalPlanParser({ minLines: 0, chunkLines }).parse(text), parsePlan(text), `chunks of ${chunkLines}`);
  });

  it('no-success-criterion reads them as steps; an "## Eval contract" section says how the plan is checked', () => {
    const phases = ['# Router', '', '## Build sequence', '', '**Phase 1 — registry.** Add the model registry.', '', '**Phase 2 — gate.** Route each turn.'];
    const lines = (text: string[]): number[] => findingLines(runRules(text.join('\n'), [], { scope: 'precise' }), 'no-success-criterion');
    assert.deepEqual(lines(phases), [5, 7]);
    assert.deepEqual(lines([...phases, '', '## Eval contract', 'A labelled gate eval: the chosen mode matches the label on 95 % of turns.']), []);
  });
});
