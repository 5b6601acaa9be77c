/**
 * Seed 001 "User Checkpoint Protocol": the loop asks through an injected
 * callback and applies the answer to the state. Without a callback the
 * documented non-interactive policy applies: continue, decide nothing on the
 * user's behalf (a BLOCKING that stays open ends as RETHINK).
 */
import type { Challenge, CheckpointKind, IterationState, UserAction } from '../protocol';
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

/** Pure: how an answer changes the state. */
export function applyAnswer(state: IterationState, kind: CheckpointKind, challenge: Challenge | null, answer: CheckpointAnswer): IterationState {
  const text = answer.text?.trim() ? answer.text.trim().slice(0, 8000) : undefined;
  const response = { iteration: state.iteration, checkpoint: kind, challenge_id: challenge?.id ?? null, action: answer.action, ...(text ? { text } : {}) };
  if (answer.action === 'continue') return state;
  const user_responses = [...state.user_responses, response];
  if (!challenge) return { ...state, user_responses };
  if (answer.action === 'provide_context') {
    // 'answered' stops the loop asking again; the synthesizer still judges the challenge with the new context.
    const challenges = state.challenges.map((c) => (c.id === challenge.id ? { ...c, user_decision: 'answered' as const } : c));
    return { ...state, challenges, user_responses };
  }
  if (answer.action !== 'acknowledge_risk' && answer.action !== 'override') return { ...state, user_responses };
  const acknowledged = answer.action === 'acknowledge_risk';
  const status = acknowledged ? ('RESOLVED' as const) : ('WITHDRAWN' as const);
  const resolution = acknowledged
    ? `Risk acknowledged by the user${text ? `: ${text}` : '.'}`
    : `Overridden by the user${text ? `: ${text}` : ' (challenge judged not applicable).'}`;
  const challenges = state.challenges.map((c) =>
    c.id === challenge.id
      ? { ...c, status, resolution, user_decision: acknowledged ? ('acknowledged' as const) : ('overridden' as const), history: [...c.history, { iteration: state.iteration, status, note: resolution }] }
      : c,
  );
  return { ...state, challenges, user_responses };
}

export function describeChallenge(c: Challenge, question?: string): string {
  return [`${c.id} · ${c.severity} · ${c.status}`, `Claim: ${c.claim}`, `Concern: ${c.concern}`, `Failure scenario: ${c.failure_scenario}`, `Alternative: ${c.alternative}`, ...(question ? [`Question: ${question}`] : [])].join('\n');
}

export const BLOCKED_OPTIONS: UserAction[] = ['provide_context', 'acknowledge_risk', 'override', 'abort'];
