/**
 * One review per checkpoint moment (pure, no `vscode`). The loop asks about
 * each BLOCKING challenge in turn (seed 001); the editor answers them all in
 * one place: the first request of a moment opens a review of every BLOCKING
 * challenge the same question applies to, and the loop's following requests
 * of that moment are answered from the review without asking again. A
 * challenge the user answered once in this run is never asked about again.
 */
import type { Challenge, IterationState } from '../core/protocol';
import type { CheckpointAnswer, CheckpointRequest } from '../core/run-types';
import { isOpenOrUnresolved } from '../core/convergence';

/** The checkpoints asked once per BLOCKING challenge. */
const PER_CHALLENGE: readonly CheckpointRequest['kind'][] = ['blocked', 'max_iterations'];

export class CheckpointBook {
  private state: IterationState | null = null;
  private readonly answers = new Map<string, CheckpointAnswer>();
  private readonly decided = new Set<string>();

  /** The latest iteration's state (from the `iteration-finished` event): what a moment's review lists. */
  noteState(state: IterationState): void {
    this.state = state;
  }

  /** The answer already given for this request in its moment's review, or null when the user must be asked. */
  answered(request: CheckpointRequest): CheckpointAnswer | null {
    if (!request.challengeId || !PER_CHALLENGE.includes(request.kind)) return null;
    const given = this.answers.get(key(request.kind, request.iteration, request.challengeId));
    if (given) return given;
    // Decided earlier in this run (e.g. at iteration 1's checkpoint): the last iteration does not ask again.
    return this.decided.has(request.challengeId) ? { action: 'continue' } : null;
  }

  /**
   * The challenges one review covers for `request`: the requested one first,
   * then every other BLOCKING challenge still open that the user has not
   * decided on — the ones the loop would ask about next in the same moment.
   */
  batch(request: CheckpointRequest): Challenge[] {
    if (!request.challengeId || !PER_CHALLENGE.includes(request.kind)) return [];
    const pending = (this.state?.challenges ?? []).filter(
      (c) =>
        c.severity === 'BLOCKING' &&
        isOpenOrUnresolved(c) &&
        !c.user_decision &&
        !this.decided.has(c.id) &&
        this.answers.get(key(request.kind, request.iteration, c.id)) === undefined,
    );
    const first = pending.find((c) => c.id === request.challengeId);
    return first ? [first, ...pending.filter((c) => c !== first)] : pending;
  }

  /** Records the review's answers; "continue" (decide later) is not a decision and may be asked again in a later moment. */
  record(request: CheckpointRequest, answers: ReadonlyMap<string, CheckpointAnswer>): void {
    for (const [id, answer] of answers) {
      this.answers.set(key(request.kind, request.iteration, id), answer);
      if (answer.action !== 'continue') this.decided.add(id);
    }
  }
}

function key(kind: string, iteration: number, id: string): string {
  return `${kind}\0${iteration}\0${id}`;
}
