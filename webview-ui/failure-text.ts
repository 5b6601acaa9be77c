/**
 * Agent failures in words a user understands, with what the loop did about
 * them (seed 000, agent failure protocol).
 */
import type { AgentFailure } from '../src/core/protocol';
import { ROLE_NAMES } from './format';

const WHAT_HAPPENED: Record<AgentFailure['kind'], string> = {
  api_error: 'could not reach the model',
  timeout: 'did not answer in time',
  invalid_output: 'gave an answer that could not be read',
  refusal: 'declined to answer',
  truncated: 'was cut off before it finished',
  empty: 'returned an empty answer',
  cancelled: 'was stopped because the run was cancelled',
  budget: 'was not started because the spending cap was reached',
};

const CONSEQUENCE: Record<AgentFailure['role'], string> = {
  challenger: 'Its challenges from the previous iteration were carried forward.',
  'domain-expert': 'Its challenges from the previous iteration were carried forward.',
  'devils-advocate': 'Its challenges from the previous iteration were carried forward.',
  resolver: 'Open unknowns stay unanswered for this iteration.',
  researcher: 'Research was skipped for this iteration and is marked unavailable.',
  synthesizer: 'The run stopped early; the results are partial.',
  auditor: 'The quality score was not audited.',
};

export function describeFailure(f: AgentFailure): { headline: string; consequence: string } {
  return {
    headline: `${ROLE_NAMES[f.role]} ${WHAT_HAPPENED[f.kind]} (iteration ${f.iteration}).`,
    consequence: CONSEQUENCE[f.role],
  };
}

/** Iterations in which two or more agents failed: the loop stops there (failure protocol rule 4). */
export function forcedExitIterations(failures: readonly AgentFailure[]): number[] {
  const counts = new Map<number, number>();
  for (const f of failures) if (f.kind !== 'cancelled') counts.set(f.iteration, (counts.get(f.iteration) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= 2).map(([i]) => i).sort((a, b) => a - b);
}
