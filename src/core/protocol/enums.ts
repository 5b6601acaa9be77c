/**
 * The protocol's enumerations (seed 002 §1–§6): severities, statuses, origins,
 * roles, verdicts. Plain zod enums, each with its inferred type.
 */
import * as z from 'zod';

export const Severity = z.enum(['BLOCKING', 'SIGNIFICANT', 'MINOR']);
export type Severity = z.infer<typeof Severity>;

export const Confidence = z.enum(['HIGH', 'MED', 'LOW']);
export type Confidence = z.infer<typeof Confidence>;

/** Seed 002 §6. */
export const ChallengeStatus = z.enum(['OPEN', 'RESOLVED', 'UNRESOLVED', 'DEFERRED', 'WITHDRAWN']);
export type ChallengeStatus = z.infer<typeof ChallengeStatus>;

export const ChallengeOrigin = z.enum(['challenger', 'domain-expert', 'devils-advocate', 'surfaced', 'probed']);
export type ChallengeOrigin = z.infer<typeof ChallengeOrigin>;

export const UnknownType = z.enum(['FILE_MISSING', 'API_BEHAVIOR', 'PRIOR_DECISION', 'STALE_KNOWLEDGE', 'INTEGRATION_UNKNOWN']);
export type UnknownType = z.infer<typeof UnknownType>;

export const UnknownResolution = z.enum(['CONFIRMED', 'REFUTED', 'UNRESOLVABLE', 'PARTIALLY_RESOLVED']);
export type UnknownResolution = z.infer<typeof UnknownResolution>;

export const SurfacedSource = z.enum(['memory', 'codebase', 'claude_md', 'git_history']);
export const SurfacedImpact = z.enum(['changes_needed', 'confirms_approach', 'contradicts_plan']);
export const Probability = z.enum(['LOW', 'MED']);
/** How likely a challenge's failure scenario is, stated apart from its severity (devil's advocate, seed agent definition). */
export const Likelihood = z.enum(['LOW', 'MED', 'HIGH']);
export type Likelihood = z.infer<typeof Likelihood>;

export const PlanQuality = z.enum(['RICH', 'ADEQUATE', 'THIN', 'TRIVIAL']);
export type PlanQuality = z.infer<typeof PlanQuality>;

export const TeamMode = z.enum(['base', 'scaled']);
export type TeamMode = z.infer<typeof TeamMode>;

export const ConvergenceStatus = z.enum(['CONTINUE', 'CONVERGED', 'BLOCKED', 'FORCED_EXIT']);
export type ConvergenceStatus = z.infer<typeof ConvergenceStatus>;

export const Verdict = z.enum(['PROCEED', 'REVISE', 'RETHINK']);
export type Verdict = z.infer<typeof Verdict>;

export const AgentRole = z.enum(['challenger', 'domain-expert', 'devils-advocate', 'resolver', 'researcher', 'synthesizer', 'auditor']);
export type AgentRole = z.infer<typeof AgentRole>;
