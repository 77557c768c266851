import { getActivity, type ActivityTotalsRow } from '../activities';
import type { Account } from '../tenancy';
import { listChannelTypes } from '../channel-types';
import { readActivityRollup, readLineRollup } from '../performance-data';
import { getActivityPlan, getVersionWithLines } from '../media-plans';
import type { CalendarDay } from '../../shared/calendar';
import { inParallel } from '../../core/in-parallel';
import { rateBookFor } from '../performance';
import { rowsInCurrency } from '../performance';
import type { ActualDay } from '../performance';
import { readCampaignStats, type CampaignRead } from './performance-report-campaigns';
import { activitiesFromSummaries, readSummaryMonths, wholeMonthsOf } from './performance-report-summary';
import type { UnmappedActuals } from './performance-report-unmapped';
import { UNMAPPED_KEY, type ActivityActuals, type GroupBy, type RowLink } from './performance-report-rows';
import { bookedOn } from './performance-report-scope';
import type { Period } from './periods';

/** The performance report's reads: its plan lines, its day rows (rollups, month summaries or campaign stats) and its labels. */

/** Plan lines one report reads at most (line mode). */
export const REPORT_MAX_LINES = 5000;
/** Activities (or lines) read at a time. */
export const REPORT_PARALLEL = 16;

/** What one report row is read from: an activity, or in line mode one of its plan lines. */
export interface Source {
  a: ActivityTotalsRow;
  lineId?: number;
  channelTypeId?: number;
  versionId?: number | null;
  name?: string;
}

/** A source's day rows, in their own currencies. */
export interface RawActuals {
  s: Source;
  rows: ActualDay[];
  campaign?: string;
}

/** The rows' labels and links, by group key. */
export interface Labels {
  names: Map<string, string>;
  links: Map<string, RowLink>;
}

/**
 * Line mode: the lines of each activity's LATEST APPROVED version (the campaigns' stats are rolled
 * up on the line they map to, followed into that version: modules/connectors/campaigns.ts), with their channel
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
        const plan = await getActivityPlan(companyId, a.ID);
        const versionId = plan?.ApprovedMixId ?? null;
        return {
          a,
          versionId,
          lines: versionId ? ((await getVersionWithLines(companyId, versionId))?.lines ?? []) : [],
        };
      },
      REPORT_PARALLEL,
    ),
  ]);
  const types = new Map(catalogue.map((t) => [t.ID, t]));
  return versions.flatMap(({ a, versionId, lines }) =>
    lines
      .filter((l) => {
        const t = types.get(l.ChannelTypeId);
        return (group === undefined || t?.Group === group) && (platform === undefined || t?.ConnectorType === platform);
      })
      .map((l) => ({
        a,
        versionId,
        lineId: l.ID,
        channelTypeId: l.ChannelTypeId,
        name: l.Name,
        channelTypeName: types.get(l.ChannelTypeId)?.Name ?? l.ChannelTypeName,
      })),
  );
}

/** Line mode's sources (at most REPORT_MAX_LINES), labelling lines and channel types. */
export async function lineSources(
  companyId: number,
  read: readonly ActivityTotalsRow[],
  filter: { channelGroup?: string; platform?: string },
  groupBy: GroupBy,
  labels: Labels,
): Promise<{ sources: Source[]; linesTruncated: boolean }> {
  const lines = await linesOf(companyId, read, filter.channelGroup, filter.platform);
  const kept = lines.slice(0, REPORT_MAX_LINES);
  for (const l of kept) {
    if (groupBy === 'line') {
      labels.names.set(String(l.lineId), l.name);
      labels.links.set(String(l.lineId), { AccountId: bookedOn(l.a), ActivityId: l.a.ID, MediaMixId: l.versionId });
    }
    if (groupBy === 'channelType') labels.names.set(String(l.channelTypeId), l.channelTypeName);
  }
  return { sources: kept, linesTruncated: lines.length > REPORT_MAX_LINES };
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
export function summaryMonths(
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
  if (via !== 'summary' && (!companyWide || activities <= REPORT_PARALLEL)) return null;
  return wholeMonthsOf(span, today);
}

/** By campaign: the stored stats of the ad accounts feeding the read activities' accounts, on the sources' lines. */
export const campaignStatsOf = (
  companyId: number,
  read: readonly ActivityTotalsRow[],
  sources: readonly Source[],
  span: Period,
): Promise<CampaignRead> =>
  readCampaignStats(
    companyId,
    new Set(read.map((a) => a.AccountId)),
    new Set(sources.map((s) => s.lineId!)),
    span.from,
    span.to,
  );

/** By campaign: each campaign's stats on one of the report's lines, labelled with its campaign and line. */
export function campaignRaw(campaignRead: CampaignRead, sources: readonly Source[], labels: Labels): RawActuals[] {
  const lineOf = new Map(sources.map((s) => [s.lineId!, s]));
  return campaignRead.campaigns.map((c) => {
    const s = lineOf.get(c.lineId)!;
    labels.names.set(c.key, c.name);
    labels.links.set(c.key, {
      AccountId: bookedOn(s.a),
      ActivityId: s.a.ID,
      MediaMixId: s.versionId ?? null,
      Platform: c.platform,
      LineId: c.lineId,
      LineName: s.name,
    });
    return { s, rows: c.rows, campaign: c.key };
  });
}

/**
 * The sources' day rows from the month summaries when `months` says so (the early read reused when
 * it was of the same months) and they can give them, else one rollup Query per line or activity.
 */
export async function sourceRaw(
  companyId: number,
  sources: readonly Source[],
  o: {
    months: string[] | null;
    early: { months: string[]; items: ReturnType<typeof readSummaryMonths> } | null;
    read: readonly ActivityTotalsRow[];
    currency: string;
    span: Period;
  },
): Promise<RawActuals[]> {
  const { months, early, currency, span } = o;
  const items = !months
    ? null
    : early && early.months.join() === months.join()
      ? await early.items
      : await readSummaryMonths(companyId, months, currency);
  const fromSummaries = items ? activitiesFromSummaries(items, new Set(o.read.map((a) => a.ID)), currency) : null;
  if (fromSummaries) return sources.map((s) => ({ s, rows: fromSummaries.get(s.a.ID) ?? [] }));
  return inParallel(
    sources,
    async (s) => ({
      s,
      rows: await (s.lineId !== undefined
        ? readLineRollup(companyId, s.lineId, span.from, span.to)
        : readActivityRollup(companyId, s.a.ID, span.from, span.to)),
    }),
    REPORT_PARALLEL,
  );
}

/** Every row in the report's currency at its day's rate; the Unmapped accounts after the sources, labelled. */
export async function convertedActuals(
  companyId: number,
  raw: readonly RawActuals[],
  unmapped: readonly UnmappedActuals[],
  currency: string,
  labels: Labels,
): Promise<ActivityActuals[]> {
  const rates = await rateBookFor(
    companyId,
    [...raw.flatMap((r) => r.rows), ...unmapped.flatMap((u) => u.rows)],
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
  for (const { account, rows } of unmapped) {
    actuals.push({ activityId: 0, accountId: account.ID, unmapped: true, rows: rowsInCurrency(rows, currency, rates) });
    labels.names.set(`${UNMAPPED_KEY}${account.ID}`, account.Name);
    labels.links.set(`${UNMAPPED_KEY}${account.ID}`, { AccountId: account.ID, Unmapped: true });
  }
  return actuals;
}

/** Labels of the account and activity groups: account names, and each activity with data by its name and plan. */
export async function labelGroups(
  companyId: number,
  groupBy: GroupBy,
  o: { accounts: Map<number, Account>; visible: readonly ActivityTotalsRow[]; actuals: readonly ActivityActuals[] },
  labels: Labels,
): Promise<void> {
  if (groupBy === 'account') for (const [id, acc] of o.accounts) labels.names.set(String(id), acc.Name);
  if (groupBy !== 'activity') return;
  const withData = [...new Set(o.actuals.filter((x) => x.rows.length).map((x) => x.activityId))];
  const read = new Map(o.visible.map((a) => [a.ID, a]));
  for (const { a, plan } of await inParallel(
    withData,
    async (id) => ({ a: await getActivity(companyId, id), plan: await getActivityPlan(companyId, id) }),
    REPORT_PARALLEL,
  )) {
    if (!a) continue;
    labels.names.set(String(a.ID), a.Name);
    labels.links.set(String(a.ID), {
      AccountId: bookedOn(read.get(a.ID) ?? a),
      ActivityId: a.ID,
      MediaMixId: plan?.ApprovedMixId ?? null,
    });
  }
}
