/**
 * Derives what the panel draws from a PanelState: one view for a finished
 * run and for a run in progress. Pure functions, no DOM.
 */
import type { AgentFailure, AgentRole, Assertion, AuditorOutput, Challenge, ChallengeStatus, ConvergenceStatus, IterationState, Usage, UserResponse } from '../src/core/protocol';
import { endedEarly, forcedExitIteration, modelsOfRun, partialReason, stopActions, stopCauseOf, type StopAction } from '../src/core/labels';
import type { Assessment, QualityResult, RunResult, VerdictLabel } from '../src/core/run-types';
import type { AnsweredCheckpoint, LiveRun, PanelState } from '../src/shared/webview-protocol';
import { currentDecisions, type ChallengeDecision } from './decisions';

export interface IterationSummary {
  iteration: number;
  opened: number;
  resolved: number;
  blockingOpen: number;
  significantOpen: number;
  status: ConvergenceStatus;
  degradation: boolean;
  researchUnavailable: boolean;
  reSweep: boolean;
  reProbe: boolean;
  /** User answers recorded in this iteration's state (checkpoints). */
  userResponses: UserResponse[];
  /** Checkpoints answered during a live run, before the iteration's snapshot exists. */
  liveCheckpoints: AnsweredCheckpoint[];
  failures: AgentFailure[];
  calls: number;
  tokens: number;
  costUsd: number;
}

export interface ChallengeRow {
  challenge: Challenge;
  /** The status the challenge had at the end of each iteration; null before it existed. */
  statuses: { iteration: number; status: ChallengeStatus | null }[];
}

export interface RunView {
  planPath: string | null;
  /** Where the sections' data comes from. */
  source: 'result' | 'live' | 'none';
  live: LiveRun | null;
  running: boolean;
  verdict: VerdictLabel | null;
  reason: string;
  nextStep: string;
  partial: boolean;
  /**
   * A run stopped before it could give a verdict (cap, cancel, abort, agent
   * failures): why, in the words the status bar and the notification use
   * (src/core/labels.ts `partialReason`), and what the user can do about it.
   * The panel then shows no verdict word.
   */
  stopped: { why: string; actions: StopAction[] } | null;
  assessment: Assessment | null;
  iterations: IterationSummary[];
  /** Calls that belong to no iteration (assessment, final audit). */
  otherCalls: { calls: number; tokens: number; costUsd: number };
  final: IterationState | null;
  challenges: ChallengeRow[];
  quality: QualityResult | null;
  audit: AuditorOutput | null;
  failures: AgentFailure[];
  /** The iteration in which agent failures forced the run to stop (from the run's stop cause), or null. */
  forcedExitIteration: number | null;
  technicalDebtWarning: boolean;
  confidence: { passed: number; total: number } | null;
  assertions: Assertion[];
  usage: Usage;
  costUsd: number;
  /** false when the provider reported no token usage (vscode.lm): tokens and cost are unknown, not zero. */
  usageReported: boolean;
  /** The model(s) that ran, each with the roles it ran (from the call records, which name the serving model). */
  models: { model: string; roles: AgentRole[] }[];
  /** Plan line of each challenge, by id (from the finished result); empty while running. */
  planLines: Readonly<Record<string, number>>;
  /** One current decision per challenge, earlier ones as history (decisions.ts). */
  decisions: ChallengeDecision[];
  /** A later run was stopped (cancelled/aborted) before it found anything; the result shown is the one before it. */
  stoppedLater?: VerdictLabel;
}

interface CallLike {
  iteration: number;
  usage: Usage;
  cost_usd: number;
}

export function totalTokens(u: Usage): number {
  return u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
}

function sumCalls(calls: readonly CallLike[]): { calls: number; tokens: number; costUsd: number } {
  return {
    calls: calls.length,
    tokens: calls.reduce((n, c) => n + totalTokens(c.usage), 0),
    costUsd: calls.reduce((n, c) => n + c.cost_usd, 0),
  };
}

export function summarizeIterations(
  snapshots: readonly IterationState[],
  calls: readonly CallLike[],
  failures: readonly AgentFailure[],
  answered: readonly AnsweredCheckpoint[] = [],
): IterationSummary[] {
  return snapshots.map((s) => {
    const own = sumCalls(calls.filter((c) => c.iteration === s.iteration));
    // The loop records failures both per snapshot and per run; show each once.
    const seen = new Set<string>();
    const iterationFailures = [...s.failures, ...failures.filter((f) => f.iteration === s.iteration)].filter((f) => {
      const key = `${f.role}|${f.kind}|${f.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return {
      iteration: s.iteration,
      opened: Math.max(s.convergence.created_this_iteration, s.challenges.filter((c) => c.iteration_introduced === s.iteration).length),
      resolved: s.convergence.resolved_this_iteration,
      blockingOpen: s.convergence.blocking_open,
      significantOpen: s.convergence.significant_open,
      status: s.convergence.status,
      degradation: s.convergence.degradation,
      researchUnavailable: s.research_unavailable,
      reSweep: s.re_sweep,
      reProbe: s.re_probe,
      userResponses: s.user_responses.filter((r) => r.iteration === s.iteration),
      liveCheckpoints: answered.filter((a) => a.request.iteration === s.iteration),
      failures: iterationFailures,
      ...own,
    };
  });
}

export function challengeRows(snapshots: readonly IterationState[]): ChallengeRow[] {
  const final = snapshots.at(-1);
  if (!final) return [];
  return final.challenges.map((challenge) => ({
    challenge,
    statuses: snapshots.map((s) => ({
      iteration: s.iteration,
      status: s.challenges.find((c) => c.id === challenge.id)?.status ?? null,
    })),
  }));
}

function stoppedOf(facts: Parameters<typeof partialReason>[0]): RunView['stopped'] {
  const why = partialReason(facts);
  return why === null ? null : { why, actions: stopActions(stopCauseOf(facts)) };
}

const NO_USAGE: Usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };

function fromResult(planPath: string | null, r: RunResult, live: LiveRun | null): RunView {
  const iterations = summarizeIterations(r.iterations, r.calls, r.failures, live?.runId === r.runId ? live.answeredCheckpoints : []);
  const known = new Set(r.iterations.map((s) => s.iteration));
  const final = r.iterations.at(-1) ?? null;
  return {
    planPath: planPath ?? r.planPath,
    source: 'result',
    live,
    running: false,
    verdict: r.verdict,
    reason: r.reason,
    nextStep: r.nextStep,
    partial: r.partial,
    stopped: stoppedOf(r),
    assessment: r.assessment,
    iterations,
    otherCalls: sumCalls(r.calls.filter((c) => !known.has(c.iteration))),
    final,
    challenges: challengeRows(r.iterations),
    quality: r.quality,
    audit: r.audit,
    failures: r.failures,
    forcedExitIteration: forcedExitIteration(stopCauseOf(r), r.iterations),
    technicalDebtWarning: r.technicalDebtWarning,
    confidence: r.confidence,
    assertions: final?.assertions ?? [],
    usage: r.usage,
    costUsd: r.costUsd,
    usageReported: r.usageReported !== false,
    models: modelsOfRun(r.calls),
    planLines: r.planLines ?? {},
    decisions: currentDecisions(final?.user_responses ?? []),
  };
}

function fromLive(planPath: string | null, live: LiveRun): RunView {
  const known = new Set(live.iterations.map((s) => s.iteration));
  const final = live.iterations.at(-1) ?? null;
  return {
    planPath: planPath ?? live.planPath,
    source: 'live',
    live,
    running: live.status !== 'finished',
    verdict: live.verdict,
    reason: live.message,
    nextStep: '',
    partial: true,
    stopped: live.verdict
      ? stoppedOf({
          partial: endedEarly(live.stopCause),
          verdict: live.verdict,
          failures: live.failures,
          reason: live.message,
          ...(live.stopCause ? { stopCause: live.stopCause } : {}),
        })
      : null,
    assessment: live.assessment,
    iterations: summarizeIterations(live.iterations, live.calls, live.failures, live.answeredCheckpoints),
    otherCalls: sumCalls(live.calls.filter((c) => !known.has(c.iteration))),
    final,
    challenges: challengeRows(live.iterations),
    quality: null,
    audit: null,
    failures: live.failures,
    forcedExitIteration: forcedExitIteration(live.stopCause, live.iterations),
    technicalDebtWarning: false,
    confidence: null,
    assertions: final?.assertions ?? [],
    usage: live.usage,
    costUsd: live.costUsd,
    usageReported: live.usageReported,
    models: modelsOfRun(live.calls),
    planLines: {},
    decisions: currentDecisions(final?.user_responses ?? []),
  };
}

/**
 * A run in progress shows its own partial results once it has finished an
 * iteration; until then the previous result stays visible under the progress.
 */
export function buildView(state: PanelState): RunView {
  const { planPath, result, live } = state;
  const liveIsCurrent = live !== null && (result === null || live.runId !== result.runId);
  // The editor keeps the last verdict when a run is stopped before it finds anything (it holds only what it carried over).
  const stoppedLater = live !== null && liveIsCurrent && result !== null && live.status === 'finished' && (live.verdict === 'CANCELLED' || live.verdict === 'ABORTED');
  if (live && liveIsCurrent && !stoppedLater && (live.iterations.length > 0 || result === null)) return fromLive(planPath, live);
  if (result) {
    const view = fromResult(planPath, result, live);
    if (stoppedLater && live?.verdict) return { ...view, live, stoppedLater: live.verdict };
    return live && liveIsCurrent ? { ...view, live, running: live.status !== 'finished' } : view;
  }
  return {
    planPath,
    source: 'none',
    live: null,
    running: false,
    verdict: null,
    reason: '',
    nextStep: '',
    partial: false,
    stopped: null,
    assessment: null,
    iterations: [],
    otherCalls: { calls: 0, tokens: 0, costUsd: 0 },
    final: null,
    challenges: [],
    quality: null,
    audit: null,
    failures: [],
    forcedExitIteration: null,
    technicalDebtWarning: false,
    confidence: null,
    assertions: [],
    usage: NO_USAGE,
    costUsd: 0,
    usageReported: true,
    models: [],
    planLines: {},
    decisions: [],
  };
}
