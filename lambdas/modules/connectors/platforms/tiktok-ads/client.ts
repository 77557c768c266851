import { array, looseObject, number, optional, regex, string } from 'zod/mini';
import { checkRange } from '../../http/ads-http';
import { daySlices } from '../../http/day-slices';
import { count, issuePaths, metric } from '../../http/metrics';
import { pagedDailyStats, type Paginator, type RowToDailyStat } from '../../http/paged-report';
import { idText, MAX_NAME, tiktokSession, type TikTokAdsClientOptions, type TikTokSession } from './accounts';
import { classifyTiktokError, TIKTOK_LABEL } from './errors';
import { PlatformError, type DailyStat, type Day, type PlatformClient } from '../../platform';
import type { PlatformDefinition, SyncClientFor } from '../spec';
import { tiktokAdsSpec } from './spec';

/**
 * The TikTok Business API client: a thin typed client over `fetch`.
 * - The daily grain from the integrated report (AUCTION, BASIC, AUCTION_CAMPAIGN, dimensions
 *   campaign_id × stat_time_day), in slices of at most 30 days (the API's limit with a day
 *   dimension), `page`/`page_size` (≤ 1000) until `page_info.total_page`; one batch per page.
 * - Errors come as HTTP 200 with `code != 0`: 40100 → throttled (backoff; TikTok names no delay),
 *   40104/40105/40110 → auth, 40001 → permission, 40000 and other 4xxxx → invalid,
 *   5xxxx → transient. A 5xx, a timeout or a lost connection is transient; a body that is not JSON malformed.
 * - Metric values mix strings and numbers; each row is checked with zod into bounded numbers.
 *   `stat_time_day` "YYYY-MM-DD 00:00:00" is the advertiser's own day.
 * - Accounts: the configured advertiser ids, else those the app's token was authorised for
 *   (oauth2/advertiser/get with the app id and secret); currency and time zone from advertiser/info.
 * - The token travels in the Access-Token header (never in a URL); the app secret, a query
 *   parameter of oauth2/advertiser/get, is blanked in every logged URL and scrubbed from messages.
 *
 * The session (the call, its errors and retries) and the advertisers are ./accounts.ts,
 * which "Test connection" bundles alone; this file adds the report.
 */

export type { TikTokAdsClientOptions } from './accounts';
export const TIKTOK_METRICS = [
  'campaign_name',
  'spend',
  'impressions',
  'clicks',
  'reach',
  'conversion',
  'video_play_actions',
] as const;

const reportData = looseObject({
  list: array(looseObject({})),
  page_info: looseObject({ page: number(), total_page: number() }),
});

const reportRow = looseObject({
  dimensions: looseObject({
    campaign_id: idText,
    stat_time_day: string().check(regex(/^\d{4}-\d{2}-\d{2}( 00:00:00)?$/)),
  }),
  metrics: looseObject({
    campaign_name: optional(string()),
    spend: optional(metric()),
    impressions: optional(count()),
    clicks: optional(count()),
    reach: optional(count()),
    conversion: optional(metric()),
    video_play_actions: optional(count()),
  }),
});

/** What the report's parts read: the session, the advertiser and its currency, the client's settings. */
export interface TikTokReportCtx {
  session: TikTokSession;
  advertiserId: string;
  currency: string;
  pageSize: number;
  metrics: readonly string[];
  conversionValueMetric?: string;
}

type ReportPage = ReturnType<typeof reportData.parse>;
const REPORT = 'GET report/integrated/get';

/** The paginator: `page`/`page_size` until `page_info.total_page` (bounded), within one slice of days. */
export const tiktokPaginator: Paginator<TikTokReportCtx, number, ReportPage> = {
  request: (ctx, slice, pageNo = 1) =>
    ctx.session.call('report/integrated/get/', {
      advertiser_id: ctx.advertiserId,
      service_type: 'AUCTION',
      report_type: 'BASIC',
      data_level: 'AUCTION_CAMPAIGN',
      dimensions: JSON.stringify(['campaign_id', 'stat_time_day']),
      metrics: JSON.stringify(ctx.metrics),
      start_date: slice.from,
      end_date: slice.to,
      page: String(pageNo),
      page_size: String(ctx.pageSize),
    }),
  page(reply, ctx, _slice, pageNo = 1) {
    const page = reportData.safeParse(reply);
    if (!page.success) throw ctx.session.malformed(REPORT, issuePaths(page.error.issues));
    if (page.data.page_info.page !== pageNo)
      throw ctx.session.malformed(REPORT, `asked for page ${pageNo}, got page ${page.data.page_info.page}`);
    return page.data;
  },
  rows: (page) => page.list,
  next: (page, _ctx, _slice, pageNo = 1) =>
    pageNo < Math.min(page.page_info.total_page, 100_000) ? pageNo + 1 : undefined,
};

/** The conversion value metric of a row, when the connector names one (0 otherwise). */
function conversionValueOf(raw: unknown, ctx: TikTokReportCtx, i: number): number {
  if (!ctx.conversionValueMetric) return 0;
  const v = metric().safeParse((raw as { metrics: Record<string, unknown> }).metrics[ctx.conversionValueMetric] ?? 0);
  if (!v.success)
    throw ctx.session.malformed(
      REPORT,
      `row ${i + 1}: metrics.${ctx.conversionValueMetric}: ${v.error.issues[0]?.message}`,
    );
  return v.data;
}

/** A report row → the daily grain: `stat_time_day` "YYYY-MM-DD 00:00:00" is the advertiser's own day, within the slice. */
export const tiktokRowToDailyStat: RowToDailyStat<TikTokReportCtx> = (raw, ctx, i, slice) => {
  const r = reportRow.safeParse(raw);
  if (!r.success) throw ctx.session.malformed(REPORT, `row ${i + 1}: ${issuePaths(r.error.issues)}`);
  const m = r.data.metrics;
  const date = r.data.dimensions.stat_time_day.slice(0, 10);
  const conversionValue = conversionValueOf(raw, ctx, i);
  if (date < slice.from || date > slice.to)
    throw ctx.session.malformed(REPORT, `a row of ${date} in the report of ${slice.from} … ${slice.to}`);
  return {
    date,
    connectorType: 'tiktok_ads' as const,
    externalAccountId: ctx.advertiserId,
    externalCampaignId: String(r.data.dimensions.campaign_id),
    campaignName: (m.campaign_name ?? '').slice(0, MAX_NAME),
    impressions: m.impressions ?? 0,
    clicks: m.clicks ?? 0,
    spend: m.spend ?? 0,
    currency: ctx.currency,
    conversions: m.conversion ?? 0,
    conversionValue,
    videoViews: m.video_play_actions ?? 0,
    ...(m.reach === undefined ? {} : { reach: m.reach }),
  };
};

/** TikTok Ads as named parts: its spec, error classifier, paginator and row selector. */
export const tiktokAdsPlatform = {
  spec: tiktokAdsSpec,
  classifyError: classifyTiktokError,
  paginator: tiktokPaginator,
  rowToDailyStat: tiktokRowToDailyStat,
} satisfies PlatformDefinition<TikTokReportCtx, number, ReportPage>;

export function tiktokAdsClient(opts: TikTokAdsClientOptions): PlatformClient {
  const session = tiktokSession(opts);
  const maxDays = tiktokAdsSpec.limits.requestDays;
  const sliceDays = Math.min(Math.max(1, opts.sliceDays ?? maxDays), maxDays);
  const settings = {
    pageSize: Math.min(Math.max(1, opts.pageSize ?? 1000), 1000),
    metrics: [...TIKTOK_METRICS, ...(opts.conversionValueMetric ? [opts.conversionValueMetric] : [])],
    ...(opts.conversionValueMetric ? { conversionValueMetric: opts.conversionValueMetric } : {}),
  };

  async function* dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    checkRange('tiktok_ads', TIKTOK_LABEL, from, to);
    if (!/^\d{1,30}$/.test(externalAccountId))
      throw new PlatformError('invalid', `${TIKTOK_LABEL}: an advertiser id is digits`, 'tiktok_ads');
    const info = session.known(externalAccountId) ?? (await session.advertisers([externalAccountId]))[0];
    if (!info)
      throw new PlatformError(
        'permission',
        `${TIKTOK_LABEL}: this token may not read advertiser ${externalAccountId}`,
        'tiktok_ads',
      );
    const ctx = { session, advertiserId: externalAccountId, currency: info.currency, ...settings };
    yield* pagedDailyStats(tiktokAdsPlatform, ctx, daySlices({ from, to }, sliceDays));
  }

  return { type: 'tiktok_ads', listAccounts: session.listAccounts, dailyStats };
}

/** The worker's client, at the API URL of the environment. */
export const syncClientFor: SyncClientFor = (credentials, advertiserIds, { onRetry }) =>
  tiktokAdsClient({
    accessToken: credentials.accessToken ?? '',
    advertiserIds,
    appId: credentials.clientId,
    secret: credentials.clientSecret,
    retry: { onRetry },
  });
