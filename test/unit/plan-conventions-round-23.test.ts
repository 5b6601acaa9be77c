/**
 * Issue #17, twenty-third round: conventions found on fresh batch 20 (the
 * end check of round 22, tuned on here). Each case is a small made-up plan in
 * the pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 23', () => {
  it('a Kiro tasks.md in Chinese or Japanese links requirements ("_需求: 1.3_", "_要件：2.1_"); a phase without them is held to the rule', () => {
    const tasks = (link: string): string =>
      [
        '# 实现计划',
        '',
        '## Phase 2: 身份管理',
        '',
        '- [ ] 2. 实现 useAuth',
        '  - 创建 `src/composables/useAuth.ts`',
        `  - ${link}`,
        '',
        '- [ ] 2.1 指纹生成',
        '  - 安装依赖',
        `  - ${link}`,
      ].join('\n');
    for (const link of ['_需求: 1.1, 6.1_', '_要件：2.1_']) {
      assert.equal(parsePlan(tasks(link)).format, 'kiro-tasks', link);
      assert.deepEqual(findingLines(runRules(tasks(link)), 'no-success-criterion'), [], link);
    }
    assert.deepEqual(findingLines(runRules(tasks('备注：无')), 'no-success-criterion').length > 0, true);
  });

  it('"## QA Manual Testing Groups" (also "## QA", "## Testing checklist", since round 25 "## QA notes") speaks for the steps; "## Rollout notes" does not', () => {
    const stories = [
      '# Plan',
      '',
      '## Steps',
      '',
      '### Step 1: Browser core',
      'Implement the browser automation core.',
      '',
      '### Step 2: Tracking UI',
      'Build the tracking view.',
      '',
    ];
    for (const title of ['## QA Manual Testing Groups', '## QA', '## Testing checklist']) {
      assert.deepEqual(findingLines(runRules([...stories, title, '- Tracking: entries appear after a submission'].join('\n')), 'no-success-criterion'), [], title);
    }
    // Since round 25 a section about QA of any kind says how the plan is checked; a section about something else does not.
    assert.deepEqual(findingLines(runRules([...stories, '## QA notes', '- later'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...stories, '## Rollout notes', '- later'].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('"Story 5.4: End-to-end application flow test" is itself a check; "Story 5.4: End-to-end application flow" is not', () => {
    const plan = (title: string): string => ['# Plan', '', '## Steps', '', `### Step 4: ${title}`, 'Run discovery to tracking in one flow.', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('End-to-end application flow test')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('End-to-end application flow')), 'no-success-criterion'), [5]);
  });

  it('".chainlit/config.toml" in a plan about Chainlit is the tool\'s own folder; ".cache/config.json" (no tool named Cache… only the word) is still looked up when the plan names no such tool', () => {
    const files = ['README.md', 'app.py'];
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Phase 1: Chainlit + E2B', '- Custom CSS can be added via `.chainlit/config.toml`'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Phase 1: State', '- Read `.cache/config.json`'].join('\n'), files)), ['.cache/config.json']);
  });
});
