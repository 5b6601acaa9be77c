/**
 * The entities the loop holds (seed 002 §1–§5): evidence, assertions,
 * challenges, unknowns, surfaced context, probed risks, the quality score,
 * the user's checkpoint answers and the iteration state that holds them all.
 * Each `*Draft` is what an agent writes; the engine adds ids, statuses and
 * iterations to make the entity.
 */
import * as z from 'zod';
import {
  AgentRole,
  ChallengeOrigin,
  ChallengeStatus,
  Confidence,
  ConvergenceStatus,
  Likelihood,
  PlanQuality,
  Probability,
  Severity,
  SurfacedImpact,
  SurfacedSource,
  TeamMode,
  UnknownResolution,
  UnknownType,
} from './enums';
import { ChallengeId, ProbedId, SurfacedId, text, UnknownId } from './fields';

// ── Evidence ────────────────────────────────────────────────────────────────

/**
 * `[VERIFIED: source | finding | impact]` in structured form. When `path` and
 * `line` are given the engine checks the citation against the workspace and
 * sets `checked`; an unchecked or failed citation never settles a challenge.
 */
export const Evidence = z.object({
  source: text(500).describe('Where it comes from: a workspace path, a doc, a commit, "user"'),
  path: z.string().max(500).optional().describe('Workspace-relative file path, when the evidence is a file'),
  line: z.number().int().positive().optional().describe('1-based line in that file'),
  quote: z.string().max(2000).optional().describe('The cited text, verbatim'),
  finding: text(2000),
  impact: text(1000),
  checked: z.enum(['verified', 'not_found', 'unchecked']).default('unchecked').describe('Set by the engine after checking the citation; leave it out'),
});
export type Evidence = z.infer<typeof Evidence>;

// ── Assertions (seed 003) ───────────────────────────────────────────────────

export const AssertionType = z.enum(['file_exists', 'file_content', 'grep_match', 'grep_not_match', 'shell_exit_zero']);
export type AssertionType = z.infer<typeof AssertionType>;

export const AssertionDraft = z.object({
  type: AssertionType,
  description: text(500),
  path: z.string().max(500).optional().describe('file_exists / file_content: workspace-relative path'),
  needle: z.string().max(1000).optional().describe('file_content: text that must occur in the file'),
  pattern: z.string().max(1000).optional().describe('grep_*: regular expression'),
  glob: z.string().max(500).optional().describe('grep_*: files to search, e.g. "src/**/*.ts"'),
  command: z.string().max(1000).optional().describe('shell_exit_zero only'),
});
export type AssertionDraft = z.infer<typeof AssertionDraft>;

export const Assertion = AssertionDraft.extend({
  id: z.string().regex(/^A-\d{3,}$/),
  challenge_id: ChallengeId.nullable(),
  status: z.enum(['PASS', 'FAIL', 'SKIPPED']).nullable(),
  failure_output: z.string().max(4000).nullable(),
});
export type Assertion = z.infer<typeof Assertion>;

// ── Challenge (seed 002 §1) ─────────────────────────────────────────────────

/** What a challenging agent writes. The engine assigns id, status and iteration. */
export const ChallengeDraft = z.object({
  ref: z.string().max(40).describe('Your own label for this challenge (e.g. "n1"), used by unknowns.affects_challenge'),
  quote: text(1000).describe('A verbatim excerpt of the plan this challenge concerns (used to pin it to a line)'),
  claim: text(),
  concern: text(),
  failure_scenario: text(),
  alternative: text(),
  severity: Severity,
  confidence: Confidence,
  probability: Likelihood.optional().describe('How likely the failure scenario is, judged apart from its severity; leave out when you cannot say'),
  evidence: z.array(Evidence).max(8).default([]),
  assertions: z.array(AssertionDraft).max(4).default([]).describe('Checks to run after implementation (verify-plan check) that would show the concern was handled'),
});
export type ChallengeDraft = z.infer<typeof ChallengeDraft>;

export const StatusChange = z.object({
  iteration: z.number().int().min(0),
  status: ChallengeStatus,
  note: z.string().max(2000).optional(),
});
export type StatusChange = z.infer<typeof StatusChange>;

export const Challenge = z.object({
  id: ChallengeId,
  origin: ChallengeOrigin,
  quote: z.string().max(1000),
  claim: z.string(),
  concern: z.string(),
  failure_scenario: z.string(),
  alternative: z.string(),
  severity: Severity,
  confidence: Confidence,
  probability: Likelihood.optional(),
  status: ChallengeStatus,
  resolution: z.string().default(''),
  iteration_introduced: z.number().int().min(1),
  evidence: z.array(Evidence).default([]),
  history: z.array(StatusChange).default([]),
  /** Set when a user decision settled it (acknowledge / override); carried to later runs. */
  user_decision: z.enum(['acknowledged', 'overridden', 'answered']).optional(),
  /** Set when the final audit showed its settlement did not hold and the engine reopened it: the audit's reason. */
  reopened_by_audit: z.string().max(2000).optional(),
  /** Set when the challenge was carried over from the last run of the same plan, unsettled there (see memory.ts). */
  carried: z
    .object({
      runId: z.string().max(200),
      id: z.string().max(40),
      fingerprint: z.string().max(64),
      /** The text it quoted is gone from the plan: it gets a fresh look, it is not settled by disappearing. */
      quoteRemoved: z.boolean(),
    })
    .optional(),
});
export type Challenge = z.infer<typeof Challenge>;

// ── Unknown (seed 002 §2) ───────────────────────────────────────────────────

export const UnknownDraft = z.object({
  description: text(2000),
  type: UnknownType,
  affects_challenge: z.string().max(40).nullable().describe('The ref (or existing id) of the challenge this unblocks'),
  suggested_query: text(1000),
});
export type UnknownDraft = z.infer<typeof UnknownDraft>;

export const Unknown = z.object({
  id: UnknownId,
  description: z.string(),
  type: UnknownType,
  affects_challenge: ChallengeId.nullable(),
  suggested_query: z.string(),
  resolution: UnknownResolution.nullable(),
  finding: z.string().nullable(),
  evidence: z.array(Evidence).default([]),
  iteration_introduced: z.number().int().min(1),
});
export type Unknown = z.infer<typeof Unknown>;

// ── Surfaced context (§3) and probed risk (§4) ──────────────────────────────

export const SurfacedDraft = z.object({
  source: SurfacedSource,
  location: text(500),
  relevance: text(2000),
  impact: SurfacedImpact,
  generates_challenge: z.string().max(40).nullable().describe('ref of a challenge in new_challenges, or null'),
});
export const SurfacedContext = SurfacedDraft.extend({
  id: SurfacedId,
  generates_challenge: ChallengeId.nullable(),
  iteration: z.number().int().min(1),
});
export type SurfacedContext = z.infer<typeof SurfacedContext>;

export const ProbedDraft = z.object({
  risk: text(2000),
  trigger: text(1000),
  cascade: text(2000),
  probability: Probability,
  severity: Severity,
  generates_challenge: z.string().max(40).nullable(),
});
export const ProbedRisk = ProbedDraft.extend({
  id: ProbedId,
  generates_challenge: ChallengeId.nullable(),
  iteration: z.number().int().min(1),
});
export type ProbedRisk = z.infer<typeof ProbedRisk>;

// ── Quality score (report-only; scoring rubric) ─────────────────────────────

export const QualityDimension = z.enum(['approach_soundness', 'risk_coverage', 'assumption_validity', 'integration_feasibility', 'unknowns_coverage', 'constraint_alignment']);
export type QualityDimension = z.infer<typeof QualityDimension>;

/** Seed 000: weights of the six dimensions; they sum to 1. */
export const QUALITY_WEIGHTS: Record<QualityDimension, number> = {
  approach_soundness: 0.25,
  risk_coverage: 0.2,
  assumption_validity: 0.15,
  integration_feasibility: 0.15,
  unknowns_coverage: 0.15,
  constraint_alignment: 0.1,
};

export const DimensionScore = z.object({
  score: z.number().int().min(1).max(10),
  evidence: text(1000).describe('One line: the evidence for this score'),
});
export const QualityScores = z.object(Object.fromEntries(QualityDimension.options.map((d) => [d, DimensionScore])) as Record<QualityDimension, typeof DimensionScore>);
export type QualityScores = z.infer<typeof QualityScores>;

// ── User checkpoint answers ─────────────────────────────────────────────────

export const CheckpointKind = z.enum(['blocked', 'stall', 'contradiction', 'max_iterations']);
export type CheckpointKind = z.infer<typeof CheckpointKind>;

export const UserAction = z.enum(['provide_context', 'acknowledge_risk', 'override', 'abort', 'continue']);
export type UserAction = z.infer<typeof UserAction>;

export const UserResponse = z.object({
  iteration: z.number().int().min(1),
  checkpoint: CheckpointKind,
  challenge_id: ChallengeId.nullable(),
  action: UserAction,
  text: z.string().max(8000).optional(),
});
export type UserResponse = z.infer<typeof UserResponse>;

// ── Iteration state (§5) ────────────────────────────────────────────────────

export const ConvergenceBlock = z.object({
  blocking_open: z.number().int().min(0),
  significant_open: z.number().int().min(0),
  status: ConvergenceStatus,
  resolved_this_iteration: z.number().int().min(0).default(0),
  created_this_iteration: z.number().int().min(0).default(0),
  degradation: z.boolean().default(false),
});
export type ConvergenceBlock = z.infer<typeof ConvergenceBlock>;

export const AgentFailure = z.object({
  role: AgentRole,
  iteration: z.number().int().min(1),
  kind: z.enum(['api_error', 'timeout', 'invalid_output', 'refusal', 'truncated', 'connection_lost', 'empty', 'cancelled', 'budget']),
  message: z.string().max(2000),
});
export type AgentFailure = z.infer<typeof AgentFailure>;

/** A challenge that did not fit the caps (§8): tagged DEFERRED_SURFACED and listed in the report. */
export const DeferredSurfaced = z.object({
  origin: ChallengeOrigin,
  severity: Severity,
  confidence: Confidence.optional(),
  probability: Likelihood.optional(),
  claim: z.string(),
  quote: z.string(),
  iteration: z.number().int().min(1),
  reason: z.string(),
});
export type DeferredSurfaced = z.infer<typeof DeferredSurfaced>;

/** A status change the engine refused (seed 002 §6: settling needs grounds); shown in the report. */
export const RefusedSettlement = z.object({
  iteration: z.number().int().min(1),
  id: z.string(),
  status: ChallengeStatus,
  reason: z.string(),
});
export type RefusedSettlement = z.infer<typeof RefusedSettlement>;

export const IterationState = z.object({
  iteration: z.number().int().min(1),
  plan_path: z.string(),
  plan_quality: PlanQuality,
  team_mode: TeamMode,
  challenges: z.array(Challenge),
  unknowns: z.array(Unknown),
  surfaced_contexts: z.array(SurfacedContext),
  probed_risks: z.array(ProbedRisk),
  convergence: ConvergenceBlock,
  user_responses: z.array(UserResponse),
  synthesizer_directives: z.array(z.string()),
  re_sweep: z.boolean().default(false),
  re_probe: z.boolean().default(false),
  quality_score: z.number().int().min(1).max(10).nullable(),
  deferred_surfaced: z.array(DeferredSurfaced).default([]),
  failures: z.array(AgentFailure).default([]),
  research_unavailable: z.boolean().default(false),
  assertions: z.array(Assertion).default([]),
  refused_settlements: z.array(RefusedSettlement).default([]),
  /** The synthesizer's account of this iteration (its DEGRADATION flag among it), for the report. */
  synthesizer_summary: z.string().max(4000).default(''),
  /** Research findings the synthesizer found contradictory (seed 001 checkpoint 4), for the report. */
  contradictions: z.array(z.string().max(2000)).max(4).default([]),
});
export type IterationState = z.infer<typeof IterationState>;
