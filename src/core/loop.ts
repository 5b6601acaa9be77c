/**
 * The orchestrator (seed 001 Steps 2–4): assessment, the convergence loop
 * (3a challenge → 3b research → 3c synthesis → 3d evaluation), checkpoints,
 * the final audit and the result.
 *
 * Contracts:
 * - `runVerification` never rejects because of agents, models, the network
 *   or storage; it always resolves with a (possibly partial) RunResult.
 * - Loop control uses binary resolution counts only (convergence.ts). The
 *   quality score is taken from the last synthesis and never steers.
 * - A snapshot is persisted after every phase, so a crash loses at most the
 *   phase in flight.
 * - DEGRADATION (net-resolution rule broken) tightens the next iteration's
 *   scope; two consecutive DEGRADATION iterations force an exit (synthesizer
 *   rule: "no convergence path visible").
 */
import type { Challenge, IterationState, QualityScores } from './protocol';
import type { RunOptions, RunResult, StopCause, VerdictLabel, QualityResult } from './run-types';
import type { MemoryContext } from './loop/messages';
import { parsePlan } from './plan';
import { assess } from './complexity';
import { RunContext, type FinalParts } from './loop/run-context';
import { emptyIterationState } from './loop/state';
import { challengePhase, researchPhase, synthesisPhase } from './loop/phases';
import { ask, BLOCKED_OPTIONS, describeChallenge } from './loop/checkpoints';
import { auditorMessage } from './loop/messages';
import { auditorAgent } from './agents';
import {
  auditDiscrepancies,
  countOpen,
  evaluateConvergence,
  gateResearchDirectives,
  isOpenOrUnresolved,
  isStalled,
  netResolution,
  nextStepFor,
  qualityLabel,
  qualityTotal,
  verdictOf,
} from './convergence';
import { runAssertions } from './research/assertions';
import { carryForward } from './memory';

type Ending = { verdict: VerdictLabel; reason: string; partial: boolean; cause: StopCause };

export async function runVerification(options: RunOptions): Promise<RunResult> {
  const plan = parsePlan(options.planText);
  const config = options.config;
  const assessment = assess(plan, { team: config.team, threshold: config.threshold });
  const ctx = new RunContext(options, plan, assessment);
  ctx.emit({ type: 'run-started', runId: ctx.runId, planPath: options.planPath, assessment });

  if (assessment.team === null) {
    const parts: FinalParts = { verdict: 'PROCEED (trivial)', reason: assessment.qualityReason, nextStep: nextStepFor('PROCEED (trivial)'), quality: null, audit: null, partial: false, stopCause: 'trivial' };
    return finish(ctx, parts);
  }

  const { memory, excluded } = recall(options);
  let state = emptyIterationState(options.planPath, assessment.quality === 'TRIVIAL' ? 'THIN' : assessment.quality, assessment.team);
  let previous: IterationState | null = null;
  let ending: Ending | null = null;
  let quality: QualityScores | null = null;
  let degradedBefore = false;
  let directedBy: string[] = [];

  for (let iteration = 1; iteration <= config.maxIterations && !ending; iteration++) {
    state = { ...state, iteration, synthesizer_directives: previous?.synthesizer_directives ?? [], failures: [], research_unavailable: false };
    const atStart = state.challenges;

    // 3a
    state = await challengePhase(ctx, state, iteration === 1 ? memory : null, excluded);
    ending = await checkpointSave(ctx, state, iteration);
    if (ending) break;
    if (iteration === 1 && noChallengerAnswered(ctx, state)) {
      // Failure protocol 1 carries earlier challenges forward; in iteration 1 there are none, so nothing was verified.
      ending = { verdict: 'FAILED', reason: 'No challenger produced a challenge brief in iteration 1, so the plan was not verified. See the agent failures.', partial: true, cause: 'agent_failures' };
      state = closeIteration(ctx, state, atStart, 'FORCED_EXIT');
      break;
    }

    // 3b
    state = await researchPhase(ctx, state, directedBy);
    ending = await checkpointSave(ctx, state, iteration);
    if (ending) break;

    // Failure protocol 4: two or more failures in one iteration force an exit (before synthesis spends more).
    if (ctx.failuresIn(iteration).length >= 2) {
      ending = forcedExit(state, `${ctx.failuresIn(iteration).length} agents failed in iteration ${iteration}`, 'agent_failures');
      state = closeIteration(ctx, state, atStart, 'FORCED_EXIT');
      break;
    }

    // 3c
    const notes = degradedBefore ? ['The previous iteration was a DEGRADATION: tighten scope, prefer resolving or withdrawing restatements over new work.'] : [];
    const synthesis = await synthesisPhase(ctx, state, notes);
    if (!synthesis.ok) {
      // Failure protocol 3: synthesizer failure forces an exit with partial results.
      ending = ctx.cancelled ? cancelledEnding() : ctx.capReached ? capEnding(ctx, synthesis.state) : forcedExit(synthesis.state, `the synthesizer failed in iteration ${iteration} (${synthesis.message})`, 'agent_failures');
      state = closeIteration(ctx, synthesis.state, atStart, 'FORCED_EXIT');
      break;
    }
    state = synthesis.state;
    if (synthesis.output.quality) quality = synthesis.output.quality;
    state = await assertionsRun(ctx, state);

    // 3d
    const net = netResolution(atStart, state.challenges, iteration);
    const tooManyFailures = ctx.failuresIn(iteration).length >= 2;
    const stuck = net.degradation && degradedBefore;
    let status = evaluateConvergence({
      challenges: state.challenges,
      unknownsPending: pendingUnknowns(state),
      iteration,
      maxIterations: config.maxIterations,
      forcedExit: tooManyFailures || stuck,
    });
    degradedBefore = net.degradation;
    const gate = gateResearchDirectives({ requested: { re_sweep: synthesis.output.re_sweep, re_probe: synthesis.output.re_probe }, state, previous, iteration, maxIterations: config.maxIterations });
    state = { ...state, re_sweep: gate.re_sweep, re_probe: gate.re_probe };
    directedBy = gate.reasons;
    state = closeIteration(ctx, state, atStart, status);
    await ctx.save(inProgress(iteration), false);
    if (ctx.cancelled) {
      ending = cancelledEnding();
      break;
    }
    if (tooManyFailures) ending = forcedExit(state, `${ctx.failuresIn(iteration).length} agents failed in iteration ${iteration}`, 'agent_failures');
    else if (stuck) ending = forcedExit(state, 'two consecutive iterations created more challenges than they resolved (DEGRADATION) — no convergence path', 'degradation');
    if (ending) break;

    // Checkpoints (seed 001): BLOCKED, contradictory findings, stall.
    if (status === 'BLOCKED') {
      for (const c of state.challenges.filter((x) => x.severity === 'BLOCKING' && isOpenOrUnresolved(x))) {
        const outcome = await ask(ctx, state, 'blocked', c, `${c.id} is BLOCKING`, describeChallenge(c, synthesis.output.blocking_question), BLOCKED_OPTIONS);
        state = outcome.state;
        if (outcome.abort) ending = { verdict: 'ABORTED', reason: `Aborted by the user at the BLOCKED checkpoint for ${c.id}.`, partial: true, cause: 'aborted' };
        if (ending) break;
      }
      status = reevaluate(state, iteration, config.maxIterations);
    }
    if (!ending && synthesis.output.contradictions.length > 0 && status !== 'CONVERGED') {
      const outcome = await ask(ctx, state, 'contradiction', null, 'Research findings contradict each other', synthesis.output.contradictions.join('\n'), ['provide_context', 'continue', 'abort']);
      state = outcome.state;
      if (outcome.abort) ending = { verdict: 'ABORTED', reason: 'Aborted by the user at a contradiction checkpoint.', partial: true, cause: 'aborted' };
    }
    if (!ending && status === 'CONTINUE' && previous && isStalled(previous.challenges, state.challenges)) {
      const outcome = await ask(ctx, state, 'stall', null, 'No progress since the last iteration', `Iteration ${iteration} changed no challenge status. Continue?`, ['continue', 'abort']);
      if (outcome.abort) ending = { verdict: 'ABORTED', reason: 'Aborted by the user after a convergence stall.', partial: true, cause: 'aborted' };
    }
    replaceLastSnapshot(ctx, state);
    previous = state;
    if (status === 'CONVERGED' || status === 'FORCED_EXIT') break;
  }

  // Seed 001 checkpoint 3: max iterations with a BLOCKING still open — the user may settle it.
  if (!ending && countOpen(state.challenges).blocking_open > 0 && options.onCheckpoint) {
    for (const c of state.challenges.filter((x) => x.severity === 'BLOCKING' && isOpenOrUnresolved(x))) {
      const outcome = await ask(ctx, state, 'max_iterations', c, `${c.id} is still BLOCKING after the last iteration`, describeChallenge(c), ['acknowledge_risk', 'override', 'continue']);
      state = outcome.state;
    }
    replaceLastSnapshot(ctx, state);
  }

  const verdict = ending?.verdict ?? verdictOf(state.challenges).label;
  const base = ending ? (['ABORTED', 'CANCELLED'].includes(ending.verdict) ? null : verdictOf(state.challenges).verdict) : verdictOf(state.challenges).verdict;
  const qualityResult: QualityResult | null = quality && base ? { scores: quality, total: qualityTotal(quality), label: qualityLabel(base) } : null;
  // Seed 002 §5: quality_score is null until the final iteration, then the integer score.
  if (qualityResult && ctx.iterations.length > 0) replaceLastSnapshot(ctx, { ...state, quality_score: qualityResult.total });
  let audit = null;
  // The cap reached by the last synthesis skips the audit: say so, rather than report a complete run.
  if (!ending && ctx.capReached && quality && base) ending = capEnding(ctx, state);
  // Step 4: one audit shot over the final scores (also for RETHINK, whose score is shown as pre-rethink).
  if (!ending && quality && base && !ctx.cancelled) {
    ctx.emit({ type: 'phase-started', iteration: state.iteration, phase: 'audit', roles: ['auditor'] });
    const result = await ctx.invoke(auditorAgent, state.iteration, auditorMessage(state, quality, base));
    if (result.ok) audit = { ...result.value, discrepancies: auditDiscrepancies(quality, result.value) };
  }
  const finalEnding = ctx.cancelled && !ending ? cancelledEnding() : ending;
  return finish(ctx, {
    verdict: finalEnding?.verdict ?? verdict,
    reason: finalEnding?.reason ?? reasonFor(state, verdict),
    nextStep: nextStepFor(finalEnding?.verdict ?? verdict),
    quality: qualityResult,
    audit,
    partial: finalEnding?.partial ?? false,
    stopCause: finalEnding?.cause ?? (state.convergence.status === 'CONVERGED' ? 'converged' : 'max_iterations'),
  });
}

async function finish(ctx: RunContext, parts: FinalParts): Promise<RunResult> {
  ctx.emit({ type: 'phase-started', iteration: ctx.iterations.length, phase: 'report', roles: [] });
  const result = await ctx.save(parts, true);
  ctx.emit({ type: 'run-finished', result });
  return result;
}

/** After each phase: persist, and stop cleanly on cancel or the spending cap. */
async function checkpointSave(ctx: RunContext, state: IterationState, iteration: number): Promise<Ending | null> {
  const snapshot = { ...state, convergence: { ...state.convergence, ...countOpen(state.challenges) } };
  replaceOrPush(ctx, snapshot, iteration);
  await ctx.save(inProgress(iteration), false);
  if (ctx.cancelled) return cancelledEnding();
  if (ctx.capReached) return capEnding(ctx, state);
  return null;
}

/** What a snapshot saved mid-run says: unfinished, so a crash leaves a readable partial result. */
function inProgress(iteration: number): FinalParts {
  return { verdict: 'CANCELLED', reason: `In progress: iteration ${iteration}.`, nextStep: 'Wait for the run to finish, or re-run Verify Plan.', quality: null, audit: null, partial: true };
}

function capEnding(ctx: RunContext, state: IterationState): Ending {
  const cap = ctx.options.config.spendingCapUsd.toFixed(2);
  return { verdict: verdictOf(state.challenges).label, reason: `Stopped at the spending cap ($${cap}); the verdict reflects unfinished evaluation.`, partial: true, cause: 'spending_cap' };
}

function replaceOrPush(ctx: RunContext, snapshot: IterationState, iteration: number): void {
  const last = ctx.iterations[ctx.iterations.length - 1];
  if (last && last.iteration === iteration) ctx.iterations[ctx.iterations.length - 1] = snapshot;
  else ctx.iterations.push(snapshot);
}

function replaceLastSnapshot(ctx: RunContext, state: IterationState): void {
  replaceOrPush(ctx, { ...state, convergence: { ...state.convergence, ...countOpen(state.challenges) } }, state.iteration);
}

/** 3d bookkeeping: convergence block, snapshot, the seed's progress line. */
function closeIteration(ctx: RunContext, state: IterationState, atStart: Challenge[], status: IterationState['convergence']['status']): IterationState {
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

/** Unanswered unknowns that still matter: general ones, or ones tied to an open challenge. */
function pendingUnknowns(state: IterationState): number {
  const open = new Set(state.challenges.filter(isOpenOrUnresolved).map((c) => c.id));
  return state.unknowns.filter((u) => u.resolution === null && (u.affects_challenge === null || open.has(u.affects_challenge))).length;
}

function noChallengerAnswered(ctx: RunContext, state: IterationState): boolean {
  const challengers = state.team_mode === 'scaled' ? 3 : 1;
  const failed = ctx.failuresIn(1).filter((f) => f.role === 'challenger' || f.role === 'domain-expert' || f.role === 'devils-advocate');
  return failed.length >= challengers;
}

function reevaluate(state: IterationState, iteration: number, maxIterations: number) {
  return evaluateConvergence({ challenges: state.challenges, unknownsPending: 0, iteration, maxIterations });
}

function forcedExit(state: IterationState, why: string, cause: StopCause): Ending {
  return { verdict: verdictOf(state.challenges).label, reason: `Forced exit: ${why}. The verdict is based on partial results.`, partial: true, cause };
}

function cancelledEnding(): Ending {
  return { verdict: 'CANCELLED', reason: 'Cancelled by the user; the report shows the state reached so far.', partial: true, cause: 'cancelled' };
}

function reasonFor(state: IterationState, verdict: VerdictLabel): string {
  const { blocking_open, significant_open } = countOpen(state.challenges);
  const n = state.iteration;
  switch (verdict) {
    case 'PROCEED':
      return `Converged after ${n} iteration${n === 1 ? '' : 's'}: no BLOCKING or SIGNIFICANT challenge remains open.`;
    case 'REVISE':
    case 'REVISE (strong)':
      return `No BLOCKING challenge remains; ${significant_open} SIGNIFICANT challenge${significant_open === 1 ? '' : 's'} unresolved after ${n} iteration${n === 1 ? '' : 's'}.`;
    case 'RETHINK':
      return `${blocking_open} BLOCKING challenge${blocking_open === 1 ? '' : 's'} still open after ${n} iteration${n === 1 ? '' : 's'}.`;
    default:
      return '';
  }
}


/** Memory of the last run: the challenger sees a summary and the plan diff; user-settled challenges are not re-raised. */
function recall(options: RunOptions): { memory: MemoryContext | null; excluded: Challenge[] } {
  if (!options.previous) return { memory: null, excluded: [] };
  try {
    const carried = carryForward(options.previous, options.planText);
    const excluded = carried.priorChallenges.filter((c) => c.user_decision === 'acknowledged' || c.user_decision === 'overridden');
    const listed = carried.priorChallenges
      .slice(0, 12)
      .map((c) => `- last run's ${c.id} [${c.severity}, ${c.status}${c.user_decision ? `, user ${c.user_decision}` : ''}]: ${c.claim.slice(0, 200)}`);
    const summary = listed.length ? `${carried.summary}\nEarlier challenges (ids from the last run):\n${listed.join('\n')}` : carried.summary;
    return { memory: { diff: carried.diff, summary }, excluded };
  } catch {
    return { memory: null, excluded: [] };
  }
}

async function assertionsRun(ctx: RunContext, state: IterationState): Promise<IterationState> {
  const root = ctx.options.workspaceRoot;
  if (!root || state.assertions.length === 0) return state;
  try {
    const assertions = await runAssertions(root, state.assertions, {
      allowShell: ctx.options.config.allowShellAssertions,
      trusted: ctx.options.trusted ?? false,
      denyGlobs: ctx.options.config.denyGlobs,
      signal: ctx.signal,
    });
    return { ...state, assertions };
  } catch {
    return state;
  }
}
