import { array, literal, looseObject, number, optional, regex, string, union } from 'zod/mini';
import { checkRange } from '../../http/ads-http';
import { dayCount, type DayRange } from '../../http/day-slices';
import { pagedDailyStats, type Paginator, type RowToDailyStat } from '../../http/paged-report';
import { count, issuePaths, metric } from '../../http/metrics';
import {
  listMetaAccounts,
  MAX_NAME,
  metaAccount,
  metaAccountDigits,
  metaPage,
  metaSession,
  type MetaAdsClientOptions,
  type MetaSession,
} from './accounts';
import { classifyMetaError, META_LABEL, TOO_MUCH_DATA } from './errors';
import { metaAdsSpec } from './spec';
import { PlatformError, type DailyStat, type Day, type PlatformClient } from '../../platform';
import { addDaysTo } from '../../../../shared/calendar';
import type { PlatformDefinition, SyncClientFor } from '../spec';

/**
 * The Meta Marketing API client: a thin typed client over `fetch` for the two calls the
 * sync needs — the ad accounts a token reads, and the daily campaign insights of one of them.
 *
 * - Insights: `level=campaign`, `time_increment=1`, the fields of
 *   docs/connectors-meta-tiktok-csv.md, paged by following `paging.next` (same origin only: the
 *   next URL carries the token). Ranges longer than `asyncAfterDays` (30) run as an async report:
 *   POST → report_run_id, polled until "Job Completed" (a job can say "Job Running" at 100 %: that
 *   is not done), bounded; "Job Failed" is transient (the job is started again, bounded), "Job
 *   Skipped" invalid.
 * - Error 100/1487534 (too much data) halves the range and asks again, down to one day.
 * - Conversions: the sum over `conversionActionTypes` of `actions` (default: the four types below;
 *   overlapping types double-count, so the set is the connector's choice); conversionValue the same
 *   sum over `action_values`; videoViews from `video_play_actions`; reach per day as Meta gives it.
 * - Every number is checked (zod per row): a row that is not what the format says is
 *   PlatformError('malformed') and nothing of that page is yielded.
 * - Usage headers over `slowDownAt` (90 %) make the next call wait `slowDownMs` first.
 * - The token travels as the access_token query parameter, as Graph wants; it is blanked in every
 *   URL this client logs or puts in an error, and scrubbed from any text it passes on.
 *
 * The session (calls, retries, usage, paging) and the account listing are ./accounts.ts,
 * which "Test connection" bundles alone; this file adds the insights.
 */

export type { MetaAdsClientOptions } from './accounts';

/** The default conversion set (docs/connectors-meta-tiktok-csv.md). */
export const META_DEFAULT_CONVERSION_ACTION_TYPES: readonly string[] = [
  'onsite_conversion.purchase',
  'onsite_conversion.lead_grouped',
  'offsite_conversion.fb_pixel_purchase',
  'offsite_conversion.fb_pixel_lead',
];

export const META_INSIGHT_FIELDS =
  'campaign_id,campaign_name,account_currency,impressions,clicks,spend,reach,actions,action_values,video_play_actions';

const DAY = regex(/^\d{4}-\d{2}-\d{2}$/);
const actionList = optional(array(looseObject({ action_type: string(), value: metric() })));

/** One insights row, as far as Mixdesk reads it (unknown fields pass). */
const insightRow = looseObject({
  campaign_id: string().check(regex(/^\d{1,30}$/)),
  campaign_name: optional(string()),
  account_currency: optional(string().check(regex(/^[A-Z]{3}$/))),
  impressions: optional(count()),
  clicks: optional(count()),
  spend: optional(metric()),
  reach: optional(count()),
  actions: actionList,
  action_values: actionList,
  video_play_actions: actionList,
  date_start: string().check(DAY),
  date_stop: string().check(DAY),
});

const reportRun = looseObject({ report_run_id: union([string().check(regex(/^\d{1,30}$/)), number()]) });
const reportStatus = looseObject({
  async_status: union([
    literal('Job Not Started'),
    literal('Job Started'),
    literal('Job Running'),
    literal('Job Completed'),
    literal('Job Failed'),
    literal('Job Skipped'),
  ]),
  async_percent_completion: optional(number()),
});

/** What the insights' parts read: the session, the account and its currency, the client's settings. */
export interface MetaReportCtx {
  session: MetaSession;
  accountId: string;
  currency: string;
  actionTypes: ReadonlySet<string>;
  pageSize: number;
  /** The async report being read; none: the synchronous insights. */
  reportId?: string;
}

type InsightsPage = ReturnType<typeof metaPage.parse>;

const whatOf = (ctx: MetaReportCtx) =>
  ctx.reportId ? `GET /${ctx.reportId}/insights` : `GET /act_${ctx.accountId}/insights`;

const insightParams = (ctx: MetaReportCtx, from: Day, to: Day) => ({
  level: 'campaign',
  time_increment: '1',
  time_range: JSON.stringify({ since: from, until: to }),
  fields: META_INSIGHT_FIELDS,
  limit: String(ctx.pageSize),
});

/** Meta's "too much data" on a range of more than one day: the caller asks for its two halves. */
class TooMuchData extends Error {}

/** The paginator: the insights (or the async report's) first page, then `paging.next` (same origin only). */
export const metaPaginator: Paginator<MetaReportCtx, URL, InsightsPage> = {
  async request(ctx, slice, next) {
    const { call, url } = ctx.session;
    if (next) return call('GET', next);
    if (ctx.reportId) return call('GET', url(`${ctx.reportId}/insights`, { limit: String(ctx.pageSize) }));
    try {
      return await call('GET', url(`act_${ctx.accountId}/insights`, insightParams(ctx, slice.from, slice.to)));
    } catch (err) {
      if (err instanceof PlatformError && err.platformCode === TOO_MUCH_DATA && slice.from < slice.to)
        throw new TooMuchData();
      throw err;
    }
  },
  page(reply, ctx) {
    const p = metaPage.safeParse(reply);
    if (!p.success) throw ctx.session.malformed(whatOf(ctx), issuePaths(p.error.issues));
    return p.data;
  },
  rows: (page) => page.data,
  next: (page, ctx) => ctx.session.nextUrl(page.paging?.next, whatOf(ctx)),
};

const sumOf = (list: { action_type: string; value: number }[] | undefined, only?: ReadonlySet<string>) =>
  (list ?? []).reduce((s, a) => (!only || only.has(a.action_type) ? s + a.value : s), 0);

/** An insights row → the daily grain: one day per row; conversions the sum over the connector's action types. */
export const metaRowToDailyStat: RowToDailyStat<MetaReportCtx> = (r, ctx, i) => {
  const row = insightRow.safeParse(r);
  if (!row.success) throw ctx.session.malformed(whatOf(ctx), `row ${i + 1}: ${issuePaths(row.error.issues)}`);
  const d = row.data;
  if (d.date_start !== d.date_stop)
    throw ctx.session.malformed(
      whatOf(ctx),
      `row ${i + 1}: a row spans ${d.date_start} … ${d.date_stop}, not one day (time_increment=1)`,
    );
  return {
    date: d.date_start,
    connectorType: 'meta_ads' as const,
    externalAccountId: ctx.accountId,
    externalCampaignId: d.campaign_id,
    campaignName: (d.campaign_name ?? '').slice(0, MAX_NAME),
    impressions: d.impressions ?? 0,
    clicks: d.clicks ?? 0,
    spend: d.spend ?? 0,
    currency: d.account_currency ?? ctx.currency,
    conversions: sumOf(d.actions, ctx.actionTypes),
    conversionValue: sumOf(d.action_values, ctx.actionTypes),
    videoViews: sumOf(d.video_play_actions),
    ...(d.reach === undefined ? {} : { reach: d.reach }),
  };
};

/** Meta Ads as named parts: its spec, error classifier, paginator and row selector. */
export const metaAdsPlatform = {
  spec: metaAdsSpec,
  classifyError: classifyMetaError,
  paginator: metaPaginator,
  rowToDailyStat: metaRowToDailyStat,
} satisfies PlatformDefinition<MetaReportCtx, URL, InsightsPage>;

/** The synchronous insights of a range; too much data → the two halves, down to one day. */
async function* syncRange(ctx: MetaReportCtx, range: DayRange): AsyncGenerator<DailyStat[]> {
  try {
    yield* pagedDailyStats(metaAdsPlatform, ctx, [range]);
  } catch (err) {
    if (!(err instanceof TooMuchData)) throw err;
    const { from, to } = range;
    const mid = addDaysTo(from, Math.floor(dayCount(from, to) / 2) - 1);
    ctx.session.log?.(
      `${META_LABEL}: too much data for ${from} … ${to}; asking for ${from} … ${mid} and ${addDaysTo(mid, 1)} … ${to}`,
    );
    yield* syncRange(ctx, { from, to: mid });
    yield* syncRange(ctx, { from: addDaysTo(mid, 1), to });
  }
}

interface JobSettings {
  pollIntervalMs: number;
  maxPolls: number;
  jobRuns: number;
}

/** Polls report job `id` until "Job Completed" (true), "Job Failed" or the last poll (false); "Job Skipped" is invalid. */
async function jobCompleted(ctx: MetaReportCtx, id: string, range: DayRange, o: JobSettings): Promise<boolean> {
  const { call, url, malformed, sleep } = ctx.session;
  for (let poll = 1; poll <= o.maxPolls; poll++) {
    await sleep(o.pollIntervalMs);
    const s = reportStatus.safeParse(
      await call('GET', url(id, { fields: 'id,async_status,async_percent_completion' })),
    );
    if (!s.success) throw malformed(`GET /${id}`, issuePaths(s.error.issues));
    const status = s.data.async_status;
    if (status === 'Job Completed') return true;
    if (status === 'Job Skipped')
      throw new PlatformError(
        'invalid',
        `${META_LABEL}: the report job ${id} was skipped by Meta (${range.from} … ${range.to})`,
        'meta_ads',
        undefined,
        'JOB_SKIPPED',
      );
    if (status === 'Job Failed') return false;
  }
  return false;
}

/** The async report of a range: started (again, bounded, when a run fails), polled until "Job Completed", then read page by page. */
async function* asyncRange(ctx: MetaReportCtx, range: DayRange, o: JobSettings): AsyncGenerator<DailyStat[]> {
  const { call, url, malformed, log } = ctx.session;
  for (let run = 1; ; run++) {
    const started = reportRun.safeParse(
      await call('POST', url(`act_${ctx.accountId}/insights`, insightParams(ctx, range.from, range.to))),
    );
    if (!started.success) throw malformed(`POST /act_${ctx.accountId}/insights`, issuePaths(started.error.issues));
    const id = String(started.data.report_run_id);
    if (await jobCompleted(ctx, id, range, o)) {
      yield* pagedDailyStats(metaAdsPlatform, { ...ctx, reportId: id }, [range]);
      return;
    }
    const failed = new PlatformError(
      'transient',
      `${META_LABEL}: the report job ${id} for ${range.from} … ${range.to} did not complete`,
      'meta_ads',
      undefined,
      'JOB_FAILED',
    );
    if (run >= o.jobRuns) throw failed;
    log?.(`${META_LABEL}: report job ${id} failed or did not complete in ${o.maxPolls} polls; starting it again`);
  }
}

export function metaAdsClient(opts: MetaAdsClientOptions): PlatformClient {
  const session = metaSession(opts);
  const actionTypes = new Set(opts.conversionActionTypes ?? META_DEFAULT_CONVERSION_ACTION_TYPES);
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 500), 5000);
  const asyncAfterDays = opts.asyncAfterDays ?? 30;
  const job: JobSettings = {
    pollIntervalMs: opts.pollIntervalMs ?? 2000,
    maxPolls: opts.maxPolls ?? 90,
    jobRuns: Math.max(1, opts.jobRuns ?? 2),
  };

  async function* dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    checkRange('meta_ads', META_LABEL, from, to);
    const accountId = metaAccountDigits(externalAccountId);
    if (!/^\d{1,30}$/.test(accountId))
      throw new PlatformError(
        'invalid',
        `${META_LABEL}: an ad account id is digits, optionally after act_`,
        'meta_ads',
      );
    // The account's currency, for rows that do not carry account_currency.
    const acc = metaAccount.safeParse(
      await session.call(
        'GET',
        session.url(`act_${accountId}`, { fields: 'id,account_id,name,currency,timezone_name' }),
      ),
    );
    if (!acc.success) throw session.malformed(`GET /act_${accountId}`, issuePaths(acc.error.issues));
    const ctx: MetaReportCtx = { session, accountId, currency: acc.data.currency, actionTypes, pageSize };
    if (dayCount(from, to) > asyncAfterDays) yield* asyncRange(ctx, { from, to }, job);
    else yield* syncRange(ctx, { from, to });
  }

  return { type: 'meta_ads', listAccounts: () => listMetaAccounts(session, opts.accountIds), dailyStats };
}

/**
 * A worker's client at the API URL of the environment, with `options` where a composition differs:
 * the local stack's fake finishes a report job by its second poll, so it need not wait Meta's 2 s.
 */
export const metaSyncClientFor =
  (options: Pick<MetaAdsClientOptions, 'pollIntervalMs'> = {}): SyncClientFor =>
  (credentials, accountIds, { onRetry }) =>
    metaAdsClient({ ...options, accessToken: credentials.accessToken ?? '', accountIds, retry: { onRetry } });

/** The worker's client, at the API URL of the environment. */
export const syncClientFor: SyncClientFor = metaSyncClientFor();
