/**
 * Issue #17, third round: conventions of real plans found on the fresh
 * batch 3 tuning plans and on the earlier held-out false findings. Each case
 * is a small made-up plan in the pattern's style, not a corpus excerpt, and
 * each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { parsePlan } from '../../src/core/plan';
import { runStaticChecks, type StaticFinding } from '../../src/core/rules';

const ROOT = '/ws';

function run(text: string, files: readonly string[] = []): StaticFinding[] {
  const index = WorkspaceFileIndex.fromListing(ROOT, files);
  return runStaticChecks(parsePlan(text), { fileExists: (p) => index.lookup(path.posix.join(ROOT, 'plan.md'), p), pathsNamed: (n) => index.pathsNamed(n) });
}

const lines = (findings: readonly StaticFinding[], code: string): number[] => findings.filter((f) => f.code === code).map((f) => f.range.startLine + 1);

describe('round 3: success criteria worded as a deliverable, a check sub-step or a later check step', () => {
  it('"**Deliverable:** …" states the end state like "Output:"; a phase without one is still flagged', () => {
    const text = [
      '# Cache plan',
      '',
      '## Phases',
      '',
      '### Phase 1: Key schema',
      'Define the cache key.',
      '',
      '**Deliverable:** keys are stable across restarts and documented.',
      '',
      '### Phase 2: Eviction',
      'Add an LRU.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [10]);
  });

  it('a numbered sub-step that verifies ("**Step 3: Verify the importer rejects bad rows**") is the task\'s criterion', () => {
    const text = [
      '# Importer',
      '',
      '### Task 1: Reject bad rows',
      '',
      '**Step 1: Add the guard**',
      '',
      '**Step 2: Verify the importer rejects bad rows**',
      '',
      '### Task 2: Log counts',
      '',
      '**Step 1: Add the counter**',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [9]);
  });

  it('a later check step in the same list ("4 — Regression tests") is the criterion of the steps before it, not of steps in another section', () => {
    const text = [
      '# Ledger fix',
      '',
      '## Steps',
      '',
      '- **1 — Snapshot current totals** as the baseline.',
      '- **2 — Recompute fees** from the raw events.',
      '- **3 — Backfill March**.',
      '- **4 — Regression tests** comparing totals with the baseline.',
      '',
      '## Cleanup steps',
      '',
      '- **5 — Remove the old job**.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [12]);
    const without = text.replace('- **4 — Regression tests** comparing totals with the baseline.\n', '');
    assert.deepEqual(lines(run(without), 'no-success-criterion'), [5, 6, 7, 11]);
  });

  it('a documentation-only step ("Update docs" naming only Markdown files) is done when the document says it; a docs title naming code is not', () => {
    const text = [
      '# Release',
      '',
      '### Task 1: Update docs',
      '1. Add a `CHANGELOG.md` entry for 2.3',
      '2. Describe the flag in `docs/flags.md`',
      '',
      '### Task 2: Update docs and the parser',
      '- change `src/parse.ts` and `docs/flags.md`',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['CHANGELOG.md', 'docs/flags.md', 'src/parse.ts']), 'no-success-criterion'), [7]);
  });
});

describe('round 3: step ids', () => {
  it('lettered workstreams ("### A. …", "### B. …") are steps a and b, not repeats of "Phase 1", "Phase 2"', () => {
    const text = [
      '# Plan',
      '',
      '## Execution plan',
      '',
      '### A. Core library',
      'x',
      '',
      '### B. Editor integration',
      'y',
      '',
      '## Phases',
      '',
      '### Phase 1: Types',
      'z',
      '',
      '### Phase 2: Wiring',
      'w',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['a', 'b', '1', '2'],
    );
    assert.deepEqual(lines(run(text), 'duplicate-step-id'), []);
  });

  it('guidance headings under the phases ("Best practices", "Guidelines") are not steps', () => {
    const plan = parsePlan(
      ['# Plan', '', '## Implementation phases', '', '### Phase 1: Atlas', 'x', '', '### Texture best practices', 'y', '', '### Review guidelines', 'z'].join('\n'),
    );
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['1'],
    );
  });
});

describe('round 3: missing-file', () => {
  it('a fragment of a path the plan creates ("code-reviewer/prompt.md" for skills/code-reviewer/prompt.md) is not missing', () => {
    const text = [
      '# Port',
      '',
      '### Task 1',
      '- Create: `skills/code-reviewer/prompt.md`',
      '',
      '### Task 2',
      'Point to the template at `code-reviewer/prompt.md`.',
      'Verify: grep finds it',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'missing-file'), []);
  });

  it('a GSD <files> block over several lines lists files the task writes', () => {
    const text = [
      '<task type="auto">',
      '  <name>Task 1: Hook</name>',
      '  <files>',
      '    web/lib/useClock.ts',
      '  </files>',
      '  <verify>npm test</verify>',
      '</task>',
      '',
      'Later: see web/lib/useTimer.ts',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['web/lib/api.ts']), 'missing-file'), [9]);
  });

  it('sources a plan says it was consolidated from are its provenance; a path it tells the reader to see is still checked', () => {
    const text = [
      '# Cleanup plan',
      '',
      'Consolidated from two audits (`notes/audit-a.md` and',
      '`audit-b.md`). Grouped by risk.',
      '',
      'For the current schema, see `docs/schema.md`.',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['README.md']), 'missing-file'), [6]);
  });
});
