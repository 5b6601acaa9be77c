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
 * What each challenging role may raise per call: the challenger 5 in every
 * iteration (seed 000 "Max 5 challenges per iteration from Challenger"; seed
 * 001 "5/iteration"), the domain expert 3, the devil's advocate 2 (their
 * agent definitions). The merged cap of the team applies on top.
 */
export function roleChallengeCap(role: ChallengingRole): number {
  if (role === 'devils-advocate') return 2;
  if (role === 'domain-expert') return 3;
  return 5;
}

/** Every role that can challenge, in any team: the origins challengers give their challenges. */
export const CHALLENGING_ROLES: readonly ChallengingRole[] = ['challenger', 'domain-expert', 'devils-advocate'];

export function isChallengingRole(role: AgentRole | ChallengeOrigin): role is ChallengingRole {
  return (CHALLENGING_ROLES as readonly string[]).includes(role);
}

/**
 * Seed 001 §3a spawns the scaled team's three challengers "in parallel" on
 * every iteration, but their definitions answer an empty list in later
 * iterations unless a directive asks; calling them for that pays a full
 * prompt for nothing. So in iterations 2–3 the domain expert and the
 * devil's advocate are called only when a synthesizer directive names them
 * (the synthesizer is told it can). The challenger is always called.
 */
export function challengersFor(team: TeamMode, iteration: number, directives: readonly string[]): ChallengingRole[] {
  const all = TEAMS[team].challengers;
  if (iteration === 1) return [...all];
  return all.filter((role) => role === 'challenger' || directives.some((d) => NAMED[role].test(d)));
}

const NAMED: Record<ChallengingRole, RegExp> = {
  challenger: /\bchallenger\b/i,
  'domain-expert': /\bdomain[\s-]*expert\b/i,
  'devils-advocate': /\bdevil'?s[\s-]*advocate\b/i,
};
