/**
 * The run's spending cap as a ledger of turns (the `TurnBudget` every agent
 * call of the run asks before each model turn; llm/turn-cost.ts prices them).
 *
 * Contract: a turn is sent only with its worst case held, and the held
 * amounts plus what settled turns cost never exceed the cap. A settled turn
 * costs at most what it held (its usage cannot pass `max_tokens` or the
 * prompt bound), so the run's spend never passes the cap either — for every
 * interleaving of parallel calls. A turn that does not fit while other turns
 * are in flight waits for them to settle (they usually cost far less than they
 * held) rather than stopping the run; one that cannot fit once they have is
 * refused, and the run stops at the cap (`stop`).
 */
import type { CapRefusal, Reservation, TurnBudget } from '../llm/turn-cost';
import type { AgentRole } from '../protocol';

/** The call the cap stopped: who would have made it, and what happened to it (llm/turn-cost.ts messages: its worst case, spent, cap). */
export interface CapStop {
  role: AgentRole;
  iteration: number;
  message: string;
}

export class SpendingCap implements TurnBudget {
  private settled = 0;
  private held = 0;
  private waiters: (() => void)[] = [];
  private stopped: CapStop | null = null;

  /** `capUsd` 0 = no cap: every turn is admitted with what it asked. */
  constructor(readonly capUsd: number) {}

  get spentUsd(): number {
    return this.settled;
  }

  /** The first call the cap refused, or null. */
  get stop(): CapStop | null {
    return this.stopped;
  }

  /** Records the call the cap refused; the run then starts no further call. */
  refused(stop: CapStop): void {
    this.stopped ??= stop;
    this.wake();
  }

  async reserve(wantUsd: number, leastUsd: number, signal?: AbortSignal): Promise<Reservation | CapRefusal> {
    if (this.capUsd <= 0) return this.hold(wantUsd);
    for (;;) {
      if (this.stopped) return this.refusal();
      const left = this.capUsd - this.settled - this.held;
      if (wantUsd <= left) return this.hold(wantUsd);
      // Turns in flight hold their worst case; once settled they free most of it.
      if (this.held > 0 && leastUsd <= this.capUsd - this.settled) {
        await this.change(signal);
        continue;
      }
      if (leastUsd <= left) return this.hold(left);
      return this.refusal();
    }
  }

  private hold(usd: number): Reservation {
    this.held += usd;
    let open = true;
    return {
      ok: true,
      usd,
      settle: (actualUsd: number) => {
        if (!open) return;
        open = false;
        this.held -= usd;
        this.settled += actualUsd;
        this.wake();
      },
    };
  }

  private refusal(): CapRefusal {
    return { ok: false, spentUsd: this.settled, capUsd: this.capUsd };
  }

  /** Resolves at the next settle or refusal; rejects when the run is cancelled. */
  private change(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('cancelled while waiting for the spending cap'));
      const onAbort = () => reject(new Error('cancelled while waiting for the spending cap'));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}
