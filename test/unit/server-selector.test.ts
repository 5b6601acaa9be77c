import assert from 'node:assert/strict';
import { planFolderGlobs } from '../../src/shared/plan-document-selector';

describe('server: plan folders → document selector globs', () => {
  it('turns folders into *.md globs and keeps .md files as they are', () => {
    assert.deepEqual(planFolderGlobs(['.claude/plans', 'specs/*/plan.md', '.kiro/specs/*', '~/.claude/plans'], '/home/ann'), [
      '**/.claude/plans/*.md',
      '**/specs/*/plan.md',
      '**/.kiro/specs/*/*.md',
      '/home/ann/.claude/plans/*.md',
    ]);
  });

  it('normalises separators, trailing slashes and ./, and drops unusable entries', () => {
    assert.deepEqual(planFolderGlobs(['./docs/plans/', 'C:\\plans', '', '   ', '~', 'a/**/b', 42 as unknown as string], 'C:\\Users\\ann'), ['**/docs/plans/*.md', 'C:/plans/*.md']);
    assert.deepEqual(planFolderGlobs(['~/plans', '~/plans/'], 'C:\\Users\\ann\\'), ['C:/Users/ann/plans/*.md']);
  });
});
