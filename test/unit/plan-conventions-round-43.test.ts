/**
 * Issue #17, forty-third round: what fresh batches 73-76 (the end check of round 42, tuned on here; no later batch
 * checked them) showed of the precise scope's claims. Each case is a small made-up plan in the pattern's style, not a
 * corpus excerpt, and each pairs what is no longer flagged with what still is. The claims are precise-scope behaviour,
 * so these cases run `precise`.
 */
import assert from 'node:assert/strict';
import { missingPaths, runRules } from '../support/static-rules-harness';

const precise = (lines: string[], files: string[]) => missingPaths(runRules(['# Plan', '', ...lines, ''].join('\n'), files, { scope: 'precise' }));

describe('round 43', () => {
  it('a ticked task does not tick its open sub-task ("- [ ]* 1.2"): the sub-task\'s test file is still to be written; the ticked task\'s own file must exist', () => {
    const files = ['src/app.ts'];
    // A Kiro task list: "1" is a step whose range holds its sub-tasks.
    const plan = [
      '- [x] 1. Wire the prefix-sum index into the grid',
      '  - Uses `src/grid/prefix-sum.ts` for row offsets',
      '  - _Requirements: 1.1_',
      '',
      '  - [ ]* 1.2 Property tests for the index',
      '    - Lives in `src/__tests__/prefix-sum.pbt.test.ts`',
      '    - _Requirements: 1.1_',
      '',
    ];
    assert.deepEqual(precise(plan, files), ['src/grid/prefix-sum.ts']);
  });

  it('a ✅ on a heading that is not work ("### ✅ VII. Code Organization" under "## Constitution Check") claims nothing; a ✅ on a phase of work does', () => {
    const files = ['src/app.ts'];
    const check = ['## Constitution Check', '', '### ✅ VII. Code Organization', '', '- Backend: `src/handlers/dashboard.ts`', ''];
    assert.deepEqual(precise(check, files), []);
    const phase = ['## Phase 1: Dashboard handler ✅', '', '- Backend: `src/handlers/dashboard.ts`', ''];
    assert.deepEqual(precise(phase, files), ['src/handlers/dashboard.ts']);
  });

  it('a project\'s short dotted name ("Tests.Unit/Services/a.cs" for "Backend/Scriban.Tests.Unit/Services/a.cs") names that file; another folder is a wrong path', () => {
    const files = ['Backend/Scriban.Tests.Unit/Services/ParserTests.cs', 'Backend/Scriban.Core/Parser.cs'];
    assert.deepEqual(precise(['- [x] Tests: `Tests.Unit/Services/ParserTests.cs`'], files), []);
    assert.deepEqual(precise(['- [x] Tests: `Unit/Services/ParserTests.cs`'], files), ['Unit/Services/ParserTests.cs']);
  });
});
