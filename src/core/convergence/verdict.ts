/**
 * The final verdict from binary counts only (seed 002 §7, seed 000): the
 * quality score never enters here. Also the recommended next step and the
 * Technical Debt Warning.
 */
import type { Challenge, Verdict } from '../protocol';
import type { StopCause, VerdictLabel } from '../run-types';
import { CAPS, countOpen } from './counting';

/** §7: RETHINK on any BLOCKING open/unresolved; else by SIGNIFICANT count: 0 PROCEED, 1–2 REVISE, 3+ REVISE (strong). */
export function verdictOf(challenges: Challenge[]): { verdict: Verdict; label: VerdictLabel } {
  const { blocking_open, significant_open } = countOpen(challenges);
  if (blocking_open > 0) return { verdict: 'RETHINK', label: 'RETHINK' };
  if (significant_open === 0) return { verdict: 'PROCEED', label: 'PROCEED' };
  if (significant_open <= 2) return { verdict: 'REVISE', label: 'REVISE' };
  return { verdict: 'REVISE', label: 'REVISE (strong)' };
}

/** Seed 001 Step 4 recommendations, worded for the extension and the CLI. */
/** The next step after a run that stopped before its verdict was earned (cap, cancel, abort, failures). */
export function nextStepForStopped(cause: StopCause): string {
  if (cause === 'spending_cap') return 'Raise the spending cap (verifyPlan.spendingCapUsd, or --spending-cap) and verify again: not every challenge was evaluated.';
  if (cause === 'agent_failures') return 'See the failures below (and the log), fix what they name, then verify again.';
  return 'Verify again when you are ready: the run did not finish, so its challenges are not a verdict.';
}

export function nextStepFor(label: VerdictLabel): string {
  switch (label) {
    case 'PROCEED':
      return 'Run structural validation of the plan (if you use one), then execute it.';
    case 'PROCEED (trivial)':
      return 'The plan is trivial enough to execute as written; no agent team was needed.';
    case 'REVISE':
      return 'Change the plan for each challenge under "What to change", then re-run Verify Plan.';
    case 'REVISE (strong)':
      return 'Strongly recommended: address these before proceeding. Change the plan for each challenge under "What to change", then re-run Verify Plan.';
    case 'RETHINK':
      return 'Fundamental issues found. Do not move on to structural validation or execution; rework the approach for the challenges under "What to change" first, then re-run Verify Plan.';
    case 'ABORTED':
      return 'Verification was aborted at a checkpoint; the findings so far are shown. Re-run Verify Plan when the plan is ready.';
    case 'CANCELLED':
      return 'Verification was cancelled; the findings so far are shown. Re-run Verify Plan to get a verdict.';
    case 'FAILED':
      return 'Verification could not finish; see the error, then re-run Verify Plan.';
  }
}

/** §7 advisory: 5 or more DEFERRED challenges → the report lists them under "Technical Debt Warning". Never changes the verdict. */
export function technicalDebtWarning(challenges: Challenge[]): boolean {
  return challenges.filter((c) => c.status === 'DEFERRED').length >= CAPS.technicalDebtDeferred;
}
