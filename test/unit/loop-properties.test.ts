/**
 * Properties of the REAL loop (real SDK, fake Messages API) under arbitrary
 * schema-valid answers from every role and arbitrary user answers at every
 * checkpoint. The oracles below are written from the
 * seeds, not from the engine's code:
 * - seed 002 §7: the verdict is a function of the final statuses;
 * - seed 002 §6 (settling needs grounds): a BLOCKING/SIGNIFICANT challenge leaves
 *   OPEN/UNRESOLVED only on an update of the synthesizer that carries a
 *   plan passage really in the plan, a user response on it that says
 *   something, or a withdrawal with a reason; user answers change no status;
 * - seed 001 Step 4: every complete exit has a quality score and exactly
 *   one audit;
 * - seed 000 / 002 §8 / 001 §3a: 5 new from the challenger (8 merged in the
 *   scaled team) and 2 from research per iteration, 8 active at any time.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AgentRole, Challenge, ChallengeStatus, Confidence, Severity, UserAction, UserResponse } from '../../src/core/protocol';
import { QualityDimension } from '../../src/core/protocol';
import { RunResult, type CheckpointAnswer } from '../../src/core/run-types';
import type { FakeReply, ReceivedRequest } from '../support/fake-anthropic';
import { reply } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

const PLAN = examplePlan('base-team-rate-limiter');
/** Passages really in the plan (whole lines of four words or more) and passages that are not. */
const REAL_QUOTES = PLAN.planText
  .split('\n')
  .map((l) => l.replace(/^[#\-*\s]+/, '').trim())
  .filter((l) => l.split(/\s+/).length >= 4)
  .slice(0, 8);
const BOGUS_QUOTES = ['Deploy the limiter to every region at once without a flag', 'The cache warms itself from the billing export'];
const CLAIMS = [
  'Fail-open removes every limit during a Redis outage',
  'Hot keys add latency',
  'Clock skew corrupts windows',
  'The rollout switch needs a restart',
  'Buckets never expire',
  'Shared Redis evicts sessions',
];
const CONCERNS = [
  'Under an outage every request passes and abuse is unbounded',
  'p99 latency grows with one round trip per request',
  'Windows drift when instance clocks disagree',
  'Rolling back needs a deploy',
];
const RESOLUTIONS = ['ok', 'Settled by the quoted plan passage', 'Withdrawn: the premise misreads how step two counts failures', 'Still open'];

const severity = fc.constantFrom<Severity>('BLOCKING', 'SIGNIFICANT', 'MINOR');
const confidence = fc.constantFrom<Confidence>('HIGH', 'MED', 'LOW');
const status = fc.constantFrom<ChallengeStatus>('OPEN', 'RESOLVED', 'UNRESOLVED', 'DEFERRED', 'WITHDRAWN');
const quote = fc.constantFrom(...REAL_QUOTES, ...BOGUS_QUOTES);
/** Empty, a plan passage (real or not), or a file citation nobody can check (no workspace). */
const evidence = fc.oneof(
  fc.constant([]),
  quote.map((q) => [{ source: 'plan', quote: q, finding: 'The plan says so', impact: 'Answers it' }]),
  fc.constant([{ source: 'src/lib/redis.ts', path: 'src/lib/redis.ts', line: 12, quote: 'createClient(', finding: 'A client exists', impact: 'Fine' }]),
);
const draft = fc.record({
  ref: fc.constantFrom('n1', 'n2', 'n3', 'x'),
  quote,
  claim: fc.constantFrom(...CLAIMS),
  concern: fc.constantFrom(...CONCERNS),
  failure_scenario: fc.constant('If the trigger fires, the step breaks and users see errors'),
  alternative: fc.constant('Add a bounded fallback'),
  severity,
  confidence,
  probability: fc.option(fc.constantFrom('LOW', 'MED', 'HIGH'), { nil: undefined }),
  evidence,
  assertions: fc.constant([]),
});
const unknownDraft = fc.record({
  description: fc.constantFrom('Is Redis clustered?', 'Which client version?'),
  type: fc.constantFrom('API_BEHAVIOR', 'FILE_MISSING', 'PRIOR_DECISION'),
  affects_challenge: fc.constantFrom(null, 'n1', 'n2', 'C1', 'zz'),
  suggested_query: fc.constant('grep redis'),
});
const challengerOutput = fc.record({ challenges: fc.array(draft, { maxLength: 12 }), unknowns: fc.array(unknownDraft, { maxLength: 3 }) });
const researcherOutput = fc.record({
  surfaced: fc.array(
    fc.record({
      source: fc.constant('codebase'),
      location: fc.constant('src/a.ts:1'),
      relevance: fc.constant('r'),
      impact: fc.constantFrom('changes_needed', 'confirms_approach', 'contradicts_plan'),
      generates_challenge: fc.constantFrom(null, 'n1'),
    }),
    { maxLength: 2 },
  ),
  probed: fc.array(
    fc.record({
      risk: fc.constant('r'),
      trigger: fc.constant('t'),
      cascade: fc.constant('c'),
      probability: fc.constantFrom('LOW', 'MED'),
      severity,
      generates_challenge: fc.constantFrom(null, 'n2'),
    }),
    { maxLength: 2 },
  ),
  new_challenges: fc.array(draft, { maxLength: 6 }),
});
const resolverOutput = fc.array(
  fc.record({ n: fc.integer({ min: 1, max: 8 }), resolution: fc.constantFrom('CONFIRMED', 'REFUTED', 'UNRESOLVABLE', 'PARTIALLY_RESOLVED'), evidence }),
  { maxLength: 4 },
);
const update = fc.record({ n: fc.integer({ min: 1, max: 12 }), status, resolution: fc.constantFrom(...RESOLUTIONS), evidence });
const score = fc.integer({ min: 1, max: 10 });
const synthesizerOutput = fc.record({
  updates: fc.array(update, { maxLength: 8 }),
  scores: fc.array(score, { minLength: 6, maxLength: 6 }),
  re_sweep: fc.boolean(),
  re_probe: fc.boolean(),
  contradictions: fc.array(fc.constant('U1 and S1 disagree'), { maxLength: 1 }),
});
const auditorOutput = fc.record({
  disputes: fc.array(fc.record({ d: fc.integer({ min: 0, max: 5 }), auditor: score }), { maxLength: 3 }),
  flagged: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
});
const userAnswer = fc.record({
  action: fc.constantFrom<UserAction>('provide_context', 'acknowledge_risk', 'override', 'abort', 'continue'),
  text: fc.option(fc.constantFrom('We run Redis Cluster', '  ', 'Accepted for the beta'), { nil: undefined }),
});

const behaviour = fc.record({
  team: fc.constantFrom('base', 'scaled'),
  challengers: fc.array(challengerOutput, { minLength: 9, maxLength: 9 }),
  researcher: fc.array(researcherOutput, { minLength: 3, maxLength: 3 }),
  resolver: fc.array(resolverOutput, { minLength: 3, maxLength: 3 }),
  synthesizer: fc.array(synthesizerOutput, { minLength: 3, maxLength: 3 }),
  auditor: auditorOutput,
  answers: fc.option(fc.array(userAnswer, { minLength: 8, maxLength: 8 }), { nil: undefined }),
});
type Behaviour = typeof behaviour extends fc.Arbitrary<infer T> ? T : never;

interface SentUpdate {
  id: string;
  status: ChallengeStatus;
  resolution: string;
  quotes: string[];
}

/** A scripted model for every role; records every update the synthesizer sent. */
function modelOf(b: Behaviour) {
  const calls: Partial<Record<AgentRole, number>> = {};
  const sent: SentUpdate[] = [];
  const nth = (role: AgentRole) => (calls[role] = (calls[role] ?? 0) + 1) - 1;
  const script = (req: ReceivedRequest): FakeReply => {
    const role = req.role!;
    const k = nth(role);
    switch (role) {
      case 'challenger':
      case 'domain-expert':
      case 'devils-advocate':
        return reply(b.challengers[Math.min(k * 3 + ['challenger', 'domain-expert', 'devils-advocate'].indexOf(role), 8)]);
      case 'researcher':
        return reply(b.researcher[Math.min(k, 2)]);
      case 'resolver':
        return reply({ unknowns: b.resolver[Math.min(k, 2)]!.map((a) => ({ id: `U${a.n}`, resolution: a.resolution, finding: 'found', evidence: a.evidence })) });
      case 'synthesizer': {
        const s = b.synthesizer[Math.min(k, 2)]!;
        const updates = s.updates.map((u, i) => ({ id: `C${u.n}`, status: u.status, resolution: `${u.resolution} [s${k}u${i}]`, evidence: u.evidence }));
        for (const u of updates) sent.push({ id: u.id, status: u.status, resolution: u.resolution, quotes: (u.evidence as { quote?: string }[]).map((e) => e.quote ?? '') });
        const quality = Object.fromEntries(QualityDimension.options.map((d, i) => [d, { score: s.scores[i], evidence: 'one line' }]));
        return reply({ updates, quality, re_sweep: s.re_sweep, re_probe: s.re_probe, contradictions: s.contradictions, directives: [], summary: 's' });
      }
      case 'auditor':
        return reply({
          confirmed: true,
          discrepancies: b.auditor.disputes.map((d) => ({
            dimension: QualityDimension.options[d.d],
            synthesizer_score: b.synthesizer[0]!.scores[d.d],
            auditor_score: d.auditor,
            evidence: 'e',
          })),
          wrongly_settled: b.auditor.flagged.map((n) => ({ id: `C${n}`, reason: 'the resolution does not answer the failure scenario' })),
          note: '',
        });
      default:
        return { kind: 'error', status: 500, message: `no script for ${String(role)}`, shouldRetry: false };
    }
  };
  return { script, sent };
}

/** Seed 002 §7, written out: the verdict the final statuses call for. */
function seedVerdict(challenges: Challenge[]): string {
  const open = (sev: Severity) => challenges.filter((c) => c.severity === sev && (c.status === 'OPEN' || c.status === 'UNRESOLVED')).length;
  if (open('BLOCKING') > 0) return 'RETHINK';
  const s = open('SIGNIFICANT');
  return s === 0 ? 'PROCEED' : s <= 2 ? 'REVISE' : 'REVISE (strong)';
}

const flat = (t: string) =>
  t
    .toLowerCase()
    .replace(/[*_`>#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const PLAN_FLAT = flat(PLAN.planText);

/** Settling needs grounds (seed 002 §6), written out: the grounds one sent update had for settling a BLOCKING/SIGNIFICANT challenge about `own` passage. */
function grounded(u: SentUpdate, responses: UserResponse[], own: string): boolean {
  const otherPassage = (q: string) => !flat(own).includes(flat(q)) && !flat(q).includes(flat(own));
  const realPassage = u.quotes.some((q) => q.split(/\s+/).length >= 3 && PLAN_FLAT.includes(flat(q)) && otherPassage(q));
  const userSpoke = responses.some((r) => r.challenge_id === u.id && (r.action === 'override' || (r.action === 'provide_context' && (r.text ?? '').trim() !== '')));
  return realPassage || userSpoke;
}

const COMPLETE = ['converged', 'max_iterations', 'degradation'];

describe('loop properties: any schema-valid answers, the real loop (fast-check)', function () {
  this.timeout(180_000);

  it('verdict from statuses, settlements on grounds, user answers change no status, a score on complete exits and one audit when converged, caps hold', async () => {
    // The invariants below mostly hold on complete runs: count them, so a harness that makes every run fail (answers the
    // agents cannot read) fails this test instead of passing it vacuously.
    const seen = { runs: 0, complete: 0, withSettlement: 0 };
    await fc.assert(
      fc.asyncProperty(behaviour, async (b) => {
        const model = modelOf(b);
        let asked = 0;
        const answer = b.answers ? (): CheckpointAnswer => b.answers![Math.min(asked++, 7)]! : undefined;
        const { result, server } = await runAgainstFake({ script: model.script, config: { team: b.team }, ...(answer ? { answer } : {}) });
        assert.ok(RunResult.safeParse(result).success, 'the result validates');
        const final = result.iterations.at(-1);
        assert.ok(final, 'iteration 1 always reaches a snapshot');
        const where = `${result.verdict} (${result.stopCause}): ${final.challenges.map((c) => `${c.id} ${c.severity} ${c.status}`).join(', ')}`;

        // §7: the verdict is a function of the final statuses.
        if (!['ABORTED', 'CANCELLED', 'FAILED'].includes(result.verdict)) assert.equal(result.verdict, seedVerdict(final.challenges), where);

        // Every status change after admission is an update the synthesizer sent; a BLOCKING/SIGNIFICANT settlement had grounds.
        for (const c of final.challenges) {
          for (const h of c.history.slice(1)) {
            if (h.note?.startsWith('reopened by the final audit')) {
              assert.ok(
                result.audit?.wrongly_settled.some((f) => f.id === c.id),
                `${c.id} reopened without an audit flag`,
              );
              continue;
            }
            const source = model.sent.find((u) => u.id === c.id && u.status === h.status && u.resolution === h.note);
            assert.ok(source, `${c.id} → ${h.status} in iteration ${h.iteration} came from no synthesizer update (a user answer changed a status?) — ${where}`);
          }
          const settled = c.status !== 'OPEN' && c.status !== 'UNRESOLVED';
          // Seed 001 Step 4: what the audit shows wrongly settled (by the agents) does not stay settled.
          if (result.audit?.wrongly_settled.some((f) => f.id === c.id) && c.user_decision !== 'overridden' && c.user_decision !== 'answered')
            assert.ok(!settled, `${c.id} flagged by the audit and still ${c.status}`);
          if (settled && c.severity !== 'MINOR') {
            const last = c.history.at(-1)!;
            const source = model.sent.find((u) => u.id === c.id && u.status === last.status && u.resolution === last.note)!;
            assert.ok(grounded(source, final.user_responses, c.quote), `${c.id} (${c.severity}) settled ${c.status} without grounds: ${source.resolution} — ${where}`);
          }
        }
        if (result.verdict === 'PROCEED') assert.equal(seedVerdict(final.challenges), 'PROCEED');

        seen.runs++;
        if (COMPLETE.includes(result.stopCause ?? '') && !result.partial) seen.complete++;
        if (final.challenges.some((c) => c.status !== 'OPEN' && c.status !== 'UNRESOLVED')) seen.withSettlement++;

        // Seed 001 Step 4: quality on every complete exit; exactly one audit when the loop converged ("If converged"), none otherwise.
        const audits = server.received.filter((r) => r.role === 'auditor').length;
        assert.ok(audits <= 1, `${audits} audits`);
        if (COMPLETE.includes(result.stopCause ?? '') && !result.partial) {
          assert.ok(result.quality, `complete exit without a score — ${where}`);
          assert.equal(result.quality.label, result.verdict === 'RETHINK' ? 'Score (pre-rethink)' : 'Score');
          const converged = result.stopCause === 'converged';
          assert.equal(audits, converged ? 1 : 0, `${converged ? 'converged' : 'unconverged'} complete exit with ${audits} audits — ${where}`);
          if (converged) assert.ok(result.audit);
          else assert.equal(result.audit, null);
        }
        if (result.audit) {
          for (const f of result.audit.wrongly_settled)
            assert.ok(
              final.challenges.some((c) => c.id === f.id && (c.reopened_by_audit !== undefined || (c.status !== 'OPEN' && c.status !== 'UNRESOLVED'))),
              `${f.id} flagged but neither settled nor reopened`,
            );
        }

        // Caps: 5 (base) / 8 merged (scaled) from challengers and 2 from research per iteration; 8 active.
        const challengerCap = b.team === 'scaled' ? 8 : 5;
        for (const s of result.iterations) {
          const fresh = s.challenges.filter((c) => c.iteration_introduced === s.iteration);
          assert.ok(fresh.filter((c) => ['challenger', 'domain-expert', 'devils-advocate'].includes(c.origin)).length <= challengerCap, `challenger cap, iteration ${s.iteration}`);
          assert.ok(fresh.filter((c) => c.origin === 'surfaced' || c.origin === 'probed').length <= 2, `research cap, iteration ${s.iteration}`);
          // Active = OPEN + UNRESOLVED (seed 002 §5/§7); reopening by the audit is not admission.
          assert.ok(
            s.challenges.filter((c) => (c.status === 'OPEN' || c.status === 'UNRESOLVED') && c.reopened_by_audit === undefined).length <= 8,
            `active cap, iteration ${s.iteration}`,
          );
        }
      }),
      // Found by this property so far: a BLOCKING WITHDRAWN on a reason, then set RESOLVED with "ok" and nothing else
      // (now a row of test/unit/convergence-grounds.test.ts).
      { numRuns: 40 },
    );
    // About half the generated runs complete (the others are aborted by a generated user answer); none completing means
    // the harness broke the agents, not that the loop is right.
    assert.ok(
      seen.complete >= 1 && seen.withSettlement >= 1,
      `${seen.complete} complete runs and ${seen.withSettlement} with a settled challenge in ${seen.runs}: the property checked nothing`,
    );
  });

  it('no user answer alone changes the verdict: the same agents, asked or not, end alike unless the user aborts', async () => {
    await fc.assert(
      fc.asyncProperty(behaviour, fc.array(userAnswer, { minLength: 8, maxLength: 8 }), async (b, answers) => {
        // The synthesizer never changes a status here, so any difference could only come from the answers themselves.
        const still: Behaviour = { ...b, synthesizer: b.synthesizer.map((s) => ({ ...s, updates: [], re_sweep: false })) };
        let asked = 0;
        const interactive = await runAgainstFake({ script: modelOf(still).script, config: { team: b.team }, answer: () => answers[Math.min(asked++, 7)]! });
        const silent = await runAgainstFake({ script: modelOf(still).script, config: { team: b.team } });
        if (interactive.result.verdict !== 'ABORTED') assert.equal(interactive.result.verdict, silent.result.verdict);
      }),
      { numRuns: 15 },
    );
  });
});
