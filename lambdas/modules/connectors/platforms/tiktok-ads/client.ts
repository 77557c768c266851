import { array, looseObject, number, optional, regex, string } from 'zod/mini';
import { checkRange } from '../../http/ads-http';
import { daySlices } from '../../http/day-slices';
import { count, issuePaths, metric } from '../../http/metrics';
import { idText, MAX_NAME, TIKTOK_LABEL, tiktokSession, type TikTokAdsClientOptions } from './accounts';
import { PlatformError, type DailyStat, type Day, type PlatformClient } from '../../platform';
import type { SyncClientFor } from '../spec';
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

export function tiktokAdsClient(opts: TikTokAdsClientOptions): PlatformClient {
  const { call, malformed, advertisers, known, listAccounts } = tiktokSession(opts);
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 1000), 1000);
  const maxDays = tiktokAdsSpec.limits.requestDays;
  const sliceDays = Math.min(Math.max(1, opts.sliceDays ?? maxDays), maxDays);
  const metrics = [...TIKTOK_METRICS, ...(opts.conversionValueMetric ? [opts.conversionValueMetric] : [])];

  function rowsOf(list: Record<string, unknown>[], advertiserId: string, currency: string, what: string): DailyStat[] {
    return list.map((raw, i) => {
      const r = reportRow.safeParse(raw);
      if (!r.success) throw malformed(what, `row ${i + 1}: ${issuePaths(r.error.issues)}`);
      const m = r.data.metrics;
      let conversionValue = 0;
      if (opts.conversionValueMetric) {
        const v = metric().safeParse(
          (raw as { metrics: Record<string, unknown> }).metrics[opts.conversionValueMetric] ?? 0,
        );
        if (!v.success)
          throw malformed(what, `row ${i + 1}: metrics.${opts.conversionValueMetric}: ${v.error.issues[0]?.message}`);
        conversionValue = v.data;
      }
      return {
        date: r.data.dimensions.stat_time_day.slice(0, 10),
        connectorType: 'tiktok_ads' as const,
        externalAccountId: advertiserId,
        externalCampaignId: String(r.data.dimensions.campaign_id),
        campaignName: (m.campaign_name ?? '').slice(0, MAX_NAME),
        impressions: m.impressions ?? 0,
        clicks: m.clicks ?? 0,
        spend: m.spend ?? 0,
        currency,
        conversions: m.conversion ?? 0,
        conversionValue,
        videoViews: m.video_play_actions ?? 0,
        ...(m.reach === undefined ? {} : { reach: m.reach }),
      };
    });
  }

  async function* dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    checkRange('tiktok_ads', TIKTOK_LABEL, from, to);
    if (!/^\d{1,30}$/.test(externalAccountId))
      throw new PlatformError('invalid', `${TIKTOK_LABEL}: an advertiser id is digits`, 'tiktok_ads');
    const info = known(externalAccountId) ?? (await advertisers([externalAccountId]))[0];
    if (!info)
      throw new PlatformError(
        'permission',
        `${TIKTOK_LABEL}: this token may not read advertiser ${externalAccountId}`,
        'tiktok_ads',
      );
    const what = 'GET report/integrated/get';
    for (const { from: start, to: end } of daySlices({ from, to }, sliceDays)) {
      for (let pageNo = 1, total = 1; pageNo <= total; pageNo++) {
        const data = await call('report/integrated/get/', {
          advertiser_id: externalAccountId,
          service_type: 'AUCTION',
          report_type: 'BASIC',
          data_level: 'AUCTION_CAMPAIGN',
          dimensions: JSON.stringify(['campaign_id', 'stat_time_day']),
          metrics: JSON.stringify(metrics),
          start_date: start,
          end_date: end,
          page: String(pageNo),
          page_size: String(pageSize),
        });
        const page = reportData.safeParse(data);
        if (!page.success) throw malformed(what, issuePaths(page.error.issues));
        if (page.data.page_info.page !== pageNo)
          throw malformed(what, `asked for page ${pageNo}, got page ${page.data.page_info.page}`);
        total = Math.min(page.data.page_info.total_page, 100_000);
        const rows = rowsOf(page.data.list as Record<string, unknown>[], externalAccountId, info.currency, what);
        for (const r of rows) {
          if (r.date < start || r.date > end)
            throw malformed(what, `a row of ${r.date} in the report of ${start} … ${end}`);
        }
        if (rows.length) yield rows;
      }
    }
  }

  return { type: 'tiktok_ads', listAccounts, dailyStats };
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
