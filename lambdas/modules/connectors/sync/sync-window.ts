import type { ConnectorType, Day } from '../platform';
import { platformSpec } from '../platforms/registry';
import { addDaysTo } from '../../../shared/calendar';
import { BACKFILL_DAYS, RESTATEMENT_DAYS } from '../../../shared/sync-limits';

/** The company's sync settings (its system configuration's RestatementDays and BackfillDays; docs/domain.md). */
export interface SyncSettings {
  /** The last N days are re-read every sync (platforms restate them); default 28. */
  restatementDays: number;
  /** A first sync reads this many days back; default 90. */
  backfillDays: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  restatementDays: RESTATEMENT_DAYS.default,
  backfillDays: BACKFILL_DAYS.default,
};

/** What reaches a window further back than the restatement days (sync-account.ts reads them). */
export interface BackfillBounds {
  /** The first day the ad account's stored data covers (the earliest window a successful sync read); unknown before the first. */
  syncedFrom?: Day;
  /** The earliest start of the flights (activities) of the accounts the ad account is linked to. */
  flightsFrom?: Day;
  /** The first day the platform still keeps (today − its retention). */
  retainedFrom?: Day;
}

/**
 * The days one sync of an external account reads, in the account's own days (`today` is today in
 * its time zone): the last `restatementDays` (restated values replace what was stored) plus every
 * day since the last successful sync (`lastSyncedTo`, itself re-read: it may have been a partial day);
 * a first sync backfills `backfillDays`, no further back than the platform keeps. And, once, back to
 * the start of the flights it feeds when its data does not reach that far (a first sync, a newly
 * linked ad account, a flight dated earlier), never before the platform's first kept day: `shortOf`
 * names the day wanted when that cut it. Pure.
 */
export function syncWindow(
  today: Day,
  lastSyncedTo: Day | undefined,
  settings: SyncSettings = DEFAULT_SYNC_SETTINGS,
  bounds: BackfillBounds = {},
): { from: Day; to: Day; shortOf?: Day } {
  const restated = addDaysTo(today, -(Math.max(1, settings.restatementDays) - 1));
  const { flightsFrom, retainedFrom, syncedFrom } = bounds;
  const backfill = addDaysTo(today, -(Math.max(1, settings.backfillDays) - 1));
  const firstFrom = retainedFrom && backfill < retainedFrom ? retainedFrom : backfill;
  let from = !lastSyncedTo ? firstFrom : lastSyncedTo < restated ? lastSyncedTo : restated;
  if (!flightsFrom) return { from, to: today };
  const kept = retainedFrom && flightsFrom < retainedFrom ? retainedFrom : flightsFrom;
  // Compared with what is stored, not with the wish: a cut backfill is not read again at every sync.
  if (syncedFrom !== undefined && syncedFrom <= kept) return { from, to: today };
  if (kept < from) from = kept;
  return kept !== flightsFrom && from === kept ? { from, to: today, shortOf: flightsFrom } : { from, to: today };
}

/** The first day `type` still keeps on `today` (its spec's retention); undefined when it keeps everything (a CSV upload). */
export function retainedFrom(type: ConnectorType, today: Day): Day | undefined {
  const days = platformSpec(type)?.limits.retentionDays;
  return days === undefined ? undefined : addDaysTo(today, -(days - 1));
}
