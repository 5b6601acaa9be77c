/**
 * Issue #17, tenth round: conventions found on fresh batch 9 (held out
 * through round 9, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = []): StaticFinding[] => runRules(text, files);
const lines = findingLines;

describe('round 10: no-success-criterion', () => {
  const phases = ['## Phase 1: Schema', 'Add the tables.', '', '## Phase 2: API', 'Serve the rows.'];

  it('a top-level "## Success Metrics" section speaks for the steps; without it they are flagged', () => {
    assert.deepEqual(lines(run(['# Plan', '', ...phases, '', '## Success Metrics', '- p95 under 200 ms'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(lines(run(['# Plan', '', ...phases].join('\n')), 'no-success-criterion'), [3, 6]);
  });

  it("a success section inside a step is that step's own, not the plan's", () => {
    const text = ['# Plan', '', '## Phase 1: Schema', 'Add the tables.', '### Success criteria', '- Tables exist', '', '## Phase 2: API', 'Serve the rows.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [8]);
  });

  it('a heading marked done ("✅", "(done)") and a milestone whose checklist is all ticked are done; one open box keeps it open', () => {
    const text = [
      '# Plan',
      '',
      '## Phase 1: Scaffold ✅',
      'Set up the crate.',
      '',
      '## Milestone 2 - Bootstrap',
      '- [x] Create the workspace',
      '- [x] Add the app',
      '',
      '## Milestone 3 - Compatibility',
      '- [x] Parse the spec',
      '- [ ] Run the containers',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [10]);
  });

  it('"Week 3: Testing and release" is a testing step; "## Key Deliverables" numbers deliverables, not steps', () => {
    const text = [
      '# Plan',
      '',
      '## Key Deliverables',
      '### 1. A smaller core package',
      'Core installs without the GUI.',
      '',
      '## Timeline',
      '### Week 1: Split the package',
      'Move the GUI out.',
      '### Week 3: Testing and release',
      'Test every install combination.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['1', '3'],
    );
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
  });
});

describe('round 10: signals and paths', () => {
  it('"**Status**: TODO" is a status field; "Retry limit: TODO" is undecided', () => {
    const text = ['# Plan', '', '**Status**: TODO', '', 'Retry limit: TODO'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });

  it('"plugin-api/events.rs" is shorthand for "src/lib/plugin-api/src/events.rs"; "src/client.go" for "src/vmware/client.go" is a wrong path', () => {
    const files = ['src/lib/plugin-api/src/events.rs', 'src/vmware/client.go'];
    const text = ['# Plan', '', 'Move `plugin-api/events.rs` and wrap `src/client.go`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, files)), ['src/client.go']);
  });

  it('"internal/..." is a Go package pattern, not a file', () => {
    const text = ['# Plan', '', 'Run `go test ./internal/...` and read `internal/broker/log.go`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, ['internal/broker/broker.go'])), ['internal/broker/log.go']);
  });
});
