/**
 * Words the report (and the CLI's progress output) uses for protocol values,
 * so every front end names roles, dimensions and failures the same way.
 */
import type { AgentFailure, AgentRole, QualityDimension } from '../protocol';
import type { RunResult } from '../run-types';

export const ROLE_NAMES: Record<AgentRole, string> = {
  challenger: 'Challenger',
  'domain-expert': 'Domain expert',
  'devils-advocate': "Devil's advocate",
  resolver: 'Resolver',
  researcher: 'Researcher',
  synthesizer: 'Synthesizer',
  auditor: 'Auditor',
};

export const DIMENSION_NAMES: Record<QualityDimension, string> = {
  approach_soundness: 'Approach Soundness',
  risk_coverage: 'Risk Coverage',
  assumption_validity: 'Assumption Validity',
  integration_feasibility: 'Integration Feasibility',
  unknowns_coverage: 'Unknowns Coverage',
  constraint_alignment: 'Constraint Alignment',
};

const FAILURE_WORDS: Record<AgentFailure['kind'], string> = {
  api_error: 'the API call failed',
  timeout: 'it timed out',
  invalid_output: 'its answer did not match the expected format',
  refusal: 'the model declined to answer',
  truncated: 'its answer was cut off (too long)',
  empty: 'it returned no answer',
  cancelled: 'the run was cancelled',
  budget: 'the spending cap was reached before it could start',
};

/** "The Resolver failed in iteration 2: it timed out." */
export function describeFailure(f: AgentFailure): string {
  return `${ROLE_NAMES[f.role]} failed in iteration ${f.iteration}: ${FAILURE_WORDS[f.kind]}.`;
}

/** Why a partial run stopped early, in words; null when the run is complete. */
export function partialReason(result: Pick<RunResult, 'partial' | 'verdict' | 'failures' | 'reason' | 'stopCause'>): string | null {
  if (!result.partial && !['CANCELLED', 'ABORTED', 'FAILED'].includes(result.verdict)) return null;
  if (result.stopCause === 'spending_cap') return 'the spending cap was reached';
  if (result.stopCause === 'degradation') return 'the loop kept creating more challenges than it resolved (DEGRADATION)';
  // Results saved before `stopCause` existed: recognise the cap from its failure kind or the reason text.
  if (result.failures.some((f) => f.kind === 'budget') || /spending cap/i.test(result.reason)) return 'the spending cap was reached';
  if (result.verdict === 'CANCELLED') return 'the run was cancelled';
  if (result.verdict === 'ABORTED') return 'the run was aborted at a checkpoint';
  if (result.verdict === 'FAILED' || result.failures.length > 0) return 'agent failures forced an early exit';
  return 'the run did not finish';
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
