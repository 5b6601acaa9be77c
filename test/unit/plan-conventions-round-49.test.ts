/**
 * Issue #17, forty-ninth round: what fresh batches 91-96 (the end check of rounds 47 and 48, tuned on here) showed.
 * Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and pairs what is no longer flagged
 * with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 49', () => {
  it('a checklist that names heading tasks ("- [ ] Task 4: dashboard shows the subscriber", twice) repeats no id; a task list that lists "3." twice does', () => {
    const plan = [
      '# IAP fix',
      '',
      '## Task 1: Fix the edge function',
      '',
      '- Verify: the function returns early',
      '',
      '## Task 4: Build and upload',
      '',
      '- Verify: the build is live',
      '',
      '## Checklist',
      '',
      '- [ ] Task 1: no credit grant left',
      '- [ ] Task 1: returns early when empty',
      '- [ ] Task 4: the dashboard shows the subscriber',
      '- [ ] Task 4: balance grew by 500',
      '',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(plan), 'duplicate-step-id'), []);
    const tasks = [
      '# Tasks',
      '',
      '- [x] 1. Set up the project',
      '- [x] 2. Load the CSV',
      '- [x] 3. Table view',
      '- [ ] 3. Table view with CSV loading',
      '- [ ] 4. Charts',
      '',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(tasks), 'duplicate-step-id'), [6]);
  });

  it('a path that ends one of many same-named files ("wall/tool.tsx:499" among 32 tool.tsx) names that file', () => {
    const files = [...Array.from({ length: 31 }, (_, i) => `packages/nodes/src/n${i}/tool.tsx`), 'packages/nodes/src/wall/tool.tsx'];
    const plan = (ref: string) => ['# Import plan', '', '- [x] 1. Wire the consumers', `  - Consumers: \`${ref}\``, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('wall/tool.tsx:499'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('door/tool.tsx:12'), files, { scope: 'precise' })), ['door/tool.tsx']);
  });

  it('a file name whose start is elided ("..._Bjoern_Ueber_Meier.pdf") is not looked up; the same name in full is', () => {
    const plan = (name: string) => ['# Timesheets', '', '- [x] 1. Attach the sample PDFs', `  - Attach \`docs/${name}\``, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('..._Bjoern_Ueber_Meier.pdf'), ['src/a.ts'], { scope: 'thorough' })), []);
    assert.deepEqual(missingPaths(runRules(plan('2026-04_Bjoern_Ueber_Meier.pdf'), ['src/a.ts'], { scope: 'thorough' })), ['docs/2026-04_Bjoern_Ueber_Meier.pdf']);
  });

  it('a status table whose every row is ticked ("| [x] | 1. DB migration | … |") records finished work; an open row does not', () => {
    const plan = (mark: string) =>
      [
        '# Debitorkontrolle — Umsetzungsplan',
        '',
        '| Status | Phase | Beschreibung |',
        '|--------|-------|--------------|',
        '| [x] | 1. DB-Migration | V55: neue Tabelle |',
        '| [x] | 2. Backend-Entity | Debitor.java |',
        `| [${mark}] | 3. Frontend | Liste und Formular |`,
        '',
        '## Phase 1: Datenbank',
        '',
        '- Tabelle anlegen, Constraint setzen, Daten migrieren',
        '',
        '## Phase 2: Backend',
        '',
        '- Entity, Service und Controller',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('x')), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(plan(' ')), 'missing-risks-section'), [1]);
  });

  it('precise: a plain bullet under a ticked task is part of it ("- [x] 11.2 …" / "  - Attach `docs/manual.pdf`"); under an open one it claims nothing', () => {
    const plan = (box: string) =>
      [
        '# Implementation Plan',
        '',
        '- [ ] 11. Chunked extraction',
        '',
        `  - [${box}] 11.2 Attach the sample report`,
        '    - Attach `docs/manual.pdf` to the release',
        '    - _Requirements: 3.3_',
        '',
      ].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('x'), ['backend/app.py'], { scope: 'precise' })), ['docs/manual.pdf']);
    assert.deepEqual(missingPaths(runRules(plan(' '), ['backend/app.py'], { scope: 'precise' })), []);
  });
});
