/**
 * Issue #17, sixteenth round: conventions found on fresh batch 14's first
 * half (held out through round 15, tuned on here; the second half stays held
 * out). Each case is a small made-up plan in the pattern's style, not a corpus
 * excerpt, and each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const lines = findingLines;

describe('round 16: phases marked done', () => {
  const plan = (mark: string): string =>
    [
      '# GUI refactor',
      '',
      `### ${mark}Phase 1 — View registry [done 2026-06-12 bundle OK]`,
      '- Add `views/registry.ts`',
      '',
      `### ${mark}Phase 2 — Command schema [done 2026-06-12]`,
      '- Add `schemas/types.ts`',
    ].join('\n');

  it('"### ✅ Phase 1 — …" is step 1 marked done; when every phase is, the plan is a record: no criteria or risks asked for', () => {
    const text = plan('✅ ');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.rawId),
      ['Phase 1', 'Phase 2'],
    );
    const findings = runRules(text);
    assert.deepEqual(lines(findings, 'no-success-criterion'), []);
    assert.deepEqual(lines(findings, 'missing-risks-section'), []);
  });

  it('a "🚧" mark is read the same way but is no done mark', () => {
    const text = plan('🚧 ').replace(/ \[done[^\]]*\]/g, '');
    assert.deepEqual(lines(runRules(text), 'no-success-criterion'), [3, 6]);
  });
});

describe('round 16: languages', () => {
  it('"**Статус:** реализовано" (and "Estado: completado", "状态：已完成") marks the plan done; "Статус: черновик" does not', () => {
    const body = ['', '## Step 1: Landing', 'Build it.', '', '## Step 2: Forms', 'Wire them.'];
    for (const status of ['**Статус:** реализовано', 'Estado: completado', '状态：已完成']) {
      assert.deepEqual(lines(runRules(['# Site', '', status, ...body].join('\n')), 'no-success-criterion'), [], status);
    }
    assert.deepEqual(lines(runRules(['# Site', '', '**Статус:** черновик', ...body].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('a top-level "## 驗證" (or "## Verificación") speaks for the phases', () => {
    const phases = ['# Plan', '', '## Phase 1: Registry', 'Add it.', '', '## Phase 2: Schema', 'Add it.', ''];
    for (const title of ['## 驗證', '## Verificación']) assert.deepEqual(lines(runRules([...phases, title, '- bun run build'].join('\n')), 'no-success-criterion'), [], title);
  });

  it('"建 `FooView.tsx`" (create) and a stand-in name are not missing files; "改 `views/app.tsx`" is looked up', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '1. 建 `views/Chart.tsx`，匯出 descriptor'].join('\n'), ['views/index.ts'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Add a view: write `FooView.tsx` and register it.'].join('\n'), ['views/index.ts'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '1. 改 `views/app.tsx`'].join('\n'), ['views/index.ts'])), ['views/app.tsx']);
  });

  it('"`.module.css`" names a kind of file, not a file; "`styles/app.module.css`" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Bun bundles `.module.css` files.'].join('\n'), ['src/app.tsx'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `styles/app.module.css`.'].join('\n'), ['src/app.tsx'])), ['styles/app.module.css']);
  });
});

describe('round 16: checks and open points', () => {
  it('"Run: `pytest -q` → 12 passed" states the step\'s expected result; a Run line without one does not', () => {
    const text = (run: string): string => ['# Plan', '', '### Task 1: Config key', '', '- [ ] **Step 1: Parity and full suite**', '', run].join('\n');
    assert.deepEqual(lines(runRules(text('Run: `.venv/bin/pytest tests/ -q` → 2152 passed')), 'no-success-criterion'), []);
    assert.deepEqual(lines(runRules(text('Run: `.venv/bin/ruff check .`')), 'no-success-criterion'), [3]);
  });

  it('an open point listed under "### Deferred Questions" or in "## Risks" is acknowledged; one in a step is not', () => {
    for (const title of ['### Deferred Questions', '## Risks']) {
      const text = [
        '# Plan',
        '',
        '## Step 1: Download',
        'Fetch the files. Verify: hashes match.',
        '',
        title,
        '- [OPEN UNKNOWN] the archive format: TBD, settle with a parse spike first.',
      ].join('\n');
      assert.deepEqual(lines(runRules(text), 'unknown-signal'), [], title);
    }
    const inStep = ['# Plan', '', '## Step 1: Download', 'Fetch the files, format TBD. Verify: hashes match.'].join('\n');
    assert.deepEqual(lines(runRules(inStep), 'unknown-signal'), [4]);
  });
});
