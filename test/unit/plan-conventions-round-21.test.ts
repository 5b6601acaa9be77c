/**
 * Issue #17, twenty-first round: conventions found on fresh batch 18 (the
 * end check of round 20, tuned on here). Each case is a small made-up plan
 * in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const FILES = ['src/stages/export.py', 'tests/test_models.py', 'app/main.go'];

describe('round 21', () => {
  it('"openai/gpt-4.1-mini" is a model id (its last dot starts a version); "openai/client.py" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- use `openai/gpt-4.1-mini` and `google/gemini-2.5-flash` as participants'].join('\n'), FILES)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- call `openai/client.py`'].join('\n'), FILES)), ['openai/client.py']);
  });

  it('"(default `./.daemon/config.json`)" is where the program looks at run time; "edit `./.daemon/config.json`" is a file of the work', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- `--config <path>` (default `./.daemon/config.json`)'].join('\n'), FILES)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- edit `./.daemon/config.json`'].join('\n'), FILES)), ['.daemon/config.json']);
  });

  it('"Save merged `data/deduplicated_all.json`" writes the file; "Load `data/deduplicated_all.json`" reads one', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Save merged `data/deduplicated_all.json`'].join('\n'), FILES)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Load `data/deduplicated_all.json`'].join('\n'), FILES)), ['data/deduplicated_all.json']);
  });

  it('a test file listed under "## Testing Strategy" is one the plan writes; a source file there, or a test file elsewhere, is looked up', () => {
    const testing = (path: string): string => ['# Plan', '', '## Testing Strategy', '', '### Unit Tests', '', `**\`${path}\`:**`, '- Test the export'].join('\n');
    assert.deepEqual(missingPaths(runRules(testing('tests/test_stage7_execution.py'), FILES)), []);
    assert.deepEqual(missingPaths(runRules(testing('src/stages/stage7.py'), FILES)), ['src/stages/stage7.py']);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Context', '', 'See `tests/test_stage7_execution.py`.'].join('\n'), FILES)), ['tests/test_stage7_execution.py']);
  });

  it('"unknown" as one value of a list ("（network、auth、unknown）") is a value; "the retry count is unknown" is an open point', () => {
    const run = (line: string): number[] =>
      findingLines(runRules(['# Plan', '', '## Step 1: Errors', line, 'Success criteria: each kind has a message.'].join('\n')), 'unknown-signal');
    assert.deepEqual(run('- エラー種別の判定ロジック（network、auth、unknown）'), []);
    assert.deepEqual(run('- classify errors (network, auth, unknown)'), []);
    assert.deepEqual(run('- the retry count is unknown'), [4]);
  });

  it('a Japanese or Chinese step whose work is a check ("E2E テストで認証フローを検証する") needs no other criterion; "認証画面を作る" does', () => {
    const plan = (title: string): string => ['# Plan', '', '## Steps', '', `### Step 1: ${title}`, '画面。', '', '## Risks', '- none'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('E2E テストで認証フローを検証する')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('验证登录流程')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('認証画面を作る')), 'no-success-criterion'), [5]);
  });

  it('"**End of Day 5 Goal:** exports in four formats" states the day\'s result; "**Goal of the week**" alone does not', () => {
    const plan = (line: string): string =>
      ['# Plan', '', '## Steps', '', '### Step 4: Export suite', '- Implement the BibTeX export', '', line, '', '## Risks', '- none'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('**End of Day 5 Goal:** exports in four formats')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('Goal of the week: ship')), 'no-success-criterion'), [5]);
  });
});
