/**
 * missing-file on what a plan claims is done: a ticked task names files that must exist, an open one names files it
 * will write. In the precise scope a path is reported only where such a claim is made. Each case is a small made-up
 * plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule explains away with
 * what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { missingPaths, runAt as run, runRules } from '../support/static-rules-harness';

const tasks = (item: string): string => ['# Tasks: storage', '', '## Phase 1: Setup', `- [x] T012 ${item}`, '- [ ] T013 Create `src/db/cache.ts`'].join('\n');

const files = ['src/db/driver.ts', 'frontend/app/i18n.config.ts'];

const precise = (lines: string[], files: string[]) => missingPaths(runRules(['# Plan', '', ...lines, ''].join('\n'), files, { scope: 'precise' }));

describe('missing-file: claims of ticked tasks', () => {
  it('an open spec-kit task names the file it will write; a ticked one names a file that must exist', () => {
    const text = [
      '# Tasks: Wiki links',
      '',
      '## Phase 1: Parser',
      '',
      '- [ ] T001 [P] 위키링크 파서 테스트 (test/unit/wikilink_parser_test.dart)',
      '- [x] T002 Parser in lib/core/wikilink_parser.dart',
      '- [ ] T003 Wire it into lib/core/app.dart',
    ].join('\n');
    assert.equal(parsePlan(text).format, 'spec-kit-tasks');
    assert.deepEqual(missingPaths(run(text, ['lib/core/app.dart', 'pubspec.yaml'])), ['lib/core/wikilink_parser.dart']);
  });

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

  it('precise: a ticked task that says it was skipped claims nothing about the file it names', () => {
    const plan = (note: string) => ['# Tasks', '', '## Phase 6: Polish', '', `- [x] T063 [P] Add migration notes to docs/migration.md${note}`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan(' (SKIPPED: no docs/ directory)'), ['src/a.ts'], { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(' (not needed)'), ['src/a.ts'], { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(''), ['src/a.ts'], { scope: 'precise' })), ['docs/migration.md']);
  });

  it('precise: a ticked task whose note says the file was removed again claims nothing about it', () => {
    const plan = (note: string) =>
      ['# Tasks: GitHub setup', '', '## Phase 2: CI', '', `- [x] T008 Create CI workflow for push events in \`.github/workflows/ci.yml\`${note}`, ''].join('\n');
    const files = ['.github/workflows/pr.yml'];
    assert.deepEqual(missingPaths(runRules(plan(' (removed - PR workflow only)'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(' (later deleted)'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan(' (see the removed section)'), files, { scope: 'precise' })), ['.github/workflows/ci.yml']);
    assert.deepEqual(missingPaths(runRules(plan(''), files, { scope: 'precise' })), ['.github/workflows/ci.yml']);
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

  describe('in the precise scope', () => {
    const precise = { scope: 'precise' as const };

    it('precise: a plan marked finished claims no path by that alone; a ticked task still does', () => {
      const files = ['src/app.ts'];
      const plan = (line: string) => ['# Sync plan', '', '**Status:** Complete', '', '## Phase 3', '', line, ''].join('\n');
      assert.deepEqual(missingPaths(runRules(plan('- Documentar em `docs/arquitetura/sync-poc.md`'), files, precise)), []);
      assert.deepEqual(missingPaths(runRules(plan('- [x] Documentar em `docs/arquitetura/sync-poc.md`'), files, precise)), ['docs/arquitetura/sync-poc.md']);
    });

    it('a ticked task whose note says the work is "already in place" elsewhere claims no file; a plain ticked task does', () => {
      const plan = (note: string) => ['# Tasks', '', `- [x] T079 Implement error handling in \`backend/src/api/middleware.rs\`${note}`, ''].join('\n');
      const files = ['backend/src/main.rs'];
      assert.deepEqual(missingPaths(runRules(plan(' (error handling already in place via IntoResponse)'), files, precise)), []);
      assert.deepEqual(missingPaths(runRules(plan(''), files, precise)), ['backend/src/api/middleware.rs']);
    });
  });
});
