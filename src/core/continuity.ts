/**
 * Continuity across runs of the same plan. A re-run starts from the last
 * run's unsettled challenges (OPEN, UNRESOLVED, DEFERRED): they are carried
 * into the new run's state under their ids and fingerprints, and leave the
 * open set only through the same grounds as any other challenge
 * (convergence/grounds.ts). A challenge whose quoted text is gone from the
 * plan is not settled by disappearing: it is marked "quoted text removed"
 * and set OPEN, so iteration 1 takes a fresh look (the plan may now answer
 * it elsewhere, which the synthesizer must show with a verified quote).
 *
 * `challengeChanges` is the one rule for "new / still open / fixed" that
 * every front end uses (the Claude Code hook among them): fixed means a
 * carried challenge was settled in this run, never that it went missing.
 *
 * The last run is a file on disk, so untrusted: each challenge is
 * re-validated and anything malformed is dropped.
 */
import { anchorQuote } from './anchor';
import { challengeFingerprint, type ChallengeChange } from './fingerprint';
import { parsePlan, type Plan } from './plan';
import { Challenge, DeferredSurfaced } from './protocol';
import type { RunResult } from './run-types';
import { changeSinceLastRun } from './report/what-to-change';

/** Unsettled in the sense of carrying over: still open, or deferred to implementation. */
const CARRIED_STATUSES: ReadonlySet<Challenge['status']> = new Set(['OPEN', 'UNRESOLVED', 'DEFERRED']);

export const QUOTED_TEXT_REMOVED = 'quoted text removed';

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** The quote still anchors (anchor.ts), or its words still occur verbatim (a repeated passage is ambiguous to anchor but present). */
export function quoteStillInPlan(plan: Plan, quote: string): boolean {
  if (typeof quote !== 'string' || quote.trim() === '') return false;
  if (anchorQuote(plan, quote).found) return true;
  const needle = words(quote);
  return needle !== '' && ` ${words(plan.text)} `.includes(` ${needle} `);
}

export interface CarriedOver {
  challenges: Challenge[];
  /** BLOCKING / SIGNIFICANT items the caps deferred last time whose text is still in the plan: listed again, never dropped silently. */
  deferred: DeferredSurfaced[];
}

export function carryOver(previous: RunResult | null | undefined, planText: string): CarriedOver {
  const last = Array.isArray(previous?.iterations) ? previous.iterations.at(-1) : undefined;
  if (!previous || !last) return { challenges: [], deferred: [] };
  const plan = parsePlan(planText);
  const challenges: Challenge[] = [];
  for (const raw of Array.isArray(last.challenges) ? last.challenges : []) {
    const parsed = Challenge.safeParse(raw);
    if (!parsed.success || !CARRIED_STATUSES.has(parsed.data.status)) continue;
    const c = parsed.data;
    const quoteRemoved = !quoteStillInPlan(plan, c.quote);
    const carried = { runId: String(previous.runId).slice(0, 200), id: c.id, fingerprint: c.carried?.fingerprint ?? challengeFingerprint(c), quoteRemoved };
    const note = `carried from run ${carried.runId} (${c.status})${quoteRemoved ? `; ${QUOTED_TEXT_REMOVED}, so it gets a fresh look` : ''}`;
    const status = quoteRemoved && c.status !== 'DEFERRED' ? 'OPEN' : c.status;
    // The last run's audit verdict belongs to the last run; this run judges the challenge afresh.
    const rest: Challenge = { ...c };
    delete rest.reopened_by_audit;
    challenges.push({ ...rest, status, iteration_introduced: 1, carried, history: [{ iteration: 0, status, note }] });
  }
  const deferred: DeferredSurfaced[] = [];
  for (const raw of Array.isArray(last.deferred_surfaced) ? last.deferred_surfaced : []) {
    const parsed = DeferredSurfaced.safeParse(raw);
    if (!parsed.success || parsed.data.severity === 'MINOR' || !quoteStillInPlan(plan, parsed.data.quote)) continue;
    deferred.push({ ...parsed.data, iteration: 1, reason: `carried from run ${String(previous.runId).slice(0, 200)}: ${parsed.data.reason}`.slice(0, 2000) });
  }
  return { challenges, deferred };
}

/**
 * New / still open / fixed, keyed by fingerprint, from one run's final
 * challenges: open and carried → still open; open and raised in this run →
 * new; carried and settled in this run (RESOLVED or WITHDRAWN, on grounds)
 * → fixed.
 */
export function challengeChanges(challenges: readonly Challenge[]): Map<string, ChallengeChange> {
  const changes = new Map<string, ChallengeChange>();
  for (const c of challenges) {
    const change = changeSinceLastRun(c);
    if (change) changes.set(c.carried?.fingerprint ?? challengeFingerprint(c), change);
  }
  return changes;
}
