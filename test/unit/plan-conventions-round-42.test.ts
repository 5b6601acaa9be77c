/**
 * Issue #17, forty-second round: conventions found on fresh batches 67-72 (the end check of round 41, tuned on here;
 * no later batch checked them). Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and
 * each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 42', () => {
  it('a former name ("(formerly `packages/api`)", "（原\\n`packages/backend`）" wrapped) is gone by design; the same path without it is looked up', () => {
    const files = ['legacy/api/index.ts', 'legacy/backend/index.ts', 'src/app.ts'];
    const missing = (lines: string[]) => missingPaths(runRules(['# Plan', '', ...lines, ''].join('\n'), files));
    assert.deepEqual(missing(['- Keep `legacy/api/index.ts` (formerly `packages/api/index.ts`) as it is.']), []);
    assert.deepEqual(missing(['不得匯入 `legacy/backend/index.ts`（原', '`packages/backend/index.ts`）的完成標記。']), []);
    assert.deepEqual(missing(['- Keep `legacy/api/index.ts` and `packages/api/index.ts` as they are.']), ['packages/api/index.ts']);
  });

  it('a plan whose headings are marked open ("## F3 Love Capsules — ⬜") is not finished, whatever its ✅ lists say; one with only ✅ items is', () => {
    const plan = (open: boolean) =>
      findingLines(
        runRules(
          [
            '# Feature plan',
            '',
            '## Phase 0 — Foundation (DONE)',
            '- ✅ Project config and navigation',
            '- ✅ Repository base and converters',
            '- ✅ Security rules for the database',
            '',
            `## F3 Love Capsules — ${open ? '⬜' : '✅'}`,
            '- Time-locked messages stored in `src/capsules/` with a push when they open',
            '',
            `## F4 Private Feed — ${open ? '⬜' : '✅'}`,
            '- A feed of photos with reactions, paged from the database',
            '',
          ].join('\n'),
        ),
        'missing-risks-section',
      );
    assert.deepEqual(plan(true), [1]);
    assert.deepEqual(plan(false), []);
  });
});
