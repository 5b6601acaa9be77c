/**
 * Issue #17, forty-eighth round: false findings on fresh batches 85-90 that round 47 still made, decided before any
 * label of batches 91-96 existed. Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and
 * pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, runRules } from '../support/static-rules-harness';

describe('round 48', () => {
  it('a superpowers sub-step "Manually verify in-browser" is the task\'s check', () => {
    const plan = (step: string) =>
      [
        '# Log search columns',
        '',
        '### Task 1: Column definitions',
        '',
        '- [ ] **Step 1: Replace the constants**',
        '',
        'Edit the table code.',
        '',
        `- [ ] **Step 2: ${step}**`,
        '',
        '- The header order is right',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Manually verify in-browser (traffic log)'), [], { scope: 'precise' }), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('Commit the change'), [], { scope: 'precise' }), 'no-success-criterion'), [3]);
  });

  it('known limits in Chinese ("已知邊界與下一步重點") and exception handling in Japanese ("例外処理フロー") are a risks section', () => {
    const plan = (heading: string) =>
      [
        '# 计划',
        '',
        '## Phase 1: 资料层',
        '',
        '- 建立表格，迁移旧资料，调整接口',
        '',
        '## Phase 2: 接口',
        '',
        '- 新增查询接口，更新前端调用',
        '',
        heading,
        '',
        '- 网络中断时请求会一直等待',
        '',
      ].join('\n');
    for (const heading of ['## 10. 已知邊界與下一步重點', '## 已知问题', '#### 例外処理フロー', '## 既知の制限'])
      assert.deepEqual(findingLines(runRules(plan(heading)), 'missing-risks-section'), [], heading);
    assert.deepEqual(findingLines(runRules(plan('## 下一步重點')), 'missing-risks-section'), [1]);
  });

  it('"### Phase 1 Deliverables Summary" closes Phase 1, it is no second step 1 beside "### 1. Data Model"; "### Phase 1: Rollout" is', () => {
    const plan = (heading: string) =>
      ['# Plan', '', '## Phase 1: Design & Contracts', '', '### 1. Data Model Design', '', '- Verify: the model compiles', '', heading, '', '- data-model.md, contracts/', ''].join(
        '\n',
      );
    assert.deepEqual(findingLines(runRules(plan('### Phase 1 Deliverables Summary')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('### Phase 1 Complete Code Changes')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('### Phase 1: Rollout')), 'duplicate-step-id'), [9]);
  });

  it('a progress list that ticks a phase ("- [x] Phase 1: Domain Common") records it done; an open box does not', () => {
    const plan = (mark: string) =>
      [
        '# Rebuild plan',
        '',
        '## Tasks',
        '',
        '### Phase 1: Domain Common',
        '- T-101: exceptions',
        '',
        '### Phase 2: Domain Session',
        '- T-201: session aggregate',
        '',
        '## Progress',
        '',
        `- [${mark}] Phase 1: Domain Common`,
        '- [ ] Phase 2: Domain Session',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('x'), [], { scope: 'precise' }), 'no-success-criterion'), [8]);
    assert.deepEqual(findingLines(runRules(plan(' '), [], { scope: 'precise' }), 'no-success-criterion'), [5, 8]);
  });
});
