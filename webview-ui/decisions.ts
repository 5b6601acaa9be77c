/**
 * "Your decisions": the user's checkpoint answers reduced to ONE current
 * decision per challenge — the latest (highest iteration; within an
 * iteration, the one given last) — with the earlier ones kept as history.
 * Pure, no DOM.
 */
import type { UserAction, UserResponse } from '../src/core/protocol';

/** The answers that decide something about one challenge; "continue" and "abort" decide about the run. */
export type DecisionAction = Extract<UserAction, 'acknowledge_risk' | 'override' | 'provide_context'>;

export const DECISION_WORDS: Record<DecisionAction, string> = {
  acknowledge_risk: 'accepted the risk',
  override: 'overrode the challenge',
  provide_context: 'answered',
};

export interface Decision {
  iteration: number;
  action: DecisionAction;
  text: string | null;
}

export interface ChallengeDecision {
  challengeId: string;
  current: Decision;
  /** Earlier decisions about the same challenge, newest first. */
  earlier: Decision[];
}

const isDecision = (a: UserAction): a is DecisionAction => a in DECISION_WORDS;

/** The number in "C12", for ordering C2 before C10. */
const idNumber = (id: string): number => Number(id.replace(/\D/g, '')) || 0;

export function currentDecisions(responses: readonly UserResponse[]): ChallengeDecision[] {
  const byChallenge = new Map<string, Decision[]>();
  // Oldest first: by iteration, and in the order given within an iteration (a stable sort keeps it).
  const ordered = responses.map((r, i) => ({ r, i })).sort((a, b) => a.r.iteration - b.r.iteration || a.i - b.i);
  for (const { r } of ordered) {
    if (!r.challenge_id || !isDecision(r.action)) continue;
    const list = byChallenge.get(r.challenge_id) ?? [];
    list.push({ iteration: r.iteration, action: r.action, text: r.text?.trim() ? r.text : null });
    byChallenge.set(r.challenge_id, list);
  }
  return [...byChallenge.entries()]
    .sort(([a], [b]) => idNumber(a) - idNumber(b) || a.localeCompare(b))
    .map(([challengeId, list]) => {
      const newestFirst = [...list].reverse();
      return { challengeId, current: newestFirst[0]!, earlier: newestFirst.slice(1) };
    });
}
