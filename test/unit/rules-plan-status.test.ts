/**
 * What a plan says about its own status, as no-success-criterion and missing-risks-section read it: a plan marked
 * done or kept as a historical record, phases and headings marked done or open, a checklist or status table whose
 * every item is ticked. Each case is a small made-up plan written in the convention's style (not an excerpt of a
 * real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { titleMarkedDone } from '../../src/core/rules/plan-status';
import { cacheSteps as STEPS, postgresMoveBody as body } from '../support/convention-plans';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const plan = (mark: string): string =>
  [
    '# GUI refactor',
    '',
    `### ${mark}Phase 1 — View registry [done 2026-06-12 bundle OK]`,
    '- Add `views/registry.ts`',
    '',
    `### ${mark}Phase 2 — Command schema [done 2026-06-12]`,
    '- Add `schemas/types.ts`',
  ].join('\n');

describe('plan status: plans and steps marked done', () => {
  it('a heading marked done ("✅", "(done)") and a milestone whose checklist is all ticked are done; one open box keeps it open', () => {
    const text = [
      '# Plan',
      '',
      '## Phase 1: Scaffold ✅',
      'Set up the crate.',
      '',
      '## Milestone 2 - Bootstrap',
      '- [x] Create the workspace',
      '- [x] Add the app',
      '',
      '## Milestone 3 - Compatibility',
      '- [x] Parse the spec',
      '- [ ] Run the containers',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [10]);
  });

  describe('an audio plan of three steps', () => {
    const body = ['', '## Step 1: Loader', 'Load the folder.', '', '## Step 2: Player', 'Play it.', '', '## Step 3: Chapters', 'Merge them.'];

    it('a done mark in the title or a "Status: Done" line before the first section: no criterion or risks section is asked for', () => {
      for (const head of [['# Plan: Audio queue ✅ DONE (2026-05-18)'], ['# Audio queue', '', '**Status: Done**']]) {
        const findings = run([...head, ...body].join('\n'));
        assert.deepEqual(lines(findings, 'no-success-criterion'), [], head.join(' / '));
        assert.deepEqual(lines(findings, 'missing-risks-section'), [], head.join(' / '));
      }
    });

    it('the same plan without the mark, or with "Status: Draft", is flagged', () => {
      for (const head of [['# Plan: Audio queue'], ['# Audio queue', '', '**Status: Draft**']]) {
        const findings = run([...head, ...body].join('\n'));
        assert.equal(lines(findings, 'no-success-criterion').length, 3, head.join(' / '));
      }
    });

    it('a "Status: Done" line deep in the plan is a step\'s, not the plan\'s', () => {
      const text = ['# Audio queue', '', ...body, '', '## Notes', '', 'Status: done'].join('\n');
      assert.equal(lines(run(text), 'no-success-criterion').length, 3);
    });
  });

  describe('a plan of two stages', () => {
    const body = ['', '## Stage 1: Parser', 'Parse it.', '', '## Stage 2: Engine', 'Run it.', ''];

    it('"## Definition of done for v1 — **met**" marks the plan done: no criteria or risks section asked for', () => {
      const findings = run(['# Revive v1', ...body, '## Definition of done for v1 — **met**', '- [x] all stages'].join('\n'));
      assert.deepEqual(lines(findings, 'no-success-criterion'), []);
      assert.deepEqual(lines(findings, 'missing-risks-section'), []);
    });

    it('the same section not yet met leaves the risks section asked for', () => {
      const findings = run(['# Revive v1', ...body, '## Definition of done for v1', '- [ ] all stages'].join('\n'));
      assert.deepEqual(lines(findings, 'missing-risks-section'), [1]);
    });
  });

  it('"### ✅ Phase 1 — …" is step 1 marked done; when every phase is, the plan is a record: no criteria or risks asked for', () => {
    const text = plan('✅ ');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.rawId),
      ['Phase 1', 'Phase 2'],
    );
    const findings = runRules(text);
    assert.deepEqual(lines(findings, 'no-success-criterion'), []);
    assert.deepEqual(lines(findings, 'missing-risks-section'), []);
  });

  it('a "🚧" mark is read the same way but is no done mark', () => {
    const text = plan('🚧 ').replace(/ \[done[^\]]*\]/g, '');
    assert.deepEqual(lines(runRules(text), 'no-success-criterion'), [3, 6]);
  });

  it('"**Статус:** реализовано" (and "Estado: completado", "状态：已完成") marks the plan done; "Статус: черновик" does not', () => {
    const body = ['', '## Step 1: Landing', 'Build it.', '', '## Step 2: Forms', 'Wire them.'];
    for (const status of ['**Статус:** реализовано', 'Estado: completado', '状态：已完成']) {
      assert.deepEqual(lines(runRules(['# Site', '', status, ...body].join('\n')), 'no-success-criterion'), [], status);
    }
    assert.deepEqual(lines(runRules(['# Site', '', '**Статус:** черновик', ...body].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('a plan whose every checkbox is ticked (three or more) is a record of finished work; one open box keeps it a plan', () => {
    const boxes = (last: string): string => ['# Plan: Postgres', ...body, '## Checklist', '- [x] schema', '- [x] copy', `- [${last}] cut over`].join('\n');
    assert.deepEqual(findingLines(runRules(boxes('x')), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(boxes(' ')), 'missing-risks-section'), [1]);
  });

  it('a plan whose implementation order is all ✅ is a record of finished work; one open item, or ✅ bullets of a feature list, leave the risks finding', () => {
    const body = (order: string[], features: string[] = []) =>
      [
        '# Pydantic refactor plan',
        '',
        ...[1, 2, 3].flatMap((n) => [
          `## Part ${n}: Model ${n}`,
          '',
          `Change \`src/models${n}.py\`, the serializers, the encoder and the operations that call them; keep the wrappers.`,
          '',
        ]),
        ...(features.length ? ['## Features', '', ...features, ''] : []),
        '## Implementation Order',
        '',
        ...order,
      ].join('\n');
    const risks = (text: string) => findingLines(runRules(text), 'missing-risks-section');
    assert.deepEqual(risks(body(['1. ✅ Create the Point model', '2. ✅ Test it', '3. ✅ Apply to Equipment', '4. ✅ Remove the old code'])), []);
    assert.deepEqual(risks(body(['1. ✅ Create the Point model', '2. ✅ Test it', '3. ✅ Apply to Equipment', '4. Remove the old code'])), [1]);
    assert.deepEqual(risks(body(['1. Create the Point model', '2. Test it', '3. Apply to Equipment'], ['- ✅ Offline', '- ✅ Sync', '- ✅ Export'])), [1]);
  });

  it('a status section near the top whose first line says the work is done makes the plan a record; a status section that says it is in progress does not', () => {
    const plan = (status: string) =>
      findingLines(
        runRules(
          [
            '# Saju rebalancer plan',
            '',
            '## 현재 상태',
            '',
            status,
            '',
            ...[1, 2, 3].flatMap((n) => [`### Phase ${n}: Module ${n}`, '', `- Change \`src/m${n}.ts\`, the database schema, the API handlers and the pages.`, '']),
            '## Backlog',
            '',
            '- dark mode',
          ].join('\n'),
        ),
        'missing-risks-section',
      );
    assert.deepEqual(plan('**모든 주요 기능 완료** — 서비스 운영 중'), []);
    assert.deepEqual(plan('**Implemented and deployed on 2026-06-21.**'), []);
    assert.deepEqual(plan('**In progress** — Phase 2 of 3'), [1]);
  });

  it('"文档状态：历史实施记录" (or "Status: Superseded") marks a record kept for history: no risks finding; "Status: Draft" does not', () => {
    const risks = (status: string) => findingLines(runRules(['# Plan: cache', '', status, '', ...STEPS].join('\n')), 'missing-risks-section');
    assert.deepEqual(risks('文档状态：历史实施记录'), []);
    assert.deepEqual(risks('**Status**: Superseded'), []);
    assert.deepEqual(risks('**Status**: Draft'), [1]);
  });

  it('a plan whose headings are marked open ("## F3 Love Capsules — ⬜") is not finished, whatever its ✅ lists say; one with only ✅ items is', () => {
    const plan = (open: boolean) =>
      findingLines(
        runRules(
          [
            '# Feature plan',
            '',
            '## Phase 0 — Foundation (DONE)',
            '- ✅ Project config and navigation',
            '- ✅ Repository base and converters',
            '- ✅ Security rules for the database',
            '',
            `## F3 Love Capsules — ${open ? '⬜' : '✅'}`,
            '- Time-locked messages stored in `src/capsules/` with a push when they open',
            '',
            `## F4 Private Feed — ${open ? '⬜' : '✅'}`,
            '- A feed of photos with reactions, paged from the database',
            '',
          ].join('\n'),
        ),
        'missing-risks-section',
      );
    assert.deepEqual(plan(true), [1]);
    assert.deepEqual(plan(false), []);
  });

  it('a ticked box at the end of a heading marks it done ("## Phase 1: Core Types `[x]`"); a box inside the title does not', () => {
    assert.equal(titleMarkedDone('Phase 1: Core Types `[x]`'), true);
    assert.equal(titleMarkedDone('Phase 2: Adapters [x]'), true);
    assert.equal(titleMarkedDone('Phase 3: Storage `[ ]`'), false);
    assert.equal(titleMarkedDone('Phase 4: Render [x] marks in lists'), false);
    const plan = (mark: string) =>
      [
        '# DevNews - Implementation Plan',
        '',
        `## Phase 1: Core Types ${mark}`,
        '',
        '- Create the item type',
        '',
        `## Phase 2: Adapters ${mark}`,
        '',
        '- RSS adapter',
        '',
        '## Phase 3: Dashboard ' + mark,
        '',
        '- Item card',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('`[x]`'), [], { scope: 'thorough' }), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(plan('`[ ]`'), [], { scope: 'thorough' }), 'missing-risks-section'), [1]);
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

  it('a status table whose every row is ticked ("| [x] | 1. DB migration | … |") records finished work; an open row does not', () => {
    const plan = (mark: string) =>
      [
        '# Debitorkontrolle — Umsetzungsplan',
        '',
        '| Status | Phase | Beschreibung |',
        '|--------|-------|--------------|',
        '| [x] | 1. DB-Migration | V55: neue Tabelle |',
        '| [x] | 2. Backend-Entity | Debitor.java |',
        `| [${mark}] | 3. Frontend | Liste und Formular |`,
        '',
        '## Phase 1: Datenbank',
        '',
        '- Tabelle anlegen, Constraint setzen, Daten migrieren',
        '',
        '## Phase 2: Backend',
        '',
        '- Entity, Service und Controller',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('x')), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(plan(' ')), 'missing-risks-section'), [1]);
  });
});
