/**
 * Issue #17, fiftieth round: what fresh batches 97-102 (the end check of round 49, tuned on here; no later batch
 * checked it) showed. Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and pairs what is
 * no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 50', () => {
  it('a clock time ("#### 09:15 - 09:30") is a schedule slot, not step 9; "## 2. Build" is step 2', () => {
    const plan = ['# Workshop plan', '', '### Day 1', '', '#### 09:00 - 09:15', '', 'Stand-up', '', '#### 09:15 - 09:30', '', 'Review', '', '## 2. Build', '', 'Build it', ''].join(
      '\n',
    );
    assert.deepEqual(
      parsePlan(plan).steps.map((s) => s.id),
      ['2'],
    );
    assert.deepEqual(findingLines(runRules(plan), 'duplicate-step-id'), []);
  });

  it('the origin column of a port or move table ("| v1 source | v2 destination |") is not looked up; the first column of another table is', () => {
    const plan = (header: string) =>
      ['# Port plan', '', '## Port list', '', header, '|---|---|---|', '| `internal/watcher/watch.go` | `internal/files/watch.go` | adapt |', ''].join('\n');
    const files = ['internal/store/db.go'];
    assert.deepEqual(missingPaths(runRules(plan('| v1 source | v2 destination | Notes |'), files)), []);
    assert.deepEqual(missingPaths(runRules(plan('| Old path | New path | Notes |'), files)), []);
    assert.deepEqual(missingPaths(runRules(plan('| Component | Target | Notes |'), files)), ['internal/watcher/watch.go']);
  });

  it('"ported from v1 `internal/watcher`" names the origin of a port, not a file of this workspace', () => {
    const plan = (line: string) => ['# Plan', '', '## Steps', '', `1. The watcher uses fsnotify (${line}): recursive add and debounce.`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('ported from v1 `internal/watcher/watch.go`'), ['internal/store/db.go'])), []);
    assert.deepEqual(missingPaths(runRules(plan('see `internal/watcher/watch.go`'), ['internal/store/db.go'])), ['internal/watcher/watch.go']);
  });
});
