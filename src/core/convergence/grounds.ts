/**
 * Settling needs grounds (seed 002 §6). A BLOCKING or
 * SIGNIFICANT challenge leaves OPEN/UNRESOLVED only on one of:
 * - evidence whose citation the engine verified (a file line found in the
 *   workspace, or a quote found in the plan text) — except the passage the
 *   challenge itself is about, which cannot answer it (a challenge that
 *   misread its own passage is WITHDRAWN, with the reason);
 * - a user response about that challenge that says something: context the
 *   user typed, or an override (the user judged it not applicable);
 * - WITHDRAWN with a stated reason (at least MIN_REASON_WORDS words).
 * An acknowledged risk is still a real risk: acknowledging alone is no ground.
 * The same holds for a move between settled statuses (WITHDRAWN → RESOLVED)
 * and for re-stating one: each update stands on its own grounds. MINOR
 * challenges need no grounds.
 */
import type { Challenge, ChallengeStatus, Evidence, UserResponse } from '../protocol';
import { isOpenStatus } from './counting';

export const MIN_REASON_WORDS = 4;

export type Grounds = 'verified_evidence' | 'user_response' | 'withdrawal_reason';

export type GroundsCheck = { ok: true; grounds: Grounds | null } | { ok: false; reason: string };

/** Whether moving `challenge` to `status` with this (already checked) evidence and resolution is allowed. */
export function settlementGrounds(challenge: Challenge, status: ChallengeStatus, evidence: Evidence[], resolution: string, userResponses: UserResponse[]): GroundsCheck {
  // Every update that leaves a BLOCKING/SIGNIFICANT challenge settled needs its own grounds, also from one settled status to another.
  if (isOpenStatus(status) || challenge.severity === 'MINOR') return { ok: true, grounds: null };
  if (evidence.some((e) => e.checked === 'verified' && !circular(e, challenge))) return { ok: true, grounds: 'verified_evidence' };
  if (userResponses.some((r) => r.challenge_id === challenge.id && speaks(r))) return { ok: true, grounds: 'user_response' };
  if (status === 'WITHDRAWN' && words(resolution) >= MIN_REASON_WORDS) return { ok: true, grounds: 'withdrawal_reason' };
  const cited = evidence.filter((e) => e.checked === 'not_found').length;
  const why = evidence.some((e) => e.checked === 'verified')
    ? 'its only verified evidence is the plan passage the challenge is about'
    : cited > 0
      ? `none of its ${cited} cited source${cited === 1 ? '' : 's'} could be found`
      : evidence.length > 0
        ? 'its evidence cites no file line or plan passage the engine could check'
        : 'it cites no evidence';
  const withdraw = status === 'WITHDRAWN' ? ' and the withdrawal states no reason' : '';
  return {
    ok: false,
    reason: `${challenge.id} (${challenge.severity}) stays ${challenge.status}: ${status} refused because ${why}${withdraw}, and no user response on ${challenge.id} settles it.`,
  };
}

/** A plan quote inside (or containing) the challenge's own quote restates what the challenge criticises. */
function circular(e: Evidence, challenge: Challenge): boolean {
  if (e.path || !e.quote) return false;
  const q = flattenQuote(e.quote);
  const own = flattenQuote(challenge.quote);
  return q !== '' && own !== '' && (own.includes(q) || q.includes(own));
}

/** Case, Markdown emphasis and spacing do not matter when a quote is looked up. */
export function flattenQuote(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[*_`>#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A response that carries the user's judgement: typed context, or an override. */
function speaks(r: UserResponse): boolean {
  if (r.action === 'override') return true;
  return r.action === 'provide_context' && (r.text ?? '').trim().length > 0;
}

function words(text: string): number {
  return text
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
