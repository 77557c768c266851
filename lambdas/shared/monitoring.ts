/**
 * System monitoring, the rules both sides show: how fresh an ad account's data is.
 * Shared with the console (the colour and the words of a freshness come from the same level).
 * SDK-free.
 */

/** Hours since the last successful sync within which the data is fresh: the daily sync plus two hours of slack. */
export const FRESH_HOURS = 26;
/** Up to this, stale (one daily sync missed); past it, old (two or more missed). */
export const STALE_HOURS = 50;

export type FreshnessLevel = 'fresh' | 'stale' | 'old' | 'never';

/** The level of a freshness in whole hours (null: never synced). */
export function freshnessLevel(hours: number | null): FreshnessLevel {
  if (hours === null) return 'never';
  if (hours <= FRESH_HOURS) return 'fresh';
  if (hours <= STALE_HOURS) return 'stale';
  return 'old';
}

/** Whole hours from `since` (ISO) to `now` (ms), never negative; null without a `since`. */
export function hoursSince(since: string | null | undefined, now: number): number | null {
  if (!since) return null;
  const t = Date.parse(since);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.floor((now - t) / 3_600_000));
}

/** Default and bounds of the inputs (the schemas and the console's choices). */
export const NO_DATA_DAYS = { default: 7, max: 60 } as const;
export const UNMAPPED_DAYS = { default: 30, max: 90 } as const;
