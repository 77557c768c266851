import { PLATFORM_IDS } from '@server/shared/connector-platforms';
import type {
  CHANNEL_GROUPS as ChannelGroupList,
  CONNECTOR_TYPES as ConnectorTypeList,
} from '@server/shared/channel-type-lists';
import type { PERIOD_CODES as PeriodCodeList } from '@server/modules/reports/schemas/reports';
import type { PerformanceReport, ReportInput } from '../api/reports-api';

/**
 * The Reports screen's filters ARE its URL (the contract other screens link with):
 * `/performance/list?period=1..4` or `from=YYYY-MM-DD&to=YYYY-MM-DD`, `accountId`, `activityId`,
 * `channelGroup`, `platform`, `groupBy`, `compare=1`, `sort=<column>:asc|desc`. Absent = the API's default.
 */
export type PeriodCode = (typeof PeriodCodeList)[number];
export type ChannelGroup = (typeof ChannelGroupList)[number];
export type Platform = (typeof ConnectorTypeList)[number];
type ApiGroup = PerformanceReport['GroupBy'];

/** Every value of a union, once: the list does not compile when the schema's union gains or loses one. */
const every =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : never)): L =>
    list;

// The schemas' lists, restated by type only: importing them would bring zod and the schemas' fields into this chunk.
export const PERIOD_CODES = every<PeriodCode>()(['1', '2', '3', '4']);
export const CHANNEL_GROUPS = every<ChannelGroup>()(['Search', 'Social', 'Video', 'Display', 'Offline']);
export const PLATFORMS = every<Platform>()([
  ...PLATFORM_IDS,
  'linkedin_ads',
  'taboola',
  'outbrain',
  'dv360',
  'csv_upload',
  'none',
]);
/** The groupings offered, in the select's order (campaign: the API's grouping by campaign). */
export const GROUPS = ['account', 'activity', 'line', 'channelType', 'campaign', 'day', 'month'] as const;
export type GroupBy = (typeof GROUPS)[number];
type Offered<T extends GroupBy> = T;
/** Every grouping the API answers is offered (does not compile otherwise). */
export type ApiGroupsOffered = Offered<ApiGroup>;

export interface ReportFilters {
  period?: PeriodCode;
  from?: string;
  to?: string;
  accountId?: number;
  activityId?: number;
  channelGroup?: ChannelGroup;
  platform?: Platform;
  groupBy?: GroupBy;
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
    ...(custom
      ? { from: ISO.test(from) ? from : '', to: ISO.test(to) ? to : '' }
      : { period: oneOf(PERIOD_CODES, params.get('period')) }),
    accountId: id(params.get('accountId')),
    activityId: id(params.get('activityId')),
    channelGroup: oneOf(CHANNEL_GROUPS, params.get('channelGroup')),
    platform: oneOf(PLATFORMS, params.get('platform')),
    groupBy: oneOf(GROUPS, groupBy),
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

/** GetPerformanceReport's input, or null while a custom range is incomplete or reversed (nothing to ask yet). */
export function inputOf(f: ReportFilters): ReportInput | null {
  const custom = f.from !== undefined || f.to !== undefined;
  if (custom && (!f.from || !f.to || f.to < f.from)) return null;
  const groupBy = f.groupBy;
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
