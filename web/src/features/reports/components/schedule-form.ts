import type { TFunction } from 'i18next';
import { isLocale, LOCALES } from '@server/shared/locales';
import { intlLocale } from '../../../lib/format';
import { numberInput } from '../../../lib/forms/number-input';
import type {
  ReportScheduleView,
  ScheduleFilters,
  ScheduleFrequency,
  ScheduleLanguage,
  SchedulePayload,
  SchedulePeriod,
  ScheduleSendView,
} from '../api/schedules-api';
import type { ReportFilters } from './report-filters';

/**
 * A scheduled report as its dialog holds it: the Reports filters it keeps (set from the
 * screen's URL, not edited here), and what the dialog asks — name, frequency (weekday when weekly),
 * relative period, delay, recipients, language. Numbers are the fields' text until `toInput`.
 */
export interface ScheduleForm {
  Id: number;
  Version?: number;
  Name: string;
  Filters: ScheduleFilters;
  Period: SchedulePeriod;
  Frequency: ScheduleFrequency;
  /** '0' (Sunday) .. '6'; read only when weekly. */
  Weekday: string;
  DelayHours: string;
  Recipients: string[];
  Language: ScheduleLanguage;
  Active: boolean;
  /** The saved outside recipients' states (lower-case address → state): shown on their chips, never sent. */
  Outside?: Record<string, OutsideState>;
}

type OutsideState = ReportScheduleView['OutsideRecipients'][number]['State'];
export const OUTSIDE_STATE_KEYS: Record<OutsideState, string> = {
  pending: 'reports.schedule.outside.pending',
  confirmed: 'reports.schedule.outside.confirmed',
};

// The choices in the dialog's order, with their strings (literal keys: the catalogue test sees each one named).
export const PERIODS: readonly SchedulePeriod[] = ['yesterday', 'last7days', 'lastWeek', 'lastMonth', 'monthToDate'];
export const FREQUENCIES: readonly ScheduleFrequency[] = ['daily', 'weekly', 'monthly'];
export const LANGUAGES: readonly ScheduleLanguage[] = LOCALES;
export const PERIOD_KEYS: Record<SchedulePeriod, string> = {
  yesterday: 'reports.schedule.periods.yesterday',
  last7days: 'reports.schedule.periods.last7days',
  lastWeek: 'reports.schedule.periods.lastWeek',
  lastMonth: 'reports.schedule.periods.lastMonth',
  monthToDate: 'reports.schedule.periods.monthToDate',
};
export const FREQUENCY_KEYS: Record<ScheduleFrequency, string> = {
  daily: 'reports.schedule.frequencies.daily',
  weekly: 'reports.schedule.frequencies.weekly',
  monthly: 'reports.schedule.frequencies.monthly',
};
export const LANGUAGE_KEYS: Record<ScheduleLanguage, string> = {
  he: 'language.names.he',
  en: 'language.names.en',
  fr: 'language.names.fr',
  ro: 'language.names.ro',
  zh: 'language.names.zh',
};
export const SEND_STATUS_KEYS: Record<ScheduleSendView['Status'], string> = {
  sent: 'reports.schedules.status.sent',
  failed: 'reports.schedules.status.failed',
  retried: 'reports.schedules.status.retried',
};
export const FIELD_KEYS: Record<string, string> = {
  Name: 'reports.schedule.fields.Name',
  Frequency: 'reports.schedule.fields.Frequency',
  Weekday: 'reports.schedule.fields.Weekday',
  Period: 'reports.schedule.fields.Period',
  DelayHours: 'reports.schedule.fields.DelayHours',
  Recipients: 'reports.schedule.fields.Recipients',
  Language: 'reports.schedule.fields.Language',
  Active: 'reports.schedule.fields.Active',
};

export const DEFAULT_DELAY_HOURS = 6;

/**
 * The relative period closest to the screen's: yesterday for yesterday (and today, which a mail
 * sent after the day cannot cover), month to date for this month (and the API's default), last
 * month for last month and for a fixed range (a schedule never repeats a fixed day).
 */
export function periodOfReport(f: ReportFilters): SchedulePeriod {
  if (f.from !== undefined || f.to !== undefined) return 'lastMonth';
  if (f.period === '1' || f.period === '2') return 'yesterday';
  if (f.period === '4') return 'lastMonth';
  return 'monthToDate';
}

/** How often a period is naturally sent: yesterday daily, a week weekly, a month monthly (the 1st). */
export const frequencyOfPeriod = (p: SchedulePeriod): ScheduleFrequency =>
  p === 'yesterday' ? 'daily' : p === 'lastWeek' || p === 'last7days' || p === 'monthToDate' ? 'weekly' : 'monthly';

/** The screen's filters (minus the period) and sort, as a schedule keeps them. */
export function scheduleFiltersOf(f: ReportFilters, sort: string | null): ScheduleFilters {
  return {
    groupBy: f.groupBy ?? 'account',
    ...(f.accountId ? { accountId: f.accountId } : {}),
    ...(f.activityId ? { activityId: f.activityId } : {}),
    ...(f.channelGroup ? { channelGroup: f.channelGroup } : {}),
    ...(f.platform ? { platform: f.platform } : {}),
    ...(f.compare ? { compare: true } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** A new schedule of the report on screen. */
export function formFromReport(
  f: ReportFilters,
  sort: string | null,
  opts: { name: string; language: string },
): ScheduleForm {
  const period = periodOfReport(f);
  const frequency = frequencyOfPeriod(period);
  return {
    Id: 0,
    Name: opts.name,
    Filters: scheduleFiltersOf(f, sort),
    Period: period,
    Frequency: frequency,
    Weekday: '0',
    DelayHours: String(DEFAULT_DELAY_HOURS),
    Recipients: [],
    Language: isLocale(opts.language) ? opts.language : 'en',
    Active: true,
  };
}

/** The default name of a schedule: its grouping and period. */
export const defaultNameOf = (groupBy: ScheduleFilters['groupBy'], period: SchedulePeriod, t: TFunction) =>
  t('reports.schedule.defaultName', { group: t(`reports.groups.${groupBy}`), period: t(PERIOD_KEYS[period]) });

/** The default name of a new schedule of the report on screen. */
export const defaultName = (f: ReportFilters, t: TFunction) =>
  defaultNameOf(f.groupBy ?? 'account', periodOfReport(f), t);

export function formFromSchedule(s: ReportScheduleView): ScheduleForm {
  return {
    Id: s.Id,
    Version: s.Version,
    Name: s.Name,
    Filters: s.Filters,
    Period: s.Period,
    Frequency: s.Frequency,
    Weekday: String(s.Weekday ?? 0),
    DelayHours: String(s.DelayHours),
    Recipients: [...s.Recipients],
    Language: s.Language,
    Active: s.Active,
    Outside: Object.fromEntries(s.OutsideRecipients.map((o) => [o.Address.toLowerCase(), o.State])),
  };
}

/** The dialog's values as SaveReportSchedule's `schedule`: the one place where text becomes numbers. */
export function toInput(f: ScheduleForm): SchedulePayload {
  return {
    ...(f.Id ? { Id: f.Id, Version: f.Version } : {}),
    Name: f.Name.trim(),
    Filters: f.Filters,
    Period: f.Period,
    Frequency: f.Frequency,
    ...(f.Frequency === 'weekly' ? { Weekday: numberInput(f.Weekday) } : {}),
    DelayHours: numberInput(f.DelayHours),
    Recipients: f.Recipients,
    Language: f.Language,
    Active: f.Active,
  };
}

/**
 * Typed or pasted recipients as chips: split on commas, semicolons and white space, trimmed, each
 * address once (case-insensitively), in the order given.
 */
export function recipientsOf(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values.flatMap((x) => x.split(/[,;\s]+/))) {
    const e = v.trim();
    if (e && !out.some((o) => o.toLowerCase() === e.toLowerCase())) out.push(e);
  }
  return out;
}

/** A weekday's name in the UI's language (0 = Sunday), from Intl: no strings to translate. */
export function weekdayName(day: number, locale: string): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

/** "Monthly, on the 1st", "Weekly, on Monday", "Daily" — and the delay after midnight. */
export function frequencyText(
  s: Pick<ReportScheduleView, 'Frequency' | 'Weekday' | 'DelayHours'>,
  t: TFunction,
  locale: string,
): string {
  const when =
    s.Frequency === 'weekly'
      ? t('reports.schedules.when.weekly', { day: weekdayName(s.Weekday ?? 0, locale) })
      : s.Frequency === 'monthly'
        ? t('reports.schedules.when.monthly')
        : t('reports.schedules.when.daily');
  return s.DelayHours ? t('reports.schedules.when.delayed', { when, hours: s.DelayHours }) : when;
}

/** An instant (ISO) as a date and time in the company's time zone (and the zone named). */
export function instantText(iso: string, timeZone: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(d);
  }
}
