/**
 * Shared vocabulary of the convergence rules (seed 002 §5–§8): which
 * challenges are active, which are open, how severities rank, the caps.
 */
import type { Challenge, ChallengeOrigin, ChallengeStatus, Confidence, Severity } from '../protocol';
import { CHALLENGING_ROLES, TEAMS } from '../teams';

/** Seed 000 / 002 §8 guards. */
export const CAPS = {
  /** The base team's challenger per iteration (seed 000); the scaled team's merged cap is in TEAMS. */
  perIterationFromChallengers: TEAMS.base.challengerCapPerIteration,
  /** Challenger, domain expert and devil's advocate merged, per iteration (seed 001 §3a). */
  perIterationFromScaledChallengers: TEAMS.scaled.challengerCapPerIteration,
  /** Researcher Modes 2 and 3 together, per iteration. */
  perIterationFromResearch: 2,
  /** Active (OPEN + UNRESOLVED) challenges at any time; see isActive. */
  activeTotal: 8,
  /** DEFERRED challenges that trigger the Technical Debt Warning (§7). */
  technicalDebtDeferred: 5,
} as const;

export type AdmissionSource = 'challengers' | 'research';

/** Which origins each admission source covers; the per-iteration caps are per source. */
export const ORIGINS_OF_SOURCE: Record<AdmissionSource, readonly ChallengeOrigin[]> = {
  challengers: CHALLENGING_ROLES,
  research: ['surfaced', 'probed'],
};

/** Statuses that settle a challenge (§6): it no longer counts against convergence. */
export const SETTLED_STATUSES: readonly ChallengeStatus[] = ['RESOLVED', 'WITHDRAWN', 'DEFERRED'];

/**
 * §8 "Max active challenges total: No more than 8 active challenges across
 * all iterations at any time (WITHDRAWN and DEFERRED do not count)", read
 * with §5/§7, which count "OPEN + UNRESOLVED" as what is still in play: a
 * RESOLVED challenge is settled, so it is not active either. Counting it
 * would let an iteration-1 team that raised 8 and resolved them all never
 * admit a later BLOCKING.
 */
export function isActive(c: Challenge): boolean {
  return isOpenOrUnresolved(c);
}

/** §5 / §7: the statuses that count against convergence. */
export function isOpenOrUnresolved(c: Challenge): boolean {
  return isOpenStatus(c.status);
}

export function isOpenStatus(status: ChallengeStatus): boolean {
  return status === 'OPEN' || status === 'UNRESOLVED';
}

/** §5 convergence counters: OPEN + UNRESOLVED challenges per severity bucket. */
export function countOpen(challenges: Challenge[]): { blocking_open: number; significant_open: number } {
  let blocking_open = 0;
  let significant_open = 0;
  for (const c of challenges) {
    if (!isOpenOrUnresolved(c)) continue;
    if (c.severity === 'BLOCKING') blocking_open++;
    else if (c.severity === 'SIGNIFICANT') significant_open++;
  }
  return { blocking_open, significant_open };
}

const SEVERITY_RANK: Record<Severity, number> = { BLOCKING: 0, SIGNIFICANT: 1, MINOR: 2 };
const CONFIDENCE_RANK: Record<Confidence, number> = { HIGH: 0, MED: 1, LOW: 2 };

/** Negative when `a` is more severe than `b`. */
export function compareSeverity(a: Severity, b: Severity): number {
  return SEVERITY_RANK[a] - SEVERITY_RANK[b];
}

/** Negative when `a` is more confident than `b`. */
export function compareConfidence(a: Confidence, b: Confidence): number {
  return CONFIDENCE_RANK[a] - CONFIDENCE_RANK[b];
}

/** The N of "C{N}", or null for anything that is not a challenge id. */
export function challengeNumber(id: string): number | null {
  const m = /^C(\d+)$/.exec(id);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}
