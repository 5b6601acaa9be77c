/**
 * Which steps no-success-criterion holds to the rule: a step that is itself a check (testing, review, a short
 * command, a documentation-only step), a step the plan puts out of scope, number-only ids with no criterion among
 * them, and how the finding names a step. Each case is a small made-up plan written in the convention's style (not
 * an excerpt of a real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

describe('no-success-criterion: which steps need a criterion', () => {
  it('a later check step in the same list ("4 — Regression tests") is the criterion of the steps before it, not of steps in another section', () => {
    const text = [
      '# Ledger fix',
      '',
      '## Steps',
      '',
      '- **Step 1 — Snapshot current totals** as the baseline.',
      '- **Step 2 — Recompute fees** from the raw events.',
      '- **Step 3 — Backfill March**.',
      '- **Step 4 — Regression tests** comparing totals with the baseline.',
      '',
      '## Cleanup steps',
      '',
      '- **Step 5 — Remove the old job**.',
    ].join('\n');
    // A check step of the plan's own says how the plan is checked: no step is held to a criterion of its own.
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
    const without = text.replace('- **Step 4 — Regression tests** comparing totals with the baseline.\n', '');
    assert.deepEqual(lines(run(without), 'no-success-criterion'), [5, 6, 7, 11]);
  });

  it('a documentation-only step ("Update docs" naming only Markdown files) is done when the document says it; a docs title naming code is not', () => {
    const text = [
      '# Release',
      '',
      '### Task 1: Update docs',
      '1. Add a `CHANGELOG.md` entry for 2.3',
      '2. Describe the flag in `docs/flags.md`',
      '',
      '### Task 2: Update docs and the parser',
      '- change `src/parse.ts` and `docs/flags.md`',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['CHANGELOG.md', 'docs/flags.md', 'src/parse.ts']), 'no-success-criterion'), [7]);
  });

  it('"(Future)" in the title or "Not in MVP scope." opening the body; an "(Optional)" step still needs one', () => {
    const text = [
      '# Plan',
      '',
      '## Phase 1: Import',
      'Read the CSV. Done when: the sample imports.',
      '',
      '## Phase 2: Export (Optional)',
      'Write a CSV.',
      '',
      '## Phase 3 (Future): Sharing',
      '- Share links',
      '',
      '## Phase 4: Sync',
      'Not in MVP scope. Ideas for later.',
      '',
      '## Phase 5: Reports',
      'Build the weekly report.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [6, 15]);
  });

  it('a testing phase ("Fase 4: Pruebas y failover", "Phase 3: Testing") is a check itself and says how the plan is checked', () => {
    const text = [
      '# Plan',
      '',
      '## Fases',
      '1. **Fase 1: Diseño:** pantalla principal.',
      '2. **Fase 2: Backend:** colas de alertas.',
      '3. **Fase 3: Pruebas y failover:** latencia y redes 3G.',
      '',
      '## Rollout',
      '### Phase 1: Canary',
      'Ship to 1 %.',
      '### Phase 2: Testing',
      'Load tests.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
    const noTesting = text.replace('Pruebas y failover', 'Notificaciones').replace('Phase 2: Testing', 'Phase 2: General availability');
    assert.deepEqual(lines(run(noTesting), 'no-success-criterion'), [4, 5, 6, 9, 11]);
  });

  it('a step that is one short command block is done when it succeeds; a review step checks itself', () => {
    const text = [
      '# Plan',
      '',
      '#### 3a. Add the SDK',
      '```bash',
      'bun add @acme/sdk',
      '```',
      '',
      '#### 3b. Review all help texts',
      'Grep for stale wording.',
      '',
      '#### 3c. Wire the SDK',
      '```ts',
      'const sdk = new Sdk();',
      '```',
      'Then call it from the page.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [11]);
  });

  it('"Week 3: Testing and release" is a testing step; "## Key Deliverables" numbers deliverables, not steps', () => {
    const text = [
      '# Plan',
      '',
      '## Key Deliverables',
      '### 1. A smaller core package',
      'Core installs without the GUI.',
      '',
      '## Timeline',
      '### Week 1: Split the package',
      'Move the GUI out.',
      '### Week 3: Testing and release',
      'Test every install combination.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['1', '3'],
    );
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
  });

  it('"**Status**: Complete", a "Session 1 gate:" line, "Integration Testing & Polish" and a phase opening "### Future Enhancements:" need none', () => {
    const text = [
      '# Plan',
      '',
      '## Phase 0: Research',
      '**Status**: Complete',
      '',
      '## Phase 1: Backend',
      'Build it.',
      '**Session 1 gate:** `make test` is green.',
      '',
      '## Phase 2: Integration Testing & Polish',
      'Tests and CI.',
      '',
      '## Phase 3: Later',
      '### Future Enhancements:',
      '- Sharing',
      '',
      '## Phase 4: Frontend',
      'Build the page.',
    ].join('\n');
    // The testing phase says how the plan is checked, so no phase is held to a criterion of its own;
    // without it, the phases that are done, gated or for later still need none and Phase 4 is flagged.
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
    const withoutTesting = text.replace('## Phase 2: Integration Testing & Polish\nTests and CI.\n\n', '');
    assert.deepEqual(lines(run(withoutTesting), 'no-success-criterion'), [14]);
  });

  it('numbered headings or items none of which states a criterion are not held to the rule; keyword ids are', () => {
    const numbered = ['# Plan', '', '## Proposed changes', '', '### 1. Folder loading', 'Load every file.', '', '### 2. Playback', 'Gapless.'].join('\n');
    assert.deepEqual(lines(run(numbered), 'no-success-criterion'), []);
    const list = ['# Plan', '', '## Steps', '', '1. Bump the version', '2. Fix the compile errors'].join('\n');
    assert.deepEqual(lines(run(list), 'no-success-criterion'), []);
    const keyword = numbered.replace('### 1.', '### Step 1:').replace('### 2.', '### Step 2:');
    assert.deepEqual(lines(run(keyword), 'no-success-criterion'), [5, 8]);
  });

  it('once a sibling states a criterion, the plan gives its steps criteria and the others are flagged', () => {
    const text = ['# Plan', '', '## Steps', '', '1. Add the table', '   - Success criteria: the migration runs twice cleanly', '2. Backfill', '3. Flip reads'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7, 8]);
  });

  it('a sub-step id ("3b") is held to the rule without a sibling criterion', () => {
    const text = ['# Plan', '', '## Client work', '', '#### 3a. Types', 'Add the types.', '', '#### 3b. Hook', 'Add the hook.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [5, 8]);
  });

  it('a step with no written id is named by its title in the message, a written id by the id', () => {
    const text = ['# Plan', '', '## Steps', '', '### Add the key to the environment', 'Set it in the dashboard.', '', '### Step 2: Redeploy', 'Ship it.'].join('\n');
    const messages = runRules(text)
      .filter((f) => f.code === 'no-success-criterion')
      .map((f) => f.message.split(' has ')[0]);
    assert.deepEqual(messages, ['The step "Add the key to the environment"', 'Step 2']);
  });

  it('a Japanese or Chinese step whose work is a check ("E2E テストで認証フローを検証する") needs no other criterion; "認証画面を作る" does', () => {
    const plan = (title: string): string => ['# Plan', '', '## Steps', '', `### Step 1: ${title}`, '画面。', '', '## Risks', '- none'].join('\n');
    assert.deepEqual(findingLines(runRules(plan('E2E テストで認証フローを検証する')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('验证登录流程')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('認証画面を作る')), 'no-success-criterion'), [5]);
  });

  it('"Story 5.4: End-to-end application flow test" is itself a check; "Story 5.4: End-to-end application flow" is not', () => {
    const plan = (title: string): string => ['# Plan', '', '## Steps', '', `### Step 4: ${title}`, 'Run discovery to tracking in one flow.', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('End-to-end application flow test')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('End-to-end application flow')), 'no-success-criterion'), [5]);
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

  it('a superpowers step "Run — expect 5 passed", a smoke-test step, a new spec file and a prerequisites phase count as checks; a step that only builds does not', () => {
    const task = (sub: string, title = 'Config IO') =>
      findingLines(
        runRules(['# Plan', '', `## Task 2: ${title}`, '', '- [ ] **Step 1: Write the loader**', '', 'Write `load_config`.', '', sub].join('\n')),
        'no-success-criterion',
      );
    assert.deepEqual(task('- [ ] **Step 4: Run — expect 5 passed**'), []);
    assert.deepEqual(task('- [ ] **Step 2: Create file and smoke-test**'), []);
    assert.deepEqual(task('**`spec/services/config_io_spec.rb`** (new) — verify the output format'), []);
    assert.deepEqual(task('- Install Ollama and pull the model', 'Prerequisites (manual)'), []);
    assert.deepEqual(task('- [ ] **Step 2: Commit**'), [3]);
  });
});
