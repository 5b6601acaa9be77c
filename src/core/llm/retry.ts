/**
 * Retries of one model turn, bounded: the SDK's own retries are
 * off (`maxRetries: 0` on the client), so every wait is decided here, once.
 *
 * Contracts:
 * - Retried: what the provider marks `retry.retryable` (429, 408, 409, 5xx,
 *   529, a connection that never opened), never a stream that had started
 *   (the answer may already be billed) and never a cancelled call.
 * - The wait is the API's `retry-after-ms` / `retry-after` when it sends one,
 *   else exponential backoff (0.5 s doubling to 8 s, with jitter, as the SDK).
 *   A wait the API asks for that is longer than `maxWaitMs` is not waited:
 *   the call fails at once and says so, instead of hanging the run.
 * - `onRetry` hears every wait before it starts (for "rate limited, retrying
 *   in 20 s" in the live views); a throwing listener is ignored.
 */
import { ProviderError, type RetryNotice } from './provider';

export interface RetryPolicy {
  maxRetries: number;
  maxWaitMs: number;
  /** Injected in tests; Math.random by default. */
  random?: () => number;
}

/** The API's requested wait from `retry-after-ms` or `retry-after` (seconds or an HTTP date); undefined when absent or unusable. */
export function requestedWaitMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function backoffMs(retry: number, random: () => number = Math.random): number {
  return Math.min(500 * 2 ** (retry - 1), 8000) * (1 - random() * 0.25);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ProviderError('request cancelled', 'cancelled'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('request cancelled', 'cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry: ((notice: RetryNotice) => void) | undefined,
): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retry?.retryable || retry > policy.maxRetries || signal?.aborted) throw error;
      const asked = error.retry.afterMs;
      if (asked !== undefined && asked > policy.maxWaitMs) {
        const limit = Math.round(policy.maxWaitMs / 1000);
        throw new ProviderError(
          `${error.message} — the API asked to wait ${Math.ceil(asked / 1000)} s before retrying, longer than the ${limit} s limit, so the call was not retried`,
          error.kind,
          error.status,
        );
      }
      const waitMs = asked ?? backoffMs(retry, policy.random);
      try {
        onRetry?.({ attempt: retry, maxRetries: policy.maxRetries, waitMs, reason: error.retry.reason });
      } catch {
        // A UI listener must not break the model call.
      }
      await sleep(waitMs, signal);
    }
  }
}
