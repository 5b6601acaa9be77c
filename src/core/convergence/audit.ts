/**
 * Seed 001 Step 4 gives the challenger one audit shot at the final verdict;
 * an audit that may only comment would change nothing. A settlement the
 * audit shows not to hold — its resolution or evidence does not answer the
 * concern — is undone: the challenge is reopened, and the verdict is
 * recomputed from the statuses (seed 002 §7) like any other.
 *
 * Not reopened: a challenge the user decided on (override, context): the
 * user's word is the ground, and the audit judges the agents' judgement,
 * not the user's.
 */
import type { AuditorOutput, Challenge } from '../protocol';
import { isOpenOrUnresolved } from './counting';

/** The words every surface uses for a challenge the audit reopened. */
export const REOPENED_BY_AUDIT = 'reopened by the final audit';

export interface AuditReopening {
  challenges: Challenge[];
  /** Ids reopened, in the audit's order. */
  reopened: string[];
}

export function reopenWronglySettled(challenges: Challenge[], flags: AuditorOutput['wrongly_settled'], iteration: number): AuditReopening {
  const reasons = new Map<string, string>();
  for (const f of flags) if (!reasons.has(f.id)) reasons.set(f.id, f.reason);
  const reopened: string[] = [];
  const next = challenges.map((c) => {
    const reason = reasons.get(c.id);
    if (reason === undefined || isOpenOrUnresolved(c) || c.user_decision === 'overridden' || c.user_decision === 'answered') return c;
    reopened.push(c.id);
    return {
      ...c,
      status: 'OPEN' as const,
      reopened_by_audit: reason,
      history: [...c.history, { iteration, status: 'OPEN' as const, note: `${REOPENED_BY_AUDIT}: ${reason}`.slice(0, 2000) }],
    };
  });
  return { challenges: next, reopened };
}
