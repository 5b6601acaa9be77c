/**
 * Conventions of real plans (outline headings, spec-kit task files,
 * preconditions, build output, GSD summaries, negated markers, Spanish
 * "añadir"), the severity decision, and one path resolution for the editor,
 * the CLI and the corpus. Each case is written small from the plan format's
 * convention, not from a corpus label.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { runStatic } from '../../src/cli/static-mode';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, RULES, type StaticFinding } from '../../src/core/rules';
import { findingLines, runRules } from '../support/static-rules-harness';
import { findUnknownSignals } from '../../src/core/signals';

const run = (text: string, files: readonly string[] = [], gitignores: Record<string, string> = {}, planPath = 'plan.md'): StaticFinding[] =>
  runRules(text, files, { planPath, gitignores });
const lines = findingLines;

describe('real-plan conventions: steps', () => {
  it('numbered section headings ("## 1. Scope & non-goals" … "## 3. Steps") are an outline; the steps are in the Steps section', () => {
    const text =
      '# Fix\n\n## 1. Scope & non-goals\nx\n\n## 2. What the code does today\ny\n\n## 3. Steps\n\n- **1 — Patch it.** Verify: tests pass\n- **2 — Ship it.** Verify: deployed\n\n## 4. Open questions\n- who signs off\n';
    const plan = parsePlan(text);
    assert.deepEqual(
      plan.steps.map((s) => s.title.slice(0, 8)),
      ['Patch it', 'Ship it.'],
    );
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
  });

  it('a lone "1. Overview" before numbered actions is a preamble: the actions stay steps', () => {
    const plan = parsePlan('# Plan\n\n## 1. Overview\nx\n\n## 2. Add the column\ny\n\n## 3. Ship it\nz\n');
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['2', '3'],
    );
  });

  it('spec-kit tasks.md: phases and T### tasks are the steps; the outline, the dependency notes and numbered pitfalls are not', () => {
    const text = [
      '# Tasks: Fix the AI',
      '',
      '## Overview',
      '- Phase 1-2: Foundation',
      '- Phase 3: User Story 1',
      '',
      '## Phase 1: Setup',
      '- [x] T001 Read src/a.py',
      '',
      '**Independent Test**: the flow can be explained',
      '',
      '## Phase 3: User Story 1',
      '- [ ] T002 Change src/a.py',
      '',
      '**Independent Test Criteria**:',
      '- ✅ tests pass',
      '',
      '## Dependencies & Execution Order',
      '### Story Completion Order',
      '1. Phase 1',
      '2. Phase 3',
      '',
      '## Critical Implementation Details',
      '1. **Flip first**: always',
    ].join('\n');
    const plan = parsePlan(text);
    assert.equal(plan.format, 'spec-kit-tasks');
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['1', 't001', '3', 't002'],
    );
    const findings = run(text, ['src/a.py']);
    assert.deepEqual(lines(findings, 'duplicate-step-id'), []);
    assert.deepEqual(lines(findings, 'no-success-criterion'), [], "each phase's criterion follows its tasks");
  });

  it('a preconditions checklist is not steps, in English or Spanish; a task title keeps risks in the companion plan', () => {
    const text =
      '# Tareas — 001 Core\n\n## Precondiciones antes de generar tareas\n\n- [ ] Confirmada la dirección\n- [ ] Elegida la licencia\n\n## Prerequisites\n\n1. Node 20\n2. A key\n';
    const findings = run(text);
    assert.deepEqual(lines(findings, 'no-success-criterion'), []);
    assert.deepEqual(lines(findings, 'missing-risks-section'), []);
  });

  it('a group whose sub-steps carry the criteria, and a ticked step, need no criterion of their own', () => {
    const text =
      '# Refactor\n\n## Phase 1 — Fixes\n\n### 1A. Remove the clone\nVerify: cargo test\n\n### 1B. Fix precedence\nVerify: cargo test\n\n## Steps\n\n- [x] Rename the module\n- [ ] Drop the shim\n';
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [14], 'only the open step without a criterion');
  });
});

describe('real-plan conventions: missing-file', () => {
  it('build output under an untracked output folder is not missing; under a tracked one it is', () => {
    const text = '# Build\n\n## Steps\n\n1. Run node on `dist/index.js`. Verify: usage shows\n';
    assert.deepEqual(lines(run(text, ['src/index.ts']), 'missing-file'), []);
    assert.deepEqual(lines(run(text, ['src/index.ts', 'dist/other.js']), 'missing-file'), [5]);
  });

  it('a gitignored path is "cannot tell", as in the language server', () => {
    const text = '# Plan\n\nRead `CLAUDE.md` and `docs/missing.md`.\n';
    assert.deepEqual(lines(run(text, ['README.md', '.gitignore'], { '.gitignore': 'CLAUDE.md\n' }), 'missing-file'), [3], 'only the path git does not ignore');
  });

  it('GSD summaries still to be written, name patterns, extensionless modules and ambiguous bare names are not missing', () => {
    const gsd =
      '# Phase 1\n\n<context>\n@.planning/phases/01-x/01-02-SUMMARY.md\n</context>\n<tasks>\n<task type="auto">\n  <name>Task 1: Do</name>\n  <verify>ok</verify>\n</task>\n</tasks>\n';
    assert.deepEqual(lines(run(gsd, ['.planning/ROADMAP.md']), 'missing-file'), []);
    const text = '# Plan\n\nWrite ADRs as `docs/adr/adr-NNN-slug.md`. Run `tests/fixtures/golden_a10`. Fix `generator.py`.\n';
    assert.deepEqual(lines(run(text, ['docs/adr/adr-001.md', 'tests/fixtures/golden_a10.py', 'a/generator.py', 'b/generator.py']), 'missing-file'), []);
  });

  it('files an add verb lists (also "añadir … y …"), tests written "in" a path and downloads are created, not missing', () => {
    const text = [
      '# Plan',
      '',
      '- [ ] Añadir `LICENSE` y `CONTRIBUTING.md`.',
      '- [ ] Add `a.md`, `b.md` and `c.md`.',
      '- [ ] 2.3 Write unit tests for move in `rest/test/move.test.ts`',
      '- Click Download — the browser should download `jane-doe.md`.',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['README.md']), 'missing-file'), []);
  });

  it('property: a path under an untracked build-output folder is never reported', () => {
    fc.assert(
      fc.property(fc.constantFrom('dist', 'build', 'out', 'target', 'coverage'), fc.stringMatching(/^[a-z]{1,8}\.(js|map|html)$/), (folder, name) => {
        const text = `# Plan\n\nOpen \`${folder}/${name}\` after the build.\n`;
        return lines(run(text, ['src/main.ts']), 'missing-file').length === 0;
      }),
      { numRuns: 50 },
    );
  });
});

describe('real-plan conventions: signals and severity', () => {
  it('markers named as absent are not unknown signals; a marker in use still is', () => {
    assert.deepEqual(findUnknownSignals(['Placeholder scan: No TBD, TODO, or "implement later" found.']), []);
    assert.deepEqual(findUnknownSignals(['no placeholders (TBD/TODO)', 'sin TBD']), []);
    assert.deepEqual(
      findUnknownSignals(['No decision yet, TBD']).map((s) => s.signal),
      ['TBD'],
    );
  });

  it('severity: a duplicate id is a warning (ids are often outline numbers); a dangling explicit dependency stays an error', () => {
    assert.equal(RULES['duplicate-step-id'].defaultLevel, 'warning');
    assert.equal(RULES['dangling-dependency'].defaultLevel, 'error');
  });
});

describe('one path resolution: the CLI static mode and the language server index agree', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-static-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a bare name that exists once, a path relative to the plan, and a gitignored file are not missing; a wrong path is', async () => {
    mkdirSync(path.join(dir, 'src', 'audio'), { recursive: true });
    mkdirSync(path.join(dir, 'docs', 'plans'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'audio', 'decode.rs'), '');
    writeFileSync(path.join(dir, 'docs', 'plans', 'spec.md'), '');
    writeFileSync(path.join(dir, '.gitignore'), 'local.md\n');
    const planPath = path.join(dir, 'docs', 'plans', 'plan.md');
    const text = '# Plan\n\nEdit `decode.rs`, see [spec](./spec.md) and `local.md`.\n\n- **Modify:** `src/nothing.rs`\n';
    writeFileSync(planPath, text);
    const outcome = await runStatic(text, dir, { team: 'auto' }, planPath);
    const missing = outcome.findings.filter((f) => f.code === 'missing-file').map((f) => (f.data as { path: string }).path);
    assert.deepEqual(missing, ['src/nothing.rs']);
  });

  it('the CLI --rule-scope reaches the rules: thorough also reports a path the plan makes no claim about', async () => {
    // A workspace with code: in one with none every path a plan names is one it will write.
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'main.rs'), '');
    const planPath = path.join(dir, 'plan.md');
    const text = '# Plan\n\n- Keep `src/prose-only.rs` short.\n';
    writeFileSync(planPath, text);
    const paths = async (scope?: 'precise' | 'thorough') =>
      (await runStatic(text, dir, { team: 'auto', ...(scope ? { scope } : {}) }, planPath)).findings
        .filter((f) => f.code === 'missing-file')
        .map((f) => (f.data as { path: string }).path);
    assert.deepEqual(await paths(), []);
    assert.deepEqual(await paths('precise'), []);
    assert.deepEqual(await paths('thorough'), ['src/prose-only.rs']);
  });

  it("the CLI --threshold reaches missing-risks-section: precise scope asks for risks from the scaled team's threshold on", async () => {
    const planPath = path.join(dir, 'plan.md');
    // Complexity 3 (three steps): under the default threshold of 7, over a threshold of 3.
    const text =
      '# Plan: cache\n\n## Steps\n\n1. Add a cache layer\n   - Verify: hit rate above 80%\n2. Add invalidation\n   - Verify: a change shows within a second\n3. Roll out\n   - Verify: p95 latency drops\n';
    writeFileSync(planPath, text);
    const risks = async (threshold?: number) =>
      (await runStatic(text, dir, { team: 'auto', levels: ADVICE_ON, ...(threshold === undefined ? {} : { threshold }) }, planPath)).findings.filter(
        (f) => f.code === 'missing-risks-section',
      ).length;
    assert.equal(await risks(), 0);
    assert.equal(await risks(3), 1);
  });
});
