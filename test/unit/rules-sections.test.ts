/** The rules over a plan's sections: empty-section and missing-risks-section (split from rules.test.ts). */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, fixesFor, runStaticChecks } from '../../src/core/rules';
import { assess } from '../../src/core/complexity';
import { applyEdits, check, noFiles, only } from '../support/rules-check';

describe('rules: empty-section', () => {
  it('precise (the default): flags an empty section a reader looks for (risks, rollback, testing, success), not a group heading', () => {
    const text = '# Plan\n\n## Context\n\n## Risks\n\n## Steps\n\n1. Do it\n   - Verify: done\n\n## Testing\n\n## Unit tests\n\nRun `npm test`.\n';
    assert.deepEqual(
      only(check(text).findings, 'empty-section').map((h) => h.range.startLine),
      [4],
    );
    assert.deepEqual(
      only(check(text, noFiles, undefined, 'thorough').findings, 'empty-section').map((h) => h.range.startLine),
      [2, 4, 11],
    );
  });

  it('thorough: flags a heading with nothing under it', () => {
    const hits = only(check('# Plan\n\n## Context\n\n## Steps\n\n1. Do it\n   - Verify: done\n', noFiles, undefined, 'thorough').findings, 'empty-section');
    assert.deepEqual(
      hits.map((h) => h.range),
      [{ startLine: 2, startChar: 0, endLine: 2, endChar: 10 }],
    );
    assert.equal(hits[0]?.level, 'info');
  });
});

describe('rules: missing-risks-section', () => {
  const plan =
    '# Plan: cache\n\n## Goal\n\nCache the Stripe pricing API responses in Redis for five minutes.\n\n## Steps\n\n1. Add a Redis cache layer\n   - Verify: hit rate above 80%\n2. Invalidate on the price events Stripe sends through Kafka\n   - Verify: a price change is visible within a second\n3. Roll out\n   - Verify: p95 latency drops\n';
  /** The same change with no external system named: complexity 3, under the scaled team's threshold of 7. */
  const small =
    '# Plan: cache\n\n## Goal\n\nCache the pricing responses for five minutes.\n\n## Steps\n\n1. Add a cache layer\n   - Verify: hit rate above 80%\n2. Add invalidation on price changes\n   - Verify: a price change is visible within a second\n3. Roll out\n   - Verify: p95 latency drops\n';

  it('scope precise: only a plan whose complexity reaches the team threshold; scope thorough: any plan above trivial', () => {
    assert.equal(assess(parsePlan(plan)).score >= 7 && assess(parsePlan(small)).score < 7, true);
    assert.deepEqual(only(check(small).findings, 'missing-risks-section'), []);
    assert.equal(only(check(small, noFiles, undefined, 'thorough').findings, 'missing-risks-section').length, 1);
    // The user's threshold (verifyPlan.threshold, --threshold) moves the gate with the team.
    const lowered = { ...assess(parsePlan(small), { threshold: 3 }) };
    assert.equal(only(runStaticChecks(parsePlan(small), noFiles, ADVICE_ON, { assessment: lowered }), 'missing-risks-section').length, 1);
  });

  it('a bold label alone on its line that names risks is the section in all but form; a one-line rating is not', () => {
    const labelled = plan + '\n**Risks / open questions:**\n\n- Stale prices for up to five minutes after a missed event\n';
    assert.deepEqual(only(check(labelled).findings, 'missing-risks-section'), []);
    const rated = plan + '\n**Risk:** low\n';
    assert.equal(only(check(rated).findings, 'missing-risks-section').length, 1);
    // A step's "**Error handling:**" says how the code handles errors, not what could go wrong with the change.
    const handling = plan.replace('   - Verify: hit rate above 80%\n', '   - Verify: hit rate above 80%\n\n**Error handling:**\n\n- Redis down: serve from the API\n');
    assert.equal(only(check(handling).findings, 'missing-risks-section').length, 1);
  });

  it('Chinese security considerations and edge cases count as a risks section', () => {
    for (const heading of ['## 安全與效能考量', '## 安全考虑', '### 邊界案例處理', '## 边界情况', '## 風險']) {
      assert.deepEqual(only(check(`${plan}\n${heading}\n\n- 内容\n`).findings, 'missing-risks-section'), [], heading);
    }
  });

  it('flags a non-trivial plan without a risks or rollback section, on its title', () => {
    const hits = only(check(plan).findings, 'missing-risks-section');
    assert.equal(hits.length, 1);
    assert.deepEqual(hits[0]?.range, { startLine: 0, startChar: 0, endLine: 0, endChar: 13 });
    assert.match(hits[0]?.message ?? '', /add "## Risks and rollback"/);
  });

  it('does not flag a trivial plan', () => {
    assert.deepEqual(only(check('# Fix typo\n\nFix the typo in the README heading.\n').findings, 'missing-risks-section'), []);
  });

  it('quick fix appends a section the parser recognises, separated by one blank line', () => {
    const { plan: parsed, findings } = check(plan);
    const hit = only(findings, 'missing-risks-section')[0];
    assert.ok(hit);
    const fixed = applyEdits(parsed, fixesFor(parsed, hit)[0]?.edits ?? []);
    assert.ok(fixed.startsWith(plan + '\n## Risks and rollback\n\n- Risk: '));
    assert.deepEqual(
      runStaticChecks(parsePlan(fixed), noFiles, ADVICE_ON).filter((f) => f.code === 'missing-risks-section' || f.code === 'empty-section'),
      [],
    );
  });
});
