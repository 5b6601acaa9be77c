/**
 * How challenges move between iterations: the synthesizer's updates, the
 * net-resolution rule and DEGRADATION (seed 002 §8), the stall checkpoint
 * (seed 001) and the loop status after each synthesis (seed 002 §7,
 * seed 001 Step 3d).
 */
import type { Challenge, ChallengeStatus, ChallengeUpdate, ConvergenceStatus, Evidence } from '../protocol';
import { CAPS, SETTLED_STATUSES, isActive, isOpenOrUnresolved, isOpenStatus } from './counting';

export interface RejectedUpdate {
  id: string;
  reason: string;
}

/**
 * Applies synthesizer updates in order and returns new objects (inputs are
 * never mutated). Rejected, with the challenge left as it was:
 * - an id that is not a known challenge;
 * - DEFERRED on a BLOCKING or SIGNIFICANT challenge (§6: MINOR only);
 * - moving a challenge settled by a user decision back to OPEN/UNRESOLVED
 *   (the user already decided; the synthesizer does not reopen it).
 * An accepted update replaces the resolution text, appends new evidence
 * (exact repeats skipped) and, when the status changes, appends
 * {iteration, status, note: resolution} to the history.
 */
export function applyUpdates(challenges: Challenge[], updates: ChallengeUpdate[], iteration: number): { challenges: Challenge[]; rejected: RejectedUpdate[] } {
  const next = challenges.map((c) => structuredClone(c));
  const byId = new Map(next.map((c) => [c.id, c]));
  const rejected: RejectedUpdate[] = [];

  for (const update of updates) {
    const c = byId.get(update.id);
    if (!c) {
      rejected.push({ id: update.id, reason: `unknown challenge id ${update.id}` });
      continue;
    }
    if (update.status === 'DEFERRED' && c.severity !== 'MINOR') {
      rejected.push({ id: c.id, reason: `DEFERRED is for MINOR challenges only; ${c.id} is ${c.severity} and stays ${c.status}` });
      continue;
    }
    if (c.user_decision && isOpenStatus(update.status) && !isOpenStatus(c.status)) {
      rejected.push({ id: c.id, reason: `${c.id} was settled by a user decision (${c.user_decision}); it is not reopened` });
      continue;
    }
    const reactivates = !isActive(c) && update.status !== 'WITHDRAWN' && update.status !== 'DEFERRED';
    if (reactivates && next.filter(isActive).length >= CAPS.activeTotal) {
      rejected.push({ id: c.id, reason: `${c.id} stays ${c.status}: reactivating it would exceed ${CAPS.activeTotal} active challenges` });
      continue;
    }
    if (update.status !== c.status) {
      c.history = [...(c.history ?? []), { iteration, status: update.status, note: update.resolution }];
      c.status = update.status;
    }
    c.resolution = update.resolution;
    c.evidence = appendEvidence(c.evidence ?? [], update.evidence ?? []);
  }
  return { challenges: next, rejected };
}

function appendEvidence(current: Evidence[], added: Evidence[]): Evidence[] {
  const key = (e: Evidence) => JSON.stringify([e.source, e.path ?? null, e.line ?? null, e.quote ?? null, e.finding, e.impact]);
  const seen = new Set(current.map(key));
  const out = [...current];
  for (const e of added) {
    const k = key(e);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(structuredClone(e));
  }
  return out;
}

/**
 * §8 net-resolution rule for one iteration.
 * - resolved: challenges that went from OPEN/UNRESOLVED (their status in
 *   `before`, or OPEN when introduced this iteration) to RESOLVED, WITHDRAWN
 *   or DEFERRED in `after`.
 * - created: challenges in `after` introduced this iteration.
 * - degradation: created > resolved, from iteration 2 on. Iteration 1 is
 *   exempt because it necessarily creates the whole initial set. Zero
 *   created and zero resolved is not a degradation (that is a stall).
 */
export function netResolution(before: Challenge[], after: Challenge[], iteration: number): { resolved: number; created: number; degradation: boolean } {
  const statusBefore = new Map<string, ChallengeStatus>(before.map((c) => [c.id, c.status]));
  let resolved = 0;
  let created = 0;
  for (const c of after) {
    const introducedNow = c.iteration_introduced === iteration && !c.carried;
    if (introducedNow) created++;
    const prior = statusBefore.get(c.id) ?? (introducedNow ? 'OPEN' : undefined);
    if (prior !== undefined && isOpenStatus(prior) && SETTLED_STATUSES.includes(c.status)) resolved++;
  }
  return { resolved, created, degradation: iteration >= 2 && created > resolved };
}

/**
 * Seed 001 checkpoint 2: no challenge changed status between two consecutive
 * iterations and none was created or dropped. A state with nothing left
 * OPEN/UNRESOLVED cannot stall: there is nothing to make progress on.
 */
export function isStalled(before: Challenge[], after: Challenge[]): boolean {
  if (!after.some(isOpenOrUnresolved)) return false;
  if (before.length !== after.length) return false;
  const statusBefore = new Map<string, ChallengeStatus>(before.map((c) => [c.id, c.status]));
  return after.every((c) => statusBefore.get(c.id) === c.status);
}

export interface ConvergenceInput {
  challenges: Challenge[];
  /** Unknowns that affect an OPEN/UNRESOLVED challenge and have no resolution yet. */
  unknownsPending: number;
  iteration: number;
  maxIterations: number;
  /** Set by the failure protocol (synthesizer failure, 2+ failures in one iteration). */
  forcedExit?: boolean;
}

/**
 * Loop status after an iteration's synthesis, in this order:
 * 1. failure protocol → FORCED_EXIT;
 * 2. a BLOCKING challenge OPEN/UNRESOLVED: on the last iteration
 *    FORCED_EXIT (→ RETHINK), before it BLOCKED (pause for the user) —
 *    unless the user has already decided on every such challenge, in which
 *    case the agents get the remaining iterations (asking again would loop);
 * 3. a BLOCKING or SIGNIFICANT challenge still OPEN (never evaluated) or
 *    unknowns pending, with iterations left → CONTINUE;
 * 4. otherwise CONVERGED (verdictOf gives PROCEED / REVISE).
 */
export function evaluateConvergence(input: ConvergenceInput): ConvergenceStatus {
  const { challenges, unknownsPending, iteration, maxIterations } = input;
  if (input.forcedExit) return 'FORCED_EXIT';
  const lastIteration = iteration >= maxIterations;

  const blocking = challenges.filter((c) => c.severity === 'BLOCKING' && isOpenOrUnresolved(c));
  if (blocking.length > 0) {
    if (lastIteration) return 'FORCED_EXIT';
    if (blocking.some((c) => !c.user_decision)) return 'BLOCKED';
    return 'CONTINUE';
  }

  const unevaluated = challenges.some((c) => c.status === 'OPEN' && c.severity === 'SIGNIFICANT');
  if ((unevaluated || unknownsPending > 0) && !lastIteration) return 'CONTINUE';
  return 'CONVERGED';
}
