/**
 * What a section's title says the section is (src/core/wording/section-titles.ts over the section-kind tables): every
 * row, in a made-up heading, gives the kind its table names, through the query and through the parser's sectionKind;
 * the kinds are asked in their documented order (the first that matches wins).
 */
import assert from 'node:assert/strict';
import { isPlaceholder, mayBeStepTitle, namesRisks, neverHoldsSteps, risksOrRollbackKind, sectionKind } from '../../src/core/plan/sections';
import type { SectionKind } from '../../src/core/plan/types';
import { RISK_HEADING, RISK_HEADING_STEM } from '../../src/core/wording/risk-headings';
import {
  CONSTRAINT_TITLE,
  CONTEXT_TITLE,
  CONTEXT_TITLE_CJK,
  FEATURE_TITLE,
  GOAL_TITLE,
  NEVER_STEPS_TITLE,
  NON_GOALS_TITLE,
  PLACEHOLDER,
  REASON_OPENING,
  ROLLBACK_TITLE,
  ROLLBACK_TITLE_ELSEWHERE,
  SECURITY_OPENING,
  SECURITY_OPENING_EXCEPT,
  STATUS_ENDING,
  STATUS_OPENING,
  STATUS_TITLE,
  STEPS_SECTION_ARTICLE,
  STEPS_SECTION_KIND,
  STEPS_SECTION_LINK,
  STEPS_SECTION_NOUN,
  STEPS_SECTION_OF,
  STEPS_SECTION_WORD,
  STEPS_TITLE,
  STEPS_TITLE_CJK,
  STEPS_TITLE_ELSEWHERE,
  SUCCESS_TITLE,
  SUCCESS_TITLE_CJK,
  SUCCESS_TITLE_ELSEWHERE,
  TESTING_TITLE,
} from '../../src/core/wording/section-kinds';
import {
  isPlaceholderText,
  titleIsConstraint,
  titleKind,
  titleNamesFeature,
  titleNamesRisks,
  titleNamesStepsSection,
  titleNeverHoldsSteps,
} from '../../src/core/wording/section-titles';
import type { Language, Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));
const capitalized = (w: string): string => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;

/** A made-up heading around a row: the row as the title's first words, then a subject. */
const heading = (w: string): string => `${capitalized(w)} for the importer`;

const KINDS: Array<[SectionKind, Wording, (w: string) => string]> = [
  ['other', NON_GOALS_TITLE, heading],
  ['success', SUCCESS_TITLE_ELSEWHERE, heading],
  ['success', SUCCESS_TITLE, heading],
  ['rollback', ROLLBACK_TITLE, heading],
  // An ASCII word edge: a German word that opens with a marked letter is read inside a compound ("Datenüberprüfung").
  ['testing', TESTING_TITLE, (w) => (/^[a-z]/.test(w) ? heading(w) : `Daten${w}`)],
  ['risks', RISK_HEADING, heading],
  ['goal', GOAL_TITLE, heading],
  ['context', CONTEXT_TITLE, heading],
  ['context', STATUS_OPENING, (w) => `${capitalized(w)}: importer`],
  ['context', STATUS_ENDING, (w) => `Importer ${w}`],
  ['context', STATUS_TITLE, heading],
  ['steps', STEPS_TITLE, heading],
  ['rollback', ROLLBACK_TITLE_ELSEWHERE, (w) => `导入器${w}`],
  ['success', SUCCESS_TITLE_CJK, (w) => `导入器${w}`],
  ['risks', RISK_HEADING_STEM, (w) => `${capitalized(w)}`],
  ['context', CONTEXT_TITLE_CJK, (w) => `导入器${w}`],
  ['steps', STEPS_TITLE_CJK, (w) => `导入器${w}`],
  ['steps', STEPS_TITLE_ELSEWHERE, heading],
];

describe('wording concepts: what a section title says the section is', () => {
  it('every row of every kind table gives its kind, through the query and sectionKind ("Rollback plan", "Pasos", "验收标准")', () => {
    for (const [kind, table, title] of KINDS) {
      for (const [lang, w] of rows(table)) {
        assert.equal(titleKind(title(w)), kind, `${lang} "${title(w)}"`);
        assert.equal(sectionKind(title(w)), kind, `${lang} "${title(w)}"`);
        assert.equal(risksOrRollbackKind(title(w)), kind === 'risks' || kind === 'rollback', `${lang} "${title(w)}"`);
      }
    }
    assert.equal(sectionKind('Importer for the parser'), 'other');
  });

  it('asks the kinds in their order: the first that matches wins', () => {
    assert.equal(sectionKind('Non-goals'), 'other');
    assert.equal(sectionKind('Rollback testing'), 'rollback');
    assert.equal(sectionKind('Test plan'), 'testing');
    assert.equal(sectionKind('Risks and goals'), 'risks');
    assert.equal(sectionKind('Goals and context'), 'goal');
    assert.equal(sectionKind('Context and steps'), 'context');
    assert.equal(sectionKind('Rollout'), 'steps');
    assert.equal(sectionKind('Post-implementation review'), 'other');
    assert.equal(sectionKind('Pasos de ロールバック'), 'rollback');
    assert.equal(sectionKind('Criterios de éxito del plan'), 'success');
  });

  it('a row is read as a word, not inside a longer one ("Testsuite", "Subtareas"); a German word that opens with a marked letter counts inside a compound only', () => {
    assert.equal(sectionKind('Testsuite'), 'other');
    assert.equal(sectionKind('Überprüfung'), 'other');
    assert.equal(sectionKind('Datenüberprüfung'), 'testing');
    assert.equal(sectionKind('Ejemplos de tareas'), 'steps');
    assert.equal(sectionKind('Subtareas'), 'other');
  });

  it('every never-steps row and a "Why" opening make a heading that never holds steps', () => {
    for (const [lang, w] of rows(NEVER_STEPS_TITLE, REASON_OPENING)) {
      assert.ok(titleNeverHoldsSteps(heading(w)), `${lang} "${heading(w)}"`);
      assert.ok(neverHoldsSteps(heading(w)), `${lang} "${heading(w)}"`);
      assert.ok(!mayBeStepTitle(heading(w)), `${lang} "${heading(w)}"`);
    }
    assert.ok(!neverHoldsSteps('Whyte importer'));
    assert.ok(mayBeStepTitle('Build the importer'));
  });

  it('every constraint row at a title\'s start makes no step ("5. Do Not Touch")', () => {
    for (const [lang, w] of rows(CONSTRAINT_TITLE)) {
      assert.ok(titleIsConstraint(`${capitalized(w)}: the importer`), `${lang} "${w}"`);
      assert.ok(!mayBeStepTitle(`${capitalized(w)}: the importer`), `${lang} "${w}"`);
      assert.ok(!titleIsConstraint(`Build the importer, ${w}`), `${lang} "${w}" not at the start`);
    }
  });

  it('every placeholder row is a placeholder line, alone and nothing else ("- TBD", "N/A")', () => {
    for (const [lang, w] of rows(PLACEHOLDER)) {
      assert.ok(isPlaceholderText(w), `${lang} "${w}"`);
      assert.ok(isPlaceholder(`- ${w.toUpperCase()}`), `${lang} "${w}"`);
      assert.ok(!isPlaceholder(`- ${w.toUpperCase()} for the importer`), `${lang} "${w}" and more`);
    }
    for (const syntax of ['---', '—', '…', '???']) assert.ok(isPlaceholder(syntax), syntax);
  });

  it('every steps-section name, whole, names the section holding the steps ("Implementation plan", "Fases de Desarrollo")', () => {
    for (const [lang, noun] of rows(STEPS_SECTION_NOUN)) {
      assert.ok(titleNamesStepsSection(capitalized(noun)), `${lang} "${noun}"`);
      assert.ok(!titleNamesStepsSection(`${capitalized(noun)} for the importer`), `${lang} "${noun}" and more`);
      if (lang === 'en') {
        for (const [, kind] of rows(STEPS_SECTION_KIND)) assert.ok(titleNamesStepsSection(capitalized(`${kind} ${noun}`)), `"${kind} ${noun}"`);
        for (const [, article] of rows(STEPS_SECTION_ARTICLE)) assert.ok(titleNamesStepsSection(capitalized(`${article} ${noun}`)), `"${article} ${noun}"`);
        continue;
      }
      for (const [, link] of rows(STEPS_SECTION_LINK)) {
        for (const [, of] of rows(STEPS_SECTION_OF)) assert.ok(titleNamesStepsSection(`${capitalized(noun)} ${link} ${capitalized(of)}`), `"${noun} ${link} ${of}"`);
      }
    }
    for (const [lang, w] of rows(STEPS_SECTION_WORD)) assert.ok(titleNamesStepsSection(capitalized(w)), `${lang} "${w}"`);
  });

  it('a security opening names risks in a plan, and names a feature in a design unless it is "security considerations"; "… Recovery" names a feature', () => {
    for (const [lang, w] of rows(SECURITY_OPENING)) {
      assert.ok(titleNamesRisks(`${capitalized(w)}`) && namesRisks(`${capitalized(w)}`), `${lang} "${w}"`);
      assert.ok(titleNamesFeature(`${capitalized(w)} definitions`), `${lang} "${w} definitions"`);
      for (const [, except] of rows(SECURITY_OPENING_EXCEPT)) assert.ok(!titleNamesFeature(`${capitalized(w)} ${except}`), `"${w} ${except}"`);
    }
    for (const [lang, w] of rows(FEATURE_TITLE)) assert.ok(titleNamesFeature(`Password ${w}`), `${lang} "${w}"`);
    assert.ok(!titleNamesFeature('Risks and mitigations'));
  });
});
