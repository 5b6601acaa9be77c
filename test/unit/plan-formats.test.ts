/**
 * Format-aware steps and reader-like path resolution. Each case
 * is a pattern seen on public plans (test/fixtures/plan-corpus), written
 * small here so the expectation is the specification, not the corpus label.
 */
import assert from 'node:assert/strict';
import { computeFactors } from '../../src/core/complexity';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, fixesFor, runStaticChecks, type RuleEnvironment, type StaticFinding } from '../../src/core/rules';

function workspace(files: readonly string[]): RuleEnvironment {
  const set = new Set(files);
  const dirs = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  return {
    fileExists: (p) => set.has(p.replace(/^\/+/, '')) || dirs.has(p.replace(/^\/+|\/+$/g, '')),
    pathsNamed: (name) => files.filter((f) => f === name || f.endsWith(`/${name}`)),
  };
}

/** Thorough scope: these cases pin down what each format holds a step to (precise reports a subset). */
function run(text: string, files: readonly string[] = []): StaticFinding[] {
  return runStaticChecks(parsePlan(text), workspace(files), ADVICE_ON, { scope: 'thorough' });
}

const codes = (findings: readonly StaticFinding[], code: string): number[] => findings.filter((f) => f.code === code).map((f) => f.range.startLine + 1);

describe('plan formats', () => {
  it('GSD PLAN.md: each <task> block is a step and its <verify>/<done> is the criterion', () => {
    const text = `---\nphase: 01\n---\n# Phase 1 plan\n\n<tasks>\n<task type="auto">\n  <name>Task 1: Upgrade the SDK</name>\n  <action>\n1. Bump the version\n2. Update tsconfig.json\n  </action>\n  <verify>npm test passes</verify>\n</task>\n<task type="auto">\n  <name>Task 2: Register tools</name>\n  <action>do it</action>\n</task>\n</tasks>\n`;
    const plan = parsePlan(text);
    assert.equal(plan.format, 'gsd');
    assert.deepEqual(
      plan.steps.map((s) => s.title),
      ['Upgrade the SDK', 'Register tools'],
    );
    assert.deepEqual(codes(run(text), 'no-success-criterion'), [15]);
    assert.deepEqual(codes(run(text), 'missing-risks-section'), [], 'GSD keeps risks in the phase research');
  });

  it('Kiro tasks.md: "- [ ] 1.1" tasks get their ids; a group task and check tasks need no criterion of their own, and a checkpoint speaks for all', () => {
    const text = `# Implementation Plan\n\n- [ ] 1. Database layer\n- [ ] 1.1 Define the schema\n  - add the model\n  - _Requirements: 2.7_\n\n- [ ]* 1.2 Write property test for the schema\n\n- [ ] 2. API layer\n  - add routes\n\n- [ ] 3. Checkpoint - all tests pass\n`;
    const plan = parsePlan(text);
    assert.equal(plan.format, 'kiro-tasks');
    assert.deepEqual(
      plan.steps.map((s) => s.id),
      ['1', '1.1', '1.2', '2', '3'],
    );
    // A checkpoint task says how the task list is checked; without it, only task 2 says nothing about done.
    assert.deepEqual(codes(run(text), 'no-success-criterion'), [], 'the checkpoint speaks for the tasks');
    assert.deepEqual(codes(run(text.replace('- [ ] 3. Checkpoint - all tests pass\n', '')), 'no-success-criterion'), [10], 'only task 2 says nothing about done');
    assert.deepEqual(codes(run(text), 'duplicate-step-id'), []);
  });

  it('descriptive documents (Kiro design.md, spec-kit spec.md) have no steps', () => {
    const text = `# Design Document\n\n## Components\n\n### 1. \`include/store.hpp\`\n\nThe store.\n\n## Data flow\n\n1. User clicks\n2. Server answers\n`;
    assert.equal(parsePlan(text).format, 'descriptive');
    assert.deepEqual(parsePlan(text).steps, []);
    assert.deepEqual(codes(run(text, ['include/other.hpp']), 'missing-file'), [], 'a design names files to be');
  });

  it('"Task 02-01-02" ids stay distinct; appendix lists are not steps', () => {
    const text = `# Plan\n\n## Steps\n\n### Task 02-01-01: One\nVerify: a\n\n### Task 02-01-02: Two\nVerify: b\n\n## Next Steps\n\n1. Set up\n2. Begin\n`;
    const findings = run(text);
    assert.deepEqual(codes(findings, 'duplicate-step-id'), []);
    assert.deepEqual(codes(findings, 'no-success-criterion'), []);
  });

  it('a plan-wide "Phase completion" section is every phase’s criterion', () => {
    const text = `# Plan\n\n## Phases\n\n### Phase 1: Build\nwork\n\n### Phase 2: Ship\nwork\n\n## Success Metrics\n\n### Phase Completion\n- tests pass\n`;
    assert.deepEqual(codes(run(text), 'no-success-criterion'), []);
  });
});

describe('missing-file like a reader', () => {
  const files = ['.planning/STATE.md', 'src/audio/audio.rs', 'src/auth/session.ts', 'src/a/util.ts', 'src/b/util.ts'];

  it('resolves @-references, bare names that exist once, name:line, and a leading / as the root', () => {
    const text = `# Plan\n\n@.planning/STATE.md\n\nSee \`audio.rs\`, \`src/auth/session.ts:42\` and \`/src/audio/audio.rs\`.\n`;
    assert.deepEqual(codes(run(text, files), 'missing-file'), []);
  });

  it('ignores agent home references, package imports and branch names', () => {
    const text = `# Plan\n\n@/Users/me/.claude/get-shit-done/workflows/execute-plan.md\n@$HOME/.claude/x.md\n\nImport \`@modelcontextprotocol/sdk/server/mcp.js\`; rebase on \`production/main\`.\n`;
    assert.deepEqual(codes(run(text, files), 'missing-file'), []);
  });

  it('never reports a path the plan creates, moves to or deletes, in English or es/pt/de/fr', () => {
    const text = [
      '# Plan',
      '',
      '**New files to create:**',
      '- `src/new/one.ts` - the thing',
      '',
      'Crear `src/new/two.ts` con el cliente.',
      'Criar `src/new/three.ts`.',
      '`src/new/four.ts` erstellen.',
      '| old | new |',
      '| `src/auth/session.ts` | `src/auth/sessions.ts` |',
      'Delete `src/gone.ts`.',
      '<files>src/new/five.ts, src/new/six.ts</files>',
      'Later, `one.ts` is wired in.',
    ].join('\n');
    assert.deepEqual(codes(run(text, files), 'missing-file'), []);
  });

  it('reports a wrong path whose file exists elsewhere, with a quick fix to the real path', () => {
    const text = `# Plan\n\nUpdate \`src/session.ts\` to refresh tokens.\n`;
    const findings = run(text, files).filter((f) => f.code === 'missing-file');
    assert.equal(findings.length, 1);
    const fix = fixesFor(parsePlan(text), findings[0] as StaticFinding);
    assert.equal(fix[0]?.edits[0]?.newText, 'src/auth/session.ts');
  });

  it('still reports a path that exists nowhere and that nothing creates', () => {
    assert.deepEqual(codes(run(`# Plan\n\n- [x] Kept \`apps/docs/index.md\` short.\n`, ['apps/web/a.ts']), 'missing-file'), [3]);
  });
});

describe('unknown-signal on real wording', () => {
  it('skips names, adjectives and the open-questions section, and still flags a TBD', () => {
    const text = `# Plan\n\nTarget \`wasm32-unknown-unknown\`; see doc/TODO.md. Unknown keys are ignored.\nRetry policy: TBD\n\n## Open questions\n\n- Who owns the cache? TBD by Friday\n`;
    const signals = run(text).filter((f) => f.code === 'unknown-signal');
    assert.deepEqual(
      signals.map((f) => f.range.startLine + 1),
      [4],
    );
  });
});

describe('compliance needs regulatory context', () => {
  const compliance = (text: string): string[] => computeFactors(parsePlan(text)).compliance;

  it('does not score "PCI" the bus, a linter-compliant module, or "no PII"', () => {
    assert.deepEqual(compliance('# Plan\n\nEnumerate PCI devices; keep Import Linter-compliant boundaries and architecture compliance. No PII is stored. ISO 4217 codes.\n'), []);
  });

  it('scores a regulation, a regulator, an auditor, a standard and personal data', () => {
    assert.deepEqual(compliance('# Plan\n\nWhat the regulation requires.\n'), ['regulatory requirements']);
    assert.deepEqual(compliance('# Plan\n\nMeet WCAG 2.1 AA.\n'), ['standard compliance']);
    assert.deepEqual(compliance('# Plan\n\nCardholder data stays in the PCI DSS scope.\n'), ['PCI DSS']);
    assert.deepEqual(compliance('# Plan\n\nWe store personal data of EU users.\n'), ['personal data (PII/PHI)']);
  });
});
