/**
 * Steps and their criteria in the task formats of planning tools: Kiro tasks.md (requirement links, in several
 * languages), spec-kit plan.md and tasks.md (template phases, constitution checks) and GSD plans. Each case is a
 * small made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule
 * explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const kiro = (link: string): string =>
  [
    '# Plan de Implementación: Pagos',
    '',
    '- [ ] 1. Modelo de pagos',
    '  - [ ] 1.1 Crear la entidad `Payment`',
    `    - ${link}`,
    '- [ ] 2. Checkpoint - Verificar que los tests pasan',
    '- [ ] 3. Exportar informes',
    '  - Generar el CSV mensual',
  ].join('\n');

const text = [
  '# Implementation Plan: Vault',
  '',
  '**Branch**: `001-vault` | **Date**: 2025-10-14 | **Spec**: [spec.md](./spec.md)',
  '**Input**: Feature specification from `/specs/001-vault/spec.md`',
  '',
  '**Note**: This template is filled in by the `/speckit.plan` command. See `.specify/templates/commands/plan.md` for the execution workflow.',
  '',
  '## Project Structure',
  '',
  '**Structure Decision**: a web app, because:',
  '',
  '1. **Backend**: layered, testable.',
  '2. **Frontend**: React.',
  '',
  'See `docs/missing.md` for the layout.',
].join('\n');

describe('steps: Kiro, spec-kit and GSD formats', () => {
  it('"_Requisitos: 1.2_" makes a Kiro task list: sub-tasks link their requirements, the risks live in the design', () => {
    const plan = parsePlan(kiro('_Requisitos: 1.2_'));
    assert.equal(plan.format, 'kiro-tasks');
    const findings = run(kiro('_Requisitos: 1.2_'));
    assert.deepEqual(lines(findings, 'missing-risks-section'), []);
    // Task 2 is a checkpoint: a check step of the plan's own says how the plan is checked, so no task is
    // held to a criterion of its own. Without it, task 1.1 links a requirement and task 3, linking nothing, is flagged.
    assert.deepEqual(lines(findings, 'no-success-criterion'), []);
    const withoutCheckpoint = kiro('_Requisitos: 1.2_').replace('Checkpoint - Verificar que los tests pasan', 'Migrar los pagos antiguos');
    assert.deepEqual(lines(run(withoutCheckpoint), 'no-success-criterion'), [6, 7]);
    assert.equal(parsePlan(kiro('_Anforderungen: 1.2_')).format, 'kiro-tasks');
    assert.equal(parsePlan(kiro('_Exigences : 1.2_')).format, 'kiro-tasks');
  });

  it('a property test\'s "**Valida: Requisitos 2.1**" (or "**Validates: Requirements 2.1**") is its criterion', () => {
    const text = [
      '# Tasks: Search',
      '',
      '- [ ] 1. Tokenizer',
      '  - **Valida: Requisitos 2.1**',
      '- [ ] 2. Ranking',
      '  - **Validates: Requirements 2.2**',
      '- [ ] 3. Synonyms',
      '  - Load the list',
    ].join('\n');
    const plan = parsePlan(text);
    assert.deepEqual(
      plan.steps.filter((s) => s.successCriteria !== null).map((s) => s.id),
      ['1', '2'],
    );
  });

  it('is recognised; its numbered reasons are not steps, and the template note names no file of the plan', () => {
    const plan = parsePlan(text);
    assert.equal(plan.format, 'spec-kit-plan');
    assert.deepEqual(plan.steps, []);
    const findings = run(text, ['specs/001-vault/spec.md'], 'specs/001-vault/plan.md');
    assert.deepEqual(lines(findings, 'missing-file'), [15]);
  });

  it('its "## Phase 1: …" headings are still steps', () => {
    const withPhases = `${text}\n\n## Phase 1: Design & Contracts\nWrite the contracts.\n`;
    assert.deepEqual(
      parsePlan(withPhases).steps.map((s) => s.title),
      ['Design & Contracts'],
    );
  });

  it('spec-kit tasks under "## Phase 2: Foundational (Blocking Prerequisites)" are steps, so "depends on T002" resolves', () => {
    const text = [
      '# Tasks: Rentals',
      '',
      '## Phase 2: Foundational (Blocking Prerequisites)',
      '- [ ] T002 Update `src/schema.ts`',
      '- [ ] T003 Regenerate the types — depends on T002',
      '',
      '## Prerequisites',
      '- [ ] Node 20 installed',
    ].join('\n');
    const plan = parsePlan(text);
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['2', 't002', 't003'],
    );
    assert.deepEqual(lines(run(text, ['src/schema.ts']), 'dangling-dependency'), []);
  });

  it('lists under a "Constitution Check" principle are how the plan meets it, not steps', () => {
    const text = [
      '# Implementation Plan: Page markup',
      '',
      '**Input**: Feature specification from `/specs/002-markup/spec.md`',
      '',
      '## Constitution Check',
      '',
      '### Principle VI: Accessibility-first implementation',
      '**Status**: PASS',
      '- Pages compose widgets',
      '- No new business logic',
    ].join('\n');
    assert.deepEqual(parsePlan(text).steps, []);
    const outside = text.replace('## Constitution Check', '## Compliance');
    assert.equal(parsePlan(outside).steps.length, 2);
  });

  it('the template\'s "Phase 0 / Research" and "Phase 1 / Design & Contracts" have fixed results; a later phase does not', () => {
    const text = [
      '# Implementation Plan: Licenses',
      '',
      '**Input**: Feature specification from `/specs/004-licenses/spec.md`',
      '',
      '## Phase 0 / Research',
      'Decisions are in research.md.',
      '',
      '## Phase 1 / Design & Contracts',
      'See data-model.md.',
      '',
      '## Phase 2: Rollout',
      'Ship it behind a flag.',
    ].join('\n');
    assert.equal(parsePlan(text).format, 'spec-kit-plan');
    // Without its spec in the workspace (with it, the criteria are found there for every phase).
    assert.deepEqual(lines(run(text, ['src/app.ts']), 'no-success-criterion'), [11]);
  });

  it('a Kiro tasks.md formatted with extra spaces after the checkbox ("- [ ]   1. Set up") is a task list, as with one', () => {
    for (const gap of [' ', '   ', '\t']) {
      const plan = parsePlan(
        ['# Implementation Plan', '', `- [ ]${gap}1. Set up the schema`, '  - _Requirements: 1.1_', '', `- [ ]${gap}2. Add the API`, '  - _Requirements: 2.1_'].join('\n'),
      );
      assert.equal(plan.format, 'kiro-tasks', JSON.stringify(gap));
      assert.deepEqual(
        plan.steps.map((s) => s.id),
        ['1', '2'],
      );
    }
  });

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
});
