/**
 * The gate as an agent plays it: model answers drawn arbitrarily from the
 * answer schemas (fast-check), a plan, and an "agent" that resubmits it
 * unchanged, cosmetically edited, or really fixed. Shared by the suite that
 * goes through the built CLI's `hook claude-code` and the one that calls
 * the loop in-process. The oracles are written from the seeds and the
 * grounds rules, not from the engine's code.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AgentRole, Challenge, ChallengeStatus, IterationState, Severity } from '../../src/core/protocol';
import { QualityDimension } from '../../src/core/protocol';
import type { RunResult } from '../../src/core/run-types';
import type { FakeReply, ReceivedRequest } from './fake-anthropic';
import { reply } from './replies';

export const GATE_PLAN = `# Plan: keep sessions across restarts

## Goal
Persist user sessions so a deploy does not log everyone out.

## Steps
1. Add a Redis client in src/session/store.ts. Success: the unit tests for the store pass.
2. Replace the in-memory map in src/server.ts with the Redis store. Success: a session survives a restart.
3. Document the new REDIS_URL setting in docs/deploy.md. Success: the deploy guide lists it.

## Risks
- Sessions written during the cut-over may be lost once.
- Redis memory grows with every active session.
- A Redis outage logs users out until it recovers.
`;

/** Passages of GATE_PLAN a model may quote, and passages that are in no version of it. */
const REAL = [
  'Replace the in-memory map in src/server.ts with the Redis store',
  'Document the new REDIS_URL setting in docs/deploy.md',
  'A Redis outage logs users out until it recovers',
  'Add a Redis client in src/session/store.ts',
  'Redis memory grows with every active session',
];
const BOGUS = ['Sessions are replicated to a standby cluster', 'The deploy drains connections for five minutes'];
/** Lines the "really fixed" plan adds: they answer the risky passages. */
const FIXES = [
  'Keep the in-memory map as a read-only fallback while Redis is unreachable, and alert when it is used',
  'State the REDIS_URL default (redis://localhost:6379) and exit with a clear message when it is missing',
];

export type Edit = 'unchanged' | 'whitespace' | 'reorder' | 'reword' | 'fixed';

/** What the agent resubmits. Cosmetic edits say the same thing; 'fixed' removes the risky passages and states the mitigations. */
export function edited(plan: string, edit: Edit): string {
  switch (edit) {
    case 'unchanged':
      return plan;
    case 'whitespace':
      return plan.replace(/\n## /g, '\n\n## ').replace('Persist user', 'Persist  user').replace(/\.\n/g, '.  \n');
    case 'reorder':
      return plan.replace(
        '- Sessions written during the cut-over may be lost once.\n- Redis memory grows with every active session.\n- A Redis outage logs users out until it recovers.',
        '- A Redis outage logs users out until it recovers.\n- Sessions written during the cut-over may be lost once.\n- Redis memory grows with every active session.',
      );
    case 'reword':
      return plan
        .replace('Replace the in-memory map in src/server.ts with the Redis store.', 'In src/server.ts, swap the in-memory map for the Redis store.')
        .replace('A Redis outage logs users out until it recovers.', 'Users are logged out while Redis is down, until it recovers.');
    case 'fixed':
      return plan
        .replace('Replace the in-memory map in src/server.ts with the Redis store.', `Use the Redis store in src/server.ts. ${FIXES[0]}.`)
        .replace('Document the new REDIS_URL setting in docs/deploy.md.', `${FIXES[1]}.`)
        .replace('- A Redis outage logs users out until it recovers.\n', '');
  }
}

const severity = fc.constantFrom<Severity>('BLOCKING', 'SIGNIFICANT', 'MINOR');
const quote = fc.constantFrom(...REAL, ...BOGUS);
const evidenceQuote = fc.constantFrom(...REAL, ...BOGUS, ...FIXES);
const evidence = fc.oneof(
  fc.constant([]),
  evidenceQuote.map((q) => [{ source: 'plan', quote: q, finding: 'The plan says so', impact: 'Answers it' }]),
  fc.constant([{ source: 'src/session/store.ts:3', path: 'src/session/store.ts', line: 3, finding: 'A client exists', impact: 'Fine' }]),
  fc.integer({ min: 1, max: 4 }).map((n) => [{ source: `per U${n}`, finding: `U${n} answered it`, impact: 'Answers it' }]),
);
const CLAIMS = ['Sessions die with Redis', 'Cut-over loses sessions', 'Memory grows without bound', 'The default URL is undocumented', 'The client is untested'];
const CONCERNS = [
  'An outage logs every user out at once',
  'Writes during the switch go to the old map and vanish',
  'Idle sessions never expire and fill memory',
  'Operators deploy without REDIS_URL and the app fails to start',
];
const draft = fc.record({
  ref: fc.constantFrom('n1', 'n2', 'n3'),
  quote,
  claim: fc.constantFrom(...CLAIMS),
  concern: fc.constantFrom(...CONCERNS),
  failure_scenario: fc.constant('If it happens, users are logged out and support is flooded'),
  alternative: fc.constant('Keep a read-only fallback and document the default'),
  severity,
  confidence: fc.constantFrom('HIGH', 'MED', 'LOW'),
  probability: fc.option(fc.constantFrom('LOW', 'MED', 'HIGH'), { nil: undefined }),
  evidence: fc.constant([]),
  assertions: fc.constant([]),
});
const unknownDraft = fc.record({
  description: fc.constant('Is Redis clustered?'),
  type: fc.constant('API_BEHAVIOR'),
  affects_challenge: fc.constantFrom(null, 'n1', 'n2', 'C1', 'C2'),
  suggested_query: fc.constant('grep cluster'),
});
const update = fc.record({
  n: fc.integer({ min: 1, max: 6 }),
  status: fc.constantFrom<ChallengeStatus>('OPEN', 'RESOLVED', 'UNRESOLVED', 'DEFERRED', 'WITHDRAWN'),
  resolution: fc.constantFrom('The plan already handles this.', 'Real risk: keep a read-only fallback', 'Settled by the quoted passage'),
  evidence,
});
const runAnswers = fc.record({
  challenger: fc.array(fc.record({ challenges: fc.array(draft, { maxLength: 4 }), unknowns: fc.array(unknownDraft, { maxLength: 2 }) }), { minLength: 3, maxLength: 3 }),
  resolver: fc.array(fc.array(fc.record({ n: fc.integer({ min: 1, max: 4 }), resolution: fc.constantFrom('CONFIRMED', 'REFUTED', 'UNRESOLVABLE'), evidence }), { maxLength: 3 }), {
    minLength: 3,
    maxLength: 3,
  }),
  synthesizer: fc.array(fc.array(update, { maxLength: 6 }), { minLength: 3, maxLength: 3 }),
  flagged: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
});
export type RunAnswers = typeof runAnswers extends fc.Arbitrary<infer T> ? T : never;

export const gateCase = fc.record({
  first: runAnswers,
  second: runAnswers,
  edit: fc.constantFrom<Edit>('unchanged', 'whitespace', 'reorder', 'reword', 'fixed'),
});
export type GateCase = typeof gateCase extends fc.Arbitrary<infer T> ? T : never;

export interface SentUpdate {
  id: string;
  status: ChallengeStatus;
  quotes: string[];
  sources: string[];
}

/** A scripted model for every role from one run's answers; records what the synthesizer sent. */
export function modelOf(a: RunAnswers): { script: (req: ReceivedRequest) => FakeReply; sent: SentUpdate[] } {
  const calls: Partial<Record<AgentRole, number>> = {};
  const sent: SentUpdate[] = [];
  const nth = (role: AgentRole) => (calls[role] = (calls[role] ?? 0) + 1) - 1;
  const quality = Object.fromEntries(QualityDimension.options.map((d) => [d, { score: 6, evidence: 'one line' }]));
  const script = (req: ReceivedRequest): FakeReply => {
    const role = req.role!;
    const k = Math.min(nth(role), 2);
    switch (role) {
      case 'challenger':
      case 'domain-expert':
      case 'devils-advocate':
        return reply(a.challenger[k]);
      case 'researcher':
        return reply({ surfaced: [], probed: [], new_challenges: [] });
      case 'resolver':
        return reply({ unknowns: a.resolver[k]!.map((u) => ({ id: `U${u.n}`, resolution: u.resolution, finding: 'found', evidence: u.evidence })) });
      case 'synthesizer': {
        const updates = a.synthesizer[k]!.map((u) => ({ id: `C${u.n}`, status: u.status, resolution: u.resolution, evidence: u.evidence }));
        for (const u of updates) {
          const cited = u.evidence as readonly { source: string; quote?: string }[];
          sent.push({ id: u.id, status: u.status, quotes: cited.map((e) => e.quote ?? ''), sources: cited.map((e) => e.source) });
        }
        return reply({ updates, quality, directives: [], summary: 's' });
      }
      case 'auditor':
        return reply({
          confirmed: a.flagged.length === 0,
          wrongly_settled: a.flagged.map((n) => ({ id: `C${n}`, reason: 'the resolution does not answer the failure scenario' })),
          discrepancies: [],
        });
      default:
        return { kind: 'error', status: 500, message: `no script for ${String(role)}`, shouldRetry: false };
    }
  };
  return { script, sent };
}

/** Seed 002 §7, written out. */
export function seedVerdict(challenges: readonly Challenge[]): string {
  const open = (sev: Severity) => challenges.filter((c) => c.severity === sev && (c.status === 'OPEN' || c.status === 'UNRESOLVED')).length;
  if (open('BLOCKING') > 0) return 'RETHINK';
  const s = open('SIGNIFICANT');
  return s === 0 ? 'PROCEED' : s <= 2 ? 'REVISE' : 'REVISE (strong)';
}

/** The challenges that decide the verdict: BLOCKING/SIGNIFICANT, OPEN or UNRESOLVED. */
export function deciding(challenges: readonly Challenge[]): string[] {
  return challenges
    .filter((c) => c.severity !== 'MINOR' && (c.status === 'OPEN' || c.status === 'UNRESOLVED'))
    .map((c) => c.id)
    .sort();
}

const flat = (t: string) =>
  t
    .toLowerCase()
    .replace(/[*_`>#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Verified grounds in this run, written out from the grounds rules: an update
 * that settled a BLOCKING/SIGNIFICANT challenge citing a passage (3+ words)
 * of the plan as submitted that is not the challenge's own quote, or naming
 * an unknown raised for that challenge which the resolver answered with such
 * a passage. (A hook run asks no user, so no user decision exists.)
 */
export function settledOnGrounds(sent: readonly SentUpdate[], final: IterationState, planText: string): boolean {
  const plan = flat(planText);
  const real = (q: string, own: string) => q.split(/\s+/).length >= 3 && plan.includes(flat(q)) && !flat(own).includes(flat(q)) && !flat(q).includes(flat(own));
  return sent.some((u) => {
    const c = final.challenges.find((x) => x.id === u.id);
    if (!c || c.severity === 'MINOR' || (u.status !== 'RESOLVED' && u.status !== 'WITHDRAWN')) return false;
    if (u.quotes.some((q) => real(q, c.quote))) return true;
    return u.sources.some((s) =>
      (s.match(/\bU\d+\b/g) ?? []).some((id) => {
        const unknown = final.unknowns.find((x) => x.id === id);
        return unknown?.affects_challenge === c.id && unknown.resolution !== null && unknown.resolution !== 'UNRESOLVABLE' && unknown.evidence.some((e) => real(e.quote ?? '', ''));
      }),
    );
  });
}

/** Challenge ids an item list names, in order ("1. [BLOCKING, new] C3 (OPEN), …"). */
export function listedIds(text: string): string[] {
  return [...text.matchAll(/^\d+\. \[[^\]]+\] (C\d+) /gm)].map((m) => m[1]!);
}

/** The Markdown report's "What to change" ids ("1. **C3** · …"). */
export function reportIds(markdown: string): string[] {
  const start = markdown.indexOf('## What to change');
  if (start < 0) return [];
  const section = markdown.slice(start, markdown.indexOf('\n## ', start + 5));
  return [...section.matchAll(/^\d+\. \*\*(C\d+)\*\*/gm)].map((m) => m[1]!);
}

/** The invariants between two runs of one plan. */
export function checkPair(input: { first: RunResult; second: RunResult; edit: Edit; sent: readonly SentUpdate[]; planText: string }): void {
  const { first, second, edit } = input;
  const before = first.iterations.at(-1)!;
  const after = second.iterations.at(-1)!;
  const where = `${edit}: ${first.verdict} → ${second.verdict}; ${after.challenges.map((c) => `${c.id} ${c.severity} ${c.status}${c.carried ? ' carried' : ''}`).join(', ')}`;
  for (const run of [first, second]) {
    const final = run.iterations.at(-1)!;
    if (!['ABORTED', 'CANCELLED', 'FAILED'].includes(run.verdict)) assert.equal(run.verdict, seedVerdict(final.challenges), `verdict is not the seed 002 §7 function — ${where}`);
  }
  // Continuity: nothing unsettled in the first run is missing from the second.
  for (const c of before.challenges.filter((x) => x.status === 'OPEN' || x.status === 'UNRESOLVED')) {
    assert.ok(
      after.challenges.some((x) => x.carried?.id === c.id),
      `${c.id} was unsettled and is not carried — ${where}`,
    );
  }
  const gated = first.verdict === 'RETHINK' || first.verdict.startsWith('REVISE');
  if (gated && edit !== 'fixed' && second.verdict === 'PROCEED') {
    assert.ok(settledOnGrounds(input.sent, after, input.planText), `an unfixed plan went ${first.verdict} → PROCEED with no settlement on verified grounds — ${where}`);
  }
}
