/**
 * The per-call user turn of each role. Everything variable lives here, after
 * the cached system prefix. Anything that came from the plan, the workspace,
 * a user or another agent is fenced as data.
 */
import type { IterationState, QualityScores, AgentRole } from '../protocol';
import type { Assessment } from '../run-types';
import { fence, stateForPrompt } from '../agents/shared';

export interface MemoryContext {
  /** Unified diff of the plan since the last run, or null when unchanged or unknown. */
  diff: string | null;
  /** Prior challenges and user decisions, already summarised for the prompt. */
  summary: string;
}

export function challengerMessage(input: {
  role: AgentRole;
  state: IterationState;
  iteration: number;
  maxIterations: number;
  nextChallengeId: number;
  assessment: Assessment;
  memory: MemoryContext | null;
}): string {
  const { state, iteration, maxIterations } = input;
  const parts = [`Task: iteration ${iteration} of at most ${maxIterations}.`];
  if (input.role === 'domain-expert') parts.push(`The plan's domains and integrations: ${domainsOf(input.assessment)}.`);
  if (iteration === 1) {
    parts.push('Full analysis: read the plan, then produce your challenges and unknowns.');
  } else {
    parts.push(
      `Focus on OPEN and UNRESOLVED challenges and on the directives and user responses below. Existing challenges are C1..C${input.nextChallengeId - 1}; do not restate them.`,
    );
    parts.push(fence('iteration_state', stateForPrompt(state, 'summary')));
  }
  if (input.memory) {
    parts.push(fence('previous_run', input.memory.summary));
    if (input.memory.diff) parts.push(fence('plan_changes_since_last_run', input.memory.diff));
  }
  return parts.join('\n\n');
}

export function resolverMessage(state: IterationState, pendingIds: string[]): string {
  const pending = state.unknowns.filter((u) => pendingIds.includes(u.id));
  const related = new Set(pending.map((u) => u.affects_challenge).filter(Boolean));
  const challenges = state.challenges
    .filter((c) => related.has(c.id))
    .map((c) => ({ id: c.id, severity: c.severity, claim: c.claim, concern: c.concern }));
  const data = JSON.stringify(
    { unknowns: pending.map((u) => ({ id: u.id, type: u.type, description: u.description, affects_challenge: u.affects_challenge, suggested_query: u.suggested_query })), challenges },
  );
  return `Task: resolve each of these unknowns (${pendingIds.join(', ')}) with the workspace tools.\n\n${fence('unknowns', data)}`;
}

export function researcherMessage(input: { state: IterationState; assessment: Assessment; goal: string | null; reasons: string[]; modes: ('surface' | 'probe')[] }): string {
  const modeText = input.modes.map((m) => (m === 'surface' ? 'Mode 2 (SURFACE)' : 'Mode 3 (PROBE)')).join(' then ');
  const parts = [
    `Task: execute ${modeText}. Plan goal: ${input.goal ? JSON.stringify(input.goal.slice(0, 400)) : 'see the plan'}. Key technologies and integrations: ${domainsOf(input.assessment)}.`,
  ];
  if (input.reasons.length) parts.push(`Directed because: ${input.reasons.join('; ')}`);
  parts.push(fence('iteration_state', stateForPrompt(input.state, 'summary')));
  return parts.join('\n\n');
}

export function synthesizerMessage(input: { state: IterationState; iteration: number; maxIterations: number; notes: string[] }): string {
  const final = input.iteration >= input.maxIterations;
  const parts = [
    `Task: synthesis for iteration ${input.iteration} of at most ${input.maxIterations}. Evaluate every challenge against the evidence and return your updates and directives.`,
    final
      ? 'This is the final synthesis: include "quality".'
      : 'Include "quality" only if, after your updates, no BLOCKING or SIGNIFICANT challenge remains OPEN or UNRESOLVED (the loop will then stop).',
  ];
  if (input.notes.length) parts.push(`Orchestrator notes: ${input.notes.join(' ')}`);
  parts.push(fence('iteration_state', stateForPrompt(input.state, 'full')));
  return parts.join('\n\n');
}

export function auditorMessage(state: IterationState, scores: QualityScores, verdict: string): string {
  return [
    `Task: audit the synthesizer's final verdict (${verdict}) and quality scores.`,
    fence('synthesizer_scores', JSON.stringify(scores)),
    fence('final_state', stateForPrompt(state, 'summary')),
  ].join('\n\n');
}

/** Domains and integrations as the complexity assessment found them (seed 001: "Key technologies"). */
export function domainsOf(assessment: Assessment): string {
  const details = assessment.factors
    .filter((f) => (f.name === 'domains' || f.name === 'integrations') && f.points > 0)
    .map((f) => f.detail);
  return details.length ? details.join('; ') : 'general software';
}
