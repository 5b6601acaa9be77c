/**
 * Types shared by the loop and its front ends (CLI, extension, webview,
 * report). Everything here is plain data so it can be persisted as JSON and
 * posted to the webview; it imports only other data modules (./protocol), so
 * the browser-side panel can use it. What a Node-side caller passes to the
 * loop (provider, store, toolbox) is in ./run-options.
 */
import * as z from 'zod';
import {
  AgentFailure,
  AgentRole,
  AuditorOutput,
  CallRecord,
  CheckpointKind,
  IterationState,
  PlanQuality,
  QualityScores,
  TeamMode,
  Usage,
  UserAction,
  UserResponse,
} from './protocol';

/** Seed 001 Step 2 factors, each with the points it earned and why. */
export const ComplexityFactor = z.object({
  name: z.enum(['steps', 'domains', 'integrations', 'compliance', 'unknown_signals', 'referenced_files']),
  label: z.string(),
  points: z.number().int().min(0),
  max: z.number().int().min(0),
  detail: z.string(),
});
export type ComplexityFactor = z.infer<typeof ComplexityFactor>;

export const Assessment = z.object({
  score: z.number().int().min(0).max(16),
  factors: z.array(ComplexityFactor),
  unknownSignals: z.number().int().min(0),
  quality: PlanQuality,
  qualityReason: z.string(),
  team: TeamMode.nullable().describe('null when the plan is TRIVIAL: no team runs'),
  teamReason: z.string(),
  threshold: z.number().int(),
});
export type Assessment = z.infer<typeof Assessment>;

/** The verdict as shown to the user. */
export const VerdictLabel = z.enum(['PROCEED', 'PROCEED (trivial)', 'REVISE', 'REVISE (strong)', 'RETHINK', 'ABORTED', 'CANCELLED', 'FAILED']);
export type VerdictLabel = z.infer<typeof VerdictLabel>;

export const QualityResult = z.object({
  scores: QualityScores,
  /** Weighted sum rounded half up to an integer 1–10. */
  total: z.number().int().min(1).max(10),
  /** "Score (pre-rethink)" when the verdict is RETHINK. */
  label: z.string(),
});
export type QualityResult = z.infer<typeof QualityResult>;

export const StopCause = z.enum(['trivial', 'converged', 'max_iterations', 'cancelled', 'aborted', 'agent_failures', 'spending_cap', 'degradation']);
export type StopCause = z.infer<typeof StopCause>;

export const RunResult = z.object({
  version: z.literal(1),
  runId: z.string(),
  planPath: z.string(),
  planHash: z.string(),
  /** The plan as verified; lets a later run diff against it (memory). */
  planText: z.string().optional(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  assessment: Assessment,
  verdict: VerdictLabel,
  /** Why the run ended the way it did, in words a user understands. */
  reason: z.string(),
  nextStep: z.string(),
  /** One snapshot per completed iteration, in order; the last is the final state. */
  iterations: z.array(IterationState),
  quality: QualityResult.nullable(),
  audit: AuditorOutput.nullable(),
  failures: z.array(AgentFailure),
  calls: z.array(CallRecord),
  usage: Usage,
  costUsd: z.number().min(0),
  technicalDebtWarning: z.boolean(),
  /** Assertion confidence passed/total when assertions exist (seed 003). */
  confidence: z.object({ passed: z.number().int(), total: z.number().int() }).nullable(),
  partial: z.boolean().describe('true when cancelled, aborted, failed or cut by the spending cap'),
  /** Why the loop stopped; absent in results written before this field existed. */
  stopCause: StopCause.optional(),
  /** 1-based plan line of each challenge whose quote anchors in the plan, by challenge id (for surfaces that cannot parse the plan). */
  planLines: z.record(z.string(), z.number().int().positive()).optional(),
  /** false when the provider reports no token usage (the editor's `vscode.lm`): tokens and cost are unknown, not zero. Absent means reported. */
  usageReported: z.boolean().optional(),
});
export type RunResult = z.infer<typeof RunResult>;

export const CheckpointRequest = z.object({
  kind: CheckpointKind,
  iteration: z.number().int().min(1),
  challengeId: z.string().nullable(),
  title: z.string(),
  detail: z.string(),
  options: z.array(UserAction),
});
export type CheckpointRequest = z.infer<typeof CheckpointRequest>;

export type CheckpointAnswer = Pick<UserResponse, 'action' | 'text'>;

export type Phase = 'assess' | 'challenge' | 'research' | 'synthesis' | 'audit' | 'report';

/** Progress events, in the order the loop emits them. Every front end renders from these. */
export type RunEvent =
  | { type: 'run-started'; runId: string; planPath: string; assessment: Assessment; /** false: the provider reports no token usage (vscode.lm). */ usageReported?: boolean }
  | { type: 'phase-started'; iteration: number; phase: Phase; roles: AgentRole[] }
  | { type: 'agent-started'; iteration: number; role: AgentRole; model: string }
  | { type: 'agent-text'; iteration: number; role: AgentRole; delta: string }
  /** A model turn waits before a bounded retry (rate limit, overload, connection failure). */
  | { type: 'agent-retry'; iteration: number; role: AgentRole; attempt: number; maxRetries: number; waitMs: number; reason: string }
  /** The agent started thinking (no readable text streams meanwhile); `first` for its first thinking in this call. */
  | { type: 'agent-thinking'; iteration: number; role: AgentRole; first: boolean }
  | { type: 'agent-finished'; iteration: number; role: AgentRole; call: z.infer<typeof CallRecord> }
  | { type: 'agent-failed'; iteration: number; failure: AgentFailure }
  | { type: 'tool-called'; iteration: number; role: AgentRole; tool: string; summary: string; ok: boolean }
  | { type: 'iteration-finished'; iteration: number; state: IterationState; resolved: number; remaining: number; message: string }
  | { type: 'checkpoint'; request: CheckpointRequest }
  | { type: 'checkpoint-answered'; request: CheckpointRequest; answer: CheckpointAnswer }
  | { type: 'state-saved'; path: string }
  /** A save failed (the run goes on). `final`: it was the finished result, so this run is not kept. */
  | { type: 'state-not-saved'; error: string; final: boolean }
  | { type: 'run-finished'; result: RunResult };

export type RunEventListener = (event: RunEvent) => void;
