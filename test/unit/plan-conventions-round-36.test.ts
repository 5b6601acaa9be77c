/**
 * Issue #17, thirty-sixth round: conventions found on fresh batches 49-52 (the end check of round 35, tuned on here).
 * Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 36', () => {
  it('"(new)" after a path in bold, and "2 new files: `a`, `b`", mark files the plan writes; a path in bold without it is looked up', () => {
    const paths = (line: string) => missingPaths(runRules(['# Plan', '', '## Phase 2 — Debug mode', '', line].join('\n'), ['check.rb']));
    assert.deepEqual(paths('**`services/notifier.rb`** (new) — factory module'), []);
    assert.deepEqual(paths('- 2 new files: `services/notifier.rb`, `services/debug_notifier.rb`'), []);
    assert.deepEqual(paths('**`services/notifier.rb`** — factory module'), ['services/notifier.rb']);
  });

  it('a folder an environment variable names at run time ("GNUPGHOME/", "OUTPUT_DIR/") is not a repository path; an ordinary upper-case folder is', () => {
    const paths = (ref: string) => missingPaths(runRules(['# Plan', '', `Stored in \`${ref}\`, travels with the keys.`].join('\n'), ['cmd/main.go']));
    assert.deepEqual(paths('GNUPGHOME/gpgsmith-inventory.yaml'), []);
    assert.deepEqual(paths('REDRAW_E2E_CASE_OUTPUT_DIR/run-manifest.json'), []);
    assert.deepEqual(paths('Docs/inventory.yaml'), ['Docs/inventory.yaml']);
  });

  it('a task label in bold that is its id and a path ("**T059: .specify/memory/constitution.md**") names what the task writes; the path in a sentence is looked up', () => {
    const paths = (line: string) => missingPaths(runRules(['# Tasks', '', line, '', 'Record the project principles.'].join('\n'), ['src/main.ts']));
    assert.deepEqual(paths('**T059: `.specify/memory/constitution.md`**'), []);
    assert.deepEqual(paths('Read the principles in `.specify/memory/constitution.md`.'), ['.specify/memory/constitution.md']);
  });

  it('a workspace that holds no code yet (only the plan and documents) makes every path the plan names one it will write, unless it changes the file; a workspace with code is checked', () => {
    const plan = ['# Vocal range analyzer', '', '### Phase 2: `src/analysis.py` — core math module', '', 'Write the analysis functions.'].join('\n');
    assert.deepEqual(missingPaths(runRules(plan, ['PLAN.md', 'docs/plans/design.md'], { askSourceFiles: true })), []);
    assert.deepEqual(missingPaths(runRules(plan, ['PLAN.md', 'pyproject.toml'], { askSourceFiles: true })), ['src/analysis.py']);
    const change = ['# Sessions', '', '1. Replace the in-memory map in `src/server.ts` with the Redis store.'].join('\n');
    assert.deepEqual(missingPaths(runRules(change, ['PLAN.md'], { askSourceFiles: true })), ['src/server.ts'], 'a file the plan changes should be there');
  });

  it('"**File:** `x.sql`" over a fenced block gives the file\'s text: the step writes it; a file label over prose is looked up', () => {
    const paths = (after: string[]) =>
      missingPaths(
        runRules(['# Plan', '', '### 14. Database migration', '', '**File:** `migrations/add_fullness_rating.sql`', '', ...after].join('\n'), ['migrations/001_init.sql']),
      );
    assert.deepEqual(paths(['```sql', 'ALTER TABLE units ADD COLUMN fullness INTEGER;', '```']), []);
    assert.deepEqual(paths(['Add the fullness column there.']), ['migrations/add_fullness_rating.sql']);
  });

  it('a quoted comment the plan has the code carry ("TODO: Integrate AI analysis"), and "unknowns from Phase 0 resolved", mark no undecided point; "TODO: pick" in prose still does', () => {
    const lines = (line: string) => findingLines(runRules(['# Plan', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('- [ ] Note in comments: "TODO: Integrate AI analysis"'), []);
    assert.deepEqual(lines('- ✅ All technical unknowns from Phase 0 resolved and incorporated into design'), []);
    assert.deepEqual(lines('- [ ] TODO: pick the analysis model'), [3]);
  });

  it('a superpowers step "Run — expect 5 passed", a smoke-test step, a new spec file and a prerequisites phase count as checks; a step that only builds does not', () => {
    const task = (sub: string, title = 'Config IO') =>
      findingLines(
        runRules(['# Plan', '', `## Task 2: ${title}`, '', '- [ ] **Step 1: Write the loader**', '', 'Write `load_config`.', '', sub].join('\n')),
        'no-success-criterion',
      );
    assert.deepEqual(task('- [ ] **Step 4: Run — expect 5 passed**'), []);
    assert.deepEqual(task('- [ ] **Step 2: Create file and smoke-test**'), []);
    assert.deepEqual(task('**`spec/services/config_io_spec.rb`** (new) — verify the output format'), []);
    assert.deepEqual(task('- Install Ollama and pull the model', 'Prerequisites (manual)'), []);
    assert.deepEqual(task('- [ ] **Step 2: Commit**'), [3]);
  });
});
