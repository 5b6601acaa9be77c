/**
 * Issue #17, thirtieth round: conventions found on fresh batches 33 and 34
 * (the end check of round 29, tuned on here). Each case is a small made-up
 * plan in the pattern's style, not a corpus excerpt, and each pairs what is
 * no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 30', () => {
  it('a table under "### M5 — Editor and UI" lists files of the work: "Editor" is not "edit"; under "### Files to edit" it lists existing ones', () => {
    const table = (heading: string): string =>
      ['# Plan', '', heading, '', '| File | Responsibility |', '| --- | --- |', '| `client/src/editor/Cursor.tsx` | Render the caret |'].join('\n');
    assert.deepEqual(missingPaths(runRules(table('### M5 — Editor and application UI'), ['client/README.md'])), []);
    assert.deepEqual(missingPaths(runRules(table('### Files to edit'), ['client/README.md'])), ['client/src/editor/Cursor.tsx']);
  });

  it('a bare name that is the file name of a path the plan names in full is judged with that path', () => {
    const text = (heading: string): string =>
      ['# Plan', '', heading, '', '| File | Depends on |', '| --- | --- |', '| `server/include/config.h` | None |', '', 'Then build `src/server.cpp` with `config.h`.'].join('\n');
    // A row of the work's file table: neither server/include/config.h nor "config.h" is flagged.
    assert.deepEqual(missingPaths(runRules(text('### M1 — Server'), ['src/server.cpp'])), []);
    // Files to edit must exist: both mentions are flagged.
    assert.deepEqual(missingPaths(runRules(text('### Files to edit'), ['src/server.cpp'])), ['server/include/config.h', 'config.h']);
  });

  it('"**文件**: `x` (新建)" and a file label under "Step 4: 创建…" name files the step writes; under "Step 4: 修复…" (fix) the file must exist', () => {
    assert.deepEqual(missingPaths(runRules(['# 计划', '', '**文件**: `ci/test.yml` (新建)'].join('\n'), ['src/a.ts'])), []);
    const step = (title: string): string => ['# 计划', '', `### Step 4: ${title}`, '', '**文件**: `docs/build.sh`'].join('\n');
    assert.deepEqual(missingPaths(runRules(step('创建文档构建脚本'), ['src/a.ts'])), []);
    assert.deepEqual(missingPaths(runRules(step('修复文档构建脚本'), ['src/a.ts'])), ['docs/build.sh']);
  });

  it('"@/infrastructure/repositories" is a path alias; "src/infrastructure/missing.ts" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- import it from `@/infrastructure/repositories`'].join('\n'), ['src/app.ts'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- import it from `src/infrastructure/missing.ts`'].join('\n'), ['src/app.ts'])), ['src/infrastructure/missing.ts']);
  });

  it('a task that creates a Markdown file whose text it gives is a documentation step; one that creates a module is held to the rule', () => {
    const plan = (title: string, file: string): string =>
      [
        '# Plan',
        '',
        `### Task 2: ${title}`,
        '',
        `**Files:** Create \`src/prompts/${file}\``,
        '',
        '```markdown',
        '# Design prompt',
        'Ask one question at a time.',
        '```',
        '',
        '### Task 3: Wire it',
        'Load the prompt.',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Create PROMPT_design.md', 'PROMPT_design.md')), 'no-success-criterion'), [12]);
    assert.deepEqual(findingLines(runRules(plan('Create the loader module', 'loader.ts')), 'no-success-criterion'), [3, 12]);
  });
});
