/**
 * Issue #17, twenty-sixth round: conventions found on fresh batch 25 (the end
 * check of round 25, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, runRules } from '../support/static-rules-harness';

describe('round 26', () => {
  it('"Todo" before a word names a thing ("Phase II Todo Web Application"); "TODO" and "Todo: pick a codec" are markers', () => {
    const run = (line: string): number[] => findingLines(runRules(['# Plan: Phase II Todo Web Application', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(run('Ship each Todo list view.'), []);
    assert.deepEqual(run('TODO pick a codec.'), [3]);
    assert.deepEqual(run('Todo: pick a codec.'), [3]);
  });

  it('a spec-kit plan.md whose Input line is worded otherwise still has its spec beside it; without spec.md it is held to the rules', () => {
    const text = [
      '# Implementation Plan: Phase II Web Application',
      '',
      '**Branch**: `001-phase2` | **Date**: 2026-01-08 | **Spec**: [specs/001-phase2/](.)',
      '**Input**: Complete Phase II specifications from `/specs/001-phase2/`',
      '',
      '## Constitution Check',
      'Spec-first: all specifications are complete.',
      '',
      '## Summary',
      'Build a full-stack app with JWT auth, a task API and a web front end, over two services and a database.',
      '',
      '## Phase 2: Implementation',
      'Build the API and the pages.',
    ].join('\n');
    const files = ['specs/001-phase2/research.md', 'specs/001-phase2/data-model.md'];
    const opts = { planPath: 'specs/001-phase2/plan.md' };
    assert.deepEqual(findingLines(runRules(text, [...files, 'specs/001-phase2/spec.md'], opts), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(text, files, opts), 'missing-risks-section'), [1]);
  });

  it('a roadmap, a backlog or a list of next steps needs no risks section; a change plan still does', () => {
    const body = [
      '',
      '## Step 1: Export',
      'Add CSV and JSON export to the reports in `src/reports/export.ts`, with a nightly job writing to the billing database.',
      '',
      '## Step 2: Sharing',
      'Share a board by link with read-only and edit roles, revocable, stored in `src/boards/share.ts` with a migration.',
      '',
      '## Step 3: Auth',
      'Check the share token on every request in `src/auth/middleware.ts`; rotate the signing key.',
      '',
      '## Step 4: Deploy',
      'Roll out behind a feature flag to 10 % of workspaces, then to all.',
    ];
    for (const title of ['# Next steps', '# Long-Term Features Roadmap', '# Backlog']) {
      assert.deepEqual(findingLines(runRules([title, ...body].join('\n')), 'missing-risks-section'), [], title);
    }
    assert.deepEqual(findingLines(runRules(['# Plan: export and sharing', ...body].join('\n')), 'missing-risks-section'), [1]);
  });
});
