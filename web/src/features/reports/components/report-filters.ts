import { CHANNEL_GROUPS, CONNECTOR_TYPES } from '@server/schemas/channel-types';
import { PERIOD_CODES, REPORT_GROUPS } from '@server/schemas/reports';

/**
 * The Reports screen's filters ARE its URL (the contract other screens link with):
 * `/performance/list?period=1..4` or `from=YYYY-MM-DD&to=YYYY-MM-DD`, `accountId`, `activityId`,
 * `channelGroup`, `platform`, `groupBy`, `compare=1`, `sort=<column>:asc|desc`. Absent = the API's default.
 */
export type PeriodCode = (typeof PERIOD_CODES)[number];
export type GroupBy = (typeof REPORT_GROUPS)[number];
export type ChannelGroup = (typeof CHANNEL_GROUPS)[number];
export type Platform = (typeof CONNECTOR_TYPES)[number];

export interface ReportFilters {
  period?: PeriodCode;
  from?: string;
  to?: string;
  accountId?: number;
  activityId?: number;
  channelGroup?: ChannelGroup;
  platform?: Platform;
  /** As the URL asks it (campaign too, which the API may not offer yet). */
  groupBy?: string;
  compare: boolean;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const id = (v: string | null) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => list.find((x) => x === v);

export function filtersOf(params: URLSearchParams): ReportFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = params.has('from') || params.has('to');
  const groupBy = params.get('groupBy');
  return {
    ...(custom ? { from: ISO.test(from) ? from : '', to: ISO.test(to) ? to : '' } : { period: oneOf(PERIOD_CODES, params.get('period')) }),
    accountId: id(params.get('accountId')),
    activityId: id(params.get('activityId')),
    channelGroup: oneOf(CHANNEL_GROUPS, params.get('channelGroup')),
    platform: oneOf(CONNECTOR_TYPES, params.get('platform')),
    groupBy: groupBy && /^[A-Za-z]{1,20}$/.test(groupBy) ? groupBy : undefined,
    compare: params.get('compare') === '1',
  };
}

/** The filters into the URL, keeping `sort`; empty filters are left out. */
export function paramsOf(f: ReportFilters, sort: string | null): URLSearchParams {
  const p = new URLSearchParams();
  if (f.from !== undefined || f.to !== undefined) {
    // A range being typed (an end still empty) keeps the custom mode in the URL.
    p.set('from', f.from ?? '');
    p.set('to', f.to ?? '');
  } else if (f.period) p.set('period', f.period);
  if (f.accountId) p.set('accountId', String(f.accountId));
  if (f.activityId) p.set('activityId', String(f.activityId));
  if (f.channelGroup) p.set('channelGroup', f.channelGroup);
  if (f.platform) p.set('platform', f.platform);
  if (f.groupBy) p.set('groupBy', f.groupBy);
  if (f.compare) p.set('compare', '1');
  if (sort) p.set('sort', sort);
  return p;
}

/** The grouping the API is asked for: the URL's when the API offers it, else its default (campaign: by activity until the API groups by campaign). */
export function groupAsked(f: ReportFilters): GroupBy | undefined {
  if (!f.groupBy) return undefined;
  const known = oneOf(REPORT_GROUPS, f.groupBy);
  if (known) return known;
  return f.groupBy === 'campaign' ? 'activity' : undefined;
}

/** GetPerformanceReport's input, or null while a custom range is incomplete or reversed (nothing to ask yet). */
export function inputOf(f: ReportFilters) {
  const custom = f.from !== undefined || f.to !== undefined;
  if (custom && (!f.from || !f.to || f.to < f.from)) return null;
  const groupBy = groupAsked(f);
  return {
    ...(custom ? { from: f.from, to: f.to } : f.period ? { period: f.period } : {}),
    ...(f.accountId ? { accountId: f.accountId } : {}),
    ...(f.activityId ? { activityId: f.activityId } : {}),
    ...(f.channelGroup ? { channelGroup: f.channelGroup } : {}),
    ...(f.platform ? { platform: f.platform } : {}),
    ...(groupBy ? { groupBy } : {}),
    ...(f.compare ? { compare: true } : {}),
  };
}
