/**
 * missing-risks-section on plans whose risks live in a companion document: the spec beside a spec-kit plan.md, the
 * design.md beside a Kiro tasks.md, a superpowers design, a GSD phase's research, documents a header label names.
 * How far the rule reads them, and when it does not. Each case is a small made-up plan written in the convention's
 * style (not an excerpt of a real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { adminDesignWorkspace as files, cacheSteps as STEPS, postgresMoveBody as body, sizeablePlan } from '../support/convention-plans';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const specKitPlan = (input: string): string =>
  [
    '# Implementation Plan: Export reports',
    '',
    `**Branch**: \`004-export\` | **Date**: 2026-01-01 | **Spec**: [spec.md](./spec.md)`,
    `**Input**: Feature specification from \`${input}\``,
    '',
    '## Summary',
    'Export reports as CSV from the dashboard, streaming rows from the database, with a new endpoint, a background job and a download page.',
    '',
    '## Technical Context',
    '**Language/Version**: TypeScript 5',
    '',
    '## Project Structure',
    'src/export/, tests/export/',
    '',
    '## Phase 1: Endpoint',
    'Add GET /export. Verify: the contract test passes.',
    '',
    '## Phase 2: Job',
    'Queue the export and migrate the jobs table. Verify: a 1M-row export finishes.',
  ].join('\n');

const text = [
  '# Implementation Plan: User authentication',
  '',
  '**Input**: Feature specification from `.specify/specs/001-user-authentication/spec.md`',
  '',
  '## Phase 2: Endpoints',
  'Login and refresh.',
  'Verify: the contract tests pass.',
  '',
  '## Phase 3: Sessions',
  'Rotation.',
  'Verify: a stolen refresh token is rejected.',
].join('\n');

const planPath = 'specs/001-user-authentication/plan.md';

const risks = (design: string | undefined, header = ['**Spec:** `docs/specs/2026-03-24-admin-design.md`'], planPath?: string, list = files) =>
  findingLines(
    runRules(sizeablePlan(header), list, { ...(planPath ? { planPath } : {}), ...(design === undefined ? {} : { companions: { [list[0] as string]: design } }) }),
    'missing-risks-section',
  );

describe('missing-risks-section: risks kept in a companion design or spec', () => {
  it('is not flagged when the spec it was generated from is in the workspace', () => {
    const findings = run(specKitPlan('/specs/004-export/spec.md'), ['specs/004-export/spec.md', 'specs/004-export/plan.md'], 'specs/004-export/plan.md');
    assert.deepEqual(lines(findings, 'missing-risks-section'), []);
  });

  it('is flagged when the spec is not there, and a plan without the spec-kit header is judged alone', () => {
    assert.deepEqual(lines(run(specKitPlan('/specs/004-export/spec.md'), ['specs/004-export/plan.md'], 'specs/004-export/plan.md'), 'missing-risks-section'), [1]);
    const free = specKitPlan('/specs/004-export/spec.md').replace(/^\*\*Input\*\*.*$/m, '');
    assert.deepEqual(lines(run(free, ['specs/004-export/spec.md'], 'specs/004-export/plan.md'), 'missing-risks-section'), [1]);
  });

  it('a stale Input path with spec.md beside the plan: the spec holds the edge cases', () => {
    assert.deepEqual(lines(runRules(text, [planPath, 'specs/001-user-authentication/spec.md'], { planPath }), 'missing-risks-section'), []);
  });

  it('no spec.md at the Input path or beside the plan: flagged', () => {
    assert.deepEqual(lines(runRules(text, [planPath, 'docs/spec-notes.md'], { planPath }), 'missing-risks-section'), [1]);
  });

  it('a task list titled "… Tasks" keeps its risks in the companion design; "… Plan" does not', () => {
    const tasks = [
      '',
      '## 1. Profiles',
      '- [ ] Create `config/profiles.md` with the five roles',
      "- [ ] Define each role's mandate",
      '',
      '## 2. Commands',
      '- [ ] Create `.claude/commands/agent-pm.md`',
      '- [ ] Load the context fully',
      '- [ ] Append to notes.md',
    ];
    assert.deepEqual(findingLines(runRules(['# Review Agents Tasks', ...tasks].join('\n')), 'missing-risks-section'), []);
    assert.deepEqual(findingLines(runRules(['# Review Agents Plan', ...body].join('\n')), 'missing-risks-section'), [1]);
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

  it('the header names its sources in plain text too ("**Based on:** research.md"); a document name that is no design or spec, outside a sources label, is not read', () => {
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

  it('a plan is read with the design in designs/ beside its plans/ folder, and with the documents a header label names whatever their file names', () => {
    const files = ['docs/designs/deep-mining-design.md', 'docs/auth-revamp-plan.md', 'src/a.ts'];
    const body = [
      '',
      ...[1, 2, 3].flatMap((n) => [
        `### Task ${n}: Part ${n}`,
        '',
        'Change `src/a.ts`, the database schema, the scraper and the scoring; keep the old table.',
        '',
        '- [ ] **Step 2: Run `npm test` and confirm it passes**',
        '',
      ]),
    ];
    const risks = (header: string[], planPath: string) =>
      findingLines(
        runRules(['# Deep mining plan', '', ...header, ...body].join('\n'), files, {
          planPath,
          companions: {
            'docs/designs/deep-mining-design.md': '## 13. Risks & Mitigations\n\n- rate limits',
            'docs/auth-revamp-plan.md': '## 11. Risks & mitigations\n\n- provider callbacks',
          },
        }),
        'missing-risks-section',
      );
    assert.deepEqual(risks([], 'docs/plans/deep-mining-plan.md'), []);
    assert.deepEqual(risks([], 'docs/plans/other-plan.md'), [1]);
    assert.deepEqual(risks(['**Companion docs:** `docs/auth-revamp-plan.md`'], 'docs/plans/other-plan.md'), []);
    assert.deepEqual(risks(['See `docs/auth-revamp-plan.md` for the wave plan.'], 'docs/plans/other-plan.md'), [1]);
  });

  it('a plan named only plan.md is read with the design.md beside it or in specs/; a plan with a topic name is not', () => {
    const files = ['docs/superpowers/specs/design.md', 'src/a.ts'];
    const body = [
      '# Provider refactor',
      '',
      ...[1, 2, 3].flatMap((n) => [
        `### Task ${n}: Part ${n}`,
        '',
        'Change `src/a.ts`, the provider, the client, the retries and the docs.',
        '',
        '- [ ] **Step 2: Run `npm test` and confirm it passes**',
        '',
      ]),
    ].join('\n');
    const risks = (planPath: string) =>
      findingLines(runRules(body, files, { planPath, companions: { 'docs/superpowers/specs/design.md': '## Error Handling\n\n- retries' } }), 'missing-risks-section');
    assert.deepEqual(risks('docs/superpowers/plans/plan.md'), []);
    assert.deepEqual(risks('docs/superpowers/plans/2026-01-02-provider.md'), [1]);
  });

  it('a GSD PLAN.md known by its frontmatter keeps its risks in the phase research, <task> blocks or not; other frontmatter does not', () => {
    const risks = (front: string[]) => findingLines(runRules(['---', ...front, '---', '', '# Phase 6: Comparison mode - Plan', '', ...STEPS].join('\n')), 'missing-risks-section');
    assert.deepEqual(risks(['wave: 1', 'depends_on:', 'files_modified:', '  - src/App.tsx', 'autonomous: true']), []);
    assert.deepEqual(risks(['title: Comparison mode', 'tags: [ui]']), [6]);
  });
});
