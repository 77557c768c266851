import { TZDate } from '@date-fns/tz';
import { getConfigurationItem } from '../../configurations';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../shared/calendar';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './sync-window';

/** A company's sync settings (its system configuration's TimeZone, SyncHour 05:00, RestatementDays 28, BackfillDays 90; docs/domain.md), defaults for what it has not saved. */
export interface CompanySyncSettings extends SyncSettings {
  timeZone: string;
  /** The hour of the company's day the daily sync starts (0–23). */
  syncHour: number;
}

const intIn = (v: unknown, min: number, max: number, fallback: number) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : fallback;

export function syncSettingsOf(item: Record<string, unknown> | undefined): CompanySyncSettings {
  const hour = typeof item?.SyncHour === 'string' ? Number(item.SyncHour.split(':')[0]) : item?.SyncHour;
  return {
    timeZone: isTimeZone(item?.TimeZone) ? item.TimeZone : DEFAULT_TIME_ZONE,
    syncHour: intIn(hour, 0, 23, 5),
    restatementDays: intIn(item?.RestatementDays, 1, 90, DEFAULT_SYNC_SETTINGS.restatementDays),
    backfillDays: intIn(item?.BackfillDays, 1, 1100, DEFAULT_SYNC_SETTINGS.backfillDays),
  };
}

export async function companySyncSettings(companyId: number): Promise<CompanySyncSettings> {
  return syncSettingsOf(await getConfigurationItem(companyId));
}

/** True in the hour of `now` that is the company's sync hour in its own zone (the hourly dispatcher starts each company once a day). */
export function isSyncHour(settings: Pick<CompanySyncSettings, 'timeZone' | 'syncHour'>, now: number): boolean {
  return new TZDate(now, settings.timeZone).getHours() === settings.syncHour;
}
