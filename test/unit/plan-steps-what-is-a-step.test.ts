/**
 * Which headings and list items the plan parser takes as steps: numbered headings that outline a document or a
 * design, commentary beside the steps, status reports, examples and reading guidance, stages of a system described
 * rather than work to do. Each case is a small made-up plan written in the convention's style (not an excerpt of a
 * real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const text = [
  '# Refactor to packages',
  '',
  '## Extracted packages',
  '### 1. Canvas package',
  'Owns the strokes.',
  '### 2. Tool package',
  'Owns the pens.',
  '',
  '## Steps',
  '### Step 1: Extract canvas',
  'Verify: go test ./... passes.',
  '### Step 2: Extract tools',
  'Move the pens.',
  '',
  '## File-by-file order',
  '### Step 1',
  '- canvas.go',
].join('\n');

const titles = (text: string): string[] => parsePlan(text).steps.map((s) => s.title);

const plan = (goalTitle: string): string =>
  [
    '# Four improvements',
    '',
    '## Plan 1: Error reporting',
    '',
    goalTitle,
    'Errors reach the dashboard.',
    '',
    '### Steps',
    '1. Create the project',
    '2. Add the key to the environment',
    '',
    '### Code changes',
    '- none needed',
    '',
    '### Risk',
    'Low.',
    '',
    '### Estimated effort',
    'An hour.',
  ].join('\n');

describe('steps: what is and is not a step', () => {
  it('guidance headings under the phases ("Best practices", "Guidelines") are not steps', () => {
    const plan = parsePlan(
      ['# Plan', '', '## Implementation phases', '', '### Phase 1: Atlas', 'x', '', '### Texture best practices', 'y', '', '### Review guidelines', 'z'].join('\n'),
    );
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['1'],
    );
  });

  it('"### 1. Storage layer" under "## Architecture" is a part of the design; the phases under "## Implementation" are the steps', () => {
    const text = [
      '# Sync service plan',
      '',
      '## Architecture',
      '',
      '### 1. Storage layer',
      'Rows live in SQLite.',
      '',
      '### 2. Transport layer',
      'A websocket per client.',
      '',
      '## Implementation',
      '',
      '### Phase 1: Schema',
      'Create the tables.',
      '',
      '### Phase 2: Socket server',
      'Accept clients.',
      'Done when: two clients see each other’s edits.',
    ].join('\n');
    const findings = run(text);
    assert.deepEqual(lines(findings, 'duplicate-step-id'), []);
    assert.deepEqual(lines(findings, 'no-success-criterion'), [13]);
  });

  it('numbered sub-headings under a steps section, or under a phase that mentions its architecture, are still steps', () => {
    const text = [
      '# Refactor',
      '',
      '## Phase 1 — Storage (architecture changes)',
      '',
      '### 1A. Split the repository',
      'Move the queries.',
      '',
      '### 1B. Add the cache',
      'Wrap reads.',
      'Verify: the cache test passes.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['1', '1a', '1b'],
    );
    const underSteps = ['# Rollout', '', '## Implementation steps', '', '### 1. Flag the feature', 'Add it.', '', '### 2. Ramp up', 'Raise to 50 %.'].join('\n');
    assert.deepEqual(
      parsePlan(underSteps).steps.map((s) => s.id),
      ['1', '2'],
    );
  });

  it('"## 2. Fases de desarrollo" names the section holding the phases, so "## 1. …", "## 2. …", "## 3. …" number the document; its phases are the steps', () => {
    const text = [
      '# Plan técnico',
      '',
      '## 1. Arquitectura',
      'Un servidor y una app móvil.',
      '',
      '## 2. Fases de desarrollo',
      '1. **Fase 1: Pantalla principal:**',
      '   Diseñar el botón.',
      '2. **Fase 2: Notificaciones:**',
      '   Enviar avisos. Criterio de aceptación: llegan en menos de un segundo.',
      '',
      '## 3. Modelo de precios',
      'Suscripción mensual.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [7]);
  });

  it('"## 1. Setup", "## 2. Migrate" with no section among them are still steps', () => {
    const text = ['# Upgrade', '', '## 1. Set up the replica', 'Create it.', '', '## 2. Migrate the data', 'Copy rows.', 'Done when: counts match.'].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [3]);
  });

  it('a numbered list under "### Approach" beside "### Step 1", "### Step 2" is commentary; a "## Steps" list beside phases is still steps', () => {
    const approach = [
      '# Memoization',
      '',
      '### Approach',
      'Focus on:',
      '1. Expensive computations',
      '2. Callback props',
      '',
      '### Step 1: Memoize the sort',
      'Verify: one sort per render.',
      '### Step 2: Memoize callbacks',
      'Verify: rows do not re-render.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(approach).steps.map((s) => s.title),
      ['Memoize the sort', 'Memoize callbacks'],
    );
  });

  it('"# User Authentication System Design" is a design document (no steps); "# Landing Page Design Plan" is a plan', () => {
    const body = ['', '## Architecture', '### Module Structure', '1. **AuthModule** - login', '2. **UserModule** - profiles'].join('\n');
    assert.equal(parsePlan(`# User Authentication System Design\n${body}`).format, 'descriptive');
    assert.deepEqual(parsePlan(`# User Authentication System Design\n${body}`).steps, []);
    assert.equal(parsePlan(`# Landing Page Design Plan\n${body}`).format, 'markdown');
  });

  it('numbered decisions under "## 設計判断" are not steps; "テストリスト:" is a phase\'s criterion', () => {
    const text = [
      '# 統一計画',
      '',
      '## 設計判断',
      '### 1. 共有クレートに置く',
      '理由: 依存が減る。',
      '### 2. axum に依存しない',
      '',
      '## 実装計画',
      '### Phase 1: 型を追加',
      'テストリスト:',
      '- [ ] new で全フィールドが設定される',
      '### Phase 2: サービスを統一',
      '変更ファイルのみ。',
    ].join('\n');
    const findings = run(text);
    assert.deepEqual(lines(findings, 'duplicate-step-id'), []);
    assert.deepEqual(lines(findings, 'no-success-criterion'), [12]);
  });

  it('numbered headings outside every step are parts, once two "Step N" headings name the steps', () => {
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.title),
      ['Extract canvas', 'Extract tools', 'Step 1'],
    );
  });

  it('a bare "### Step 1" in a later section is about Step 1 and needs no criterion of its own; Step 2 still does', () => {
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [12]);
  });

  it('with one keyword heading or none, numbered headings are still steps', () => {
    const one = [
      '# Plan',
      '',
      '## Work',
      '### 1. Add the table',
      'Create it.',
      '### 2. Backfill',
      'Copy rows.',
      '',
      '## Later',
      '### Phase 9: Cleanup',
      'Drop the old table.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(one).steps.map((s) => s.id),
      ['1', '2', '9'],
    );
  });

  it('a worked example ("## Ejemplo práctico", "## Example") holds no steps', () => {
    const text = [
      '# Tareas',
      '',
      '- [ ] 1. Motor de esquemas',
      '  - _Requisitos: 1.1_',
      '',
      '## Ejemplo práctico',
      '**PASO 1: crear la configuración**',
      'Se escribe el JSON.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['1'],
    );
  });

  it('a status report ("## Implementation status (as of May)") and reading guidance ("## How to read this plan") hold no steps', () => {
    const text = [
      '# Build plan',
      '',
      '## 0a. Implementation status (as of May)',
      '### Done',
      '- Accounts',
      '### Pending',
      '- Exports',
      '',
      '## How to read this plan',
      '- Each decision has a recommendation.',
      '',
      '## Roadmap',
      '### Phase 1: Accounts',
      'Done when: a user can sign up.',
    ].join('\n');
    assert.deepEqual(titles(text), ['Accounts']);
  });

  it('"- ✅ Plugin works", "- ❌ No code uses it" are status lines; "- Remove the setting" under a steps heading is a step', () => {
    const text = ['# Plan', '', '## Implementation', '- ✅ Plugin package works', '- ❌ **No code** uses the flag', '- Remove the setting'].join('\n');
    assert.deepEqual(titles(text), ['Remove the setting']);
  });

  it('an "Implementation" heading inside the problem statement describes; the same heading at the top holds steps', () => {
    const nested = ['# Plan', '', '## Problem statement', '### Evidence of non-implementation', '- The flag is read nowhere', '- The docs promise it'].join('\n');
    assert.deepEqual(titles(nested), []);
    const top = ['# Plan', '', '## Implementation', '- Read the flag', '- Document it'].join('\n');
    assert.deepEqual(titles(top), ['Read the flag', 'Document it']);
  });

  it('the fallback takes an ordered list under the title or a steps heading, not a ranking in a contract section', () => {
    const ranking = [
      '# Rules rewrite',
      '',
      '### Destination of a variant',
      'Ranked, first hit wins:',
      '',
      '1. **Equal key**: same match key.',
      '2. **Nullish pair**: the other nullish.',
    ].join('\n');
    assert.deepEqual(titles(ranking), []);
    const plain = ['# Rules rewrite', '', '1. Add the matcher', '2. Port the tests'].join('\n');
    assert.deepEqual(titles(plain), ['Add the matcher', 'Port the tests']);
  });

  it('"## Tasks 3-13: Remaining objects" with a list of names adds no steps; "5. Do Not Touch" is no step', () => {
    const text = [
      '# Plan',
      '',
      '## Task 1: Contract',
      'Verify: cargo test passes.',
      '',
      '## Tasks 3-13: Remaining objects',
      'Follow the pattern for:',
      '- `Person`',
      '- `Offer`',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['1'],
    );
    const outline = ['# Plan', '', '## 1. Add the endpoint', 'Verify: it answers.', '', '## 2. Do Not Touch', '- `src/auth.py`'].join('\n');
    assert.deepEqual(
      parsePlan(outline).steps.map((s) => s.id),
      ['1'],
    );
  });

  it('with a goal and a risk sub-heading, its other sub-headings are parts of the document; its "### Steps" holds the steps', () => {
    const steps = parsePlan(plan('### Goal')).steps;
    assert.deepEqual(
      steps.map((s) => s.title),
      ['Create the project', 'Add the key to the environment'],
    );
  });

  it('with only one descriptive sub-heading, its sub-headings are still read as steps', () => {
    const titles = parsePlan(plan('### Sentry')).steps.map((s) => s.title);
    assert.ok(titles.includes('Estimated effort'), titles.join(', '));
  });

  it('stages under a section that describes the system are not steps of the work; the same phases under "## Implementation" are', () => {
    const stages = (section: string): string =>
      ['# Roadmap', '', section, '', '### Phase 1: Initial XML generation', 'pdf_to_xml.py reads the pages.', '', '### Phase 2: Upload', 'upload.py posts the entities.', ''].join(
        '\n',
      );
    for (const section of ['## Complete Pipeline Architecture', '## Data flow', '## How it works']) {
      assert.deepEqual(findingLines(runRules(stages(section)), 'no-success-criterion'), [], section);
    }
    assert.deepEqual(findingLines(runRules(stages('## Implementation')), 'no-success-criterion'), [5, 8]);
  });

  it('steps that follow "## Complete User Flow" as its siblings are its stages; after "## Implementation sequence" they are work steps', () => {
    const plan = (intro: string): string =>
      [
        '# Dark pool',
        '',
        intro,
        'The trader deposits, the engine matches, the contract settles.',
        '',
        '## Step 1: Deposit',
        'The user approves and deposits.',
        '',
        '## Step 2: Settlement',
        'The contract pays out.',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('## Complete User Flow')), 'no-success-criterion'), []);
    assert.deepEqual(findingLines(runRules(plan('## Implementation sequence')), 'no-success-criterion'), [6, 9]);
  });

  it('a "Post-Implementation" section comes after the work: its list is no steps; an "Implementation" section\'s list is', () => {
    const plan = (title: string) =>
      findingLines(
        runRules(
          [
            '# Solar calculator',
            '',
            '## Testing',
            '',
            'Run `npm test`; every phase ends green.',
            '',
            `## ${title}`,
            '',
            '- Create the blog post in the blog folder',
            '- Announce the tool on the newsletter',
          ].join('\n'),
        ),
        'no-success-criterion',
      ).length;
    assert.equal(plan('Blog Post (Post-Implementation)'), 0);
    assert.equal(plan('Blog Post (Implementation)'), 0, 'a testing section says how every step is checked');
    const bare = (title: string) =>
      findingLines(
        runRules(['# Solar calculator', '', `## ${title}`, '', '- Create the blog post in the blog folder', '- Announce the tool on the newsletter'].join('\n')),
        'no-success-criterion',
      ).length;
    assert.equal(bare('Blog Post (Post-Implementation)'), 0);
    assert.equal(bare('Blog Post (Implementation)'), 2);
  });
});
