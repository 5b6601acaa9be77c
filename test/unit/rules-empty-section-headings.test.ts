/**
 * empty-section on headings that need nothing under them: a title over a second H1, a subtitle, a heading that is
 * itself an item or a label with its value. Each case is a small made-up plan written in the convention's style (not
 * an excerpt of a real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

describe('empty-section: headings that are complete', () => {
  it('the title H1 over a second H1 is no empty section; an empty "## Notes" still is', () => {
    const text = ['# Implementation Plan', '# Tasks: schema engine', '', '## Notes', '', '## Work', '- [ ] 1. Build it'].join('\n');
    assert.deepEqual(lines(run(text), 'empty-section'), [4]);
  });

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

  it('a heading that is a label and its value ("### Blocked by: QA approval of the scenarios") is complete; "### Step 4: Deploy" with nothing under it is empty', () => {
    const plan = (heading: string): string => ['# Plan', '', '## Stage 4', '', heading, '', '## Stage 5', 'Ship it.'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('### Blocked by: QA approval of the scenarios')), 'empty-section'), []);
    assert.deepEqual(findingLines(runRules(plan('### Owner: the data team')), 'empty-section'), []);
    assert.deepEqual(findingLines(runRules(plan('### Step 4: Deploy the service')), 'empty-section'), [3, 5]);
    assert.deepEqual(findingLines(runRules(plan('### Notes')), 'empty-section'), [3, 5]);
  });

  it('"### Story Points: 2" is a label and its value, not an empty section; "### Story Points" alone is', () => {
    const plan = (heading: string): string => ['# Plan', '', '## Story 1: Search', 'Index the notes.', '', heading, '', '## Story 2: Export', 'Write the CSV.'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('### Story Points: 2')), 'empty-section'), []);
    assert.deepEqual(findingLines(runRules(plan('### Story Points')), 'empty-section'), [6]);
  });

  it('an empty heading right under the title that a new top-level heading follows is a subtitle; one later in the plan is empty', () => {
    const text = ['# The Undertow', '', '## Python-First Architecture', '', '---', '', '# Executive Summary', 'We build it.', '', '## Notes', '', '# Plan', 'Ship.'].join('\n');
    assert.deepEqual(findingLines(runRules(text), 'empty-section'), [10]);
  });
});
