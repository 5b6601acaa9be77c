/**
 * One review per checkpoint moment (pure, no `vscode`). The loop asks about
 * each BLOCKING challenge in turn (seed 001); the editor answers them all in
 * one place: the first request of a moment opens a review of every BLOCKING
 * challenge the same question applies to, and the loop's following requests
 * of that moment are answered from the review without asking again. A
 * challenge the user answered once in this run is never asked about again.
 *
 * Deferred decisions: a BLOCKING challenge the review left for later ("decide
 * later", Escape) stays listed by `deferred()` while it is open and undecided,
 * for the status bar's "decisions deferred" item — when it was left at a
 * BLOCKED checkpoint (the end-of-run checkpoint has no later question to take
 * an answer; the report holds it). Answers given later
 * (`recordLate`, from that item) are held until the loop next asks about the
 * challenge, and given to it then without asking the user again.
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
  /** Left for later in a review, and not decided since. */
  private readonly postponed = new Set<string>();
  /** Given after their moment (`recordLate`); handed to the loop when it next asks about the challenge. */
  private readonly late = new Map<string, CheckpointAnswer>();
  /** The request of the latest review that left something for later: the question a late review asks again. */
  private postponedAt: CheckpointRequest | null = null;
  private readonly listeners = new Set<() => void>();

  /** Called whenever `deferred()` may have changed; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The latest iteration's state (from the `iteration-finished` event): what a moment's review lists. */
  noteState(state: IterationState): void {
    this.state = state;
    this.changed();
  }

  /** The answer already given for this request in its moment's review, or null when the user must be asked. */
  answered(request: CheckpointRequest): CheckpointAnswer | null {
    if (!request.challengeId || !PER_CHALLENGE.includes(request.kind)) return null;
    const given = this.answers.get(key(request.kind, request.iteration, request.challengeId));
    if (given) return given;
    const later = this.late.get(request.challengeId);
    if (later) {
      this.late.delete(request.challengeId);
      // An answer this checkpoint does not offer (context at the end of the run) stays the user's decision, asked about no more.
      return request.options.includes(later.action) ? later : { action: 'continue' };
    }
    // Decided earlier in this run (e.g. at iteration 1's checkpoint): the last iteration does not ask again.
    return this.decided.has(request.challengeId) ? { action: 'continue' } : null;
  }

  /**
   * The BLOCKING challenges left for later that are still open and undecided
   * in the latest state, with the question to ask about them; null when none.
   */
  deferred(): { request: CheckpointRequest; challenges: Challenge[] } | null {
    // Only a BLOCKED moment is followed by another question about the same challenge; after the end-of-run one, nothing could take the answer.
    if (this.postponedAt?.kind !== 'blocked') return null;
    const challenges = (this.state?.challenges ?? []).filter(
      (c) => this.postponed.has(c.id) && c.severity === 'BLOCKING' && isOpenOrUnresolved(c) && !c.user_decision && !this.decided.has(c.id),
    );
    return challenges.length > 0 ? { request: this.postponedAt, challenges } : null;
  }

  /** Answers given after their moment (the deferred review): held for the loop's next question about each; "continue" leaves it deferred. */
  recordLate(answers: ReadonlyMap<string, CheckpointAnswer>): void {
    for (const [id, answer] of answers) {
      if (answer.action === 'continue') continue;
      this.late.set(id, answer);
      this.decided.add(id);
      this.postponed.delete(id);
    }
    this.changed();
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
      if (answer.action !== 'continue') {
        this.decided.add(id);
        this.postponed.delete(id);
      } else {
        this.postponed.add(id);
        this.postponedAt = request;
      }
    }
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The status bar's words for deferred decisions: the item's text and a plain tooltip; null hides it. */
export function presentDeferred(deferred: { challenges: readonly Challenge[] } | null): { text: string; tooltip: string } | null {
  if (!deferred || deferred.challenges.length === 0) return null;
  const n = deferred.challenges.length;
  const ids = deferred.challenges.map((c) => c.id).join(', ');
  return {
    text: `$(bell) ${n} decision${n === 1 ? '' : 's'} deferred`,
    tooltip:
      `Answer needed: you chose to decide later about ${n === 1 ? 'the BLOCKING challenge' : `${n} BLOCKING challenges`} ${ids}. ` +
      'The run goes on without your answer. Click to answer now; the run uses your answer the next time it stops at a checkpoint.',
  };
}

function key(kind: string, iteration: number, id: string): string {
  return `${kind}\0${iteration}\0${id}`;
}
