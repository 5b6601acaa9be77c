/**
 * Issue #17, sixth round: conventions found on fresh batch 5 (held out
 * through round 5, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { assignStepIds } from '../../src/core/plan/steps';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = [], planPath = 'plan.md'): StaticFinding[] => runRules(text, files, { planPath });
const lines = findingLines;

describe('round 6: only ids the author wrote can be duplicates', () => {
  const text = [
    '# Dashboard plan',
    '',
    '## Phase 0: Setup',
    '',
    '### Tasks',
    '- [ ] Scaffold the app',
    '- [ ] Configure the linter',
    '- [ ] Add the fonts',
    '',
    'Exit criteria: `npm run dev` serves the shell.',
    '',
    '## Phase 1: Parser',
    'Parse the file. Exit criteria: the round-trip test passes.',
    '',
    '## Phase 2: API',
    'Serve the state. Exit criteria: GET /api/state answers.',
    '',
    '## Phase 2 (Future): More pages',
    'Not in MVP scope.',
  ].join('\n');

  it('unnumbered tasks take their positions, which never clash with a "Phase 2" written later; the phase keeps id 2', () => {
    const plan = parsePlan(text);
    const phase2 = plan.steps.find((s) => s.line === 14);
    assert.equal(phase2?.id, '2');
    assert.equal(phase2?.implicitId, undefined);
    const tasks = plan.steps.filter((s) => s.implicitId === true);
    assert.deepEqual(
      tasks.map((s) => s.line + 1),
      [6, 7, 8],
    );
  });

  it('a second written "Phase 2" is still a duplicate, and points at the first written one', () => {
    const findings = run(text).filter((f) => f.code === 'duplicate-step-id');
    assert.deepEqual(
      findings.map((f) => f.range.startLine + 1),
      [18],
    );
    assert.match(findings[0]?.message ?? '', /line 15/);
  });

  it('assignStepIds: written ids first in document order, positions after, "#n" on a repeat', () => {
    assert.deepEqual(assignStepIds([null, null, '2', '2', null]), ['1', '2#3', '2', '2#2', '5']);
    assert.deepEqual(assignStepIds(['a', null, 'b']), ['a', '2', 'b']);
  });
});

describe('round 6: a phase the plan puts out of scope needs no done criterion', () => {
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
});

describe('round 6: Kiro and step keywords in Spanish, Portuguese, German and French', () => {
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

  it('"_Requisitos: 1.2_" makes a Kiro task list: sub-tasks link their requirements, the risks live in the design', () => {
    const plan = parsePlan(kiro('_Requisitos: 1.2_'));
    assert.equal(plan.format, 'kiro-tasks');
    const findings = run(kiro('_Requisitos: 1.2_'));
    assert.deepEqual(lines(findings, 'missing-risks-section'), []);
    // Task 2 is a checkpoint: since round 25 a check step of the plan's own says how the plan is checked, so no task is
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

  it('"## Fase 2", "### Schritt 3", "## Étape 4" are steps with their numbers as ids', () => {
    const text = [
      '# Plan',
      '',
      '## Fase 2: Cola de mensajes',
      'Montar la cola.',
      '',
      '### Schritt 3: Export',
      'CSV schreiben.',
      '',
      '## Étape 4 : Tableau de bord',
      'Afficher.',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['2', '3', '4'],
    );
  });

  it('a testing phase ("Fase 4: Pruebas y failover", "Phase 3: Testing") is a check itself, and since round 25 says how the plan is checked', () => {
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
});

describe('round 6: a spec-kit plan.md', () => {
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
});

describe('round 6: missing-file reads "build" as create and a "../" path as outside the repository', () => {
  it('"Build `lib/derived.ts`" creates it; "Update `lib/other.ts`" does not', () => {
    const text = ['# Plan', '', '## Steps', '1. Build `lib/derived.ts` — computed values', '2. Update `lib/other.ts`'].join('\n');
    assert.deepEqual(lines(run(text, ['lib/index.ts']), 'missing-file'), [5]);
  });

  it('a bare name the plan also writes as "../name" lives outside; a path with a folder is still looked up', () => {
    // (Since round 25 a bare name no workspace file has is not reported at all: it claims no place in the tree.)
    const text = ['# Plan', '', 'Create `.env.local` with `STATE_PATH=../state.md`.', '', '## Steps', '1. Parse `state.md` and `docs/notes.md`.'].join('\n');
    const findings = run(text, ['src/app.ts']).filter((f) => f.code === 'missing-file');
    assert.deepEqual(
      findings.map((f) => (f.data as { path: string }).path),
      ['docs/notes.md'],
    );
  });
});

describe('round 6: a marker named as content is not an unknown', () => {
  it('"TBD values", "TODO comments" are data; "Retry count: TBD" is undecided', () => {
    const text = ['# Plan', '', 'Edge cases: empty sections, TBD values, and stray TODO comments.', '', 'Retry count: TBD.'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });
});
