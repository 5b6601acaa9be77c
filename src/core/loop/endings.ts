/** How a run ends before, or instead of, its last iteration — and the words the report uses for each ending. */
import type { IterationState } from '../protocol';
import type { StopCause, VerdictLabel } from '../run-types';
import type { RunContext } from './run-context';
import { countOpen, verdictOf } from '../convergence';

export type Ending = { verdict: VerdictLabel; reason: string; partial: boolean; cause: StopCause };

/** Endings after which the run's findings are complete: the quality score and the audit belong to them. */
export function isCompleteEnding(ending: Ending | null): boolean {
  return ending === null || ending.cause === 'degradation';
}

export function cancelledEnding(): Ending {
  return { verdict: 'CANCELLED', reason: 'Cancelled by the user; the report shows the state reached so far.', partial: true, cause: 'cancelled' };
}

export function abortedEnding(where: string): Ending {
  return { verdict: 'ABORTED', reason: `Aborted by the user ${where}.`, partial: true, cause: 'aborted' };
}

export function capEnding(ctx: RunContext, state: IterationState): Ending {
  const cap = ctx.options.config.spendingCapUsd.toFixed(2);
  return {
    verdict: verdictOf(state.challenges).label,
    reason: `Stopped at the spending cap ($${cap}); not every challenge was evaluated.`,
    partial: true,
    cause: 'spending_cap',
  };
}

export function forcedExit(state: IterationState, why: string): Ending {
  return { verdict: verdictOf(state.challenges).label, reason: `Stopped early: ${why}. The verdict is based on partial results.`, partial: true, cause: 'agent_failures' };
}

/**
 * Seed 002 §8 / synthesizer "no convergence path visible": two DEGRADATION
 * iterations in a row end the loop. The run is complete — every challenge
 * was evaluated — so the verdict comes from the statuses as always.
 */
export function degradationEnding(state: IterationState): Ending {
  const verdict = verdictOf(state.challenges).label;
  return {
    verdict,
    reason: `Stopped after iteration ${state.iteration}: two iterations in a row created more challenges than they resolved, so more iterations would add challenges, not answers. ${reasonFor(state, verdict)}`,
    partial: false,
    cause: 'degradation',
  };
}

export function reasonFor(state: IterationState, verdict: VerdictLabel): string {
  const { blocking_open, significant_open } = countOpen(state.challenges);
  const n = state.iteration;
  const iterations = `${n} iteration${n === 1 ? '' : 's'}`;
  switch (verdict) {
    case 'PROCEED':
      return `Converged after ${iterations}: no BLOCKING or SIGNIFICANT challenge remains open.`;
    case 'REVISE':
    case 'REVISE (strong)':
      return `No BLOCKING challenge remains; ${significant_open} SIGNIFICANT challenge${significant_open === 1 ? '' : 's'} open or unresolved after ${iterations}.`;
    case 'RETHINK':
      return `${blocking_open} BLOCKING challenge${blocking_open === 1 ? '' : 's'} still open or unresolved after ${iterations}.`;
    default:
      return '';
  }
}
