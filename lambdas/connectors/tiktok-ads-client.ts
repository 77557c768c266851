import { array, looseObject, number, optional, regex, string, union } from 'zod/mini';
import {
  checkRange, DEFAULT_RETRY, jsonOf, realSleep, redactUrl, scrub, send, slices, withRetries, type RetryPolicy, type Sleep,
} from './ads-http';
import { count, issuePaths, metric } from './ads-metrics';
import { PlatformError, type DailyStat, type Day, type ExternalAccount, type PlatformClient } from './platform';

/**
 * The TikTok Business API client (issue 12 §2): a thin typed client over `fetch`.
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
 */

export const TIKTOK_LABEL = 'TikTok Ads';
export const TIKTOK_API_VERSION = 'v1.3';
export const TIKTOK_METRICS = ['campaign_name', 'spend', 'impressions', 'clicks', 'reach', 'conversion', 'video_play_actions'] as const;

export interface TikTokAdsClientOptions {
  accessToken: string;
  /** The API's origin (default env TIKTOK_API_URL, else https://business-api.tiktok.com). */
  baseUrl?: string;
  apiVersion?: string;
  /** Advertiser ids to read; without them, those the token was authorised for (needs appId and secret). */
  advertiserIds?: readonly string[];
  appId?: string;
  secret?: string;
  /**
   * The metric read as conversionValue (none by default: the integrated report's value metrics
   * depend on the advertiser's optimisation events; a wrong name fails the whole report with 40000).
   */
  conversionValueMetric?: string;
  /** Rows per page, at most 1000 (the default). */
  pageSize?: number;
  /** Days per report request (at most 30, the default). */
  sliceDays?: number;
  timeoutMs?: number;
  retry?: Partial<Omit<RetryPolicy, 'sleep'>>;
  sleep?: Sleep;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

const envelope = looseObject({ code: number(), message: optional(string()), data: optional(looseObject({})) });

const reportData = looseObject({
  list: array(looseObject({})),
  page_info: looseObject({ page: number(), total_page: number() }),
});

const ID = regex(/^\d{1,30}$/);
const idText = union([string().check(ID), number()]);

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

const advertiserInfo = looseObject({
  advertiser_id: idText,
  name: optional(string()),
  currency: string().check(regex(/^[A-Z]{3}$/)),
  timezone: string(),
});

const MAX_NAME = 1000;

/** What a non-zero `code` means. */
function tiktokErrorOf(code: number, what: string): PlatformError {
  const fail = (kind: PlatformError['kind'], message: string) =>
    new PlatformError(kind, `${TIKTOK_LABEL}: ${message} (${what}; TikTok code ${code})`, 'tiktok_ads', undefined, String(code));
  if (code === 40100) return fail('throttled', 'TikTok is limiting the calls; waiting before trying again');
  if (code === 40104 || code === 40105 || code === 40110) return fail('auth', 'the access token has expired or was revoked — reconnect the connector with a new token');
  if (code === 40001) return fail('permission', 'this token may not read that advertiser');
  if (code >= 50000) return fail('transient', 'TikTok had a temporary problem');
  return fail('invalid', 'TikTok refused the request');
}

export function tiktokAdsClient(opts: TikTokAdsClientOptions): PlatformClient {
  const token = opts.accessToken;
  const origin = (opts.baseUrl ?? process.env.TIKTOK_API_URL ?? 'https://business-api.tiktok.com').replace(/\/+$/, '');
  const version = opts.apiVersion ?? TIKTOK_API_VERSION;
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 1000), 1000);
  const sliceDays = Math.min(Math.max(1, opts.sliceDays ?? 30), 30);
  const sleep = opts.sleep ?? realSleep;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry, sleep };
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const secrets = [token, opts.secret];
  const log = opts.log ? (line: string) => opts.log!(scrub(line, secrets)) : undefined;
  const metrics = [...TIKTOK_METRICS, ...(opts.conversionValueMetric ? [opts.conversionValueMetric] : [])];
  const infoCache = new Map<string, ExternalAccount>();

  if (!token) throw new PlatformError('auth', `${TIKTOK_LABEL}: no access token — connect the connector with a token`, 'tiktok_ads');

  const malformed = (what: string, detail: string) =>
    new PlatformError('malformed', scrub(`${TIKTOK_LABEL}: the reply to ${what} is not what the Business API sends (${detail})`, secrets), 'tiktok_ads', undefined, 'MALFORMED');

  /** One GET, retried per the policy: the `data` of a reply whose code is 0. */
  async function call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const u = new URL(`${origin}/open_api/${version}/${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    const what = `GET /open_api/${version}/${path}`;
    return withRetries(policy, async () => {
      const reply = await send(u.toString(), { method: 'GET', headers: { 'Access-Token': token } },
        { platform: 'tiktok_ads', label: TIKTOK_LABEL, fetch: doFetch, timeoutMs, shownUrl: redactUrl(u.toString()), log });
      const body = jsonOf(reply.text);
      if (reply.status >= 500) throw new PlatformError('transient', `${TIKTOK_LABEL}: TikTok had a server error (${what}; HTTP ${reply.status})`, 'tiktok_ads', undefined, `HTTP_${reply.status}`);
      if (reply.status === 429) throw new PlatformError('throttled', `${TIKTOK_LABEL}: TikTok is limiting the calls (${what}; HTTP 429)`, 'tiktok_ads', undefined, 'HTTP_429');
      if (reply.status === 401) throw new PlatformError('auth', `${TIKTOK_LABEL}: the access token was refused — reconnect the connector with a new token (${what}; HTTP 401)`, 'tiktok_ads', undefined, 'HTTP_401');
      if (body === undefined) throw malformed(what, `HTTP ${reply.status}, not JSON`);
      const env = envelope.safeParse(body);
      if (!env.success) throw malformed(what, issuePaths(env.error.issues));
      if (env.data.code !== 0) throw tiktokErrorOf(env.data.code, what);
      if (reply.status !== 200) throw new PlatformError('invalid', `${TIKTOK_LABEL}: TikTok refused the request (${what}; HTTP ${reply.status})`, 'tiktok_ads', undefined, `HTTP_${reply.status}`);
      if (!env.data.data) throw malformed(what, 'no data');
      return env.data.data;
    });
  }

  async function advertisers(ids: readonly string[]): Promise<ExternalAccount[]> {
    const out: ExternalAccount[] = [];
    // advertiser/info takes up to 100 ids a call.
    for (let i = 0; i < ids.length; i += 100) {
      const data = await call('advertiser/info/', {
        advertiser_ids: JSON.stringify(ids.slice(i, i + 100)),
        fields: JSON.stringify(['advertiser_id', 'name', 'currency', 'timezone']),
      });
      const list = Array.isArray(data.list) ? data.list : undefined;
      if (!list) throw malformed('GET advertiser/info', 'no list');
      for (const raw of list) {
        const a = advertiserInfo.safeParse(raw);
        if (!a.success) throw malformed('GET advertiser/info', issuePaths(a.error.issues));
        const account = {
          externalAccountId: String(a.data.advertiser_id), name: (a.data.name ?? String(a.data.advertiser_id)).slice(0, MAX_NAME),
          currency: a.data.currency, timeZone: a.data.timezone,
        };
        infoCache.set(account.externalAccountId, account);
        out.push(account);
      }
    }
    return out;
  }

  async function listAccounts(): Promise<ExternalAccount[]> {
    let ids = opts.advertiserIds ? [...opts.advertiserIds] : undefined;
    if (!ids) {
      if (!opts.appId || !opts.secret) throw new PlatformError('invalid', `${TIKTOK_LABEL}: name the advertiser ids, or give the app id and secret to list them`, 'tiktok_ads');
      const data = await call('oauth2/advertiser/get/', { app_id: opts.appId, secret: opts.secret });
      const list = array(looseObject({ advertiser_id: idText })).safeParse(data.list);
      if (!list.success) throw malformed('GET oauth2/advertiser/get', issuePaths(list.error.issues));
      ids = list.data.map((a) => String(a.advertiser_id));
    }
    const accounts = ids.length ? await advertisers(ids) : [];
    if (!accounts.length) throw new PlatformError('permission', `${TIKTOK_LABEL}: this token reads no advertiser`, 'tiktok_ads');
    return accounts;
  }

  function rowsOf(list: Record<string, unknown>[], advertiserId: string, currency: string, what: string): DailyStat[] {
    return list.map((raw, i) => {
      const r = reportRow.safeParse(raw);
      if (!r.success) throw malformed(what, `row ${i + 1}: ${issuePaths(r.error.issues)}`);
      const m = r.data.metrics;
      let conversionValue = 0;
      if (opts.conversionValueMetric) {
        const v = metric().safeParse((raw as { metrics: Record<string, unknown> }).metrics[opts.conversionValueMetric] ?? 0);
        if (!v.success) throw malformed(what, `row ${i + 1}: metrics.${opts.conversionValueMetric}: ${v.error.issues[0]?.message}`);
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
    if (!/^\d{1,30}$/.test(externalAccountId)) throw new PlatformError('invalid', `${TIKTOK_LABEL}: an advertiser id is digits`, 'tiktok_ads');
    const info = infoCache.get(externalAccountId) ?? (await advertisers([externalAccountId]))[0];
    if (!info) throw new PlatformError('permission', `${TIKTOK_LABEL}: this token may not read advertiser ${externalAccountId}`, 'tiktok_ads');
    const what = 'GET report/integrated/get';
    for (const [start, end] of slices(from, to, sliceDays)) {
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
        if (page.data.page_info.page !== pageNo) throw malformed(what, `asked for page ${pageNo}, got page ${page.data.page_info.page}`);
        total = Math.min(page.data.page_info.total_page, 100_000);
        const rows = rowsOf(page.data.list as Record<string, unknown>[], externalAccountId, info.currency, what);
        for (const r of rows) {
          if (r.date < start || r.date > end) throw malformed(what, `a row of ${r.date} in the report of ${start} … ${end}`);
        }
        if (rows.length) yield rows;
      }
    }
  }

  return { type: 'tiktok_ads', listAccounts, dailyStats };
}
