import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CAPS, admitChallenges, compareAdmission, challengeNumber, isActive, qualityTotal, verdictOf } from '../../src/core/convergence';
import type { Challenge, ChallengeOrigin, ChallengeStatus, Confidence, Severity } from '../../src/core/protocol';
import { challenge, draft, scores } from '../support/convergence-fixtures';

const severity = fc.constantFrom<Severity>('BLOCKING', 'SIGNIFICANT', 'MINOR');
const confidence = fc.constantFrom<Confidence>('HIGH', 'MED', 'LOW');
const status = fc.constantFrom<ChallengeStatus>('OPEN', 'RESOLVED', 'UNRESOLVED', 'DEFERRED', 'WITHDRAWN');
const origin = fc.constantFrom<ChallengeOrigin>('challenger', 'domain-expert', 'devils-advocate', 'surfaced', 'probed');
const source = fc.constantFrom<'challengers' | 'research'>('challengers', 'research');

/** Existing challenges with distinct, not necessarily contiguous ids. */
const existingArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 14 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((n) =>
        fc
          .record({ sev: severity, st: status, org: origin, it: fc.integer({ min: 1, max: 3 }) })
          .map((r) => challenge(`C${n}`, r.sev, r.st, { origin: r.org, iteration_introduced: r.it })),
      ),
    ),
  );

const candidatesArb = fc.array(
  fc
    .record({ ref: fc.constantFrom('a', 'b', 'c', '', 'n1'), sev: severity, conf: confidence, org: origin })
    .map((r) => ({ draft: draft(r.ref, r.sev, { confidence: r.conf }), origin: r.org })),
  { maxLength: 12 },
);

const admissionArb = fc.record({
  existing: existingArb,
  candidates: candidatesArb,
  iteration: fc.integer({ min: 1, max: 3 }),
  source,
  nextId: fc.integer({ min: 1, max: 80 }),
});

describe('convergence: properties', () => {
  it('admitChallenges never leaves more than 8 active (unless already over), never exceeds the per-source cap, ids unique and increasing', () => {
    fc.assert(
      fc.property(admissionArb, (input) => {
        const r = admitChallenges(input);
        const activeBefore = input.existing.filter(isActive).length;
        const activeAfter = [...input.existing, ...r.admitted].filter(isActive).length;
        assert.ok(activeAfter <= Math.max(CAPS.activeTotal, activeBefore));
        if (activeBefore >= CAPS.activeTotal) assert.equal(r.admitted.length, 0);

        const cap = input.source === 'challengers' ? CAPS.perIterationFromChallengers : CAPS.perIterationFromResearch;
        assert.ok(r.admitted.length <= cap);
        assert.equal(r.admitted.length + r.deferred.length, input.candidates.length);

        const numbers = r.admitted.map((c) => challengeNumber(c.id)!);
        const existingIds = new Set(input.existing.map((c) => c.id));
        for (let i = 0; i < numbers.length; i++) {
          assert.ok(!existingIds.has(r.admitted[i]!.id), 'no collision with existing ids');
          if (i > 0) assert.ok(numbers[i]! > numbers[i - 1]!, 'increasing');
        }
        assert.ok(numbers.every((n) => n < r.nextId));
        assert.equal(new Set(r.refToId.values()).size, r.admitted.length);
      }),
      { numRuns: 300 },
    );
  });

  it('admitted candidates never rank below a deferred one: severity first, confidence × probability only within a severity (seed 002 §8)', () => {
    fc.assert(
      fc.property(admissionArb, (input) => {
        const r = admitChallenges(input);
        for (const a of r.admitted) {
          for (const d of r.deferred) {
            assert.ok(compareAdmission(a, { severity: d.severity, confidence: d.confidence ?? 'MED', probability: d.probability }) <= 0);
            assert.ok(a.severity === d.severity || ['BLOCKING', 'SIGNIFICANT', 'MINOR'].indexOf(a.severity) < ['BLOCKING', 'SIGNIFICANT', 'MINOR'].indexOf(d.severity));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('verdictOf is monotone: adding an open BLOCKING never improves the verdict', () => {
    const order = { PROCEED: 0, REVISE: 1, 'REVISE (strong)': 2, RETHINK: 3 } as Record<string, number>;
    fc.assert(
      fc.property(existingArb, fc.constantFrom<ChallengeStatus>('OPEN', 'UNRESOLVED'), (existing: Challenge[], st) => {
        const before = verdictOf(existing);
        const after = verdictOf([...existing, challenge('C999', 'BLOCKING', st)]);
        assert.ok(order[after.label]! >= order[before.label]!);
        assert.equal(after.verdict, 'RETHINK');
      }),
      { numRuns: 200 },
    );
  });

  it('qualityTotal is within 1..10 and within 0.5 of the exact weighted mean', () => {
    const score = fc.integer({ min: 1, max: 10 });
    fc.assert(
      fc.property(fc.tuple(score, score, score, score, score, score), (v) => {
        const total = qualityTotal(scores(v));
        const exact = (v[0] * 25 + v[1] * 20 + v[2] * 15 + v[3] * 15 + v[4] * 15 + v[5] * 10) / 100;
        assert.ok(total >= 1 && total <= 10);
        assert.ok(total - exact <= 0.5 && exact - total < 0.5);
      }),
      { numRuns: 300 },
    );
  });
});
