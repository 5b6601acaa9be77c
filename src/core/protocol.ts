/**
 * The inter-agent protocol (seed 002): every entity the loop holds and every
 * agent output it accepts. This file is the single source of truth; JSON
 * Schemas in `schemas/` are generated from it (`npm run schemas`).
 *
 * Contract: anything an agent returns is parsed with these schemas; a parse
 * failure is an agent failure (failure protocol), never a crash.
 */
import * as z from 'zod';

// ── Enumerations (seed 002 §1–§6) ───────────────────────────────────────────

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

const ChallengeId = z.string().regex(/^C\d+$/, 'challenge ids look like C1, C12');
const UnknownId = z.string().regex(/^U\d+$/, 'unknown ids look like U1');
const SurfacedId = z.string().regex(/^S\d+$/, 'surfaced ids look like S1');
const ProbedId = z.string().regex(/^P\d+$/, 'probed ids look like P1');

const text = (max = 4000) => z.string().trim().min(1).max(max);

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
});
export type IterationState = z.infer<typeof IterationState>;

// ── Agent outputs ───────────────────────────────────────────────────────────

/** Challenger, domain expert and devil's advocate. */
export const ChallengerOutput = z.object({
  challenges: z.array(ChallengeDraft).max(12),
  unknowns: z.array(UnknownDraft).max(12).default([]),
});
export type ChallengerOutput = z.infer<typeof ChallengerOutput>;

/** Resolver, Mode 1 (RESOLVE). */
export const ResolverOutput = z.object({
  unknowns: z.array(
    z.object({
      id: UnknownId,
      resolution: UnknownResolution,
      finding: text(2000).describe('[VERIFIED: source | finding | impact] in words'),
      evidence: z.array(Evidence).max(6).default([]),
    }),
  ),
});
export type ResolverOutput = z.infer<typeof ResolverOutput>;

/** Researcher, Modes 2 (SURFACE) and 3 (PROBE) in one call. */
export const ResearcherOutput = z.object({
  surfaced: z.array(SurfacedDraft).max(10).default([]),
  probed: z.array(ProbedDraft).max(10).default([]),
  new_challenges: z.array(ChallengeDraft).max(6).default([]),
});
export type ResearcherOutput = z.infer<typeof ResearcherOutput>;

export const ChallengeUpdate = z.object({
  id: ChallengeId,
  status: ChallengeStatus,
  resolution: text(2000),
  evidence: z.array(Evidence).max(6).default([]),
});
export type ChallengeUpdate = z.infer<typeof ChallengeUpdate>;

export const SynthesizerOutput = z.object({
  updates: z.array(ChallengeUpdate),
  directives: z.array(z.string().max(1000)).max(8).default([]),
  re_sweep: z.boolean().default(false),
  re_probe: z.boolean().default(false),
  contradictions: z.array(z.string().max(2000)).max(4).default([]).describe('Research findings that contradict each other and need a user tiebreak'),
  blocking_question: z.string().max(2000).optional().describe('When a BLOCKING challenge needs the user: the specific question'),
  quality: QualityScores.describe('The plan as it stands after your updates; report-only, the engine keeps the score of the synthesis that ends the loop'),
  summary: z.string().max(4000).default(''),
});
export type SynthesizerOutput = z.infer<typeof SynthesizerOutput>;

export const AuditorOutput = z.object({
  confirmed: z.boolean().describe('true only when you found no score dispute and no wrongly settled challenge'),
  wrongly_settled: z
    .array(z.object({ id: ChallengeId, reason: text(2000).describe('Why the settlement does not hold: what the resolution or evidence misses') }))
    .max(8)
    .default([])
    .describe('Settled challenges whose resolution does not hold up'),
  discrepancies: z
    .array(
      z.object({
        dimension: QualityDimension,
        synthesizer_score: z.number().int().min(1).max(10),
        auditor_score: z.number().int().min(1).max(10),
        evidence: text(2000),
      }),
    )
    .max(6)
    .default([]),
  note: z.string().max(2000).default(''),
});
export type AuditorOutput = z.infer<typeof AuditorOutput>;

// ── Usage ───────────────────────────────────────────────────────────────────

export const Usage = z.object({
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  cache_read_input_tokens: z.number().int().min(0),
  cache_creation_input_tokens: z.number().int().min(0),
});
export type Usage = z.infer<typeof Usage>;

export const CallRecord = z.object({
  role: AgentRole,
  iteration: z.number().int().min(0),
  model: z.string(),
  usage: Usage,
  cost_usd: z.number().min(0),
  duration_ms: z.number().min(0),
  tool_calls: z.number().int().min(0).default(0),
  ok: z.boolean(),
});
export type CallRecord = z.infer<typeof CallRecord>;

/** Every schema that gets a JSON Schema file in `schemas/`. */
export const EXPORTED_SCHEMAS = {
  challenge: Challenge,
  unknown: Unknown,
  'surfaced-context': SurfacedContext,
  'probed-risk': ProbedRisk,
  'iteration-state': IterationState,
  assertion: Assertion,
  'challenger-output': ChallengerOutput,
  'resolver-output': ResolverOutput,
  'researcher-output': ResearcherOutput,
  'synthesizer-output': SynthesizerOutput,
  'auditor-output': AuditorOutput,
} as const;
