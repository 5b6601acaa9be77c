/**
 * Issue #17, forty-first round: conventions found on fresh batches 61-66 (the end check of the precise scope, rounds 39
 * and 40; tuned on here). Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs
 * what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const STEPS = [
  '## Steps',
  '',
  '### Step 1: Add the cache',
  '',
  'Cache the pricing API in `src/cache.ts`.',
  '',
  '### Step 2: Invalidate it',
  '',
  'Drop entries when a price changes.',
  '',
];

describe('round 41', () => {
  it('a German "### Verifikation" sub-heading holds the step\'s check; a step without one is flagged', () => {
    const plan = (sub: string) =>
      findingLines(
        runRules(['# Plan', '', '## Phase 1 — Auth-Integration', '', 'Login über Firebase.', '', sub, '', '- Redirect auf /login prüfen', ''].join('\n')),
        'no-success-criterion',
      );
    assert.deepEqual(plan('### Verifikation'), []);
    assert.deepEqual(plan('### Dateien'), [3]);
  });

  it('a Chinese plan-wide "## 完成标准" (completion criteria) section speaks for the phases; without it they are flagged', () => {
    const plan = (title: string) =>
      findingLines(
        runRules(
          [
            '# 重构计划',
            '',
            '## 阶段',
            '',
            '### Phase 1: 壳层',
            '',
            '- 统一布局',
            '',
            '### Phase 2: 入口',
            '',
            '- 创作入口',
            '',
            `## ${title}`,
            '',
            '- 每个页面可追溯到路由',
            '',
          ].join('\n'),
        ),
        'no-success-criterion',
      );
    assert.deepEqual(plan('7. 完成标准'), []);
    assert.deepEqual(plan('7. 参考资料'), [5, 9]);
  });

  it('a rollback section in Chinese ("### 4.3 回滚策略") or known quirks in German ("### Bekannte Eigenheiten") is what a risks section holds', () => {
    const risks = (title: string) =>
      findingLines(runRules(['# Plan: cache', '', ...STEPS, `## ${title}`, '', '- Redis down: fall back to the API', ''].join('\n')), 'missing-risks-section');
    assert.deepEqual(risks('4.3 回滚策略'), []);
    assert.deepEqual(risks('Bekannte Eigenheiten'), []);
    assert.deepEqual(risks('Known quirks'), []);
    assert.deepEqual(risks('Bekannte Nutzer'), [1]);
  });

  it('"文档状态：历史实施记录" (or "Status: Superseded") marks a record kept for history: no risks finding; "Status: Draft" does not', () => {
    const risks = (status: string) => findingLines(runRules(['# Plan: cache', '', status, '', ...STEPS].join('\n')), 'missing-risks-section');
    assert.deepEqual(risks('文档状态：历史实施记录'), []);
    assert.deepEqual(risks('**Status**: Superseded'), []);
    assert.deepEqual(risks('**Status**: Draft'), [1]);
  });

  it('a GSD PLAN.md known by its frontmatter keeps its risks in the phase research, <task> blocks or not; other frontmatter does not', () => {
    const risks = (front: string[]) => findingLines(runRules(['---', ...front, '---', '', '# Phase 6: Comparison mode - Plan', '', ...STEPS].join('\n')), 'missing-risks-section');
    assert.deepEqual(risks(['wave: 1', 'depends_on:', 'files_modified:', '  - src/App.tsx', 'autonomous: true']), []);
    assert.deepEqual(risks(['title: Comparison mode', 'tags: [ui]']), [6]);
  });

  it('a path with its middle elided ("src/.../HarnessTests.cs", "src/…/a.ts") is not looked up as written; a full path is', () => {
    const missing = (path: string) =>
      missingPaths(runRules(['# Plan', '', '| File | Change |', '|---|---|', `| \`${path}\` | Update the hard gates |`, ''].join('\n'), ['src/Game.Tests/Baltic/HarnessTests.cs']));
    assert.deepEqual(missing('src/.../HarnessTests.cs'), []);
    assert.deepEqual(missing('src/…/OtherTests.cs'), []);
    assert.deepEqual(missing('src/Game.Tests/Other/OtherTests.cs'), ['src/Game.Tests/Other/OtherTests.cs']);
  });
});
