/**
 * One iteration of the convergence loop (seed 001 Step 3): 3a challenge →
 * 3b research → 3c synthesis → 3d evaluation, then the user checkpoints.
 *
 * DEGRADATION (seed 002 §8: the iteration created more challenges than it
 * resolved) is acted on in the next iteration: its challengers and its
 * synthesizer are told to tighten scope. A second DEGRADATION in a row ends
 * the loop as a completed run (synthesizer definition: "no convergence path
 * visible") with the verdict the statuses give.
 */
import type { Challenge, IterationState, QualityScores } from '../protocol';
import type { MemoryContext } from './messages';
import type { RunContext } from './run-context';
import { challengePhase, researchPhase, synthesisPhase } from './phases';
import { iterationCheckpoints } from './checkpoints';
import { closeIteration, inProgress, replaceLastSnapshot, saveAfterPhase } from './snapshots';
import { abortedEnding, cancelledEnding, capEnding, degradationEnding, forcedExit, type Ending } from './endings';
import { evaluateConvergence, gateResearchDirectives, isOpenOrUnresolved, netResolution } from '../convergence';
import { isChallengingRole, TEAMS } from '../teams';
import { describeFailure } from '../labels';

/** What the loop carries from one iteration to the next. */
export interface LoopState {
  state: IterationState;
  previous: IterationState | null;
  /** The quality scores of the latest successful synthesis. */
  quality: QualityScores | null;
  degradedBefore: boolean;
  /** Why RE-SWEEP / RE-PROBE were granted for the next iteration. */
  directedBy: string[];
}

export interface IterationStep {
  loop: LoopState;
  ending: Ending | null;
  /** The loop ends after this iteration (converged, forced exit, or an ending). */
  stop: boolean;
}

export const DEGRADATION_NOTE =
  'The previous iteration was a DEGRADATION (it created more challenges than it resolved). Tighten scope: withdraw restatements of existing challenges (cite the challenge they restate), and make a convergence assessment — decide every BLOCKING and SIGNIFICANT challenge on the evidence you have: settled where the evidence answers it, UNRESOLVED where nothing does.';

export async function runIteration(ctx: RunContext, loop: LoopState, iteration: number, context: { memory: MemoryContext | null; excluded: Challenge[] }): Promise<IterationStep> {
  const maxIterations = ctx.options.config.maxIterations;
  let state: IterationState = {
    ...loop.state,
    iteration,
    synthesizer_directives: loop.previous?.synthesizer_directives ?? [],
    failures: [],
    research_unavailable: false,
    synthesizer_summary: '',
    contradictions: [],
  };
  const atStart = state.challenges;
  const stopWith = (s: IterationState, ending: Ending, close = false): IterationStep => ({
    loop: { ...loop, state: close ? closeIteration(ctx, s, atStart, 'FORCED_EXIT') : s },
    ending,
    stop: true,
  });

  // 3a
  state = await challengePhase(ctx, state, context.memory, context.excluded, loop.degradedBefore);
  let ending = await saveAfterPhase(ctx, state);
  if (ending) return stopWith(state, ending);
  if (iteration === 1 && noChallengerAnswered(ctx, state)) {
    // Failure protocol 1 carries earlier challenges forward; in iteration 1 there are none, so nothing was verified.
    const first = ctx.failuresIn(1).find((f) => isChallengingRole(f.role));
    return stopWith(
      state,
      {
        verdict: 'FAILED',
        reason: `No challenger answered in iteration 1, so the plan was not verified. ${first ? `${describeFailure(first)} ` : ''}The log has each agent's error.`,
        partial: true,
        cause: 'agent_failures',
      },
      true,
    );
  }

  // 3b
  state = await researchPhase(ctx, state, loop.directedBy);
  ending = await saveAfterPhase(ctx, state);
  if (ending) return stopWith(state, ending);
  // Failure protocol 4: two or more failures in one iteration force an exit (before synthesis spends more).
  const failed = ctx.failuresIn(iteration).length;
  if (failed >= 2) return stopWith(state, forcedExit(state, `${failed} agents failed in iteration ${iteration}`), true);

  // 3c
  const synthesis = await synthesisPhase(ctx, state, loop.degradedBefore ? [DEGRADATION_NOTE] : []);
  if (!synthesis.ok) {
    // Failure protocol 3: synthesizer failure forces an exit with partial results.
    const why = ctx.cancelled
      ? cancelledEnding()
      : ctx.capReached
        ? capEnding(ctx, synthesis.state)
        : forcedExit(synthesis.state, `the synthesizer failed in iteration ${iteration} (${synthesis.message})`);
    return stopWith(synthesis.state, why, true);
  }
  // Assertions are checks to run after implementation (`verify-plan check`); before it they would only fail.
  state = synthesis.state;
  const quality = synthesis.output.quality;

  // 3d
  const net = netResolution(atStart, state.challenges, iteration);
  const stuck = net.degradation && loop.degradedBefore;
  const status = stuck ? 'FORCED_EXIT' : evaluateConvergence({ challenges: state.challenges, unknownsPending: pendingUnknowns(state), iteration, maxIterations });
  const gate = gateResearchDirectives({
    requested: { re_sweep: synthesis.output.re_sweep, re_probe: synthesis.output.re_probe },
    state,
    previous: loop.previous,
    iteration,
    maxIterations,
  });
  state = closeIteration(ctx, { ...state, re_sweep: gate.re_sweep, re_probe: gate.re_probe }, atStart, status);
  await ctx.save(inProgress(iteration), false);
  const next: LoopState = { state, previous: loop.previous, quality, degradedBefore: net.degradation, directedBy: gate.reasons };
  if (ctx.cancelled) return { loop: next, ending: cancelledEnding(), stop: true };
  if (stuck) return { loop: next, ending: degradationEnding(state), stop: true };

  const asked = await iterationCheckpoints(ctx, state, {
    status,
    blockingQuestion: synthesis.output.blocking_question,
    contradictions: synthesis.output.contradictions,
    previous: loop.previous,
  });
  state = asked.state;
  replaceLastSnapshot(ctx, state);
  const after: LoopState = { ...next, state, previous: state };
  if (asked.abortedAt) return { loop: after, ending: abortedEnding(asked.abortedAt), stop: true };
  return { loop: after, ending: null, stop: status === 'CONVERGED' || status === 'FORCED_EXIT' };
}

/** Unanswered unknowns that still matter: general ones, or ones tied to an open challenge. */
function pendingUnknowns(state: IterationState): number {
  const open = new Set(state.challenges.filter(isOpenOrUnresolved).map((c) => c.id));
  return state.unknowns.filter((u) => u.resolution === null && (u.affects_challenge === null || open.has(u.affects_challenge))).length;
}

function noChallengerAnswered(ctx: RunContext, state: IterationState): boolean {
  const failed = ctx.failuresIn(1).filter((f) => isChallengingRole(f.role));
  return failed.length >= TEAMS[state.team_mode].challengers.length;
}
