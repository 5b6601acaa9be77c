/**
 * Issue #17, seventeenth round: conventions found on fresh batch 14's second
 * half (held out through round 16, tuned on here; batch 15 held out). Each
 * case is a small made-up plan in the pattern's style, not a corpus excerpt,
 * and each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 17', () => {
  it('"## Verification (after all phases)" speaks for the phases, and since round 25 so do "## Verification notes (draft)"; "## Notes (draft)" does not', () => {
    const phases = ['# Plan', '', '## Phase 1: Layout', 'Grid.', '', '## Phase 2: Cleanup', 'Remove dead code.', ''];
    assert.deepEqual(findingLines(runRules([...phases, '## Verification (after all phases)', '- npm run build'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...phases, '## Verification notes (draft)', '- npm run build'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...phases, '## Notes (draft)', '- npm run build'].join('\n')), 'no-success-criterion'), [3, 6]);
  });

  it('"`BadgeAward/AchievementAward.EarnedAt`" names entities\' properties; "`Models/Badge.cs`" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Sort by `BadgeAward/AchievementAward.EarnedAt` and `Training.CreatedDate`.'].join('\n'), ['src/App.cs'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `Models/Badge.cs`.'].join('\n'), ['src/App.cs'])), ['Models/Badge.cs']);
  });

  it('a step with no written id is named by its title in the message, a written id by the id', () => {
    const text = ['# Plan', '', '## Steps', '', '### Add the key to the environment', 'Set it in the dashboard.', '', '### Step 2: Redeploy', 'Ship it.'].join('\n');
    const messages = runRules(text)
      .filter((f) => f.code === 'no-success-criterion')
      .map((f) => f.message.split(' has ')[0]);
    assert.deepEqual(messages, ['The step "Add the key to the environment"', 'Step 2']);
  });
});
