import { TZDate } from '@date-fns/tz';
import { getConfigurationItem } from '../../configurations';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../shared/calendar';
import { BACKFILL_DAYS, RESTATEMENT_DAYS, syncHourOf, withinBound } from '../../../shared/sync-limits';
import type { SyncSettings } from './sync-window';

/**
 * A company's sync settings (its system configuration's TimeZone, SyncHour 05:00, RestatementDays 28,
 * BackfillDays 90; docs/domain.md; bounds in shared/sync-limits.ts), defaults for what it has not saved.
 */
export interface CompanySyncSettings extends SyncSettings {
  timeZone: string;
  /** The hour of the company's day the daily sync starts (0–23). */
  syncHour: number;
}

export function syncSettingsOf(item: Record<string, unknown> | undefined): CompanySyncSettings {
  return {
    timeZone: isTimeZone(item?.TimeZone) ? item.TimeZone : DEFAULT_TIME_ZONE,
    syncHour: syncHourOf(item?.SyncHour),
    restatementDays: withinBound(item?.RestatementDays, RESTATEMENT_DAYS),
    backfillDays: withinBound(item?.BackfillDays, BACKFILL_DAYS),
  };
}

export async function companySyncSettings(companyId: number): Promise<CompanySyncSettings> {
  return syncSettingsOf(await getConfigurationItem(companyId));
}

/** True in the hour of `now` that is the company's sync hour in its own zone (the hourly dispatcher starts each company once a day). */
export function isSyncHour(settings: Pick<CompanySyncSettings, 'timeZone' | 'syncHour'>, now: number): boolean {
  return new TZDate(now, settings.timeZone).getHours() === settings.syncHour;
}
