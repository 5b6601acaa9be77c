/**
 * Issue #17, third and fourth rounds: conventions of real plans found on the
 * fresh batch 3 tuning plans and the earlier held-out false findings (round
 * 3), then on batch 3's held-out plans once they had been checked (round 4).
 * Each case is a small made-up plan in the pattern's style, not a corpus
 * excerpt, and each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines, runRules } from '../support/static-rules-harness';

const run = (text: string, files: readonly string[] = []): StaticFinding[] => runRules(text, files);
const lines = findingLines;

describe('round 3: success criteria worded as a deliverable, a check sub-step or a later check step', () => {
  it('"**Deliverable:** …" states the end state like "Output:"; a phase without one is still flagged', () => {
    const text = [
      '# Cache plan',
      '',
      '## Phases',
      '',
      '### Phase 1: Key schema',
      'Define the cache key.',
      '',
      '**Deliverable:** keys are stable across restarts and documented.',
      '',
      '### Phase 2: Eviction',
      'Add an LRU.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [10]);
  });

  it('a numbered sub-step that verifies ("**Step 3: Verify the importer rejects bad rows**") is the task\'s criterion', () => {
    const text = [
      '# Importer',
      '',
      '### Task 1: Reject bad rows',
      '',
      '**Step 1: Add the guard**',
      '',
      '**Step 2: Verify the importer rejects bad rows**',
      '',
      '### Task 2: Log counts',
      '',
      '**Step 1: Add the counter**',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [9]);
  });

  it('a later check step in the same list ("4 — Regression tests") is the criterion of the steps before it, not of steps in another section', () => {
    const text = [
      '# Ledger fix',
      '',
      '## Steps',
      '',
      '- **Step 1 — Snapshot current totals** as the baseline.',
      '- **Step 2 — Recompute fees** from the raw events.',
      '- **Step 3 — Backfill March**.',
      '- **Step 4 — Regression tests** comparing totals with the baseline.',
      '',
      '## Cleanup steps',
      '',
      '- **Step 5 — Remove the old job**.',
    ].join('\n');
    // Since round 25 a check step of the plan's own says how the plan is checked: no step is held to a criterion of its own.
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
    const without = text.replace('- **Step 4 — Regression tests** comparing totals with the baseline.\n', '');
    assert.deepEqual(lines(run(without), 'no-success-criterion'), [5, 6, 7, 11]);
  });

  it('a documentation-only step ("Update docs" naming only Markdown files) is done when the document says it; a docs title naming code is not', () => {
    const text = [
      '# Release',
      '',
      '### Task 1: Update docs',
      '1. Add a `CHANGELOG.md` entry for 2.3',
      '2. Describe the flag in `docs/flags.md`',
      '',
      '### Task 2: Update docs and the parser',
      '- change `src/parse.ts` and `docs/flags.md`',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['CHANGELOG.md', 'docs/flags.md', 'src/parse.ts']), 'no-success-criterion'), [7]);
  });
});

describe('round 3: step ids', () => {
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

  it('guidance headings under the phases ("Best practices", "Guidelines") are not steps', () => {
    const plan = parsePlan(
      ['# Plan', '', '## Implementation phases', '', '### Phase 1: Atlas', 'x', '', '### Texture best practices', 'y', '', '### Review guidelines', 'z'].join('\n'),
    );
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['1'],
    );
  });
});

describe('round 3: missing-file', () => {
  it('a fragment of a path the plan creates ("code-reviewer/prompt.md" for skills/code-reviewer/prompt.md) is not missing', () => {
    const text = [
      '# Port',
      '',
      '### Task 1',
      '- Create: `skills/code-reviewer/prompt.md`',
      '',
      '### Task 2',
      'Point to the template at `code-reviewer/prompt.md`.',
      'Verify: grep finds it',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'missing-file'), []);
  });

  it('a GSD <files> block over several lines lists files the task writes', () => {
    const text = [
      '<task type="auto">',
      '  <name>Task 1: Hook</name>',
      '  <files>',
      '    web/lib/useClock.ts',
      '  </files>',
      '  <verify>npm test</verify>',
      '</task>',
      '',
      'Later: see web/lib/useTimer.ts',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['web/lib/api.ts']), 'missing-file'), [9]);
  });

  it('sources a plan says it was consolidated from are its provenance; a path it tells the reader to see is still checked', () => {
    const text = [
      '# Cleanup plan',
      '',
      'Consolidated from two audits (`notes/audit-a.md` and',
      '`audit-b.md`). Grouped by risk.',
      '',
      'For the current schema, see `docs/schema.md`.',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['README.md']), 'missing-file'), [6]);
  });
});

describe('round 4: conventions found on batch 3 (held out through round 3)', () => {
  it('a plan-wide completion section in Portuguese, Spanish, German or French speaks for every step, as "Completion criteria" does', () => {
    const body = ['## Passos', '', '### Fase 1 — Cliente', 'x', '', '### Fase 2 — Ferramentas', 'y', ''];
    for (const heading of ['## Critérios de conclusão', '## Criterios de finalización', '## Abschlusskriterien', "## Critères d'achèvement", '## Completion criteria']) {
      const text = ['# Plano', '', ...body, heading, '- [ ] Fase 1: login ok', '- [ ] Fase 2: testes verdes'].join('\n');
      assert.deepEqual(lines(run(text), 'no-success-criterion'), [], heading);
    }
    assert.deepEqual(lines(run(['# Plano', '', ...body].join('\n')), 'no-success-criterion'), [5, 8]);
  });

  it('a file-inventory table row whose operation cell creates ("| `a_test.go`, `b_test.go` | criar |") exempts every path in the row; an "editar" row does not', () => {
    const text = ['# Plan', '', '| Caminho | Operação |', '|---|---|', '| `svc/a_test.go`, `svc/b_test.go` | criar |', '| `svc/c.go` | editar |'].join('\n');
    assert.deepEqual(lines(run(text, ['svc/main.go']), 'missing-file'), [6]);
  });

  it('an ESM import specifier ending ".js" names its TypeScript source; a ".js" with no twin is still missing', () => {
    const text = ['# Plan', '', 'The CLI imports `loader` from `config/index.js` and `cache` from `cache/index.js`.'].join('\n');
    assert.deepEqual(lines(run(text, ['src/config/index.ts']), 'missing-file'), [3]);
    assert.equal(run(text, ['src/config/index.ts']).filter((f) => f.code === 'missing-file').length, 1);
  });

  it('a qualified name ("auth/token.Verifier") is a package and a type, not a file; "auth/token.go" is a file', () => {
    const text = ['# Plan', '', 'Wrap `auth/token.Verifier` and edit `auth/token.go`.'].join('\n');
    const missing = run(text, ['auth/other.go']).filter((f) => f.code === 'missing-file');
    assert.deepEqual(
      missing.map((f) => f.data?.path),
      ['auth/token.go'],
    );
  });

  it('a GSD plan that depends on earlier plans may read what they create; a first-wave plan may not', () => {
    const plan = (dependsOn: string): string =>
      [
        '---',
        'phase: 02-api',
        'plan: 02',
        `depends_on: ${dependsOn}`,
        '---',
        '<task type="auto">',
        '  <name>Task 1: Wire</name>',
        '  <action>Import `src/api/routes.ts`.</action>',
        '  <verify>npm test</verify>',
        '</task>',
      ].join('\n');
    assert.deepEqual(lines(run(plan('["02-01"]'), ['src/index.ts']), 'missing-file'), []);
    assert.deepEqual(lines(run(plan('[]'), ['src/index.ts']), 'missing-file'), [8]);
  });

  it('"Replace any `docs/CLAUDE.md` references" names text to edit, not a file; "Read `docs/CLAUDE.md`" names a file', () => {
    assert.deepEqual(lines(run('# Port\n\nReplace any `docs/CLAUDE.md` references with the new name.\n', ['README.md']), 'missing-file'), []);
    assert.deepEqual(lines(run('# Port\n\nRead `docs/CLAUDE.md` first.\n', ['README.md']), 'missing-file'), [3]);
  });

  it('unknown signals: a word in inline code is quoted text; lower-case "todo" before a word is Spanish / Portuguese; the marker still counts', () => {
    const text = ['# Plan', '', 'stderr contains `unknown` for a bad alias.', 'Revisar todo el flujo antes de publicar.', 'TODO decide the retry limit.'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });
});
