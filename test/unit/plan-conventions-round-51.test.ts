/**
 * Issue #17, fifty-first round: what fresh batches 103-108 (the end check of round 50, tuned on here) showed, and the
 * precise scope's "did you mean" held to the claim every other missing path needs. Each case is a small made-up plan in
 * the pattern's style, not a corpus excerpt, and pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 51', () => {
  it('"Fase 3.D.2" is one id, not a second step 3; "Fase 3.Deploy" is step 3', () => {
    const plan = (second: string) =>
      ['# Plano', '', '### 3.D — Sincronização', '', '#### Fase 3.D.1 — SQLite local', '', 'Texto.', '', `#### ${second} — PoC`, '', 'Texto.', ''].join('\n');
    assert.deepEqual(
      parsePlan(plan('Fase 3.D.2')).steps.map((s) => s.id),
      ['3.d.1', '3.d.2'],
    );
    assert.deepEqual(findingLines(runRules(plan('Fase 3.D.2')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('Fase 3.D.1')), 'duplicate-step-id'), [9]);
    assert.deepEqual(
      parsePlan(plan('Fase 3.Deploy')).steps.map((s) => s.id),
      ['3.d.1', '3'],
    );
  });

  it('"`@supabase/ssr`" names an npm package even where the workspace has a supabase/ folder; "`@supabase/config.toml`" is a path', () => {
    const files = ['supabase/migrations/001_init.sql', 'src/app.ts'];
    const plan = (ref: string) => ['# Plan', '', '## Tasks', '', `- [x] **1.2** Supabase client set up (${ref})`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('`@supabase/ssr`'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('`@supabase/supabase-js`'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('`@supabase/config.toml`'), files, { scope: 'precise' })), ['@supabase/config.toml']);
  });

  it('precise: a new file named like one in another folder is no finding without a claim; with a ticked task it is, with the real path', () => {
    const files = ['src/test/setup.ts', 'src/app.ts'];
    const plan = (line: string) => ['# Plan', '', '## Steps', '', line, ''].join('\n');
    const found = (line: string) => runRules(plan(line), files, { scope: 'precise' }).filter((f) => f.code === 'missing-file');
    assert.deepEqual(found('8. Configure vitest; set up `src/__tests__/setup.ts`'), []);
    const ticked = found('- [x] Configure vitest; set up `src/__tests__/setup.ts`');
    assert.deepEqual(
      ticked.map((f) => f.data),
      [{ path: 'src/__tests__/setup.ts', suggestion: 'src/test/setup.ts' }],
    );
  });
});
