/**
 * Seed 001 Step 4: the final verdict, the quality score and the one audit
 * shot, then the saved result.
 *
 * Contracts:
 * - The verdict is a function of the final statuses (seed 002 §7). The one
 *   status change here is the audit's: a settlement it shows wrongly made
 *   is reopened (convergence/audit.ts) before the verdict is computed.
 * - Every complete exit (converged, last iteration, DEGRADATION stop) carries
 *   the quality score of the last synthesis — labelled "Score (pre-rethink)"
 *   for RETHINK.
 * - The audit is seed 001 Step 4's "If converged, give Challenger ONE audit
 *   shot": exactly one call when the loop ended CONVERGED (seed 002 §7:
 *   PROCEED or REVISE), none after a FORCED_EXIT (a BLOCKING challenge left
 *   after the last iteration, → RETHINK) or a DEGRADATION stop, which end
 *   the loop without converging.
 */
import type { AuditorOutput, Challenge, IterationState, QualityScores } from '../protocol';
import type { QualityResult } from '../run-types';
import type { FinalParts, RunContext } from './run-context';
import type { LoopState } from './iteration';
import { auditorAgent } from '../agents';
import {
  REOPENED_BY_AUDIT,
  auditDiscrepancies,
  isOpenOrUnresolved,
  nextStepFor,
  nextStepForStopped,
  qualityLabel,
  qualityTotal,
  reopenWronglySettled,
  verdictOf,
} from '../convergence';
import { auditorMessage } from './messages';
import { capEnding, cancelledEnding, isCompleteEnding, reasonFor, type Ending } from './endings';
import { replaceLastSnapshot } from './snapshots';

export async function finalParts(ctx: RunContext, loop: LoopState, ending: Ending | null): Promise<FinalParts> {
  let state = loop.state;
  const before = verdictOf(state.challenges).label;
  const stopped = ending && (ending.verdict === 'ABORTED' || ending.verdict === 'CANCELLED' || ending.verdict === 'FAILED');

  let finalEnding = ending;
  let audit: AuditorOutput | null = null;
  const converged = ending === null && state.convergence.status === 'CONVERGED';
  if (isCompleteEnding(ending) && converged && loop.quality && !ctx.cancelled) {
    // The cap reached by the last synthesis skips the audit: say so, rather than report a complete run.
    if (ctx.capReached) finalEnding = capEnding(ctx, state);
    else audit = await runAudit(ctx, state, loop.quality, before);
  }
  // Step 4: the audit may decline to confirm the verdict. What it shows wrongly settled is reopened, and the statuses decide again.
  let reopened: string[] = [];
  if (audit && audit.wrongly_settled.length > 0) {
    const reopening = reopenWronglySettled(state.challenges, audit.wrongly_settled, state.iteration);
    reopened = reopening.reopened;
    if (reopened.length > 0) {
      state = { ...state, challenges: reopening.challenges };
    }
  }
  const { label } = verdictOf(state.challenges);
  const quality: QualityResult | null =
    loop.quality && !stopped ? { scores: loop.quality, total: qualityTotal(loop.quality), label: qualityLabel(verdictOf(state.challenges).verdict) } : null;
  // Seed 002 §5: quality_score is null until the final iteration, then the integer score.
  if (ctx.iterations.length > 0 && (quality || reopened.length)) replaceLastSnapshot(ctx, { ...state, quality_score: quality?.total ?? state.quality_score });

  if (ctx.cancelled && !finalEnding) finalEnding = cancelledEnding();
  const verdict = finalEnding?.verdict ?? label;
  const why = finalEnding?.reason ?? reasonFor(state, verdict);
  const audited = reopened.length ? ` ${reopened.join(', ')} ${reopened.length === 1 ? 'was' : 'were'} ${REOPENED_BY_AUDIT} (the verdict before the audit was ${before}).` : '';
  return {
    verdict,
    reason: `${why}${audited}`,
    // A stopped run's challenges were not all evaluated: its next step is to finish the run, not to act on a verdict.
    nextStep: finalEnding?.partial ? nextStepForStopped(finalEnding.cause) : nextStepFor(verdict),
    quality,
    audit,
    partial: finalEnding?.partial ?? false,
    stopCause: finalEnding?.cause ?? (state.convergence.status === 'CONVERGED' ? 'converged' : 'max_iterations'),
  };
}

/** Step 4's single audit shot; a failed audit call leaves the audit empty (the failure is recorded). */
async function runAudit(ctx: RunContext, state: IterationState, scores: QualityScores, verdict: string): Promise<AuditorOutput | null> {
  ctx.emit({ type: 'phase-started', iteration: state.iteration, phase: 'audit', roles: ['auditor'] });
  const result = await ctx.invoke(auditorAgent, state.iteration, auditorMessage(state, ctx.snapshotOf(state.iteration - 1), scores, verdict));
  if (!result.ok) return null;
  const discrepancies = auditDiscrepancies(scores, result.value);
  const wrongly_settled = flaggedSettlements(state.challenges, result.value.wrongly_settled);
  return { ...result.value, discrepancies, wrongly_settled, confirmed: discrepancies.length === 0 && wrongly_settled.length === 0 };
}

/** Flags that name a challenge that exists and is settled, once per id. */
export function flaggedSettlements(challenges: Challenge[], flags: AuditorOutput['wrongly_settled']): AuditorOutput['wrongly_settled'] {
  const settled = new Set(challenges.filter((c) => !isOpenOrUnresolved(c)).map((c) => c.id));
  const seen = new Set<string>();
  return flags.filter((f) => {
    if (!settled.has(f.id) || seen.has(f.id)) return false;
    seen.add(f.id);
    return true;
  });
}
