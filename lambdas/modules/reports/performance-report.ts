import type { output } from 'zod/mini';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import {
  activityTotalsOfCompany,
  activityTotalsOfMain,
  getActivity,
  type ActivityTotalsRow,
} from '../../repositories/activities';
import { getAccounts, type Account } from '../tenancy';
import { listChannelTypes } from '../channel-types';
import { readActivityRollup, readLineRollup } from '../performance-data';
import { getMixPlan, getMixWithLines } from '../../repositories/media-mix-reads';
import type { UserProfile } from '../tenancy';
import type { getPerformanceReport } from './schemas/reports';
import type { CalendarDay } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import { CURRENCY_CODES } from '../../shared/media-mix-status';
import type { CustomValues, PerformanceReport, ReportFigures, ReportRow, ReportTotals } from './replies/reports';
import { inParallel } from '../../core/in-parallel';
import { cachedAccounts, loadAccountInScope, loadVisibleAccount, maySeeAccount } from '../tenancy';
import { rateBookFor } from '../performance';
import { microsToMinor, rowsInCurrency } from '../performance';
import { cachedConfiguration } from '../configurations';
import { kpisOf } from '../performance';
import { performanceColumnsFor } from '../performance';
import { readCampaignStats } from './performance-report-campaigns';
import { activitiesFromSummaries, readSummaryMonths, wholeMonthsOf } from './performance-report-summary';
import { readUnmappedActuals } from './performance-report-unmapped';
import type { ActualDay } from '../performance';
import { asksMonthToDate, periodAsked, previousPeriod, type Period } from './periods';

/**
 * ReportsService.GetPerformanceReport: actuals of the activities in scope over a
 * period, grouped by account, activity, plan line, channel type, day or month, with a totals row and optionally the previous
 * period (periods.ts previousPeriod). Reads ONLY the activities' day rollups (readActivityRollup: one Query per
 * activity, PARALLEL at a time) — never the raw stats — for the live activities whose flight
 * overlaps the period(s) (activity date index), at most REPORT_MAX_ACTIVITIES (Truncated says so).
 *
 * Money: every rollup row converts into the report currency at ITS DAY's rate (actuals-fx
 * rowsInCurrency; no rate → RATE_NOT_FOUND). The report currency is the currency of the account
 * asked for (accountId, else x-account-id) — its main account's — or the company's default currency.
 * Each row's additive figures are rounded once (spend and value to minor units, conversions to
 * hundredths) and the totals are the sums of those rounded figures, so the totals row is exactly
 * the sum of the rows; ratios are recomputed from the sums (kpis.ts: 0 on a zero denominator).
 */

/** Activities one report reads at most. */
export const REPORT_MAX_ACTIVITIES = 2000;
/** Plan lines one report reads at most (line mode). */
export const REPORT_MAX_LINES = 5000;
const PARALLEL = 16;

/** Integer sums of one group: money in micros of the report currency. */
interface Sums {
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversionsMilli: number;
  valueMicros: number;
  videoViews: number;
}
const zero = (): Sums => ({
  spendMicros: 0,
  impressions: 0,
  clicks: 0,
  conversionsMilli: 0,
  valueMicros: 0,
  videoViews: 0,
});

function add(s: Sums, r: ActualDay): void {
  s.spendMicros += r.SpendMicros;
  s.impressions += r.Impressions;
  s.clicks += r.Clicks;
  s.conversionsMilli += r.ConversionsMilli;
  s.valueMicros += r.ConversionValueMicros;
  s.videoViews += r.VideoViews;
}

/** Rounded additive figures of a group (what is shown, and what the totals add up). */
interface Rounded {
  spendMinor: number;
  valueMinor: number;
  conversionsCenti: number;
  impressions: number;
  clicks: number;
  videoViews: number;
}

const roundedOf = (s: Sums): Rounded => ({
  spendMinor: microsToMinor(s.spendMicros),
  valueMinor: microsToMinor(s.valueMicros),
  // thousandths → hundredths, half-up (symmetric for credits).
  conversionsCenti: Math.sign(s.conversionsMilli) * Math.round(Math.abs(s.conversionsMilli) / 10),
  impressions: s.impressions,
  clicks: s.clicks,
  videoViews: s.videoViews,
});

const sumRounded = (rs: readonly Rounded[]): Rounded =>
  rs.reduce(
    (t, r) => ({
      spendMinor: t.spendMinor + r.spendMinor,
      valueMinor: t.valueMinor + r.valueMinor,
      conversionsCenti: t.conversionsCenti + r.conversionsCenti,
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      videoViews: t.videoViews + r.videoViews,
    }),
    { spendMinor: 0, valueMinor: 0, conversionsCenti: 0, impressions: 0, clicks: 0, videoViews: 0 },
  );

/** The shown figures of rounded sums; ratios from the shown amounts (docs/domain.md: 0 on a zero denominator). */
export function figuresOf(r: Rounded): ReportFigures {
  const k = kpisOf({
    impressions: r.impressions,
    clicks: r.clicks,
    conversionsMilli: r.conversionsCenti * 10,
    spendMicros: r.spendMinor * 10_000,
    conversionValueMicros: r.valueMinor * 10_000,
  });
  return {
    Spend: r.spendMinor / 100,
    Impressions: r.impressions,
    Clicks: r.clicks,
    Conversions: r.conversionsCenti / 100,
    ConversionValue: r.valueMinor / 100,
    VideoViews: r.videoViews,
    Ctr: k.ctr ?? 0,
    Cpc: k.cpc ?? 0,
    Cpm: k.cpm ?? 0,
    Cpa: k.cpa ?? 0,
    Cvr: k.cvr ?? 0,
    Roas: k.roas ?? 0,
  };
}

type GroupBy = PerformanceReport['GroupBy'];

/** One activity's (or, in line mode, one plan line's) converted day rows with what it is grouped by. */
export interface ActivityActuals {
  activityId: number;
  accountId: number;
  lineId?: number;
  channelTypeId?: number;
  campaign?: string;
  unmapped?: true;
  rows: readonly ActualDay[];
}

function keyOf(groupBy: GroupBy, a: ActivityActuals, day: CalendarDay): string {
  if (a.unmapped && (groupBy === 'account' || groupBy === 'activity')) return `${UNMAPPED_KEY}${a.accountId}`;
  switch (groupBy) {
    case 'account':
      return String(a.accountId);
    case 'activity':
      return String(a.activityId);
    case 'line':
      return String(a.lineId);
    case 'channelType':
      return String(a.channelTypeId);
    case 'campaign':
      return String(a.campaign);
    case 'day':
      return day;
    case 'month':
      return day.slice(0, 7);
  }
}

/** The key of an account's Unmapped row (grouped by account or activity). */
const UNMAPPED_KEY = 'unmapped:';

/** Sums of each group over the days of `p`. Pure. */
export function groupSums(groupBy: GroupBy, actuals: readonly ActivityActuals[], p: Period): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const a of actuals) {
    for (const r of a.rows) {
      if (r.Period < p.from || r.Period > p.to) continue;
      const key = keyOf(groupBy, a, r.Period);
      let s = out.get(key);
      if (!s) out.set(key, (s = zero()));
      add(s, r);
    }
  }
  return out;
}

/** Where a row's activity performance page is (activity and line rows). */
export type RowLink = Pick<
  ReportRow,
  'AccountId' | 'ActivityId' | 'MediaMixId' | 'Platform' | 'LineId' | 'LineName' | 'Unmapped'
>;

/** The custom columns' values of some shown figures (performance-custom-columns.ts). */
export type CustomOf = (f: ReportFigures) => CustomValues;
const statOfFigures = (f: ReportFigures) => ({
  impressions: f.Impressions,
  clicks: f.Clicks,
  spend: f.Spend,
  conversions: f.Conversions,
  conversionValue: f.ConversionValue,
  videoViews: f.VideoViews,
});

/** Rows (sorted by key: days and months in order, ids by label) and totals = the sum of the rows. Pure. */
export function reportRows(
  groupBy: GroupBy,
  actuals: readonly ActivityActuals[],
  current: Period,
  previous: Period | null,
  labelOf: (key: string) => string,
  linkOf: (key: string) => RowLink | undefined = () => undefined,
  customOf: CustomOf = () => ({}),
): { rows: ReportRow[]; totals: ReportTotals; previousTotals: ReportFigures | null } {
  const now = groupSums(groupBy, actuals, current);
  const before = previous ? groupSums(groupBy, actuals, previous) : null;
  // Day and month groups of the previous period are other days: they are not set beside the current ones.
  const byDate = groupBy === 'day' || groupBy === 'month';
  const keys = [...now.keys()];
  const rounded = new Map(keys.map((k) => [k, roundedOf(now.get(k)!)]));
  const rows: ReportRow[] = keys.map((key) => {
    const figures = figuresOf(rounded.get(key)!);
    return {
      Key: key,
      Label: labelOf(key),
      ...linkOf(key),
      ...figures,
      Custom: customOf(figures),
      ...(before && !byDate ? { Previous: figuresOf(roundedOf(before.get(key) ?? zero())) } : {}),
    };
  });
  const totals = figuresOf(sumRounded([...rounded.values()]));
  // Unmapped rows after the others (by account name); their keys are not numbers.
  const unmappedLast = (a: ReportRow, b: ReportRow) => Number(!!a.Unmapped) - Number(!!b.Unmapped);
  const idOf = (r: ReportRow) => Number(r.Key.startsWith(UNMAPPED_KEY) ? r.Key.slice(UNMAPPED_KEY.length) : r.Key) || 0;
  rows.sort(
    byDate
      ? (a, b) => (a.Key < b.Key ? -1 : a.Key > b.Key ? 1 : 0)
      : (a, b) => unmappedLast(a, b) || a.Label.localeCompare(b.Label) || idOf(a) - idOf(b),
  );
  return {
    rows,
    totals: { ...totals, Custom: customOf(totals) },
    previousTotals: before ? figuresOf(sumRounded([...before.values()].map(roundedOf))) : null,
  };
}

/**
 * Line mode: the lines of each activity's LATEST APPROVED version (the campaigns' stats are rolled
 * up on the line they map to, followed into that version: domain/campaigns.ts), with their channel
 * type, kept when the channel type is of the channel group and platform (connector type) asked.
 * Two reads per activity (the plan, the version's lines) and one catalogue read.
 */
async function linesOf(
  companyId: number,
  activities: readonly ActivityTotalsRow[],
  group: string | undefined,
  platform: string | undefined,
) {
  const [catalogue, versions] = await Promise.all([
    listChannelTypes(),
    inParallel(
      activities,
      async (a) => {
        const plan = await getMixPlan(companyId, a.ID);
        const mixId = plan?.ApprovedMixId ?? null;
        return { a, mixId, lines: mixId ? ((await getMixWithLines(companyId, mixId))?.lines ?? []) : [] };
      },
      PARALLEL,
    ),
  ]);
  const types = new Map(catalogue.map((t) => [t.ID, t]));
  return versions.flatMap(({ a, mixId, lines }) =>
    lines
      .filter((l) => {
        const t = types.get(l.ChannelTypeId);
        return (group === undefined || t?.Group === group) && (platform === undefined || t?.ConnectorType === platform);
      })
      .map((l) => ({
        a,
        mixId,
        lineId: l.ID,
        channelTypeId: l.ChannelTypeId,
        name: l.Name,
        channelTypeName: types.get(l.ChannelTypeId)?.Name ?? l.ChannelTypeName,
      })),
  );
}

/** How activity mode reads (internal: tests and the bench force one; by default `auto`, see summaryMonths below). */
export interface ReportReadOptions {
  via?: 'auto' | 'rollups' | 'summary';
}

/**
 * The months the month summaries are read for, or null for the activity rollups: activity mode
 * (grouped by account, activity or month, no line filter), no previous period, a period of whole
 * months (or a month's 1st to today), and — by default — a company-wide report of more activities
 * than one wave of rollup Queries: an account's report reads only its activities' rollups, where the
 * summary partition holds the whole company's lines.
 */
function summaryMonths(
  groupBy: GroupBy,
  lineMode: boolean,
  span: Period,
  compare: boolean,
  today: CalendarDay,
  companyWide: boolean,
  activities: number,
  via: ReportReadOptions['via'],
): string[] | null {
  if (
    via === 'rollups' ||
    lineMode ||
    compare ||
    !(groupBy === 'account' || groupBy === 'activity' || groupBy === 'month')
  )
    return null;
  if (via !== 'summary' && (!companyWide || activities <= PARALLEL)) return null;
  return wholeMonthsOf(span, today);
}

/** ReportsService.GetPerformanceReport. */
export async function performanceReportFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getPerformanceReport>,
  opts: ReportReadOptions = {},
): Promise<PerformanceReport> {
  const companyId = caller.companyId;
  const columnsP = performanceColumnsFor(caller);
  const config = await cachedConfiguration(companyId);
  const today = todayIn(config.TimeZone);
  const current = periodAsked(input, today);
  const previous = input.compare ? previousPeriod(current, asksMonthToDate(input)) : null;
  const span: Period = { from: previous?.from ?? current.from, to: current.to };
  const groupBy: GroupBy = input.groupBy ?? 'account';
  const lineMode =
    groupBy === 'line' ||
    groupBy === 'channelType' ||
    groupBy === 'campaign' ||
    input.channelGroup !== undefined ||
    input.platform !== undefined;
  // A company-wide report of whole months reads the month summaries (summaryMonths): they are read
  // from here, beside the activities and accounts they are then kept on, not after them. Should the
  // company turn out to have few activities, the rollup path is taken and this read goes unused.
  const companyWide = scopeAccountId === undefined && input.accountId === undefined && input.activityId === undefined;
  const earlyMonths = companyWide
    ? summaryMonths(groupBy, lineMode, span, !!previous, today, true, Infinity, opts.via)
    : null;
  // Company-wide, the report's currency is the company's default one.
  const summaryP = earlyMonths
    ? readSummaryMonths(companyId, earlyMonths, CURRENCY_CODES[config.DefaultCurrency as 1 | 2])
    : null;
  summaryP?.catch(() => undefined);
  const columns = await columnsP;

  // The account asked for (checked against the caller and the request's account), and the main account whose activities are read.
  const asked =
    input.accountId !== undefined
      ? await (scopeAccountId !== undefined
          ? loadAccountInScope(caller, scopeAccountId, input.accountId)
          : loadVisibleAccount(caller, input.accountId))
      : scopeAccountId !== undefined
        ? await loadVisibleAccount(caller, scopeAccountId)
        : null;
  const mainOfAsked = asked && asked.ParentId !== null ? (await getAccounts(companyId, [asked.ParentId]))[0] : asked;
  const currency = CURRENCY_CODES[mainOfAsked?.Currency ?? (config.DefaultCurrency as 1 | 2)];

  let activities: ActivityTotalsRow[];
  if (input.activityId !== undefined) {
    const a = await getActivity(companyId, input.activityId);
    if (!a || a.Archived)
      throw new NotFoundError(`Activity ${input.activityId} was not found`, 'NOT_FOUND', {
        entity: 'Activity',
        id: input.activityId,
      });
    activities = [a];
  } else if (asked) {
    const main = mainOfAsked!;
    activities = await activityTotalsOfMain(companyId, main.ID, {
      fromDate: span.from,
      toDate: span.to,
      ...(asked.ParentId !== null ? { subAccountId: asked.ID } : {}),
    });
  } else {
    activities = await activityTotalsOfCompany(companyId, { fromDate: span.from, toDate: span.to });
  }

  // Visibility: each activity through the account it is booked on (its sub-account, else its main account), inside the account asked.
  const accountIds = [
    ...new Set(activities.flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])])),
  ];
  const accounts = new Map<number, Account>(
    (accountIds.length ? await cachedAccounts(companyId, accountIds) : []).map((a) => [a.ID, a]),
  );
  const bookedOn = (a: ActivityTotalsRow) => a.SubAccountId ?? a.AccountId;
  const inAsked = (a: ActivityTotalsRow) =>
    !asked || (asked.ParentId === null ? a.AccountId === asked.ID : a.SubAccountId === asked.ID);
  const inAskedAccount = (acc: Account) =>
    !asked || acc.ID === asked.ID || (asked.ParentId === null && acc.ParentId === asked.ID);
  const visible = activities.filter((a) => {
    const acc = accounts.get(bookedOn(a)) ?? accounts.get(a.AccountId);
    return !!acc && maySeeAccount(caller, acc) && inAsked(a);
  });
  if (input.activityId !== undefined && !visible.length) {
    throw new ForbiddenError(`No access to activity ${input.activityId}`, 'ACCOUNT_NO_ACCESS', {
      accountId: activities[0]?.AccountId ?? 0,
    });
  }
  visible.sort((a, b) => a.ID - b.ID);
  const read = visible.slice(0, REPORT_MAX_ACTIVITIES);

  const names = new Map<string, string>();
  const links = new Map<string, RowLink>();
  let sources: {
    a: ActivityTotalsRow;
    lineId?: number;
    channelTypeId?: number;
    mixId?: number | null;
    name?: string;
  }[] = read.map((a) => ({ a }));
  let linesTruncated = false;
  if (lineMode) {
    const lines = await linesOf(companyId, read, input.channelGroup, input.platform);
    linesTruncated = lines.length > REPORT_MAX_LINES;
    const kept = lines.slice(0, REPORT_MAX_LINES);
    sources = kept;
    for (const l of kept) {
      if (groupBy === 'line') {
        names.set(String(l.lineId), l.name);
        links.set(String(l.lineId), { AccountId: bookedOn(l.a), ActivityId: l.a.ID, MediaMixId: l.mixId });
      }
      if (groupBy === 'channelType') names.set(String(l.channelTypeId), l.channelTypeName);
    }
  }
  // By campaign: the stored stats of the ad accounts feeding the activities' accounts, kept on the report's lines
  // (performance-report-campaigns.ts); otherwise one rollup Query per line or activity.
  let campaignRead: Awaited<ReturnType<typeof readCampaignStats>> | null = null;
  let raw: { s: (typeof sources)[number]; rows: ActualDay[]; campaign?: string }[];
  if (groupBy === 'campaign') {
    const lineOf = new Map(sources.map((s) => [s.lineId!, s]));
    campaignRead = await readCampaignStats(
      companyId,
      new Set(read.map((a) => a.AccountId)),
      new Set(lineOf.keys()),
      span.from,
      span.to,
    );
    raw = campaignRead.campaigns.map((c) => {
      const s = lineOf.get(c.lineId)!;
      names.set(c.key, c.name);
      links.set(c.key, {
        AccountId: bookedOn(s.a),
        ActivityId: s.a.ID,
        MediaMixId: s.mixId ?? null,
        Platform: c.platform,
        LineId: c.lineId,
        LineName: s.name,
      });
      return { s, rows: c.rows, campaign: c.key };
    });
  } else {
    const months = summaryMonths(
      groupBy,
      lineMode,
      span,
      !!previous,
      today,
      !asked && input.activityId === undefined,
      read.length,
      opts.via,
    );
    const items = !months
      ? null
      : summaryP && earlyMonths!.join() === months.join()
        ? await summaryP
        : await readSummaryMonths(companyId, months, currency);
    const fromSummaries = items ? activitiesFromSummaries(items, new Set(read.map((a) => a.ID)), currency) : null;
    if (fromSummaries) raw = sources.map((s) => ({ s, rows: fromSummaries.get(s.a.ID) ?? [] }));
    else
      raw = await inParallel(
        sources,
        async (s) => ({
          s,
          rows: await (s.lineId !== undefined
            ? readLineRollup(companyId, s.lineId, span.from, span.to)
            : readActivityRollup(companyId, s.a.ID, span.from, span.to)),
        }),
        PARALLEL,
      );
  }
  // Grouped by account or activity (not one activity's report, nor a line filter): each account's
  // spend no plan line owns, as an Unmapped row, so that the totals are what the platforms spent.
  const unmapped =
    (groupBy === 'account' || groupBy === 'activity') && !lineMode && input.activityId === undefined
      ? await readUnmappedActuals(companyId, (acc) => maySeeAccount(caller, acc) && inAskedAccount(acc), span)
      : { accounts: [], truncated: false };
  const rates = await rateBookFor(
    companyId,
    [...raw.flatMap((r) => r.rows), ...unmapped.accounts.flatMap((u) => u.rows)],
    currency,
  );
  const actuals: ActivityActuals[] = raw.map(({ s, rows, campaign }) => ({
    activityId: s.a.ID,
    accountId: bookedOn(s.a),
    lineId: s.lineId,
    channelTypeId: s.channelTypeId,
    campaign,
    rows: rowsInCurrency(rows, currency, rates),
  }));
  for (const { account, rows } of unmapped.accounts) {
    actuals.push({ activityId: 0, accountId: account.ID, unmapped: true, rows: rowsInCurrency(rows, currency, rates) });
    names.set(`${UNMAPPED_KEY}${account.ID}`, account.Name);
    links.set(`${UNMAPPED_KEY}${account.ID}`, { AccountId: account.ID, Unmapped: true });
  }

  if (groupBy === 'account') for (const [id, acc] of accounts) names.set(String(id), acc.Name);
  if (groupBy === 'activity') {
    const withData = [...new Set(actuals.filter((x) => x.rows.length).map((x) => x.activityId))];
    const read = new Map(visible.map((a) => [a.ID, a]));
    for (const { a, plan } of await inParallel(
      withData,
      async (id) => ({ a: await getActivity(companyId, id), plan: await getMixPlan(companyId, id) }),
      PARALLEL,
    )) {
      if (!a) continue;
      names.set(String(a.ID), a.Name);
      links.set(String(a.ID), {
        AccountId: bookedOn(read.get(a.ID) ?? a),
        ActivityId: a.ID,
        MediaMixId: plan?.ApprovedMixId ?? null,
      });
    }
  }
  const { rows, totals, previousTotals } = reportRows(
    groupBy,
    actuals,
    current,
    previous,
    (key) => names.get(key) ?? key,
    (key) => links.get(key),
    (f) => columns.valuesOf(statOfFigures(f)),
  );

  return {
    GroupBy: groupBy,
    Currency: currency,
    From: current.from,
    To: current.to,
    PreviousFrom: previous?.from ?? null,
    PreviousTo: previous?.to ?? null,
    Rows: rows,
    Totals: totals,
    PreviousTotals: previousTotals,
    Truncated: visible.length > read.length || linesTruncated || !!campaignRead?.truncated || unmapped.truncated,
    ActivitiesRead: read.length,
    LinesRead: lineMode ? sources.length : null,
    CampaignStatsRead: campaignRead?.statsRead ?? null,
    CustomColumns: columns.heads,
  };
}
