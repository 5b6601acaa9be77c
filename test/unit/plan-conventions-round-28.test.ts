/**
 * Issue #17, twenty-eighth round: conventions found on fresh batches 29 and
 * 30 (the end check of round 27, tuned on here), and the stages of a user
 * flow read as steps (a false finding since batch 10). Each case is a small
 * made-up plan in the pattern's style, not a corpus excerpt, and each pairs
 * what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 28', () => {
  it('"### Story Points: 2" is a label and its value, not an empty section; "### Story Points" alone is', () => {
    const plan = (heading: string): string => ['# Plan', '', '## Story 1: Search', 'Index the notes.', '', heading, '', '## Story 2: Export', 'Write the CSV.'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('### Story Points: 2')), 'empty-section'), []);
    assert.deepEqual(findingLines(runRules(plan('### Story Points')), 'empty-section'), [6]);
  });

  it('a "- Test: `…`" / "- Tests: `…`" entry names the tests a task writes; "- Read: `…`" names a file to find', () => {
    const files = ['app/services/quotes.py', 'tests/test_quotes.py'];
    assert.deepEqual(
      missingPaths(
        runRules(
          ['# Plan', '', '**PR-B**:', '- Modify `app/services/quotes.py` — the quote cache', '- Tests: `tests/test_risk.py` (pure), `tests/test_api_risk.py`'].join('\n'),
          files,
        ),
      ),
      [],
    );
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Read: `tests/test_risk.py`'].join('\n'), files)), ['tests/test_risk.py']);
  });

  it('"path — New Integration Tests" and a "| `path` | New tests |" row name files the work writes; "| `path` | Enhance polling |" does not', () => {
    const files = ['app/api.py'];
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Step 7 — `tests/test_pipeline.py` — New Integration Tests'].join('\n'), files)), []);
    const table = (cell: string): string => ['# Plan', '', '| File | Change |', '|---|---|', `| \`app/routers/health.py\` | ${cell} |`].join('\n');
    assert.deepEqual(missingPaths(runRules(table('New tests'), files)), []);
    assert.deepEqual(missingPaths(runRules(table('Enhance polling'), files)), ['app/routers/health.py']);
  });

  it('a "Status Legend" defines the plan\'s marks ("**TODO**: task not started"); a TODO elsewhere is still a marker', () => {
    const text = [
      '# Tasks',
      '',
      '## Task Status Legend',
      '- **DONE**: completed',
      '- **TODO**: not started',
      '',
      '## Tasks',
      '- [ ] 1. Wire the API (TODO: pick the retry policy)',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(text), 'unknown-signal'), [8]);
  });

  it('steps that follow "## Complete User Flow" as its siblings are its stages; after "## Implementation sequence" they are work steps', () => {
    const plan = (intro: string): string =>
      [
        '# Dark pool',
        '',
        intro,
        'The trader deposits, the engine matches, the contract settles.',
        '',
        '## Step 1: Deposit',
        'The user approves and deposits.',
        '',
        '## Step 2: Settlement',
        'The contract pays out.',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('## Complete User Flow')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('## Implementation sequence')), 'no-success-criterion'), [6, 9]);
  });
});
