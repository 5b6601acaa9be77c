/**
 * Settling needs grounds that answer the challenge (seed 002 §6: RESOLVED is
 * "research finding, user input, or agent debate settled the challenge";
 * WITHDRAWN is "shown to be invalid"). A BLOCKING or SIGNIFICANT challenge
 * leaves OPEN/UNRESOLVED only on one of:
 * - evidence the engine verified: a quote it found verbatim in the plan text
 *   or in the cited workspace file (a file citation without a quote verifies
 *   nothing), or an unknown raised FOR THIS challenge that the resolver
 *   answered with such a citation ("per U3"). The passage the challenge
 *   itself is about cannot answer it;
 * - a user response about that challenge that says something: context the
 *   user typed, or an override (the user judged it not applicable).
 * A stated reason alone is no ground, for RESOLVED or WITHDRAWN: "the plan
 * already handles this" costs four words and proves nothing. An acknowledged
 * risk is still a real risk: acknowledging alone is no ground. The same holds
 * for a move between settled statuses (WITHDRAWN → RESOLVED) and for
 * re-stating one: each update stands on its own grounds. MINOR challenges
 * need no grounds.
 */
import type { Challenge, ChallengeStatus, Evidence, UserResponse } from '../protocol';
import { isOpenStatus } from './counting';

export type Grounds = 'verified_evidence' | 'user_response';

export type GroundsCheck = { ok: true; grounds: Grounds | null } | { ok: false; reason: string };

/** Whether moving `challenge` to `status` with this (already checked) evidence and resolution is allowed. */
export function settlementGrounds(challenge: Challenge, status: ChallengeStatus, evidence: Evidence[], userResponses: UserResponse[]): GroundsCheck {
  // Every update that leaves a BLOCKING/SIGNIFICANT challenge settled needs its own grounds, also from one settled status to another.
  if (isOpenStatus(status) || challenge.severity === 'MINOR') return { ok: true, grounds: null };
  if (evidence.some((e) => e.checked === 'verified' && !circular(e, challenge))) return { ok: true, grounds: 'verified_evidence' };
  if (userResponses.some((r) => r.challenge_id === challenge.id && speaks(r))) return { ok: true, grounds: 'user_response' };
  const cited = evidence.filter((e) => e.checked === 'not_found').length;
  const why = evidence.some((e) => e.checked === 'verified')
    ? 'its only verified evidence is the plan passage the challenge is about'
    : cited > 0
      ? `none of its ${cited} cited source${cited === 1 ? '' : 's'} could be found`
      : evidence.length > 0
        ? 'its evidence quotes no plan passage or file text the engine could find verbatim'
        : 'it cites no evidence';
  return {
    ok: false,
    reason: `${challenge.id} (${challenge.severity}) stays ${challenge.status}: ${status} refused because ${why}, and no user response on ${challenge.id} settles it.`,
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
