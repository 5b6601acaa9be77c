/**
 * missing-risks-section on the headings and tables that hold a plan's risks (error handling, edge cases,
 * troubleshooting, rollback, known limits, in the languages the rules read) and on plans that need none. Each case
 * is a small made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule
 * explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { adminDesignWorkspace as files, cacheSteps as STEPS, postgresMoveBody as body, sizeablePlan } from '../support/convention-plans';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const steps = ['## Steps', '1. Add the table. Verify: it exists.', '2. Backfill. Verify: counts match.', '3. Flip reads. Verify: no 5xx.'];

describe('missing-risks-section: where a plan keeps its risks', () => {
  it('a table with a "Risk" column carries the risks; a table without one does not', () => {
    const plan = (column: string): string =>
      [
        '# Bundle plan',
        '',
        '## Steps',
        '1. Lazy-load the admin views. Verify: the bundle is under 300 KB.',
        '2. Cache the API calls. Verify: one request per page.',
        '3. Memoize the lists. Verify: the profiler shows fewer renders.',
        '',
        '## Implementation order',
        `| Order | Change | ${column} |`,
        '|---|---|---|',
        '| 1 | Lazy views | Test every lazy view still loads |',
        '| 2 | Cache | Stale data after a write: invalidate on mutation |',
      ].join('\n');
    assert.deepEqual(lines(run(plan('Risk')), 'missing-risks-section'), []);
    assert.deepEqual(lines(run(plan('Notes')), 'missing-risks-section'), [1]);
  });

  it('a "# GOTCHAs" section is a risks section', () => {
    const steps = ['## Steps', '1. Add the queue. Verify: a job runs.', '2. Add retries. Verify: a failed job runs again.', '3. Add the UI. Verify: jobs are listed.'];
    assert.deepEqual(lines(run(['# Jobs plan', '', ...steps, '', '# GOTCHAs', '- Retries can double-send: use an idempotency key.'].join('\n')), 'missing-risks-section'), []);
    assert.deepEqual(lines(run(['# Jobs plan', '', ...steps].join('\n')), 'missing-risks-section'), [1]);
  });

  it('"### Data Validation & Error Handling" and "## Security" name risks; "## Notes" does not', () => {
    assert.deepEqual(lines(run(['# Orders plan', '', ...steps, '', '### Data Validation & Error Handling', '- Reject bad rows.'].join('\n')), 'missing-risks-section'), []);
    assert.deepEqual(lines(run(['# Orders plan', '', ...steps, '', '## Security', '- Replay: nonces.'].join('\n')), 'missing-risks-section'), []);
    assert.deepEqual(lines(run(['# Orders plan', '', ...steps, '', '## Notes', '- Ask ops.'].join('\n')), 'missing-risks-section'), [1]);
  });

  describe('a plan of three verified steps', () => {
    const steps = [
      '## Step 1: Select',
      'Checkbox per row. Verify: rows toggle.',
      '## Step 2: Bulk action',
      'Mark all read. Verify: list empties.',
      '## Step 3: Sync',
      'Send to the server. Verify: labels cleared upstream.',
    ];

    it('"## Edge cases" (and "Casos límite", "Randfälle") is where a plan lists its failure modes', () => {
      for (const title of ['## Edge cases', '## Casos límite', '## Randfälle']) {
        assert.deepEqual(lines(run(['# Bulk mark-read', '', ...steps, '', title, '- Partial failure: restore the selection.'].join('\n')), 'missing-risks-section'), [], title);
      }
      assert.deepEqual(lines(run(['# Bulk mark-read', '', ...steps, '', '## Notes', '- Reuse the hook.'].join('\n')), 'missing-risks-section'), [1]);
    });
  });

  it('an "Error handling" section (also "9. 错误处理", "Failure modes") covers what can go wrong; "Error codes" does not', () => {
    for (const title of ['## Error handling', '## 9. 错误处理', '### Failure modes']) {
      assert.deepEqual(
        findingLines(runRules(['# Plan: Postgres', ...body, title, '- a copy fails midway: resume from the last batch'].join('\n')), 'missing-risks-section'),
        [],
        title,
      );
    }
    assert.deepEqual(findingLines(runRules(['# Plan: Postgres', ...body, '## Error codes', '- E42: table missing'].join('\n')), 'missing-risks-section'), [1]);
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

  it('a Korean risks heading ("## 6. 위험 요소 및 대응 방안") is a risks section; a Korean heading about something else is not', () => {
    const plan = (heading: string) => findingLines(runRules(sizeablePlan([]) + `\n\n## ${heading}\n\n- 외부 API 장애: 재시도\n`, files), 'missing-risks-section');
    assert.deepEqual(plan('6. 위험 요소 및 대응 방안'), []);
    assert.deepEqual(plan('6. 일정'), [1]);
  });

  it('a design\'s section titled only "兼容性" or "Backward compatibility" holds risks; a milestone that merely contains the word does not', () => {
    const files = ['docs/specs/x-design.md', 'src/module1.ts'];
    const plan = [
      '# Stress category plan',
      '',
      '**Spec:** `docs/specs/x-design.md`',
      '',
      ...[1, 2, 3].flatMap((n) => [
        `### Task ${n}: Part ${n}`,
        '',
        `Change \`src/module1.ts\`, the resolver, the scenario producer and the metrics consumer; keep the old path.`,
        '',
        '- [ ] **Step 1: Run `pytest` and confirm it passes**',
        '',
      ]),
    ].join('\n');
    const risks = (design: string) => findingLines(runRules(plan, files, { companions: { 'docs/specs/x-design.md': design } }), 'missing-risks-section');
    assert.deepEqual(risks('# 设计\n\n## 兼容性\n\n旧数据保持可读。'), []);
    assert.deepEqual(risks('# Design\n\n## Backward compatibility\n\nOld rows stay readable.'), []);
    assert.deepEqual(risks('# Design\n\n### M2 - Level Compatibility\n\nLoad old levels.'), [1]);
  });

  it('risks headings in Vietnamese and Polish, and "Common issues & solutions" / "Troubleshooting", are a risks section; a heading naming a TROUBLESHOOTING.md to write is not', () => {
    const risks = (heading: string) =>
      findingLines(
        runRules(
          [
            '# School management plan',
            '',
            ...[1, 2, 3].flatMap((n) => [
              `### Phase ${n}: Module ${n}`,
              '',
              `Change \`src/m${n}.ts\`, the database migration, the API handlers and the dashboard pages.`,
              '',
              `- Verify: the module ${n} tests pass`,
              '',
            ]),
            `## ${heading}`,
            '',
            '- the SQL dialect differs between environments: test both',
          ].join('\n'),
        ),
        'missing-risks-section',
      );
    assert.deepEqual(risks('RỦI RO & PHỤ THUỘC'), []);
    assert.deepEqual(risks('Ryzyka'), []);
    assert.deepEqual(risks('Common Issues & Solutions'), []);
    assert.deepEqual(risks('Troubleshooting'), []);
    assert.deepEqual(risks('[NEW] [TROUBLESHOOTING.md](docs/TROUBLESHOOTING.md)'), [1]);
  });

  it('a rollback section in Chinese ("### 4.3 回滚策略") or known quirks in German ("### Bekannte Eigenheiten") is what a risks section holds', () => {
    const risks = (title: string) =>
      findingLines(runRules(['# Plan: cache', '', ...STEPS, `## ${title}`, '', '- Redis down: fall back to the API', ''].join('\n')), 'missing-risks-section');
    assert.deepEqual(risks('4.3 回滚策略'), []);
    assert.deepEqual(risks('Bekannte Eigenheiten'), []);
    assert.deepEqual(risks('Known quirks'), []);
    assert.deepEqual(risks('Bekannte Nutzer'), [1]);
  });

  it('known limits in Chinese ("已知邊界與下一步重點") and exception handling in Japanese ("例外処理フロー") are a risks section', () => {
    const plan = (heading: string) =>
      [
        '# 计划',
        '',
        '## Phase 1: 资料层',
        '',
        '- 建立表格，迁移旧资料，调整接口',
        '',
        '## Phase 2: 接口',
        '',
        '- 新增查询接口，更新前端调用',
        '',
        heading,
        '',
        '- 网络中断时请求会一直等待',
        '',
      ].join('\n');
    for (const heading of ['## 10. 已知邊界與下一步重點', '## 已知问题', '#### 例外処理フロー', '## 既知の制限'])
      assert.deepEqual(findingLines(runRules(plan(heading)), 'missing-risks-section'), [], heading);
    assert.deepEqual(findingLines(runRules(plan('## 下一步重點')), 'missing-risks-section'), [1]);
  });
});
