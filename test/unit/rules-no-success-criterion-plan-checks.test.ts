/**
 * no-success-criterion when the plan says how it is checked outside its steps: a verification, testing, QA or
 * completion section (in the languages the rules read), a success section for some phases, a check step of the
 * plan's own, or the spec a spec-kit plan was generated from. Each case is a small made-up plan written in the
 * convention's style (not an excerpt of a real plan) and pairs what the rule explains away with what it still
 * reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { saysHowDone } from '../../src/core/rules/no-success-criterion';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const phases = ['# Plan', '', '## Phase 1: Schema', 'Add the tables.', '', '## Phase 2: API', 'Serve the rows.', ''];

describe('no-success-criterion: checks that speak for the whole plan', () => {
  it('a plan-wide completion section in Portuguese, Spanish, German or French speaks for every step, as "Completion criteria" does', () => {
    const body = ['## Passos', '', '### Fase 1 — Cliente', 'x', '', '### Fase 2 — Ferramentas', 'y', ''];
    for (const heading of ['## Critérios de conclusão', '## Criterios de finalización', '## Abschlusskriterien', "## Critères d'achèvement", '## Completion criteria']) {
      const text = ['# Plano', '', ...body, heading, '- [ ] Fase 1: login ok', '- [ ] Fase 2: testes verdes'].join('\n');
      assert.deepEqual(lines(run(text), 'no-success-criterion'), [], heading);
    }
    assert.deepEqual(lines(run(['# Plano', '', ...body].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('a spec-kit plan.md whose "## Success Criteria" speaks for the feature needs none per phase; "Phase 4: Validation" checks itself', () => {
    const text = [
      '# Implementation Plan: Tasks',
      '',
      '**Input**: Feature specification from `/specs/001-tasks/spec.md`',
      '',
      '### Phase 3: Implementation',
      'Build the API.',
      '',
      '## Success Criteria',
      '- Every endpoint answers within 200 ms.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
    // "Phase 4: Validation" checks itself and says how the plan is checked; "Phase 4: Deployment" does not.
    const plain = ['# Plan', '', '## Phase 3: Implementation', 'Build the API.', '', '## Phase 4: Validation & deployment', 'Run all tests.'].join('\n');
    assert.deepEqual(lines(run(plain), 'no-success-criterion'), []);
    assert.deepEqual(lines(run(plain.replace('Validation & deployment', 'Deployment')), 'no-success-criterion'), [3, 6]);
  });

  describe('two phases without a criterion of their own', () => {
    const phases = ['## Phase 1: Schema', 'Add the tables.', '', '## Phase 2: API', 'Serve the rows.'];

    it('a top-level "## Success Metrics" section speaks for the steps; without it they are flagged', () => {
      assert.deepEqual(lines(run(['# Plan', '', ...phases, '', '## Success Metrics', '- p95 under 200 ms'].join('\n')), 'no-success-criterion'), []);
      assert.deepEqual(lines(run(['# Plan', '', ...phases].join('\n')), 'no-success-criterion'), [3, 6]);
    });
  });

  it("a success section inside a step is that step's own, not the plan's", () => {
    const text = ['# Plan', '', '## Phase 1: Schema', 'Add the tables.', '### Success criteria', '- Tables exist', '', '## Phase 2: API', 'Serve the rows.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [8]);
  });

  it('"## Success Criteria by Phase" naming Phases 1 and 2 speaks for those only', () => {
    const text = [
      '# Plan',
      '',
      '## Phase 1: Meals',
      'Log meals.',
      '## Phase 2: Search',
      'Search meals.',
      '## Phase 3: Reports',
      'Weekly report.',
      '',
      '## Success Criteria by Phase',
      '### Phase 1 Success:',
      '- Can add meals',
      '### Phase 2 Success:',
      '- Can search',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7]);
  });

  describe('two phases of a trading service', () => {
    const phases = ['## Phase 1: Data', 'Fetch candles.', '', '## Phase 2: Gateway', 'Serve them.', ''];

    it('"## Validation Checklist" or "## Verification" states how the plan is known done, for its phases', () => {
      for (const title of ['## Validation Checklist', '## Verification', '## Final validation']) {
        const text = ['# Trader', '', ...phases, title, '', 'Before marking complete:', '- [ ] services start', '- [ ] candles arrive'].join('\n');
        assert.deepEqual(lines(run(text), 'no-success-criterion'), [], title);
      }
    });

    it('"## Testing strategy" speaks for the phases (the plan says how it is checked); a "### Verification" inside a phase speaks for no other phase', () => {
      const strategy = ['# Trader', '', ...phases, '## Testing strategy', '', '- unit tests per service'].join('\n');
      assert.deepEqual(lines(run(strategy), 'no-success-criterion'), []);
      const notes = ['# Trader', '', ...phases, '## Notes', '', '- one service per phase'].join('\n');
      assert.deepEqual(lines(run(notes), 'no-success-criterion'), [3, 6]);
      const nested = ['# Trader', '', '## Phase 1: Data', 'Fetch candles.', '', '### Verification', '- candles arrive', '', '## Phase 2: Gateway', 'Serve them.'].join('\n');
      assert.deepEqual(lines(run(nested), 'no-success-criterion'), [9]);
    });
  });

  it('a top-level "## 驗證" (or "## Verificación") speaks for the phases', () => {
    const phases = ['# Plan', '', '## Phase 1: Registry', 'Add it.', '', '## Phase 2: Schema', 'Add it.', ''];
    for (const title of ['## 驗證', '## Verificación']) assert.deepEqual(lines(runRules([...phases, title, '- bun run build'].join('\n')), 'no-success-criterion'), [], title);
  });

  it('"## Verification (after all phases)" and "## Verification notes (draft)" speak for the phases; "## Notes (draft)" does not', () => {
    const phases = ['# Plan', '', '## Phase 1: Layout', 'Grid.', '', '## Phase 2: Cleanup', 'Remove dead code.', ''];
    assert.deepEqual(findingLines(runRules([...phases, '## Verification (after all phases)', '- npm run build'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...phases, '## Verification notes (draft)', '- npm run build'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...phases, '## Notes (draft)', '- npm run build'].join('\n')), 'no-success-criterion'), [3, 6]);
  });

  it('a spec-kit plan.md with its spec beside it has its criteria there; without the spec its phases are held to the rule', () => {
    const text = [
      '# Implementation Plan: Atomic rollback',
      '',
      '**Branch**: `016-rollback` | **Spec**: [spec.md](./spec.md)',
      '**Input**: Feature specification from `/specs/016-rollback/spec.md`',
      '',
      '## Implementation Phases',
      '',
      '### Phase 1: Staging',
      '1. Create the staging types',
      '',
      '### Phase 2: Recovery (US3)',
      '1. Detect orphaned staging folders',
      '',
      '## Risks',
      '- a crash mid-commit',
    ].join('\n');
    const planPath = 'specs/016-rollback/plan.md';
    assert.deepEqual(findingLines(runRules(text, ['specs/016-rollback/spec.md', planPath], { planPath }), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(text, [planPath], { planPath }), 'no-success-criterion'), [8, 11]);
  });

  it('a top-level "## Testing" section (also "## Test plan", "## How to test", "## Testing notes (draft)") speaks for the steps; "## Notes (draft)" does not', () => {
    const steps = ['# Plan', '', '## Implementation', '', '### Step 1: Broadcast the list', 'Send it on startup.', '', '### Step 2: Declare it', 'Add it to the header.', ''];
    for (const title of ['## Testing', '## Test plan', '## How to test']) {
      assert.deepEqual(findingLines(runRules([...steps, title, '1. Start the server: CAP LS shows the list'].join('\n')), 'no-success-criterion'), [], title);
    }
    assert.deepEqual(findingLines(runRules([...steps, '## Testing notes (draft)', '- ideas'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...steps, '## Notes (draft)', '- ideas'].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('"## QA Manual Testing Groups" (also "## QA", "## Testing checklist", "## QA notes") speaks for the steps; "## Rollout notes" does not', () => {
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
    // A section about QA of any kind says how the plan is checked; a section about something else does not.
    assert.deepEqual(findingLines(runRules([...stories, '## QA notes', '- later'].join('\n')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules([...stories, '## Rollout notes', '- later'].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('"## Quality gates (every sprint)" speaks for every step; "## Quality notes" does not', () => {
    const steps = ['## Steps', '', '## Step 1: Schema', '- Move ensureSchema()', '', '## Step 2: Web app', '- Add vuetify', '', '## Risks', '- none'];
    const gates = ['# Plan', '', '## Quality gates (every sprint)', '', '| Gate | Tool |', '|---|---|', '| Build | `pnpm build` |', ''];
    assert.deepEqual(findingLines(runRules([...gates, ...steps].join('\n')), 'no-success-criterion'), []);
    const notes = ['# Plan', '', '## Quality notes', '', '- keep it lean', ''];
    assert.deepEqual(findingLines(runRules([...notes, ...steps].join('\n')), 'no-success-criterion'), [9, 12]);
  });

  it('a heading about checks outside the steps, in any of the read languages, speaks for every step; a heading about something else does not', () => {
    for (const heading of ['## Testing notes', '## QA', '## Smoke test', '## Acceptance', '## Pruebas', '## Verificação', '## Abnahme', '## 验证', '## テスト', '## 검증']) {
      assert.deepEqual(findingLines(runRules([...phases, heading, '- run it'].join('\n')), 'no-success-criterion'), [], heading);
    }
    for (const heading of ['## Notes', '## Rollout', '## Latest results']) {
      assert.deepEqual(findingLines(runRules([...phases, heading, '- run it'].join('\n')), 'no-success-criterion'), [3, 6], heading);
    }
  });

  it("an empty check heading says nothing; a check inside a step is that step's own", () => {
    assert.deepEqual(findingLines(runRules([...phases, '## Testing', ''].join('\n')), 'no-success-criterion'), [3, 6]);
    const inside = ['# Plan', '', '## Phase 1: Schema', 'Add the tables.', '### Testing', '- the tables exist', '', '## Phase 2: API', 'Serve the rows.'].join('\n');
    assert.deepEqual(findingLines(runRules(inside), 'no-success-criterion'), [8]);
  });

  it('a top-level check step speaks for the plan; a review step, a sub-task that tests and a nested check do not', () => {
    const withCheck = [...phases, '## Phase 3: Final verification', 'Run the suite.'].join('\n');
    assert.equal(saysHowDone(parsePlan(withCheck)), true);
    assert.deepEqual(findingLines(runRules(withCheck), 'no-success-criterion'), []);
    const review = [...phases, '## Phase 3: Review the help texts', 'Grep for stale wording.'].join('\n');
    assert.equal(saysHowDone(parsePlan(review)), false);
    const kiro =
      '# Implementation Plan\n\n- [ ] 1. Database layer\n- [ ] 1.1 Define the schema\n- [ ]* 1.2 Write property test for the schema\n\n- [ ] 2. API layer\n  - add routes\n';
    assert.equal(saysHowDone(parsePlan(kiro)), false);
    assert.deepEqual(findingLines(runRules(kiro), 'no-success-criterion'), [7]);
  });

  it('a section about checks in Russian, Polish or Vietnamese ("## Шаг 9: Проверка сборки") says how the plan is checked; a section that builds does not', () => {
    const plan = (title: string) =>
      findingLines(
        runRules(
          [
            '# План',
            '',
            '## Шаг 5: Компоненты',
            '',
            '### 5a. `src/App.tsx` — корневой компонент',
            '',
            'Собрать корневой компонент.',
            '',
            '### 5b. `src/Player.tsx` — плеер',
            '',
            'Перенести плеер.',
            '',
            `## Шаг 9: ${title}`,
            '',
            '`bun run build` — сборка должна пройти.',
          ].join('\n'),
          ['src/App.tsx', 'src/Player.tsx'],
        ),
        'no-success-criterion',
      );
    assert.deepEqual(plan('Проверка сборки'), []);
    assert.deepEqual(plan('Weryfikacja'), []);
    assert.deepEqual(plan('Kiểm tra'), []);
    assert.deepEqual(plan('Сборка'), [5, 9]);
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
});
