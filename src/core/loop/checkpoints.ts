/**
 * Seed 001 "User Checkpoint Protocol": the loop asks through an injected
 * callback and records the answer. Without a callback the documented
 * non-interactive policy applies: continue, decide nothing on the user's
 * behalf (a BLOCKING that stays open ends as RETHINK).
 *
 * Contract: an answer never changes a challenge's status. It is fed into the
 * next iteration as a `user_response` (seed 001 Step 3d) and the synthesizer
 * decides; the engine accepts a settlement grounded in it (grounds.ts). The
 * challenge only remembers what the user decided, for the report and for
 * the next run.
 */
import type { Challenge, CheckpointKind, ConvergenceStatus, IterationState, UserAction } from '../protocol';
import { isOpenOrUnresolved, isStalled } from '../convergence';
import type { CheckpointAnswer, CheckpointRequest } from '../run-types';
import type { RunContext } from './run-context';

export type CheckpointOutcome = { state: IterationState; abort: boolean };

export async function ask(
  ctx: RunContext,
  state: IterationState,
  kind: CheckpointKind,
  challenge: Challenge | null,
  title: string,
  detail: string,
  options: UserAction[],
): Promise<CheckpointOutcome> {
  const request: CheckpointRequest = { kind, iteration: state.iteration, challengeId: challenge?.id ?? null, title, detail, options };
  ctx.emit({ type: 'checkpoint', request });
  let answer: CheckpointAnswer = { action: 'continue' };
  if (ctx.options.onCheckpoint && !ctx.cancelled) {
    try {
      // A cancel ends the wait even when the front end's prompt never answers.
      const pending = ctx.options.onCheckpoint(request);
      const signal = ctx.signal;
      answer = signal
        ? await new Promise<CheckpointAnswer>((resolve, reject) => {
            const onAbort = () => resolve({ action: 'continue' });
            signal.addEventListener('abort', onAbort, { once: true });
            pending.then(
              (a) => (signal.removeEventListener('abort', onAbort), resolve(a)),
              (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e instanceof Error ? e : new Error(String(e)))),
            );
          })
        : await pending;
    } catch {
      answer = { action: 'continue' };
    }
  }
  if (!options.includes(answer.action) && answer.action !== 'continue') answer = { action: 'continue' };
  ctx.emit({ type: 'checkpoint-answered', request, answer });
  return { state: applyAnswer(state, kind, challenge, answer), abort: answer.action === 'abort' };
}

/** Pure: how an answer changes the state — a recorded response and decision, never a status. */
export function applyAnswer(state: IterationState, kind: CheckpointKind, challenge: Challenge | null, answer: CheckpointAnswer): IterationState {
  const text = answer.text?.trim() ? answer.text.trim().slice(0, 8000) : undefined;
  if (answer.action === 'continue') return state;
  const response = { iteration: state.iteration, checkpoint: kind, challenge_id: challenge?.id ?? null, action: answer.action, ...(text ? { text } : {}) };
  const user_responses = [...state.user_responses, response];
  const decision = challenge ? DECISION_OF[answer.action] : undefined;
  if (!challenge || !decision) return { ...state, user_responses };
  const challenges = state.challenges.map((c) => (c.id === challenge.id ? { ...c, user_decision: decision } : c));
  return { ...state, challenges, user_responses };
}

const DECISION_OF: Partial<Record<UserAction, NonNullable<Challenge['user_decision']>>> = {
  provide_context: 'answered',
  acknowledge_risk: 'acknowledged',
  override: 'overridden',
};

export function describeChallenge(c: Challenge, question?: string): string {
  return [
    `${c.id} · ${c.severity} · ${c.status}`,
    `Claim: ${c.claim}`,
    `Concern: ${c.concern}`,
    `Failure scenario: ${c.failure_scenario}`,
    `Alternative: ${c.alternative}`,
    ...(question ? [`Question: ${question}`] : []),
  ].join('\n');
}

export const BLOCKED_OPTIONS: UserAction[] = ['provide_context', 'acknowledge_risk', 'override', 'abort'];
/** Seed 001 checkpoint 3: the findings are presented; an answer is recorded beside the verdict and carried to the next run. */
export const MAX_ITERATIONS_OPTIONS: UserAction[] = ['acknowledge_risk', 'override', 'continue'];

/**
 * The checkpoints after step 3d, in the seed's order: BLOCKED (each BLOCKING
 * still open that the user has not decided on), contradictory findings,
 * convergence stall. Returns the state with the answers recorded, and the
 * place of an abort if the user chose one.
 */
export async function iterationCheckpoints(
  ctx: RunContext,
  state: IterationState,
  input: { status: ConvergenceStatus; blockingQuestion?: string; contradictions: string[]; previous: IterationState | null },
): Promise<{ state: IterationState; abortedAt: string | null }> {
  if (input.status === 'BLOCKED') {
    const asked = state.challenges.filter((x) => x.severity === 'BLOCKING' && isOpenOrUnresolved(x) && !x.user_decision);
    for (const c of asked) {
      const question = questionFor(c, input.blockingQuestion, asked);
      const outcome = await ask(ctx, state, 'blocked', c, `${c.id} is BLOCKING`, describeChallenge(c, question), BLOCKED_OPTIONS);
      state = outcome.state;
      if (outcome.abort) return { state, abortedAt: `at the BLOCKED checkpoint for ${c.id}` };
    }
  }
  if (input.contradictions.length > 0 && input.status !== 'CONVERGED') {
    const outcome = await ask(ctx, state, 'contradiction', null, 'Research findings contradict each other', input.contradictions.join('\n'), [
      'provide_context',
      'continue',
      'abort',
    ]);
    state = outcome.state;
    if (outcome.abort) return { state, abortedAt: 'at a contradiction checkpoint' };
  }
  if (input.status === 'CONTINUE' && input.previous && isStalled(input.previous.challenges, state.challenges)) {
    const outcome = await ask(ctx, state, 'stall', null, 'No progress since the last iteration', `Iteration ${state.iteration} changed no challenge status. Continue?`, [
      'continue',
      'abort',
    ]);
    if (outcome.abort) return { state, abortedAt: 'after a convergence stall' };
  }
  return { state, abortedAt: null };
}

/**
 * The synthesizer writes one blocking_question per iteration. It belongs to
 * the BLOCKING challenges it names by id; a question that names none goes
 * with the first one asked, never under every one.
 */
export function questionFor(c: Challenge, question: string | undefined, asked: readonly Challenge[]): string | undefined {
  if (!question?.trim()) return undefined;
  const named = new Set(question.match(/\bC\d+\b/g) ?? []);
  const askedIds = asked.map((x) => x.id);
  if (askedIds.some((id) => named.has(id))) return named.has(c.id) ? question : undefined;
  return askedIds[0] === c.id ? question : undefined;
}

/**
 * Seed 001 checkpoint 3: the last iteration left a BLOCKING open — present
 * the findings; the verdict stays RETHINK. A challenge the user already
 * decided on in a checkpoint (or a run) before is not asked again.
 */
export async function maxIterationsCheckpoint(ctx: RunContext, state: IterationState): Promise<IterationState> {
  for (const c of state.challenges.filter((x) => x.severity === 'BLOCKING' && isOpenOrUnresolved(x) && !x.user_decision)) {
    const detail = `${describeChallenge(c)}\nThe verdict is RETHINK whatever you choose; your choice is recorded beside it and carried to the next run.`;
    state = (await ask(ctx, state, 'max_iterations', c, `${c.id} is still BLOCKING after the last iteration`, detail, MAX_ITERATIONS_OPTIONS)).state;
  }
  return state;
}

/** What each checkpoint option does, in the words every front end shows (QuickPick, CLI prompt). */
export function optionEffect(kind: CheckpointKind, action: UserAction): { label: string; detail: string } {
  const atEnd = kind === 'max_iterations';
  switch (action) {
    case 'provide_context':
      return { label: 'Provide context', detail: 'Type an answer; the agents weigh it in the next iteration. It does not settle the challenge by itself.' };
    case 'acknowledge_risk':
      return atEnd
        ? {
            label: 'Acknowledge risk',
            detail: 'The report lists it as a risk you accept. The verdict stays RETHINK; the next run will not raise it again.',
          }
        : { label: 'Acknowledge risk', detail: 'Record that you accept this risk. The challenge stays open (an accepted risk is still a risk) and the verdict does not change.' };
    case 'override':
      return atEnd
        ? {
            label: 'Override',
            detail: 'The report lists it as not applying to this plan (your call, not a risk). The verdict stays RETHINK; the next run will not raise it again.',
          }
        : { label: 'Override', detail: 'Record that this challenge does not apply; the next iteration may withdraw it on your word. Nothing changes until then.' };
    case 'abort':
      return { label: 'Abort', detail: 'Stop the run now and keep the partial results.' };
    case 'continue':
      return atEnd ? { label: 'Continue', detail: 'See the report; record no decision.' } : { label: 'Continue', detail: 'Go on without an answer.' };
  }
}
