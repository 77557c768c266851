import { array, boolean, enum as oneOf, maxLength, minLength, object, optional, type output } from 'zod/mini';
import { CHANNEL_GROUPS, CONNECTOR_TYPES } from '../../../shared/channel-type-lists';
import { email, id, int, preprocess, requiredText, rule, text } from '../../../shared/schema-fields';
import { REPORT_GROUPS } from './reports';
import { LOCALES } from '../../../shared/locales';

/** ReportsService scheduled reports (docs/reports.md "Scheduled reports"). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const SCHEDULE_PERIODS = ['yesterday', 'last7days', 'lastWeek', 'lastMonth', 'monthToDate'] as const;
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const SCHEDULE_LANGUAGES = LOCALES;
export const MAX_SCHEDULE_RECIPIENTS = 20;
export const MAX_DELAY_HOURS = 72;

/** The Reports filter contract (modules/reports/schemas/reports.ts) minus the period, plus the screen's sort. */
export const scheduleFilters = object({
  groupBy: oneOf(REPORT_GROUPS),
  accountId: optional(preprocess(blankToUndefined, optional(id()))),
  activityId: optional(preprocess(blankToUndefined, optional(id()))),
  channelGroup: optional(preprocess(blankToUndefined, optional(oneOf(CHANNEL_GROUPS)))),
  platform: optional(preprocess(blankToUndefined, optional(oneOf(CONNECTOR_TYPES)))),
  compare: optional(boolean()),
  sort: optional(text(60)),
});

const between = (low: number, limit: number) =>
  int().check(rule((n: number) => n >= low && n <= limit, 'WHOLE_BETWEEN', { low, limit }));

export const reportScheduleInput = object({
  /** Absent or 0: a new schedule. */
  Id: optional(preprocess((v) => (v === 0 || v === '0' ? undefined : v), optional(id()))),
  Version: optional(int()),
  Name: requiredText(120),
  Filters: scheduleFilters,
  Period: oneOf(SCHEDULE_PERIODS),
  Frequency: oneOf(SCHEDULE_FREQUENCIES),
  /** Weekly only: 0 (Sunday) .. 6. */
  Weekday: optional(preprocess(blankToUndefined, optional(between(0, 6)))),
  DelayHours: between(0, MAX_DELAY_HOURS),
  Recipients: array(email()).check(minLength(1), maxLength(MAX_SCHEDULE_RECIPIENTS)),
  Language: oneOf(SCHEDULE_LANGUAGES),
  Active: boolean(),
}).check(
  rule(
    (s: { Frequency: string; Weekday?: number }) => s.Frequency !== 'weekly' || s.Weekday !== undefined,
    'REQUIRED',
    {},
    ['Weekday'],
  ),
);

export const saveReportSchedule = object({ schedule: reportScheduleInput });
export const getReportSchedulesList = object({});
export const deleteReportSchedule = object({ scheduleId: id(), version: int() });
export const getReportScheduleLog = object({ scheduleId: id() });

export type ReportScheduleInput = output<typeof reportScheduleInput>;
