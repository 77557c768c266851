import { PlatformError } from '../platform';

/**
 * The one retry policy of the platform calls and of the sync engine: a retryable PlatformError
 * (throttled, transient) is tried again a bounded number of times, after the platform's own delay
 * when it sent one, else after an exponential backoff. Each platform sets the numbers; the rule is
 * the same everywhere.
 */

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Backoff {
  /** The first wait without a platform delay, doubled at each retry. */
  baseMs: number;
  /** The longest computed backoff (default: no cap). */
  capMs?: number;
  /** [0, 1): when given, half of each computed backoff is jittered (clients that share a quota spread out). */
  random?: () => number;
  /**
   * Whose own delay is obeyed: every retryable failure's (default), or a throttle's only (Google's
   * 5xx may carry a RetryInfo meant for quota, not for an outage).
   */
  obeys?: 'retryable' | 'throttled';
  /** The platform's delay is cut to `capMs` too (the engine: a run never sleeps past its cap). */
  capsPlatformDelay?: boolean;
}

/** The wait before retry `attempt` (1-based) of `err`. */
export function backoffMs(attempt: number, err: Pick<PlatformError, 'kind' | 'retryAfterMs'>, b: Backoff): number {
  const cap = b.capMs ?? Infinity;
  const own = err.retryAfterMs;
  if (own !== undefined && own >= 0 && (b.obeys !== 'throttled' || err.kind === 'throttled'))
    return b.capsPlatformDelay ? Math.min(own, cap) : own;
  const computed = Math.min(cap, b.baseMs * 2 ** (attempt - 1));
  return b.random ? Math.round(computed / 2 + (computed / 2) * b.random()) : computed;
}

export interface RetryPolicy {
  /** Attempts per call, the first included. */
  maxAttempts: number;
  backoff: Backoff;
  /**
   * The longest wait a client sits through itself: a longer platform delay (Meta's "try again in 15
   * minutes") is thrown as is, for the sync to come back later instead of holding a Lambda asleep.
   */
  maxWaitMs: number;
  sleep: Sleep;
  /** Told of each failed attempt about to be retried, before the wait (the sync writes it on its run at once). */
  onRetry?: (err: PlatformError, attempt: number, waitMs: number) => Promise<void> | void;
  /** A thrown value as the PlatformError it means (default: only PlatformErrors are retried). */
  asPlatformError?: (err: unknown) => unknown;
}

/** Waits before retry `attempt`, or throws `err` when its wait is longer than the policy sits through. */
export async function pauseBeforeRetry(policy: RetryPolicy, err: PlatformError, attempt: number): Promise<void> {
  const wait = backoffMs(attempt, err, policy.backoff);
  if (wait > policy.maxWaitMs) throw err;
  await policy.onRetry?.(err, attempt, wait);
  await policy.sleep(wait);
}

/** `fn` tried again while it throws a retryable PlatformError, at most `maxAttempts` times; the last error is thrown as is. */
export async function withRetries<T>(policy: RetryPolicy, fn: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (thrown) {
      const err = policy.asPlatformError ? policy.asPlatformError(thrown) : thrown;
      if (!(err instanceof PlatformError) || !err.retryable || attempt >= policy.maxAttempts) throw err;
      await pauseBeforeRetry(policy, err, attempt);
    }
  }
}
