/**
 * Issue #17, thirty-first round: conventions found on fresh batches 35 and 36
 * (the end check of round 30, tuned on here). Each case is a small made-up
 * plan in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { missingPaths, runRules } from '../support/static-rules-harness';

describe('round 31', () => {
  const files = ['packages/cli/package.json', 'lib/models/index.ts'];

  it('a path alone as a label over a fenced block ("**packages/shared/src/types/git.ts:**") is the file the plan writes; the same path in a sentence is looked up', () => {
    const label = (line: string): string => ['# Plan', '', '#### Step 1.3: Shared types', '', line, '```typescript', 'export interface DiffOptions {}', '```'].join('\n');
    assert.deepEqual(missingPaths(runRules(label('**packages/shared/src/types/git.ts:**'), files)), []);
    assert.deepEqual(missingPaths(runRules(label('**packages/cli/src/commands/analyze.ts (final version):**'), files)), []);
    assert.deepEqual(missingPaths(runRules(label('Types live in `packages/shared/src/types/git.ts`:'), files)), ['packages/shared/src/types/git.ts']);
  });

  it('"WebLLM/transformers.js" names two libraries; "lib/transformers.js" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Browser LLM using WebLLM/transformers.js'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Browser LLM using lib/transformers.js'].join('\n'), files)), ['lib/transformers.js']);
  });

  it('a "| 文件 | 用途 |" table lists the files of the work like "| File | Purpose |"; a table whose first header cell does not name files ("| 路径 | 用途 |") is looked up', () => {
    const table = (header: string): string => ['# 计划', '', '### 3.2 文件', '', header, '|---|---|', '| `src/core/use-manual-render.ts` | 手动帧渲染 hook |'].join('\n');
    assert.deepEqual(missingPaths(runRules(table('| 文件 | 用途 |'), files)), []);
    assert.deepEqual(missingPaths(runRules(table('| 路径 | 用途 |'), files)), ['src/core/use-manual-render.ts']);
  });
});
