/**
 * The run's iteration snapshots: one per iteration, replaced as the
 * iteration advances, persisted after every phase so a crash loses at most
 * the phase in flight.
 */
import type { Challenge, ConvergenceStatus, IterationState } from '../protocol';
import type { RunContext, FinalParts } from './run-context';
import { countOpen, isOpenOrUnresolved, netResolution } from '../convergence';
import { cancelledEnding, capEnding, type Ending } from './endings';

export function replaceOrPush(ctx: RunContext, snapshot: IterationState, iteration: number): void {
  const last = ctx.iterations[ctx.iterations.length - 1];
  if (last && last.iteration === iteration) ctx.iterations[ctx.iterations.length - 1] = snapshot;
  else ctx.iterations.push(snapshot);
}

export function replaceLastSnapshot(ctx: RunContext, state: IterationState): void {
  replaceOrPush(ctx, { ...state, convergence: { ...state.convergence, ...countOpen(state.challenges) } }, state.iteration);
}

/** What a snapshot saved mid-run says: unfinished, so a crash leaves a readable partial result. */
export function inProgress(iteration: number): FinalParts {
  return {
    verdict: 'CANCELLED',
    reason: `In progress: iteration ${iteration}.`,
    nextStep: 'Wait for the run to finish, or re-run Verify Plan.',
    quality: null,
    audit: null,
    partial: true,
  };
}

/** After each phase: persist, and stop cleanly on cancel or the spending cap. */
export async function saveAfterPhase(ctx: RunContext, state: IterationState): Promise<Ending | null> {
  replaceLastSnapshot(ctx, state);
  await ctx.save(inProgress(state.iteration), false);
  if (ctx.cancelled) return cancelledEnding();
  if (ctx.capReached) return capEnding(ctx, state);
  return null;
}

/** 3d bookkeeping: convergence block, snapshot, the seed's progress line. */
export function closeIteration(ctx: RunContext, state: IterationState, atStart: Challenge[], status: ConvergenceStatus): IterationState {
  const net = netResolution(atStart, state.challenges, state.iteration);
  const counts = countOpen(state.challenges);
  const closed: IterationState = {
    ...state,
    failures: ctx.failuresIn(state.iteration),
    convergence: { ...counts, status, resolved_this_iteration: net.resolved, created_this_iteration: net.created, degradation: net.degradation },
  };
  replaceOrPush(ctx, closed, state.iteration);
  const settled = closed.challenges.filter((c) => !isOpenOrUnresolved(c)).length;
  const remaining = closed.challenges.length - settled;
  const message = `Iteration ${state.iteration}: ${settled} resolved, ${remaining} remaining`;
  ctx.emit({ type: 'iteration-finished', iteration: state.iteration, state: closed, resolved: settled, remaining, message });
  return closed;
}
