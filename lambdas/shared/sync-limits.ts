/**
 * The company's sync settings (configuration SyncHour, RestatementDays, BackfillDays; docs/domain.md):
 * their defaults and bounds, shared by the configuration's schema, the sync engine that reads them
 * and the console's form. Apart from the schemas so the sync workers do not bundle zod.
 *
 * - SyncHour: an hour of the company's own day (0–23), when the daily sync starts.
 * - RestatementDays 1–90: today is always partial, so at least one day is re-read; 90 covers the
 *   longest conversion window the platforms attribute back (Google Ads: 90 days; Meta and TikTok
 *   restate within 28).
 * - BackfillDays 1–730: two years, for year-over-year figures, within Google Ads' and Meta's
 *   retention (1,125 days); a platform that keeps less (TikTok: 365) is read back as far as it
 *   keeps (connectors/sync/sync-window.ts).
 */
export const SYNC_HOUR = { min: 0, max: 23, default: 5 } as const;
export const RESTATEMENT_DAYS = { min: 1, max: 90, default: 28 } as const;
export const BACKFILL_DAYS = { min: 1, max: 730, default: 90 } as const;

export type SyncBound = { readonly min: number; readonly max: number; readonly default: number };

/** A stored value within its bounds, else the default (a value saved before a bound tightened reads as the default). */
export function withinBound(v: unknown, b: SyncBound): number {
  return Number.isInteger(v) && (v as number) >= b.min && (v as number) <= b.max ? (v as number) : b.default;
}

/** A stored sync hour: a number, or an older "HH:mm" text. */
export function syncHourOf(v: unknown): number {
  return withinBound(typeof v === 'string' ? Number(v.split(':')[0]) : v, SYNC_HOUR);
}
