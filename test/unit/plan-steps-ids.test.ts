/**
 * Step ids: ids the author wrote come first and positions after; step keywords in several languages; what is not an
 * id (a clock time, SQL in inline code, a field in a code block, a sub-numbered id). Each case is a small made-up
 * plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule explains away with
 * what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { gsdTwoTasks as gsd } from '../support/convention-plans';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

describe('steps: ids and numbering', () => {
  it('lettered workstreams ("### A. …", "### B. …") are steps a and b, not repeats of "Phase 1", "Phase 2"', () => {
    const text = [
      '# Plan',
      '',
      '## Execution plan',
      '',
      '### A. Core library',
      'x',
      '',
      '### B. Editor integration',
      'y',
      '',
      '## Phases',
      '',
      '### Phase 1: Types',
      'z',
      '',
      '### Phase 2: Wiring',
      'w',
    ].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.id),
      ['a', 'b', '1', '2'],
    );
    assert.deepEqual(lines(run(text), 'duplicate-step-id'), []);
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

  it('an "id: str" line inside a code block is a field of the code, not the step\'s id', () => {
    const text = ['# Plan', '', '## 2. Backend', '', '```python', 'class Item(BaseModel):', '    id: str', '```', '', '## 3. Frontend', 'Build it.'].join('\n');
    assert.deepEqual(
      parsePlan(text).steps.map((s) => s.rawId),
      ['2', '3'],
    );
    const outside = text.replace('```python\n', '').replace('```\n', '');
    assert.equal(parsePlan(outside).steps[0]?.rawId, 'str');
  });

  it('"`CHECK(id = 1)`" in inline code is SQL, not the task\'s explicit id; "(id: setup-db)" and "(id: `setup-db`)" in prose still are', () => {
    const plan = (detail: string) =>
      [
        '# Implementation Plan',
        '',
        '- [ ] 1. Add the zone module',
        '  - _Requirements: 1.1_',
        '',
        '- [ ] 2. Add SQLite tables',
        `  - ${detail}`,
        '  - _Requirements: 2.1_',
        '',
      ].join('\n');
    const sql = plan('`terror_zone_cache`: `id INTEGER PRIMARY KEY CHECK(id = 1)`');
    assert.deepEqual(
      parsePlan(sql).steps.map((s) => s.id),
      ['1', '2'],
    );
    assert.deepEqual(findingLines(runRules(sql), 'duplicate-step-id'), []);
    assert.deepEqual(
      parsePlan(plan('Tables for the cache (id: setup-db)')).steps.map((s) => s.id),
      ['1', 'setup-db'],
    );
    assert.deepEqual(
      parsePlan(plan('Tables for the cache (id: `setup-db`)')).steps.map((s) => s.id),
      ['1', 'setup-db'],
    );
  });

  it('"Task 01-03-T1" and "Task 01-03-T2" are two ids, not one id twice', () => {
    assert.deepEqual(
      parsePlan(gsd('cheap to change later')).steps.map((s) => s.id),
      ['task-01-03-t1', 'task-01-03-t2'],
    );
    assert.deepEqual(findingLines(runRules(gsd('cheap to change later')), 'duplicate-step-id'), []);
  });

  it('a clock time ("#### 09:15 - 09:30") is a schedule slot, not step 9; "## 2. Build" is step 2', () => {
    const plan = ['# Workshop plan', '', '### Day 1', '', '#### 09:00 - 09:15', '', 'Stand-up', '', '#### 09:15 - 09:30', '', 'Review', '', '## 2. Build', '', 'Build it', ''].join(
      '\n',
    );
    assert.deepEqual(
      parsePlan(plan).steps.map((s) => s.id),
      ['2'],
    );
    assert.deepEqual(findingLines(runRules(plan), 'duplicate-step-id'), []);
  });

  it('"Fase 3.D.2" is one id, not a second step 3; "Fase 3.Deploy" is step 3', () => {
    const plan = (second: string) =>
      ['# Plano', '', '### 3.D — Sincronização', '', '#### Fase 3.D.1 — SQLite local', '', 'Texto.', '', `#### ${second} — PoC`, '', 'Texto.', ''].join('\n');
    assert.deepEqual(
      parsePlan(plan('Fase 3.D.2')).steps.map((s) => s.id),
      ['3.d.1', '3.d.2'],
    );
    assert.deepEqual(findingLines(runRules(plan('Fase 3.D.2')), 'duplicate-step-id'), []);
    assert.deepEqual(findingLines(runRules(plan('Fase 3.D.1')), 'duplicate-step-id'), [9]);
    assert.deepEqual(
      parsePlan(plan('Fase 3.Deploy')).steps.map((s) => s.id),
      ['3.d.1', '3'],
    );
  });
});
