import assert from 'node:assert/strict';
import { CAPS, admitChallenges, claimSimilarity, countOpen, dedupeCandidates, isActive, isOpenOrUnresolved } from '../../src/core/convergence';
import type { ChallengeOrigin, Confidence, Severity } from '../../src/core/protocol';
import { challenge, challenges, draft } from '../support/convergence-fixtures';

const cand = (ref: string, severity: Severity, confidence: Confidence = 'MED', origin: ChallengeOrigin = 'challenger') => ({
  draft: draft(ref, severity, { confidence }),
  origin,
});

describe('convergence: counting', () => {
  const table: { spec: string; active: number; open: number; blocking: number; significant: number }[] = [
    { spec: '', active: 0, open: 0, blocking: 0, significant: 0 },
    { spec: 'BO SO MO', active: 3, open: 3, blocking: 1, significant: 1 },
    { spec: 'BU SU SU MU', active: 4, open: 4, blocking: 1, significant: 2 },
    { spec: 'BR SR MR', active: 0, open: 0, blocking: 0, significant: 0 },
    { spec: 'BW SW MD', active: 0, open: 0, blocking: 0, significant: 0 },
    { spec: 'BO BW SD SU', active: 2, open: 2, blocking: 1, significant: 1 },
  ];
  for (const row of table) {
    it(`"${row.spec}" → active ${row.active}, open ${row.open}, blocking ${row.blocking}, significant ${row.significant}`, () => {
      const cs = challenges(row.spec);
      assert.equal(cs.filter(isActive).length, row.active);
      assert.equal(cs.filter(isOpenOrUnresolved).length, row.open);
      assert.deepEqual(countOpen(cs), { blocking_open: row.blocking, significant_open: row.significant });
    });
  }
});

describe('convergence: admitChallenges (§8 guards)', () => {
  it('challengers: 7 candidates → top 5 by severity admitted (seed 002 §8 "rank by severity"; confidence only breaks ties, so a LOW-confidence BLOCKING ranks above a HIGH-confidence SIGNIFICANT), the 2 weakest DEFERRED_SURFACED', () => {
    const candidates = [
      cand('m1', 'MINOR'),
      cand('s1', 'SIGNIFICANT'),
      cand('b1', 'BLOCKING'),
      cand('m2', 'MINOR', 'HIGH'),
      cand('s2', 'SIGNIFICANT', 'LOW'),
      cand('s3', 'SIGNIFICANT', 'HIGH'),
      cand('b2', 'BLOCKING', 'LOW'),
    ];
    const r = admitChallenges({ existing: [], candidates, iteration: 1, source: 'challengers', nextId: 1 });
    assert.deepEqual(
      r.admitted.map((c) => [c.id, c.severity, c.confidence]),
      [
        ['C1', 'BLOCKING', 'MED'],
        ['C2', 'BLOCKING', 'LOW'],
        ['C3', 'SIGNIFICANT', 'HIGH'],
        ['C4', 'SIGNIFICANT', 'MED'],
        ['C5', 'SIGNIFICANT', 'LOW'],
      ],
    );
    assert.deepEqual(
      r.deferred.map((d) => [d.severity, d.claim]),
      [
        ['MINOR', 'The plan assumes m2 holds'],
        ['MINOR', 'The plan assumes m1 holds'],
      ],
    );
    assert.ok(r.deferred.every((d) => d.reason.startsWith('per-iteration cap') && d.iteration === 1));
    assert.equal(r.nextId, 6);
    assert.deepEqual([...r.refToId.entries()].sort(), [
      ['b1', 'C1'],
      ['b2', 'C2'],
      ['s1', 'C4'],
      ['s2', 'C5'],
      ['s3', 'C3'],
    ]);
  });

  it('research: a BLOCKING held with LOW confidence and LOW probability is admitted before a MINOR held HIGH/HIGH', () => {
    const blackSwan = { draft: draft('b', 'BLOCKING', { confidence: 'LOW', probability: 'LOW' }), origin: 'probed' as const };
    const likelyMinor = (ref: string) => ({ draft: draft(ref, 'MINOR', { confidence: 'HIGH', probability: 'HIGH' }), origin: 'surfaced' as const });
    const r = admitChallenges({ existing: [], candidates: [likelyMinor('m1'), likelyMinor('m2'), blackSwan], iteration: 1, source: 'research', nextId: 1 });
    assert.deepEqual(
      r.admitted.map((c) => c.severity),
      ['BLOCKING', 'MINOR'],
    );
    assert.deepEqual(
      r.deferred.map((d) => d.severity),
      ['MINOR'],
    );
  });

  it('"active" is OPEN + UNRESOLVED: 8 RESOLVED challenges from iteration 1 leave room for a later BLOCKING', () => {
    const settled = Array.from({ length: 8 }, (_, i) => challenge(`C${i + 1}`, 'SIGNIFICANT', 'RESOLVED'));
    assert.equal(settled.filter(isActive).length, 0);
    const r = admitChallenges({ existing: settled, candidates: [cand('late', 'BLOCKING')], iteration: 2, source: 'challengers', nextId: 9 });
    assert.deepEqual(
      r.admitted.map((c) => [c.id, c.severity]),
      [['C9', 'BLOCKING']],
    );
  });

  it('admitted challenges are OPEN with history, iteration and the draft content', () => {
    const d = draft('x', 'BLOCKING', { evidence: [{ source: 'src/a.ts', path: 'src/a.ts', line: 3, finding: 'f', impact: 'i', checked: 'unchecked' }] });
    const r = admitChallenges({ existing: [], candidates: [{ draft: d, origin: 'devils-advocate' }], iteration: 2, source: 'challengers', nextId: 4 });
    const c = r.admitted[0]!;
    assert.deepEqual(
      { id: c.id, origin: c.origin, status: c.status, iteration_introduced: c.iteration_introduced, history: c.history, quote: c.quote, resolution: c.resolution },
      { id: 'C4', origin: 'devils-advocate', status: 'OPEN', iteration_introduced: 2, history: [{ iteration: 2, status: 'OPEN' }], quote: d.quote, resolution: '' },
    );
    assert.deepEqual(c.evidence, d.evidence);
    assert.notEqual(c.evidence, d.evidence, 'evidence is copied, not shared');
  });

  const capTable: { name: string; existing: string; source: 'challengers' | 'research'; candidates: Severity[]; admitted: number; reason?: RegExp }[] = [
    {
      name: 'research: 3 candidates → 2 admitted',
      existing: '',
      source: 'research',
      candidates: ['MINOR', 'BLOCKING', 'SIGNIFICANT'],
      admitted: 2,
      reason: /^per-iteration cap: research/,
    },
    {
      name: 'active total: 7 existing active → 1 admitted',
      existing: 'SO SO SU SU MU MO BU',
      source: 'challengers',
      candidates: ['SIGNIFICANT', 'BLOCKING', 'MINOR'],
      admitted: 1,
      reason: /^active-total cap/,
    },
    {
      name: 'active total: 8 existing active → 0 admitted',
      existing: 'SO SO SU SU MU MO BU BO',
      source: 'research',
      candidates: ['BLOCKING'],
      admitted: 0,
      reason: /^active-total cap/,
    },
    {
      name: 'WITHDRAWN, DEFERRED and RESOLVED do not count toward 8',
      existing: 'SW SW MD MD MD BW SO',
      source: 'challengers',
      candidates: ['SIGNIFICANT', 'SIGNIFICANT', 'MINOR', 'MINOR', 'MINOR'],
      admitted: 5,
    },
    { name: 'no candidates → nothing', existing: 'SO', source: 'challengers', candidates: [], admitted: 0 },
  ];
  for (const row of capTable) {
    it(row.name, () => {
      const existing = challenges(row.existing);
      const r = admitChallenges({
        existing,
        candidates: row.candidates.map((s, i) => cand(`r${i}`, s, 'MED', row.source === 'research' ? 'surfaced' : 'challenger')),
        iteration: 2,
        source: row.source,
        nextId: existing.length + 1,
      });
      assert.equal(r.admitted.length, row.admitted);
      assert.equal(r.deferred.length, row.candidates.length - row.admitted);
      for (const d of r.deferred) assert.match(d.reason, row.reason ?? /never/);
      assert.ok(existing.filter(isActive).length + r.admitted.length <= CAPS.activeTotal);
    });
  }

  it('active-total cap keeps the most severe: 7 existing, BLOCKING beats earlier SIGNIFICANT', () => {
    const r = admitChallenges({
      existing: challenges('SO SO SO SO SO SO SO'),
      candidates: [cand('s', 'SIGNIFICANT'), cand('b', 'BLOCKING')],
      iteration: 2,
      source: 'challengers',
      nextId: 8,
    });
    assert.deepEqual(
      r.admitted.map((c) => [c.id, c.severity]),
      [['C8', 'BLOCKING']],
    );
    assert.deepEqual([...r.refToId.keys()], ['b']);
  });

  it('per-iteration cap counts challenges of the same source already admitted this iteration', () => {
    const existing = [
      challenge('C1', 'MINOR', 'OPEN', { origin: 'surfaced', iteration_introduced: 2 }),
      challenge('C2', 'MINOR', 'OPEN', { origin: 'challenger', iteration_introduced: 2 }),
    ];
    const research = admitChallenges({
      existing,
      candidates: [cand('a', 'BLOCKING', 'MED', 'probed'), cand('b', 'MINOR', 'MED', 'probed')],
      iteration: 2,
      source: 'research',
      nextId: 3,
    });
    assert.equal(research.admitted.length, 1);
    assert.match(research.deferred[0]!.reason, /1 already added this iteration/);
    const fromOlderIteration = existing.map((c) => ({ ...c, iteration_introduced: 1 }));
    assert.equal(
      admitChallenges({ existing: fromOlderIteration, candidates: [cand('a', 'BLOCKING'), cand('b', 'MINOR')], iteration: 2, source: 'research', nextId: 3 }).admitted.length,
      2,
    );
  });

  it('duplicate and empty refs are suffixed, first occurrence keeps the bare ref', () => {
    const r = admitChallenges({
      existing: [],
      candidates: [cand('n1', 'MINOR'), cand('n1', 'BLOCKING'), cand('', 'MINOR'), cand('n1#2', 'MINOR')],
      iteration: 1,
      source: 'challengers',
      nextId: 1,
    });
    assert.deepEqual(Object.fromEntries(r.refToId), { 'n1#2': 'C1', n1: 'C2', '#2': 'C3', 'n1#2#2': 'C4' });
  });

  it('ids never collide with existing ones even when nextId is stale', () => {
    const r = admitChallenges({ existing: challenges('SW SW SW'), candidates: [cand('a', 'MINOR')], iteration: 2, source: 'challengers', nextId: 2 });
    assert.equal(r.admitted[0]!.id, 'C4');
    assert.equal(r.nextId, 5);
  });

  it('rejects a non-positive iteration with a clear error', () => {
    assert.throws(() => admitChallenges({ existing: [], candidates: [], iteration: 0, source: 'research', nextId: 1 }), /iteration must be an integer >= 1/);
  });
});

describe('convergence: dedupeCandidates', () => {
  const table: { name: string; a: [string, string, Severity]; b: [string, string, Severity]; kept: ('a' | 'b')[] }[] = [
    {
      name: 'same quote, same claim → earlier kept',
      a: ['Use Redis', 'Redis is not installed here', 'SIGNIFICANT'],
      b: ['Use Redis', 'Redis is not installed here', 'SIGNIFICANT'],
      kept: ['a'],
    },
    {
      name: 'same quote modulo case/punctuation/space, similar claim → more severe kept',
      a: ['Use  Redis.', 'Redis is not installed in prod', 'MINOR'],
      b: ['use redis', 'redis is not installed in production', 'BLOCKING'],
      kept: ['b'],
    },
    {
      name: 'same quote, different claim → both kept',
      a: ['Use Redis', 'Redis is not installed here', 'SIGNIFICANT'],
      b: ['Use Redis', 'The cache has no eviction policy at all', 'SIGNIFICANT'],
      kept: ['a', 'b'],
    },
    {
      name: 'different quote, same claim → both kept',
      a: ['Use Redis', 'Redis is not installed here', 'SIGNIFICANT'],
      b: ['Step 3', 'Redis is not installed here', 'SIGNIFICANT'],
      kept: ['a', 'b'],
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const a = { draft: draft('a', row.a[2], { quote: row.a[0], claim: row.a[1] }), tag: 'a' as const };
      const b = { draft: draft('b', row.b[2], { quote: row.b[0], claim: row.b[1] }), tag: 'b' as const };
      assert.deepEqual(
        dedupeCandidates([a, b], []).map((x) => x.tag),
        row.kept,
      );
    });
  }

  it('the Jaccard threshold is 0.6: 3 of 5 tokens shared is a duplicate, 2 of 4 is not', () => {
    assert.equal(claimSimilarity('a b c d', 'a b c e'), 3 / 5);
    assert.equal(claimSimilarity('a b c', 'a b d'), 2 / 4);
    const pair = (c1: string, c2: string) =>
      dedupeCandidates([{ draft: draft('x', 'MINOR', { quote: 'q', claim: c1 }) }, { draft: draft('y', 'MINOR', { quote: 'q', claim: c2 }) }], []).length;
    assert.equal(pair('a b c d', 'a b c e'), 1);
    assert.equal(pair('a b c', 'a b d'), 2);
  });

  it('drops candidates duplicating an existing non-withdrawn challenge, keeps those duplicating a withdrawn one', () => {
    const existing = [
      challenge('C1', 'SIGNIFICANT', 'RESOLVED', { quote: 'Q1', claim: 'alpha beta gamma' }),
      challenge('C2', 'SIGNIFICANT', 'WITHDRAWN', { quote: 'Q2', claim: 'delta epsilon' }),
    ];
    const cands = [{ draft: draft('x', 'BLOCKING', { quote: 'q1', claim: 'Alpha, beta, gamma!' }) }, { draft: draft('y', 'BLOCKING', { quote: 'Q2', claim: 'delta epsilon' }) }];
    assert.deepEqual(
      dedupeCandidates(cands, existing).map((c) => c.draft.ref),
      ['y'],
    );
  });

  it('survivors keep input order', () => {
    const cands = [cand('m', 'MINOR'), cand('b', 'BLOCKING'), cand('s', 'SIGNIFICANT')];
    assert.deepEqual(
      dedupeCandidates(cands, []).map((c) => c.draft.ref),
      ['m', 'b', 's'],
    );
  });
});
