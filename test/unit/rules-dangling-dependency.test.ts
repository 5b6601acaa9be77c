/**
 * Issue #17, fourteenth round: conventions found on fresh batch 13's first
 * half (held out through round 13, tuned on here; the second half stays held
 * out). Each case is a small made-up plan in the pattern's style, not a corpus
 * excerpt, and each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = []): StaticFinding[] => runRules(text, files);
const lines = findingLines;

describe('round 14: dangling-dependency', () => {
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
});

describe('round 14: a plan whose definition of done is met', () => {
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

describe('round 14: missing-file', () => {
  it('"docs/09" is a numbered reference (to docs/09-architecture.md), not a file; "docs/09-arch.md" is a path', () => {
    const files = ['docs/09-architecture.md'];
    assert.deepEqual(missingPaths(run(['# Plan', '', 'See `docs/09` and `docs/01`–`docs/11`.'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(run(['# Plan', '', 'See `docs/09-arch.md`.'].join('\n'), files)), ['docs/09-arch.md']);
  });

  it('"`pending.go` is gone" (or "was removed") says the work deleted it: no mention of it is looked up', () => {
    const text = ['# Plan', '', 'Stage 9 put the stubs in `internal/cli/pending.go`.', '', 'The last stub is implemented, so `internal/cli/pending.go` is gone.'].join('\n');
    assert.deepEqual(missingPaths(run(text, ['internal/cli/root.go'])), []);
    assert.deepEqual(missingPaths(run(text.replace(' is gone', ' is small'), ['internal/cli/root.go'])), ['internal/cli/pending.go', 'internal/cli/pending.go']);
    assert.deepEqual(missingPaths(run(text.replace(' is gone', ' was removed'), ['internal/cli/root.go'])), []);
  });

  it('a bare "matter.js" is a library\'s name; a bare "worker.js" beside a path with a folder is a file', () => {
    assert.deepEqual(missingPaths(run(['# Plan', '', 'Use `matter.js` for the physics.'].join('\n'), ['package.json'])), []);
    assert.deepEqual(missingPaths(run(['# Plan', '', 'Edit `src/ui/app.ts` + `worker.js`.'].join('\n'), ['src/ui/app.ts'])), ['worker.js']);
  });
});

describe('round 14: spec-kit plan.md', () => {
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
    // Without its spec in the workspace (with it, round 18 finds the criteria there for every phase).
    assert.deepEqual(lines(run(text, ['src/app.ts']), 'no-success-criterion'), [11]);
  });
});
