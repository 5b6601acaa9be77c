/**
 * The per-call user turn of each role. Everything variable lives here, after
 * the cached system prefix. Anything that came from the plan, the workspace,
 * a user or another agent is fenced as data.
 */
import type { IterationState, QualityScores, AgentRole } from '../protocol';
import type { Assessment } from '../run-types';
import { fence, stateForPrompt } from '../agents/shared';
import { currentIteration } from '../agents/iteration-record';

export interface MemoryContext {
  /** Unified diff of the plan since the last run, or null when unchanged or unknown. */
  diff: string | null;
  /** Prior challenges and user decisions, already summarised for the prompt. */
  summary: string;
}

export function challengerMessage(input: {
  role: AgentRole;
  state: IterationState;
  /** The closed snapshot of the previous iteration: the record's newest entry (null in iteration 1). */
  before: IterationState | null;
  iteration: number;
  maxIterations: number;
  nextChallengeId: number;
  assessment: Assessment;
  memory: MemoryContext | null;
  /** The previous iteration was a DEGRADATION (seed 002 §8): tighten scope. */
  tighten?: boolean;
}): string {
  const { state, iteration, maxIterations } = input;
  const parts = [`Task: iteration ${iteration} of at most ${maxIterations}.`];
  if (input.role === 'domain-expert') parts.push(`The plan's domains and integrations: ${domainsOf(input.assessment)}.`);
  if (iteration === 1) {
    parts.push('Full analysis: read the plan, then produce your challenges and unknowns.');
  } else {
    parts.push(
      `Later iteration. Every challenge so far is in the iteration records above, in full, with the directives for this iteration and the user responses; what changed since is below. Existing challenges are C1..C${input.nextChallengeId - 1}; do not restate them. Add a challenge only for a problem none of them covers.`,
    );
    if (input.tighten) {
      parts.push(
        'Tighten scope: the previous iteration created more challenges than it resolved (DEGRADATION). Add a new challenge only if it is BLOCKING and you hold it with HIGH confidence; otherwise answer with an empty list.',
      );
    }
    parts.push(fence('iteration_state', currentIteration(input.before, state)));
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
  const challenges = state.challenges.filter((c) => related.has(c.id)).map((c) => ({ id: c.id, severity: c.severity, claim: c.claim, concern: c.concern }));
  const data = JSON.stringify({
    unknowns: pending.map((u) => ({ id: u.id, type: u.type, description: u.description, affects_challenge: u.affects_challenge, suggested_query: u.suggested_query })),
    challenges,
  });
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

export function synthesizerMessage(input: { state: IterationState; before: IterationState | null; iteration: number; maxIterations: number; notes: string[] }): string {
  const final = input.iteration >= input.maxIterations;
  const parts = [
    `Task: synthesis for iteration ${input.iteration} of at most ${input.maxIterations}. Evaluate every challenge against the evidence and return your updates and directives.`,
    final
      ? 'This is the last iteration: no directive will be acted on. Decide each BLOCKING and SIGNIFICANT challenge on the evidence you have: settle it only where the evidence answers it; one that nothing answers stays UNRESOLVED (or OPEN while its evidence is pending), and that is an honest answer.'
      : 'Score "quality" for the plan as it stands after your updates; if the loop ends here, this is the score the report shows.',
  ];
  if (input.notes.length) parts.push(`Orchestrator notes: ${input.notes.join(' ')}`);
  if (input.before)
    parts.push('Earlier iterations are in the iteration records above; this iteration so far (new challenges in full, every change since the newest record) is below.');
  parts.push(fence('iteration_state', currentIteration(input.before, input.state)));
  return parts.join('\n\n');
}

export function auditorMessage(state: IterationState, before: IterationState | null, scores: QualityScores, verdict: string): string {
  const settled = state.challenges
    .filter((c) => c.status !== 'OPEN' && c.status !== 'UNRESOLVED')
    .map((c) => ({
      id: c.id,
      origin: c.origin,
      severity: c.severity,
      confidence: c.confidence,
      status: c.status,
      quote: c.quote,
      claim: c.claim,
      concern: c.concern,
      failure_scenario: c.failure_scenario,
      alternative: c.alternative,
      resolution: c.resolution,
      evidence: c.evidence.map((e) => ({ source: e.source, path: e.path, line: e.line, quote: e.quote, finding: e.finding, checked: e.checked })),
      user_decision: c.user_decision,
    }));
  return [
    `Task: audit the final verdict (${verdict}, computed by the engine from the challenge statuses) and the synthesizer's quality scores. Check every settled challenge below: does its resolution and evidence really answer its concern and failure scenario?`,
    fence('synthesizer_scores', JSON.stringify(scores)),
    fence('settled_challenges', JSON.stringify(settled)),
    ...(before ? ['The final state: the iteration records above, then the last iteration below.'] : []),
    fence('final_state', currentIteration(before, state)),
  ].join('\n\n');
}

/** Domains and integrations as the complexity assessment found them (seed 001: "Key technologies"). */
export function domainsOf(assessment: Assessment): string {
  const details = assessment.factors.filter((f) => (f.name === 'domains' || f.name === 'integrations') && f.points > 0).map((f) => f.detail);
  return details.length ? details.join('; ') : 'general software';
}
