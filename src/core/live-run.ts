/**
 * What the panel and the status bar show while a run is in progress: the
 * LiveRun value that src/core/live-state.ts folds from the loop's RunEvents.
 * Plain data (zod schemas), so the webview protocol (src/shared) can carry it;
 * core owns it because core produces it.
 */
import * as z from 'zod';
import { AgentFailure, AgentRole, CallRecord, IterationState, Usage, UserResponse } from './protocol';
import { Assessment, CheckpointRequest, StopCause, VerdictLabel, type Phase } from './run-types';

export const LivePhase = z.enum(['assess', 'challenge', 'research', 'synthesis', 'audit', 'report']);
/** Compile-time proof that LivePhase and run-types' Phase list the same phases. */
const phasesMatch: [Phase, z.infer<typeof LivePhase>] extends [z.infer<typeof LivePhase>, Phase] ? true : never = true;
void phasesMatch;

export const LiveAgent = z.object({
  role: AgentRole,
  model: z.string(),
  iteration: z.number().int().min(0),
  /** Characters streamed so far: shows the agent is alive without shipping its text. */
  outputChars: z.number().int().min(0),
  /** Why the agent is waiting, e.g. "rate limited, retrying in 20 s"; cleared when text streams again. */
  waiting: z.string().optional(),
  /** A thinking block is streaming (it carries no readable text); cleared by text or a tool call. */
  thinking: z.boolean().default(false),
});
export type LiveAgent = z.infer<typeof LiveAgent>;

export const LiveToolCall = z.object({
  iteration: z.number().int().min(0),
  role: AgentRole,
  tool: z.string(),
  summary: z.string(),
  ok: z.boolean(),
});
export type LiveToolCall = z.infer<typeof LiveToolCall>;

export const AnsweredCheckpoint = z.object({
  request: CheckpointRequest,
  answer: UserResponse.pick({ action: true, text: true }),
});
export type AnsweredCheckpoint = z.infer<typeof AnsweredCheckpoint>;

export const LiveRun = z.object({
  runId: z.string(),
  planPath: z.string(),
  /** `waiting`: a checkpoint waits for the user's answer. */
  status: z.enum(['running', 'waiting', 'finished']),
  assessment: Assessment.nullable(),
  /** 0 before the first iteration starts. */
  iteration: z.number().int().min(0),
  phase: LivePhase.nullable(),
  phaseRoles: z.array(AgentRole),
  /** Agents working right now. */
  agents: z.array(LiveAgent),
  /** The most recent research tool calls, newest last (bounded). */
  tools: z.array(LiveToolCall),
  /** The latest progress line, e.g. "Iteration 2: 3 resolved, 2 remaining". */
  message: z.string(),
  /** One snapshot per finished iteration: the partial results. */
  iterations: z.array(IterationState),
  calls: z.array(CallRecord),
  failures: z.array(AgentFailure),
  checkpoint: CheckpointRequest.nullable(),
  answeredCheckpoints: z.array(AnsweredCheckpoint),
  usage: Usage,
  costUsd: z.number().min(0),
  /** false when the provider reports no token usage (vscode.lm): tokens and cost are unknown, not zero. */
  usageReported: z.boolean().default(true),
  verdict: VerdictLabel.nullable(),
  /** Why the loop stopped (the finished run's `stopCause`); null while running. */
  stopCause: StopCause.nullable().default(null),
  savedTo: z.string().nullable(),
});
export type LiveRun = z.infer<typeof LiveRun>;
