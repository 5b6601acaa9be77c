/**
 * What a step says about itself (src/core/wording/step-labels.ts over the criterion and dependency tables): every row,
 * in a made-up step of its language, gives the step its success criterion or names the step it waits for, and the
 * no-success-criterion rule reads it; the same line with another word in the row's place does neither.
 */
import assert from 'node:assert/strict';
import { findDependencies } from '../../src/core/plan/step-details';
import { parsePlan } from '../../src/core/plan';
import {
  CHECK_LABEL_VERB,
  CRITERION_LABEL,
  CRITERION_TITLE,
  CRITERION_TITLE_UNIT,
  DONE_WHEN,
  END_OF,
  GOAL,
  REPLACE_VERB,
  REPLACE_WITH,
  REQUIREMENTS_LINK,
  REWORD_LABEL,
} from '../../src/core/wording/criterion';
import {
  ABOUT_STEP_LEAD,
  ABOUT_STEP_TITLE,
  COMPLETE,
  COMPLETE_WHAT,
  DAY,
  RANGE_TO,
  RANGE_UNIT,
  STEP_WORD,
  STEPS_NAME,
  TASK_LIST_TITLE,
  TASK_LIST_TITLE_END,
} from '../../src/core/wording/step-words';
import { AFTER, AFTER_LEAD, DEPENDENCY_NOUN, DEPENDS_ON, NO_DEPENDENCY } from '../../src/core/wording/dependency';
import {
  criterionLabelEnd,
  isAboutAStep,
  isCriterionTitle,
  isLabelAndValue,
  titleIsStepRange,
  titleIsTaskList,
  titleNamesSteps,
  nextDependencyLabel,
  opensReplacement,
  saysNoDependency,
} from '../../src/core/wording/step-labels';
import { LANGUAGES, type Language, type Wording } from '../../src/core/wording/words';
import { findingLines, runRules } from '../support/static-rules-harness';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

const capitalized = (w: string): string => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;

/** A plan of two steps: the first says `lines` after its text, the second has its criterion. */
const plan = (...lines: string[]): string =>
  [
    '# Plan',
    '',
    '## Step 1: Wire the parser',
    '',
    'Wire the parser into the server.',
    '',
    ...lines,
    '',
    '## Step 2: Ship it',
    '',
    'Ship it.',
    '',
    '- Success criteria: the release is tagged',
    '',
  ].join('\n');
const criterionOf = (...lines: string[]): string | null => parsePlan(plan(...lines)).steps[0]?.successCriteria?.text ?? null;
const uncheckedSteps = (...lines: string[]): number[] => findingLines(runRules(plan(...lines)), 'no-success-criterion');
const dependencyIds = (line: string): string[] => findDependencies([line], 0, 0, () => false).map((r) => r.id);
/** The colon each script writes after a label. */
const colon = (lang: Language): string => (LANGUAGES[lang] === 'cjk' ? '：' : ':');

describe('wording concepts: what a step says about itself', () => {
  it('every criterion label, then its colon, gives the step its check, and the rule reads it ("Criterios de aceptación:", "完了条件：")', () => {
    for (const [lang, w] of rows(CRITERION_LABEL)) {
      for (const form of [w, capitalized(w), `**${capitalized(w)}**`]) {
        const line = `- ${form}${colon(lang)} the build passes`;
        const plain = line.replace(/\*\*/g, '');
        assert.equal(plain.slice(criterionLabelEnd(plain) ?? 0).trim(), 'the build passes', `${lang} "${form}"`);
        // "Tests: …" is also a list item that names the check, the whole item its text.
        assert.match(criterionOf(line) ?? '', /the build passes$/, `${lang} "${form}"`);
        assert.deepEqual(uncheckedSteps(line), [], `${lang} "${form}"`);
      }
      assert.equal(criterionLabelEnd(`Notes: ${w} the build passes`), null, `${lang} "${w}" without its colon`);
    }
    assert.equal(criterionOf('- Notes: the build passes'), null);
    assert.deepEqual(uncheckedSteps('- Notes: the build passes'), [3]);
  });

  it('every check verb opens a label with up to five words or a parenthesis before its colon ("Verify the login works:")', () => {
    for (const [lang, w] of rows(CHECK_LABEL_VERB)) {
      for (const line of [`- ${capitalized(w)}: the build passes`, `- ${capitalized(w)} the parser loads: the build passes`, `- ${capitalized(w)} (manual): the build passes`]) {
        assert.equal(criterionOf(line), 'the build passes', `${lang} "${line}"`);
        assert.deepEqual(uncheckedSteps(line), [], `${lang} "${line}"`);
      }
      assert.equal(criterionLabelEnd(`${w} that one two three four five six: x`), null, `${lang} "${w}" six words before the colon`);
    }
    assert.equal(criterionOf('- Inspect the parser loads: the build passes'), null);
  });

  it('"done when" needs no colon; "end of … goal" takes up to three words between', () => {
    for (const [lang, w] of rows(DONE_WHEN)) {
      assert.equal(criterionOf(`- ${capitalized(w)} the build passes`), 'the build passes', `${lang} "${w}"`);
      assert.equal(criterionOf(`- ${capitalized(w)}: the build passes`), 'the build passes', `${lang} "${w}:"`);
    }
    for (const [lang, end] of rows(END_OF))
      for (const goal of GOAL[lang] ?? []) {
        assert.equal(criterionOf(`- ${capitalized(end)} day 5 ${goal}: the build passes`), 'the build passes', `${lang} "${end} … ${goal}"`);
        assert.equal(criterionLabelEnd(`${end} the first long week ${goal}: x`), null, `${lang} "${end}" four words before "${goal}"`);
      }
    assert.equal(criterionOf('- Finished when the build passes'), null);
  });

  it('every requirements link in italics is the check of a Kiro task ("_Requirements: 1.2_", "_需求：1.3_")', () => {
    for (const [lang, w] of rows(REQUIREMENTS_LINK)) {
      const line = `  - _${capitalized(w)}${colon(lang)} 1.2, 3.4_`;
      assert.equal(criterionOf(line), '1.2, 3.4_', `${lang} "${w}"`);
      assert.deepEqual(uncheckedSteps(line), [], `${lang} "${w}"`);
      assert.equal(criterionLabelEnd(`  - ${w}${colon(lang)} 1.2`), null, `${lang} "${w}" not in italics`);
    }
    assert.equal(criterionOf('  - _Notes: 1.2, 3.4_'), null);
  });

  it('every criterion title as a sub-heading, a unit and its number before it or not, holds the check ("### Acceptance criteria", "#### Phase 2 verification")', () => {
    for (const [lang, w] of rows(CRITERION_TITLE)) {
      assert.equal(criterionOf(`### ${capitalized(w)}`, '', '- the build passes'), 'the build passes', `${lang} "${w}"`);
      // "### 1.7 Tests", "### Sprint 2 tests" under a step are steps of their own to the parser; the title still names a check.
      assert.ok(isCriterionTitle(`1.7. **${w.toUpperCase()}**`), `${lang} "1.7 ${w}"`);
      for (const unit of CRITERION_TITLE_UNIT.en ?? []) assert.ok(isCriterionTitle(`${capitalized(unit)} 2.1 ${w}`), `${lang} "${unit} 2.1 ${w}"`);
      assert.ok(!isCriterionTitle(`${capitalized(w)} of the parser`), `${lang} "${w}" is not the whole title`);
      assert.deepEqual(uncheckedSteps(`### ${capitalized(w)}`, '', '- the build passes'), [], `${lang} "${w}"`);
    }
    assert.ok(!isCriterionTitle('Chapter 2 tests'));
    assert.equal(criterionOf('### Notes', '', '- the build passes'), null);
  });

  it('every depends-on label names the steps after it, a list or a range ("Depends on: Step 2", "Blocked by 3-5")', () => {
    for (const [lang, w] of rows(DEPENDS_ON)) {
      assert.deepEqual(dependencyIds(`${capitalized(w)}: Step 2, 4`), ['2', '4'], `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`${capitalized(w)} steps 3-5`), ['3', '4', '5'], `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`${capitalized(w)}: none`), [], `${lang} "${w}: none"`);
      assert.equal(nextDependencyLabel(`x${w} step 2`, 0), null, `${lang} "x${w}" is another word`);
    }
    assert.deepEqual(dependencyIds('Relies on: Step 2, 4'), []);
  });

  it('every dependency noun is a label only with its colon ("**Dependencies**: T001"; "no external dependencies" names none)', () => {
    for (const [lang, w] of rows(DEPENDENCY_NOUN)) {
      assert.deepEqual(dependencyIds(`**${capitalized(w)}**: Step 2`), ['2'], `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`${capitalized(w)}: setup-db, T001`), ['setup-db', 't001'], `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`Lightweight, no external ${w} step 2 here.`), [], `${lang} "${w}" in a sentence`);
    }
  });

  it('every after word names a dependency only when a step reference follows at once ("After step 2", not "After the parser")', () => {
    for (const [lang, w] of rows(AFTER)) {
      assert.deepEqual(dependencyIds(`${capitalized(w)} step 2 is merged.`), ['2'], `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`${capitalized(w)}: Phase 1`), ['1'], `${lang} "${w}:"`);
      assert.deepEqual(dependencyIds(`${capitalized(w)} the parser lands, step 2 follows.`), [], `${lang} "${w}" then prose`);
    }
    assert.deepEqual(dependencyIds('Following step 2 is merged.'), []);
  });

  it('every label that gives new wording, the quoted text below it, gives the step its end state ("Replace the intro with:", "Ersetzen durch:")', () => {
    const quoted = (label: string): string[] => [`- ${label}`, '', '> Verify Plan checks a plan before it runs.'];
    const labels = [
      ...rows(REPLACE_VERB).flatMap(([lang, verb]) => (REPLACE_WITH[lang] ?? []).map((w): [Language, string] => [lang, `${capitalized(verb)} the intro ${w} the following:`])),
      ...rows(REWORD_LABEL).map(([lang, w]): [Language, string] => [lang, `${capitalized(w)}:`]),
    ];
    for (const [lang, label] of labels) {
      assert.ok(opensReplacement(`- ${label}`), `${lang} "${label}"`);
      assert.equal(criterionOf(...quoted(label)), 'Verify Plan checks a plan before it runs.', `${lang} "${label}"`);
      assert.deepEqual(uncheckedSteps(...quoted(label)), [], `${lang} "${label}"`);
      assert.ok(!opensReplacement(`- ${label} the intro`), `${lang} "${label}" with text after its colon`);
    }
    assert.equal(criterionOf(...quoted('Keep the intro:')), null);
  });

  it('every "none" word after a depends-on label says the step waits for nothing ("Depends on: none")', () => {
    for (const [lang, w] of rows(NO_DEPENDENCY)) {
      assert.ok(saysNoDependency(` ${w}`), `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`Depends on: ${w}, setup-db`), [], `${lang} "${w}"`);
      assert.ok(!saysNoDependency(` ${w}x`), `${lang} "${w}x" is another word`);
    }
    assert.deepEqual(dependencyIds('Depends on: setup-db'), ['setup-db']);
  });

  it('every lead word between an after word and the step it names keeps the reference ("After the step 2 merge", "Once completing phase 1")', () => {
    for (const [lang, w] of rows(AFTER_LEAD)) {
      assert.deepEqual(dependencyIds(`After ${w} step 2 is merged.`), ['2'], `${lang} "${w}"`);
      assert.deepEqual(dependencyIds(`After ${w} the step 2 merge.`), ['2'], `${lang} "${w} the"`);
    }
    assert.deepEqual(dependencyIds('After reviewing step 2 is merged.'), []);
  });

  it('a heading about a step already given repeats no step id ("### Phase 1 Deliverables Summary", "### Phase 1 Complete Code Changes")', () => {
    const plan = (heading: string): string =>
      ['# Plan', '', '## Phase 1: Design', '', '### 1. Data Model Design', '', '- Verify: the model compiles', '', heading, '', '- data-model.md', ''].join('\n');
    const duplicates = (heading: string): number[] => findingLines(runRules(plan(heading)), 'duplicate-step-id');
    const titles = [
      ...rows(ABOUT_STEP_TITLE).flatMap(([lang, w]) => ['', ...(ABOUT_STEP_LEAD[lang] ?? [])].map((lead): [Language, string] => [lang, `${lead} ${w}`.trim()])),
      ...rows(COMPLETE).flatMap(([lang, c]) => (COMPLETE_WHAT[lang] ?? []).map((what): [Language, string] => [lang, `${c} ${what} notes`])),
    ];
    for (const [lang, title] of titles) {
      assert.ok(isAboutAStep(capitalized(title)), `${lang} "${title}"`);
      assert.deepEqual(duplicates(`### Phase 1 ${capitalized(title)}`), [], `${lang} "${title}"`);
    }
    assert.ok(!isAboutAStep('Rollout'));
    assert.deepEqual(duplicates('### Phase 1: Rollout'), [9]);
  });

  it('a heading that is a label and its value is complete ("### Owner: the data team"); one that opens with a step word is a step, empty without a body', () => {
    const plan = (heading: string): string => ['# Plan', '', '## Stage 4', '', heading, '', '## Stage 5', 'Ship it.'].join('\n');
    const empty = (heading: string): number[] => findingLines(runRules(plan(heading)), 'empty-section');
    for (const [lang, w] of rows(STEP_WORD, DAY)) {
      assert.ok(!isLabelAndValue(`${capitalized(w)}: Deploy the service`), `${lang} "${w}"`);
      assert.deepEqual(empty(`### ${capitalized(w)}: Deploy the service`), [3, 5], `${lang} "${w}"`);
    }
    assert.ok(isLabelAndValue('Owner: the data team'));
    assert.deepEqual(empty('### Owner: the data team'), []);
  });

  it("every task-list title makes the plan a task breakdown, whose risks its companion plan or design holds ('# Tareas — 001 Core', '# Review Agents Tasks')", () => {
    const steps = [
      '',
      '### Task 1: Queue',
      '',
      'Change `src/a.ts`, `src/b.ts` and the migration `db/01.sql`; update the API handlers and the client cache.',
      '',
      '### Task 2: Freeze',
      '',
      'Change `src/c.ts`, `src/d.ts` and the migration `db/02.sql`; update the API handlers.',
      '',
      '### Task 3: Ledger',
      '',
      'Migrate the ledger schema `db/03.sql` and backfill.',
    ];
    const risks = (title: string): number[] => findingLines(runRules([`# ${title}`, ...steps].join('\n')), 'missing-risks-section');
    for (const [lang, w] of rows(TASK_LIST_TITLE)) {
      assert.ok(titleIsTaskList(`${capitalized(w)}: wallet`), `${lang} "${w}"`);
      assert.deepEqual(risks(`${capitalized(w)}: wallet`), [], `${lang} "${w}"`);
    }
    for (const [lang, w] of rows(TASK_LIST_TITLE_END)) {
      assert.ok(titleIsTaskList(`Wallet ${capitalized(w)}`), `${lang} "${w}" at the end`);
      assert.deepEqual(risks(`Wallet ${capitalized(w)}`), [], `${lang} "${w}" at the end`);
    }
    assert.ok(!titleIsTaskList('Wallet plan'));
    assert.deepEqual(risks('Wallet plan'), [1]);
  });

  it('every range unit and connector makes a heading over a run of steps ("## Tasks 3-13: Remaining objects", "Steps 4 through 9")', () => {
    for (const [lang, unit] of rows(RANGE_UNIT)) {
      assert.ok(titleIsStepRange(`${capitalized(unit)} 3-13: Remaining objects`), `${lang} "${unit} 3-13"`);
      for (const to of RANGE_TO[lang] ?? []) assert.ok(titleIsStepRange(`${capitalized(unit)} 3 ${to} 13: Remaining objects`), `${lang} "${unit} 3 ${to} 13"`);
      assert.ok(!titleIsStepRange(`${capitalized(unit)} 3: Remaining objects`), `${lang} "${unit} 3" is one step`);
    }
    assert.ok(!titleIsStepRange('Chapters 3-13: Remaining objects'));
  });

  it('every steps name in a heading names the steps outright ("### Implementation tasks", "## Pasos", "## To-do")', () => {
    for (const [lang, w] of rows(STEPS_NAME)) {
      for (const title of [capitalized(w), `Implementation ${w}`, `2. ${w.toUpperCase()} (week 1)`]) assert.ok(titleNamesSteps(title), `${lang} "${title}"`);
      if (!/\s/.test(w)) assert.ok(!titleNamesSteps(`Stepping ${w}x`), `${lang} "${w}x" is another word`);
    }
    assert.ok(!titleNamesSteps('Background'));
  });
});
