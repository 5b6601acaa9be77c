/**
 * unknown-signal on TODO, TBD, FIXME and "unknown" where they are not an undecided point: a status value or field, a
 * value in a list, a name ("Todo app", "test.fixme"), an adjective, a reference to a section. Each case is a small
 * made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule explains
 * away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findingLines, findingLines as lines, runAt as run, runRules, signalLines } from '../support/static-rules-harness';

const precise = { scope: 'precise' as const };

describe('unknown-signal: markers used as words, names and values', () => {
  it('"TBD values", "TODO comments" are data; "Retry count: TBD" is undecided', () => {
    const text = ['# Plan', '', 'Edge cases: empty sections, TBD values, and stray TODO comments.', '', 'Retry count: TBD.'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });

  it('"Open Question 3" cited from research is a reference; "open question: who owns it?" is still a signal', () => {
    const text = ['# Plan', '', 'Grep first (RESEARCH Open Question 3).', '', 'One open question: who owns the cron?'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });

  it('"**Status**: TODO" is a status field; "Retry limit: TODO" is undecided', () => {
    const text = ['# Plan', '', '**Status**: TODO', '', 'Retry limit: TODO'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });

  it('"test.fixme", "marked fixme", "fixme tests" name a test API and its state; "FIXME: pick a runner" is an open point', () => {
    assert.deepEqual(signalLines(['Each requirement gets a test.fixme case.', 'The stubs are all marked fixme (skipped).', 'CI runs the fixme tests last.']), []);
    assert.deepEqual(signalLines(['FIXME: pick a runner.']), [4]);
  });

  it('"unknown `mode` values" is an adjective; "the cache size is unknown" is an open point', () => {
    assert.deepEqual(signalLines(['Reject unknown `mode` values with a clear error.']), []);
    assert.deepEqual(signalLines(['The cache size is unknown.']), [4]);
  });

  it('"(Problem Definition, Out of Scope, Open Questions)" lists section titles; "Open questions remain on the cache" is an open point', () => {
    const run = (line: string): number[] =>
      findingLines(runRules(['# Plan', '', '## Step 1: PRD', line, 'Success criteria: the PRD has every section.'].join('\n')), 'unknown-signal');
    assert.deepEqual(run('Generate the PRD with all sections (Problem Definition, Out of Scope, Open Questions).'), []);
    assert.deepEqual(run('Open questions remain on the cache.'), [4]);
  });

  it('"unknown" as one value of a list ("（network、auth、unknown）") is a value; "the retry count is unknown" is an open point', () => {
    const run = (line: string): number[] =>
      findingLines(runRules(['# Plan', '', '## Step 1: Errors', line, 'Success criteria: each kind has a message.'].join('\n')), 'unknown-signal');
    assert.deepEqual(run('- エラー種別の判定ロジック（network、auth、unknown）'), []);
    assert.deepEqual(run('- classify errors (network, auth, unknown)'), []);
    assert.deepEqual(run('- the retry count is unknown'), [4]);
  });

  it('"Todo" before a word names a thing ("Phase II Todo Web Application"); "TODO" and "Todo: pick a codec" are markers', () => {
    const run = (line: string): number[] => findingLines(runRules(['# Plan: Phase II Todo Web Application', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(run('Ship each Todo list view.'), []);
    assert.deepEqual(run('TODO pick a codec.'), [3]);
    assert.deepEqual(run('Todo: pick a codec.'), [3]);
  });

  it('"empty when unknown", "null if unknown" state what the program does; "the owner is unknown" is an undecided point', () => {
    const run = (line: string): number[] => findingLines(runRules(['# Plan', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(run('Subclass affinity: left empty when unknown (never invented).'), []);
    assert.deepEqual(run('Return null if unknown.'), []);
    assert.deepEqual(run('The cache owner is unknown.'), [3]);
  });

  it('a "Status Legend" defines the plan\'s marks ("**TODO**: task not started"); a TODO elsewhere is still a marker', () => {
    const text = [
      '# Tasks',
      '',
      '## Task Status Legend',
      '- **DONE**: completed',
      '- **TODO**: not started',
      '',
      '## Tasks',
      '- [ ] 1. Wire the API (TODO: pick the retry policy)',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(text), 'unknown-signal'), [8]);
  });

  it('TODO alone in a table cell is a status value; TODO in a sentence is still a marker', () => {
    const table = ['# Board', '', '| Id | Task | Status |', '|---|---|---|', '| UI-1 | Theme the dock | TODO |', '| UI-2 | Resize buttons | TODO: pick a size |'].join('\n');
    assert.deepEqual(findingLines(runRules(table), 'unknown-signal'), [6]);
  });

  it('"(TODO)" after a task id is that task\'s status; "(TODO)" after a plain word still marks an undecided point', () => {
    const row = (cell: string) =>
      findingLines(
        runRules(['# Board', '', '| Id | Task | Status | Depends on |', '|---|---|---|---|', `| SOLVER-1 | Fix the solver | TODO | ${cell} |`].join('\n')),
        'unknown-signal',
      );
    assert.deepEqual(row('termState-IMPL-1 (TODO)'), []);
    assert.deepEqual(row('the cache layer (TODO)'), [5]);
  });

  it('lowercase "unknown" set in CJK prose is a state\'s name; "unknown" in English prose still marks an undecided point', () => {
    const lines = (line: string) => findingLines(runRules(['# 计划', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('- [ ] `ListRunnableTasks` 排除 unknown；公开 status 兼容 submitted。'), []);
    assert.deepEqual(lines('- [ ] POST 后超时则记为 unknown'), []);
    assert.deepEqual(lines('- [ ] The retry budget is unknown'), [3]);
  });

  it('"**Plan:** 3 of TBD" is a tally whose total is open; "TBD" alone still marks an undecided point', () => {
    const lines = (line: string) => findingLines(runRules(['# Plan 04-03: API endpoints', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('**Plan:** 3 of TBD'), []);
    assert.deepEqual(lines('**Auth scheme:** TBD'), [3]);
  });

  it('a plan for a to-do app has TODO as its subject where a name follows it; "TODO pick a codec" stays a marker, and a title that is a marker ("TODO: …") makes no to-do app', () => {
    const plan = (title: string) => findingLines(runRules([`# ${title}`, '', '## Phase 4: フロントエンド - TODO API クライアント'].join('\n')), 'unknown-signal');
    assert.deepEqual(plan('003-todo-basic タスクリスト'), []);
    assert.deepEqual(plan('Phase II Todo Web Application'), []);
    assert.deepEqual(plan('Notes app plan'), [3]);
    assert.deepEqual(findingLines(runRules(['# 003-todo-basic', '', '- TODO pick a codec'].join('\n')), 'unknown-signal'), [3], 'a marker with a verb stays one');
  });

  it('"— TODO" ending a heading is its status, as "— DONE" on its siblings; "TODO" opening a heading still marks an undecided point', () => {
    const heading = (title: string) =>
      findingLines(runRules(['# Progress', '', '## Phase 6: Deploy — DONE', '', `## ${title}`, '', '- migrate the tests'].join('\n')), 'unknown-signal');
    assert.deepEqual(heading('Phase 7: Migrate Tests to TypeScript — TODO'), []);
    assert.deepEqual(heading('TODO: decide the test runner'), [5]);
  });

  it('"unknown" as the last value of a list that ends the line, and "the system figures out", mark no undecided point; "unknown" alone and "we have not figured out" still do', () => {
    const lines = (line: string) => findingLines(runRules(['# Plan', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('- Tests: known effectful, known pure, unknown'), []);
    assert.deepEqual(lines('You describe what you need, and the system figures out which expert fits.'), []);
    assert.deepEqual(lines('- The retry budget is unknown'), [3]);
    assert.deepEqual(lines('- We have not figured out the retry budget'), [3]);
  });

  it('"**Plans**: TBD" under a GSD roadmap phase is the template\'s plan count; "**Owner**: TBD" is an open point', () => {
    const plan = (label: string) => ['# Roadmap', '', '### Phase 1: Core', '', `**${label}**: TBD`, '', 'Plans:', '- [x] 01-01-PLAN.md', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Plans'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('Owner'), [], precise), 'unknown-signal'), [5]);
  });
});
