/**
 * Issue #17, thirty-second round: a plan is read with the design or spec it names (the labels of batches 12-38 judged
 * missing-risks findings against that document: "its design doc has ## Edge Cases", "none here or in the companion
 * design spec"), plus conventions from batches 37 and 38 (the end check of round 31, tuned on here). Each case is a
 * small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no longer flagged with what
 * still is.
 */
import assert from 'node:assert/strict';
import { findingLines, runRules } from '../support/static-rules-harness';

/** A plan big enough to need a risks section (three substantial steps over several files, a migration). */
function sizeablePlan(header: string[]): string {
  const step = (n: number, what: string): string[] => [
    `### Task ${n}: ${what}`,
    '',
    `Change \`src/module${n}.ts\`, \`src/store${n}.ts\` and the database migration \`db/0${n}_schema.sql\`; update the API handlers and the client cache.`,
    '',
    `- [ ] **Step 1: Run \`npm test\` and confirm it passes**`,
    '',
  ];
  return ['# Wallet Admin Implementation Plan', '', ...header, '', ...step(1, 'Queue withdrawals'), ...step(2, 'Freeze wallets'), ...step(3, 'Migrate the ledger schema')].join(
    '\n',
  );
}

describe('round 32', () => {
  const files = ['docs/specs/2026-03-24-admin-design.md', 'src/module1.ts', 'src/module2.ts', 'src/module3.ts', 'src/store1.ts', 'src/store2.ts', 'src/store3.ts'];
  const risks = (design: string | undefined, header = ['**Spec:** `docs/specs/2026-03-24-admin-design.md`'], planPath?: string, list = files) =>
    findingLines(
      runRules(sizeablePlan(header), list, { ...(planPath ? { planPath } : {}), ...(design === undefined ? {} : { companions: { [list[0] as string]: design } }) }),
      'missing-risks-section',
    );

  it('a plan whose named design has "## Error Handling" or "## Edge Cases" is not flagged; a design without one, or one that cannot be read, leaves the finding', () => {
    assert.deepEqual(risks('# Admin design\n\n## Error Handling\n\nA failed payout is retried once.'), []);
    assert.deepEqual(risks('# Admin design\n\n### 4. Edge cases\n\n- two freezes at once'), []);
    assert.deepEqual(risks('# Admin design\n\n## Components\n\n## Data flow'), [1]);
    assert.deepEqual(risks(undefined), [1]);
  });

  it('in a design, "Security …" and "Password recovery" headings describe features; "Security considerations" and a rollback section hold risks', () => {
    assert.deepEqual(risks('# Admin design\n\n## Security Definitions\n\n## Goravel Mail (Password Recovery & Invitations)'), [1]);
    assert.deepEqual(risks('# Admin design\n\n## Security considerations\n\nTokens expire.'), []);
    assert.deepEqual(risks('# Admin design\n\n## Rollback\n\nRevert the migration.'), []);
  });

  it('a heading inside a fenced block of the design is not one of its sections', () => {
    assert.deepEqual(risks('# Admin design\n\n```markdown\n## Error Handling\n```\n\n## Components'), [1]);
  });

  it('the header names its sources in plain text too ("**Based on:** research.md"); a document name that is no design or spec, outside a sources label, is not read (round 35 reads what a "Based on:" label names whatever its name)', () => {
    const list = ['docs/research.md', 'docs/notes.md', ...files.slice(1)];
    const read = (header: string, text: string): number[] =>
      findingLines(runRules(sizeablePlan([header]), list, { planPath: 'docs/plan.md', companions: { 'docs/research.md': text, 'docs/notes.md': text } }), 'missing-risks-section');
    assert.deepEqual(read('**Based on:** research.md, prd.md', '## Risks\n\n- the vendor API may rate-limit'), []);
    assert.deepEqual(read('See notes.md for the history.', '## Risks\n\n- the vendor API may rate-limit'), [1]);
  });

  it('a superpowers plan is read with the design of its name (docs/superpowers/specs/<name>-design.md), a Kiro tasks.md with design.md beside it', () => {
    const sp = ['docs/superpowers/specs/2026-07-10-stress-category-design.md', ...files.slice(1)];
    assert.deepEqual(risks('## 失败处理与性能\n\n失败时回退。', [], 'docs/superpowers/plans/2026-07-10-stress-category.md', sp), []);
    assert.deepEqual(risks('## 数据流', [], 'docs/superpowers/plans/2026-07-10-stress-category.md', sp), [1]);
    const kiro = ['.kiro/specs/auth/design.md', ...files.slice(1)];
    assert.deepEqual(risks('## Обработка ошибок\n\nОшибки логируются.', [], '.kiro/specs/auth/notes-plan.md', kiro), [1]);
    assert.deepEqual(risks('## Обработка ошибок\n\nОшибки логируются.', [], '.kiro/specs/auth/tasks.md', kiro), []);
  });

  it('at most eight named documents are tried: a plan naming twenty designs cannot make the host read twenty files', () => {
    const names = Array.from({ length: 20 }, (_, i) => `docs/d${i}-design.md`);
    const run = (withRisks: string) =>
      findingLines(
        runRules(sizeablePlan(names.map((n) => `- \`${n}\``)), [...names, ...files.slice(1)], {
          companions: Object.fromEntries(names.map((n) => [n, n === withRisks ? '## Risks\n\n- x' : '## Parts'])),
        }),
        'missing-risks-section',
      );
    assert.deepEqual(run('docs/d3-design.md'), []);
    assert.deepEqual(run('docs/d15-design.md'), [1]);
  });

  it('a Korean risks heading ("## 6. 위험 요소 및 대응 방안") is a risks section; a Korean heading about something else is not', () => {
    const plan = (heading: string) => findingLines(runRules(sizeablePlan([]) + `\n\n## ${heading}\n\n- 외부 API 장애: 재시도\n`, files), 'missing-risks-section');
    assert.deepEqual(plan('6. 위험 요소 및 대응 방안'), []);
    assert.deepEqual(plan('6. 일정'), [1]);
  });

  it('"- [ ] **Step 5: Run tests and confirm GREEN**" is the check of its task, ticked or not; a checkbox step that builds is not', () => {
    const task = (sub: string) =>
      findingLines(
        runRules(
          [
            '# Plan',
            '',
            '### Task 1: Project manual links',
            '',
            '- [ ] **Step 1: Add manual data and Reader rendering**',
            '',
            sub,
            '',
            'Run: `npm.cmd test -- src/ui/ui.test.jsx`',
          ].join('\n'),
        ),
        'no-success-criterion',
      );
    assert.deepEqual(task('- [ ] **Step 2: Run tests and confirm GREEN**'), []);
    assert.deepEqual(task('- [x] **Step 2: Verify the links open**'), []);
    assert.deepEqual(task('- [ ] **Step 2: Add the CSS for the links**'), [3]);
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
});
