/**
 * dangling-dependency: which lines define an id a dependency may name (task lines, bold task paragraphs), and which
 * "depends on" wording is not a dependency on a step of the plan. Each case is a small made-up plan written in the
 * convention's style (not an excerpt of a real plan) and pairs what the rule explains away with what it still
 * reports.
 */
import assert from 'node:assert/strict';
import { gsdTwoTasks as gsd } from '../support/convention-plans';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

describe('dangling-dependency: what defines a step id', () => {
  it('dangling-dependency, an error, needs the id nowhere in the plan: a task line the step finder skipped still defines it', () => {
    const text = ['# Plan', '', '## Notes', '- [ ] T010 Write the migration', '', '## Steps', '1. Run it — depends on T010', '2. Clean up — depends on T011'].join('\n');
    assert.deepEqual(lines(run(text), 'dangling-dependency'), [8]);
  });

  it('a plan that is one phase of a series ("# Phase 3 — QR login") depends on the other plans, not on its own steps', () => {
    const text = [
      '# Phase 3 — QR login',
      '',
      '**Depends on:** Phase 1 (Phase 2 is not required).',
      '',
      '**Done when:** the account stays connected.',
      '',
      '## PR 3.1 — Schema',
      'Tables.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'dangling-dependency'), []);
  });

  it('a step of the plan that depends on a step the plan lacks is still an error', () => {
    const text = ['# Sessions', '', '## Step 1: Store', 'Verify: tests pass.', '', '## Step 2: Wire', 'Depends on: Step 9', 'Verify: login survives a restart.'].join('\n');
    assert.deepEqual(lines(run(text), 'dangling-dependency'), [7]);
  });

  it('a task a paragraph opens with in bold ("**TASK-010** — Add the keys") is a task a dependency may name; an id no line opens with is dangling', () => {
    const plan = (dep: string) =>
      findingLines(
        runRules(
          [
            '# Discord bot plan',
            '',
            '### Phase 1 — Settings keys',
            '',
            '**TASK-010** — Add the Discord setting keys to the whitelist',
            '- **Acceptance:** keys accepted by `settings:set`',
            '',
            '### Phase 2 — Core implementation',
            '',
            '**TASK-020** — Create the bot service',
            `- **Depends on:** ${dep}`,
            '- **Acceptance:** the bot logs in with a test token',
          ].join('\n'),
        ),
        'dangling-dependency',
      );
    assert.deepEqual(plan('TASK-010 (settings keys exist)'), []);
    assert.deepEqual(plan('TASK-090 (settings keys exist)'), [11]);
  });

  it('a bold paragraph that opens with a task id and its title ("**Task 7: Base Export Data Models**") defines that task for a dependency; an id no line opens with is dangling', () => {
    const plan = (dep: string) =>
      findingLines(
        runRules(
          [
            '# Export feature',
            '',
            '## Phase 2',
            '',
            '**Task 7: Base Export Data Models**',
            '- **Acceptance**: models validate input',
            '',
            '**Task 8: Export Request Validation**',
            `- **Dependencies**: ${dep}`,
            '- **Acceptance**: requests validated',
          ].join('\n'),
        ),
        'dangling-dependency',
      );
    assert.deepEqual(plan('Task 7'), []);
    assert.deepEqual(plan('Task 17'), [9]);
  });

  it('a kind of unit the plan has no step of ("after Phases 2-7 exist" in a plan of tasks) is no dangling dependency; a missing task still is', () => {
    assert.deepEqual(findingLines(runRules(gsd('retrofitting path handling after Phases 2-7 exist touches every file')), 'dangling-dependency'), []);
    assert.deepEqual(findingLines(runRules(gsd('cheap to change later', 'Depends on: Task 9')), 'dangling-dependency'), [17]);
    // In a plan of phases, a phase that is not there is still dangling.
    const phases = [
      '# Plan',
      '',
      '## Phase 1: Schema',
      '',
      '- Verify: migrations apply',
      '',
      '## Phase 2: API',
      '',
      '- Depends on: Phase 7',
      '- Verify: endpoints answer',
      '',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(phases), 'dangling-dependency'), [9]);
  });

  it('"so it depends on `sync-skills`" in a sentence names a make target; "Depends on: T012" is a dependency', () => {
    const plan = (line: string) => ['# Plan', '', '### Task 1: Add the sync target', '', 'Add it.', '', '### Task 2: Wire it', '', line, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('In `Makefile`, change the `compile:` line so it depends on `sync-skills`.')), 'dangling-dependency'), []);
    assert.deepEqual(findingLines(runRules(plan('Depends on: T012')), 'dangling-dependency'), [9]);
    assert.deepEqual(findingLines(runRules(plan('- **Blocked by** T9')), 'dangling-dependency'), [9]);
  });

  it('a dependency on a name without a number ("Dependencies: `js-yaml`") is checked only in a plan that names its steps so', () => {
    const plan = (second: string, dependency: string) => ['# Plan', '', `### ${second}`, '', 'Install it.', '', '### Task 2: Wire it', '', dependency, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Task 1: Scaffold', '- [x] Install dependencies: `js-yaml`, `fast-glob`')), 'dangling-dependency'), []);
    // A pom.xml's dependency list under a label.
    const pom = ['# Implementierungsplan', '', '### Schritt 1 – `pom.xml` erstellen', '', 'Enthält folgende Dependencies:', '- `spring-boot-starter-web`', '- `flyway-core`', ''];
    assert.deepEqual(findingLines(runRules(pom.join('\n')), 'dangling-dependency'), []);
    // A plan whose steps have names for ids: a name no step has is dangling.
    const named = ['# Plan', '', '### Task 1: Scaffold (id: scaffold)', '', 'Install it.', '', '### Task 2: Wire it (id: wire)', '', 'Depends on: setup-db', ''];
    assert.deepEqual(findingLines(runRules(named.join('\n')), 'dangling-dependency'), [9]);
    // A numbered id stays checked everywhere.
    assert.deepEqual(findingLines(runRules(plan('Task 1: Scaffold', 'Depends on: T9')), 'dangling-dependency'), [9]);
  });
});
