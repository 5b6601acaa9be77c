import assert from 'node:assert/strict';
import { settlementGrounds } from '../../src/core/convergence';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { creditResolvedUnknowns, planQuoteHolds } from '../../src/core/loop/evidence';
import { checkEvidence } from '../../src/core/research';
import type { ChallengeStatus, Evidence, Severity, Unknown, UserResponse } from '../../src/core/protocol';
import { challenge } from '../support/convergence-fixtures';

const ev = (checked: Evidence['checked']): Evidence => ({ source: 'plan', quote: 'a b c', finding: 'f', impact: 'i', checked });
const said = (action: UserResponse['action'], text?: string, id = 'C1'): UserResponse => ({
  iteration: 1,
  checkpoint: 'blocked',
  challenge_id: id,
  action,
  ...(text === undefined ? {} : { text }),
});

describe('convergence: settling needs grounds (seed 002 §6)', () => {
  const rows: {
    name: string;
    severity?: Severity;
    from?: ChallengeStatus;
    to: ChallengeStatus;
    evidence?: Evidence[];
    responses?: UserResponse[];
    ok: boolean;
  }[] = [
    { name: 'RESOLVED with no evidence is refused', to: 'RESOLVED', ok: false },
    { name: 'RESOLVED on evidence nobody could check is refused', to: 'RESOLVED', evidence: [ev('unchecked')], ok: false },
    { name: 'RESOLVED on a citation that was not found is refused', to: 'RESOLVED', evidence: [ev('not_found')], ok: false },
    { name: 'RESOLVED on one verified citation is accepted', to: 'RESOLVED', evidence: [ev('not_found'), ev('verified')], ok: true },
    { name: 'RESOLVED on context the user typed about this challenge is accepted', to: 'RESOLVED', responses: [said('provide_context', 'We run a cluster')], ok: true },
    { name: 'context about another challenge is no ground', to: 'RESOLVED', responses: [said('provide_context', 'We run a cluster', 'C2')], ok: false },
    { name: 'empty context is no ground', to: 'RESOLVED', responses: [said('provide_context', '   ')], ok: false },
    { name: 'an acknowledged risk is still a risk: no ground', to: 'RESOLVED', responses: [said('acknowledge_risk', 'fine by us')], ok: false },
    { name: 'an override is a ground (the user judged it not applicable)', to: 'WITHDRAWN', responses: [said('override')], ok: true },
    { name: 'WITHDRAWN with a stated reason alone is refused (a reason costs nothing)', to: 'WITHDRAWN', ok: false },
    { name: 'WITHDRAWN on verified evidence is accepted', to: 'WITHDRAWN', evidence: [ev('verified')], ok: true },
    { name: 'WITHDRAWN on context the user typed about this challenge is accepted', to: 'WITHDRAWN', responses: [said('provide_context', 'Step 2 runs once a day')], ok: true },
    { name: "the challenge's own passage is no ground for RESOLVED", to: 'RESOLVED', evidence: [{ ...ev('verified'), quote: 'Quote for C1' }], ok: false },
    { name: 'UNRESOLVED → RESOLVED needs grounds too', from: 'UNRESOLVED', to: 'RESOLVED', ok: false },
    { name: 'OPEN → UNRESOLVED needs none (nothing is settled)', to: 'UNRESOLVED', ok: true },
    { name: 'MINOR challenges need none', severity: 'MINOR', to: 'RESOLVED', ok: true },
    { name: 'moving from one settled status to another needs its own grounds (found by the loop property)', from: 'WITHDRAWN', to: 'RESOLVED', ok: false },
    { name: 'and is accepted with them', from: 'WITHDRAWN', to: 'RESOLVED', evidence: [ev('verified')], ok: true },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const c = challenge('C1', row.severity ?? 'BLOCKING', row.from ?? 'OPEN');
      const check = settlementGrounds(c, row.to, row.evidence ?? [], row.responses ?? []);
      assert.equal(check.ok, row.ok);
      if (!check.ok) assert.match(check.reason, /C1 \(BLOCKING\) stays (OPEN|UNRESOLVED|WITHDRAWN): (RESOLVED|WITHDRAWN) refused because/);
    });
  }

  it('a plan quote counts when it is in the plan (case, markup and spacing aside), and short quotes prove nothing', () => {
    const plan = '## Step 2\n\nIf **Redis** is unreachable,\nlet the request through.';
    assert.equal(planQuoteHolds(plan, 'if redis is unreachable, let the request through'), 'verified');
    assert.equal(planQuoteHolds(plan, 'if redis is down, let the request through'), 'not_found');
    assert.equal(planQuoteHolds(plan, 'Step 2'), 'unchecked');
    assert.equal(planQuoteHolds(plan, undefined), 'unchecked');
  });
});

describe('convergence: grounds answer the challenge they settle', () => {
  const unknownFor = (affects: string | null): Unknown => ({
    id: 'U1',
    description: 'Is Redis clustered?',
    type: 'API_BEHAVIOR',
    affects_challenge: affects,
    suggested_query: 'grep cluster',
    resolution: 'CONFIRMED',
    finding: 'Clustered',
    evidence: [{ source: 'infra/redis.tf:3', path: 'infra/redis.tf', line: 3, quote: 'cluster_mode = true', finding: 'f', impact: 'i', checked: 'verified' }],
    iteration_introduced: 1,
  });
  const perU1: Evidence = { source: 'per U1', finding: 'U1 confirmed the cluster', impact: 'answers it', checked: 'unchecked' };

  it('"per U#" counts only when that unknown was raised for this challenge', () => {
    assert.equal(creditResolvedUnknowns([perU1], [unknownFor('C1')], 'C1')[0]!.checked, 'verified');
    assert.equal(creditResolvedUnknowns([perU1], [unknownFor('C2')], 'C1')[0]!.checked, 'unchecked');
    assert.equal(creditResolvedUnknowns([perU1], [unknownFor(null)], 'C1')[0]!.checked, 'unchecked');
  });

  it('a file citation without a quote verifies nothing; with a quote found there it does', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vp-grounds-'));
    try {
      writeFileSync(path.join(root, 'limiter.ts'), 'export const LIMIT = 100;\nexport function allow() { return true; }\n');
      const [bare, quoted, wrong] = await checkEvidence(root, [
        { source: 'limiter.ts:2', path: 'limiter.ts', line: 2, finding: 'f', impact: 'i', checked: 'unchecked' },
        { source: 'limiter.ts:2', path: 'limiter.ts', line: 2, quote: 'export function allow()', finding: 'f', impact: 'i', checked: 'unchecked' },
        { source: 'limiter.ts:2', path: 'limiter.ts', line: 2, quote: 'function deny()', finding: 'f', impact: 'i', checked: 'unchecked' },
      ]);
      assert.equal(bare!.checked, 'unchecked');
      assert.equal(quoted!.checked, 'verified');
      assert.equal(wrong!.checked, 'not_found');
      assert.equal(settlementGrounds(challenge('C1', 'BLOCKING', 'OPEN'), 'RESOLVED', [bare!], []).ok, false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
