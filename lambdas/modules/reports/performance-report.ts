import type { output } from 'zod/mini';
import type { UserProfile } from '../tenancy';
import type { getPerformanceReport } from './schemas/reports';
import type { CalendarDay } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { PerformanceReport } from './replies/reports';
import { maySeeAccount } from '../tenancy';
import { cachedConfiguration } from '../configurations';
import { performanceColumnsFor } from '../performance';
import type { CampaignRead } from './performance-report-campaigns';
import { readSummaryMonths } from './performance-report-summary';
import { readUnmappedActuals } from './performance-report-unmapped';
import { asksMonthToDate, periodAsked, previousPeriod, type Period } from './periods';
import { reportRows, statOfFigures, type GroupBy } from './performance-report-rows';
import { reportScope } from './performance-report-scope';
import {
  campaignRaw,
  campaignStatsOf,
  convertedActuals,
  labelGroups,
  lineSources,
  sourceRaw,
  summaryMonths,
  type Labels,
  type RawActuals,
  type ReportReadOptions,
  type Source,
} from './performance-report-reads';

/** The read options are part of performanceReportFor's signature. */
export type { ReportReadOptions };

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
 * The steps: performance-report-scope.ts (account, currency, activities), performance-report-reads.ts
 * (lines, day rows, labels), performance-report-rows.ts (groups, rounding, totals).
 */

/** The periods, grouping and mode a report's input asks for, as of the company's today. Pure. */
function reportShape(input: output<typeof getPerformanceReport>, today: CalendarDay) {
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
  return { current, previous, span, groupBy, lineMode };
}

const companyWide = (scopeAccountId: number | undefined, input: output<typeof getPerformanceReport>) =>
  scopeAccountId === undefined && input.accountId === undefined && input.activityId === undefined;

/**
 * A company-wide report of whole months reads the month summaries (summaryMonths): they are read
 * from here, beside the activities and accounts they are then kept on, not after them. Should the
 * company turn out to have few activities, the rollup path is taken and this read goes unused.
 */
function earlySummaryRead(
  companyId: number,
  months: string[] | null,
  config: { DefaultCurrency: number },
): { months: string[]; items: ReturnType<typeof readSummaryMonths> } | null {
  if (!months) return null;
  // Company-wide, the report's currency is the company's default one.
  const items = readSummaryMonths(companyId, months, CURRENCY_CODES[config.DefaultCurrency as 1 | 2]);
  items.catch(() => undefined);
  return { months, items };
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
  const { current, previous, span, groupBy, lineMode } = reportShape(input, today);
  const early = companyWide(scopeAccountId, input)
    ? earlySummaryRead(
        companyId,
        summaryMonths(groupBy, lineMode, span, !!previous, today, true, Infinity, opts.via),
        config,
      )
    : null;
  const columns = await columnsP;

  const scope = await reportScope(caller, scopeAccountId, input, span, config.DefaultCurrency as 1 | 2);
  const { asked, currency, accounts, visible, read } = scope;

  const labels: Labels = { names: new Map(), links: new Map() };
  const { sources, linesTruncated } = lineMode
    ? await lineSources(companyId, read, input, groupBy, labels)
    : { sources: read.map((a): Source => ({ a })), linesTruncated: false };
  // By campaign: the stored stats of the ad accounts feeding the activities' accounts, kept on the report's lines
  // (performance-report-campaigns.ts); otherwise one rollup Query per line or activity.
  let campaignRead: CampaignRead | null = null;
  let raw: RawActuals[];
  if (groupBy === 'campaign') {
    campaignRead = await campaignStatsOf(companyId, read, sources, span);
    raw = campaignRaw(campaignRead, sources, labels);
  } else {
    const companyRead = !asked && input.activityId === undefined;
    const months = summaryMonths(groupBy, lineMode, span, !!previous, today, companyRead, read.length, opts.via);
    raw = await sourceRaw(companyId, sources, { months, early, read, currency, span });
  }
  // Grouped by account or activity (not one activity's report, nor a line filter): each account's
  // spend no plan line owns, as an Unmapped row, so that the totals are what the platforms spent.
  const unmapped =
    (groupBy === 'account' || groupBy === 'activity') && !lineMode && input.activityId === undefined
      ? await readUnmappedActuals(companyId, (acc) => maySeeAccount(caller, acc) && scope.inAskedAccount(acc), span)
      : { accounts: [], truncated: false };
  const actuals = await convertedActuals(companyId, raw, unmapped.accounts, currency, labels);
  await labelGroups(companyId, groupBy, { accounts, visible, actuals }, labels);
  const { rows, totals, previousTotals } = reportRows(
    groupBy,
    actuals,
    current,
    previous,
    (key) => labels.names.get(key) ?? key,
    (key) => labels.links.get(key),
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
