/**
 * Issue #17, forty-seventh round: what fresh batches 85-90 (the end check of round 46, tuned on here) showed. Each case
 * is a small made-up plan in the pattern's style, not a corpus excerpt, and pairs what is no longer flagged with what
 * still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 47', () => {
  const gsd = (note: string, depends = '') =>
    [
      '---',
      'phase: 01-foundation',
      'plan: 03',
      'depends_on: [01-01]',
      '---',
      '',
      '<tasks>',
      '',
      '<task type="auto">',
      '  <name>Task 01-03-T1: The filesystem shim</name>',
      `  <reversibility rating="costly">${note}</reversibility>`,
      '  <verify>the shim test passes</verify>',
      '</task>',
      '',
      '<task type="auto">',
      '  <name>Task 01-03-T2: The code-page manifest</name>',
      ...(depends ? [`  ${depends}`] : []),
      '  <verify>the round-trip test passes</verify>',
      '</task>',
      '',
      '</tasks>',
      '',
    ].join('\n');

  it('"Task 01-03-T1" and "Task 01-03-T2" are two ids, not one id twice', () => {
    assert.deepEqual(
      parsePlan(gsd('cheap to change later')).steps.map((s) => s.id),
      ['task-01-03-t1', 'task-01-03-t2'],
    );
    assert.deepEqual(findingLines(runRules(gsd('cheap to change later')), 'duplicate-step-id'), []);
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

  it('a plan in a gitignored folder (".kiro/", ".claude/") has its paths read from the root where the root has their top folder', () => {
    const plan = [
      '# Implementation Plan',
      '',
      '- [x] 1. Add the extraction service',
      '  - Implement `src/services/extract.py` and `src/services/missing.py`',
      '  - See `notes/draft.md` and `./local.md`',
      '',
    ].join('\n');
    const files = ['src/services/extract.py', 'src/app.py'];
    const run = (gitignore: string) => missingPaths(runRules(plan, files, { planPath: '.kiro/specs/x/tasks.md', gitignores: { '.gitignore': gitignore }, scope: 'precise' }));
    assert.deepEqual(run(''), ['src/services/missing.py', 'notes/draft.md', 'local.md']);
    // The plan's folder ignored: src/ is at the root, so src/services/missing.py is read from there; notes/ is not, and
    // "./local.md" says it is beside the plan: both may sit in the unindexed folder, so they stay unknown.
    assert.deepEqual(run('.kiro/\n'), ['src/services/missing.py']);
  });
});
