/**
 * Issue #17, twenty-ninth round: a ticked task is done, so what it says it
 * created must exist (src/server/README.md always said so; a create verb in
 * the task still exempted its file). Found on the MISS lines of batches 25,
 * 30 and an earlier spec-kit plan. Each case is a small made-up plan, not a
 * corpus excerpt, and each pairs what is now flagged with what still is not.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 29: a ticked task names files that exist', () => {
  const files = ['src/db/driver.ts', 'frontend/app/i18n.config.ts'];
  const tasks = (item: string): string => ['# Tasks: storage', '', '## Phase 1: Setup', `- [x] T012 ${item}`, '- [ ] T013 Create `src/db/cache.ts`'].join('\n');

  it('a ticked "Create …" / "建立 …" whose file is not there is flagged; an open one is the file it will write', () => {
    assert.deepEqual(missingPaths(runRules(tasks('Create DatabaseFactory in `src/db/factory.ts`'), files)), ['src/db/factory.ts']);
    assert.deepEqual(missingPaths(runRules(tasks('[P] 建立 i18n 配置檔於 frontend/i18n.config.ts'), files)), ['frontend/i18n.config.ts']);
    assert.deepEqual(missingPaths(runRules(tasks('Create the driver in `src/db/driver.ts`'), files)), []);
  });

  it('a ticked task that deletes, moves or generates a file explains its absence', () => {
    for (const item of [
      'Delete `src/db/legacy.ts`',
      'Move `src/db/old.ts` to `src/db/driver.ts`',
      'Generate `dist/schema.json` from the models',
      'Produce release bundles with `release/checksums.txt`',
    ]) {
      assert.deepEqual(missingPaths(runRules(tasks(item), files)), [], item);
    }
  });

  it('a ticked task that allows the file is missing ("(if exists)") is not flagged', () => {
    assert.deepEqual(missingPaths(runRules(tasks('Update the references in `src/db/learn.md` (if exists)'), files)), []);
  });
});

describe('round 29: conventions found on fresh batches 31 and 32', () => {
  it('TODO alone in a table cell is a status value; TODO in a sentence is still a marker', () => {
    const table = ['# Board', '', '| Id | Task | Status |', '|---|---|---|', '| UI-1 | Theme the dock | TODO |', '| UI-2 | Resize buttons | TODO: pick a size |'].join('\n');
    assert.deepEqual(findingLines(runRules(table), 'unknown-signal'), [6]);
  });

  it('"Skapa `src/api/`" (sv), "Opprett" (no), "Aanmaken" (nl), "Creare" (it) create; "Läs `src/api/x.py`" reads', () => {
    for (const verb of ['Skapa', 'Opprett', 'Aanmaken', 'Creare']) {
      assert.deepEqual(missingPaths(runRules(['# Plan', '', `2. ${verb} \`src/api/models.py\``].join('\n'), ['src/main.py'])), [], verb);
    }
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '2. Läs `src/api/models.py`'].join('\n'), ['src/main.py'])), ['src/api/models.py']);
  });

  it('an empty heading right under the title that a new top-level heading follows is a subtitle; one later in the plan is empty', () => {
    const text = ['# The Undertow', '', '## Python-First Architecture', '', '---', '', '# Executive Summary', 'We build it.', '', '## Notes', '', '# Plan', 'Ship.'].join('\n');
    assert.deepEqual(findingLines(runRules(text), 'empty-section'), [10]);
  });
});
