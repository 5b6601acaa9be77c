/**
 * Issue #17, thirty-seventh round: conventions found on fresh batches 53-56 (the end check of round 36, tuned on
 * here). Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, runRules } from '../support/static-rules-harness';

describe('round 37', () => {
  it('"unknown" as the last value of a list that ends the line, and "the system figures out", mark no undecided point; "unknown" alone and "we have not figured out" still do', () => {
    const lines = (line: string) => findingLines(runRules(['# Plan', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('- Tests: known effectful, known pure, unknown'), []);
    assert.deepEqual(lines('You describe what you need, and the system figures out which expert fits.'), []);
    assert.deepEqual(lines('- The retry budget is unknown'), [3]);
    assert.deepEqual(lines('- We have not figured out the retry budget'), [3]);
  });

  it('a status section near the top whose first line says the work is done makes the plan a record; a status section that says it is in progress does not', () => {
    const plan = (status: string) =>
      findingLines(
        runRules(
          [
            '# Saju rebalancer plan',
            '',
            '## 현재 상태',
            '',
            status,
            '',
            ...[1, 2, 3].flatMap((n) => [`### Phase ${n}: Module ${n}`, '', `- Change \`src/m${n}.ts\`, the database schema, the API handlers and the pages.`, '']),
            '## Backlog',
            '',
            '- dark mode',
          ].join('\n'),
        ),
        'missing-risks-section',
      );
    assert.deepEqual(plan('**모든 주요 기능 완료** — 서비스 운영 중'), []);
    assert.deepEqual(plan('**Implemented and deployed on 2026-06-21.**'), []);
    assert.deepEqual(plan('**In progress** — Phase 2 of 3'), [1]);
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
});
