/**
 * Issue #17, twenty-seventh round: conventions found on fresh batches 27 and
 * 28 (the end check of round 26, tuned on here). Each case is a small made-up
 * plan in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 27', () => {
  const files = ['src/popup/main.jsx', 'src/options/main.jsx', 'index.html'];

  it('"`src/popup/main.jsx` → `.tsx`" renames the file, so "popup/main.tsx" later names the new file; another .tsx is still looked up', () => {
    const text = ['# Migration', '', '## Order', '1. `src/popup/main.jsx` → `.tsx`', '', '## Work', '1. Point index.html at the entries (popup/main.tsx, settings/main.tsx)'].join(
      '\n',
    );
    assert.deepEqual(missingPaths(runRules(text, files)), ['settings/main.tsx']);
  });

  it('"`.test.js/.test.jsx`" lists kinds of file by their compound extensions; "`src/a.test.js/b.js`" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Move the tests (.test.js/.test.jsx) to `.test.ts/.test.tsx` first.'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Read `src/a.test.js/b.js`.'].join('\n'), files)), ['src/a.test.js/b.js']);
  });

  it('"empty when unknown", "null if unknown" state what the program does; "the owner is unknown" is an undecided point', () => {
    const run = (line: string): number[] => findingLines(runRules(['# Plan', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(run('Subclass affinity: left empty when unknown (never invented).'), []);
    assert.deepEqual(run('Return null if unknown.'), []);
    assert.deepEqual(run('The cache owner is unknown.'), [3]);
  });

  it('a heading that is a label and its value ("### Blocked by: QA approval of the scenarios") is complete; "### Step 4: Deploy" with nothing under it is empty', () => {
    const plan = (heading: string): string => ['# Plan', '', '## Stage 4', '', heading, '', '## Stage 5', 'Ship it.'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('### Blocked by: QA approval of the scenarios')), 'empty-section'), []);
    assert.deepEqual(findingLines(runRules(plan('### Owner: the data team')), 'empty-section'), []);
    assert.deepEqual(findingLines(runRules(plan('### Step 4: Deploy the service')), 'empty-section'), [3, 5]);
    assert.deepEqual(findingLines(runRules(plan('### Notes')), 'empty-section'), [3, 5]);
  });
});
