import type { Day } from '../connectors/platform';
import { addDaysTo } from '../shared/calendar';

/** The company's sync settings (DOMAIN.md §2 System configuration: RestatementDays, BackfillDays). */
export interface SyncSettings {
  /** The last N days are re-read every sync (platforms restate them); default 28. */
  restatementDays: number;
  /** A first sync reads this many days back; default 90. */
  backfillDays: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = { restatementDays: 28, backfillDays: 90 };

/**
 * The days one sync of an external account reads, in the account's own days (`today` is today in
 * its time zone): the last `restatementDays` (restated values replace what was stored) plus every
 * day since the last successful sync (`lastSyncedTo`, itself re-read: it may have been a partial day);
 * a first sync backfills `backfillDays`. Pure.
 */
export function syncWindow(today: Day, lastSyncedTo: Day | undefined, settings: SyncSettings = DEFAULT_SYNC_SETTINGS): { from: Day; to: Day } {
  const restated = addDaysTo(today, -(Math.max(1, settings.restatementDays) - 1));
  if (!lastSyncedTo) return { from: addDaysTo(today, -(Math.max(1, settings.backfillDays) - 1)), to: today };
  const from = lastSyncedTo < restated ? lastSyncedTo : restated;
  return { from, to: today };
}

/** The wait before retry `attempt` (1-based) of a retryable failure: the platform's own delay when it gave one, else exponential backoff; never above `maxMs`. */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, opts: { baseMs: number; maxMs: number }): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, opts.maxMs);
  return Math.min(opts.baseMs * 2 ** (attempt - 1), opts.maxMs);
}
