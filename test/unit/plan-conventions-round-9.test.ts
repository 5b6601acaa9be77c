/**
 * Issue #17, ninth round: conventions found on fresh batch 8 (held out
 * through round 8, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = [], gitignores: Record<string, string> = {}): StaticFinding[] => runRules(text, files, { gitignores });
const lines = findingLines;
const titles = (text: string): string[] => parsePlan(text).steps.map((s) => s.title);

describe('round 9: what is not a step', () => {
  it('a status report ("## Implementation status (as of May)") and reading guidance ("## How to read this plan") hold no steps', () => {
    const text = [
      '# Build plan',
      '',
      '## 0a. Implementation status (as of May)',
      '### Done',
      '- Accounts',
      '### Pending',
      '- Exports',
      '',
      '## How to read this plan',
      '- Each decision has a recommendation.',
      '',
      '## Roadmap',
      '### Phase 1: Accounts',
      'Done when: a user can sign up.',
    ].join('\n');
    assert.deepEqual(titles(text), ['Accounts']);
  });

  it('"- ✅ Plugin works", "- ❌ No code uses it" are status lines; "- Remove the setting" under a steps heading is a step', () => {
    const text = ['# Plan', '', '## Implementation', '- ✅ Plugin package works', '- ❌ **No code** uses the flag', '- Remove the setting'].join('\n');
    assert.deepEqual(titles(text), ['Remove the setting']);
  });

  it('an "Implementation" heading inside the problem statement describes; the same heading at the top holds steps', () => {
    const nested = ['# Plan', '', '## Problem statement', '### Evidence of non-implementation', '- The flag is read nowhere', '- The docs promise it'].join('\n');
    assert.deepEqual(titles(nested), []);
    const top = ['# Plan', '', '## Implementation', '- Read the flag', '- Document it'].join('\n');
    assert.deepEqual(titles(top), ['Read the flag', 'Document it']);
  });

  it('the fallback takes an ordered list under the title or a steps heading, not a ranking in a contract section', () => {
    const ranking = [
      '# Rules rewrite',
      '',
      '### Destination of a variant',
      'Ranked, first hit wins:',
      '',
      '1. **Equal key**: same match key.',
      '2. **Nullish pair**: the other nullish.',
    ].join('\n');
    assert.deepEqual(titles(ranking), []);
    const plain = ['# Rules rewrite', '', '1. Add the matcher', '2. Port the tests'].join('\n');
    assert.deepEqual(titles(plain), ['Add the matcher', 'Port the tests']);
  });
});

describe('round 9: criteria, signals and risks', () => {
  it('a spec-kit plan.md whose "## Success Criteria" speaks for the feature needs none per phase; "Phase 4: Validation" checks itself', () => {
    const text = [
      '# Implementation Plan: Tasks',
      '',
      '**Input**: Feature specification from `/specs/001-tasks/spec.md`',
      '',
      '### Phase 3: Implementation',
      'Build the API.',
      '',
      '## Success Criteria',
      '- Every endpoint answers within 200 ms.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
    // "Phase 4: Validation" checks itself and, since round 25, says how the plan is checked; "Phase 4: Deployment" does not.
    const plain = ['# Plan', '', '## Phase 3: Implementation', 'Build the API.', '', '## Phase 4: Validation & deployment', 'Run all tests.'].join('\n');
    assert.deepEqual(lines(run(plain), 'no-success-criterion'), []);
    assert.deepEqual(lines(run(plain.replace('Validation & deployment', 'Deployment')), 'no-success-criterion'), [3, 6]);
  });

  it('unknown-signal: an "## Open decisions" list, "the flatten TODO", a quoted "unknown", "resolve the unknowns" are no findings; "the owner is unknown" is', () => {
    const text = [
      '# Plan',
      '',
      'Implement the flatten TODO in the union factory.',
      'Show "unknown" when the API fails.',
      'Phase 0 resolves the technical unknowns.',
      'The cron owner is unknown.',
      '',
      '## Open decisions',
      '- Maybe shard later.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [6]);
  });

  it('a "# GOTCHAs" section is a risks section', () => {
    const steps = ['## Steps', '1. Add the queue. Verify: a job runs.', '2. Add retries. Verify: a failed job runs again.', '3. Add the UI. Verify: jobs are listed.'];
    assert.deepEqual(lines(run(['# Jobs plan', '', ...steps, '', '# GOTCHAs', '- Retries can double-send: use an idempotency key.'].join('\n')), 'missing-risks-section'), []);
    assert.deepEqual(lines(run(['# Jobs plan', '', ...steps].join('\n')), 'missing-risks-section'), [1]);
  });
});

describe('round 9: missing-file', () => {
  it('a path a .gitignore names (build output) cannot be told missing; an unignored one can', () => {
    const text = ['# Plan', '', 'Probe the built `src/S.mjs`, then edit `src/S.res`.'].join('\n');
    const findings = run(text, ['packages/x/src/S.res.orig'], { '.gitignore': 'node_modules\npackages/x/src/S.mjs\n' });
    assert.deepEqual(
      findings.filter((f) => f.code === 'missing-file').map((f) => (f.data as { path: string }).path),
      ['src/S.res'],
    );
  });

  it('a path under a vendored-dependency folder the repository lacks ("third_party/…") lies in a dependency', () => {
    const text = ['# Plan', '', 'DuckDB makes httplib available at `third_party/httplib/httplib.hpp`; we edit `src/webdav.cpp`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, ['src/main.cpp'])), ['src/webdav.cpp']);
  });

  it('"`S.json`" in a plan that writes `S.union` and `S.string` is a member of S; alone it is a file name', () => {
    const withModule = ['# Plan', '', 'Keep `S.union`, `S.string` and `S.json` stable.'].join('\n');
    assert.deepEqual(lines(run(withModule, ['src/main.res']), 'missing-file'), []);
    // (A bare name is looked up where a path with a folder sits beside it; since round 25 not otherwise.)
    const alone = ['# Plan', '', 'Next to `src/main.res`, keep `S.json` stable.'].join('\n');
    assert.deepEqual(lines(run(alone, ['src/main.res']), 'missing-file'), [3]);
  });

  it('a path in a project the sentence names ("in OpenClaw", "DuckDB\'s") is that project\'s; a lower-case word in code is no such name', () => {
    const text = [
      '# Plan',
      '',
      'The contract is implemented in `openclaw/src/utils.ts` and has shipped in OpenClaw for a year.',
      'The CLI imports `cache` from `cache/index.js`.',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['src/main.ts']), 'missing-file'), [4]);
  });
});
