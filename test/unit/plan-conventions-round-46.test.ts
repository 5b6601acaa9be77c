/**
 * Issue #17, forty-sixth round: what fresh batches 81-84 (the end check of rounds 44 and 45, tuned on here) showed.
 * Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and pairs what is no longer flagged
 * with what still is.
 */
import assert from 'node:assert/strict';
import { missingPaths, runRules } from '../support/static-rules-harness';

describe('round 46', () => {
  it('precise: a ticked task whose note says the file was removed again claims nothing about it', () => {
    const plan = (note: string) =>
      ['# Tasks: GitHub setup', '', '## Phase 2: CI', '', `- [x] T008 Create CI workflow for push events in \`.github/workflows/ci.yml\`${note}`, ''].join('\n');
    const files = ['.github/workflows/pr.yml'];
    assert.deepEqual(missingPaths(runRules(plan(' (removed - PR workflow only)'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(' (later deleted)'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(' (see the removed section)'), files, { scope: 'precise' })), ['.github/workflows/ci.yml']);
    assert.deepEqual(missingPaths(runRules(plan(''), files, { scope: 'precise' })), ['.github/workflows/ci.yml']);
  });
});
