/**
 * The team makeup (seed 001 "Team Composition", Step 3a): who challenges in
 * each team, how many agents the team counts, and how many new challenges
 * the challengers together may add per iteration. The one place to change
 * a team; the loop, the caps and the assessment read it from here.
 */
import type { AgentRole, ChallengeOrigin, TeamMode } from './protocol';

export type ChallengingRole = Extract<AgentRole, 'challenger' | 'domain-expert' | 'devils-advocate'>;

export interface TeamMakeup {
  /** Agents as the seed counts them (resolver and researcher are one "research" agent). */
  size: number;
  /** Challenging roles, run in parallel in step 3a. */
  challengers: readonly ChallengingRole[];
  /** New challenges the challengers together may add per iteration: 5 (seed 000) for one challenger, the merged cap of 8 (seed 001 §3a) for three. */
  challengerCapPerIteration: number;
}

export const TEAMS: Record<TeamMode, TeamMakeup> = {
  base: { size: 3, challengers: ['challenger'], challengerCapPerIteration: 5 },
  scaled: { size: 5, challengers: ['challenger', 'domain-expert', 'devils-advocate'], challengerCapPerIteration: 8 },
};

/**
 * What each challenging role may raise per call (seed agent definitions):
 * the challenger 5 in iteration 1 and 3 later, the domain expert 3, the
 * devil's advocate 2. The merged cap of the team applies on top.
 */
export function roleChallengeCap(role: ChallengingRole, iteration: number): number {
  if (role === 'devils-advocate') return 2;
  if (role === 'domain-expert') return 3;
  return iteration === 1 ? 5 : 3;
}

/** Every role that can challenge, in any team: the origins challengers give their challenges. */
export const CHALLENGING_ROLES: readonly ChallengingRole[] = ['challenger', 'domain-expert', 'devils-advocate'];

export function isChallengingRole(role: AgentRole | ChallengeOrigin): role is ChallengingRole {
  return (CHALLENGING_ROLES as readonly string[]).includes(role);
}
