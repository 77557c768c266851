import { boolean, enum as oneOf, object, optional } from 'zod/mini';
import { CHANNEL_GROUPS, CONNECTOR_TYPES } from '../../../shared/channel-type-lists';
import { id, optionalDate, preprocess } from '../../../shared/schema-fields';

/** ReportsService (/performance/list). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The API's period codes (modules/reports/periods.ts): 1 today, 2 yesterday, 3 this month, 4 last month (the company's days). */
export const PERIOD_CODES = ['1', '2', '3', '4'] as const;
export const REPORT_GROUPS = ['account', 'activity', 'line', 'channelType', 'campaign', 'day', 'month'] as const;

/**
 * GetPerformanceReport: a period code OR a custom from/to (both; at most MAX_REPORT_DAYS days);
 * optional account (a main account or a sub-account), activity, channel group and platform (the
 * connector type of the line's channel type); grouped by one of REPORT_GROUPS;
 * `compare` adds the previous period (the previous month, quarter or year; a range: the same length before). With x-account-id: that account and its sub-accounts only.
 */
export const getPerformanceReport = object({
  period: optional(
    preprocess((v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)), optional(oneOf(PERIOD_CODES))),
  ),
  from: optionalDate(),
  to: optionalDate(),
  accountId: optional(preprocess(blankToUndefined, optional(id()))),
  activityId: optional(preprocess(blankToUndefined, optional(id()))),
  channelGroup: optional(preprocess(blankToUndefined, optional(oneOf(CHANNEL_GROUPS)))),
  platform: optional(preprocess(blankToUndefined, optional(oneOf(CONNECTOR_TYPES)))),
  groupBy: optional(preprocess(blankToUndefined, optional(oneOf(REPORT_GROUPS)))),
  compare: optional(boolean()),
});
