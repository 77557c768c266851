import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { startPlatformFake, type RunningPlatformFake } from './platform-fake-server';
import { tiktokAdsSpec } from '../../lambdas/modules/connectors/platforms/tiktok-ads/spec';
import { addDaysTo, isCalendarDay } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import {
  demoCampaignNames,
  demoCampaigns,
  demoDay,
  servedDays,
  type DemoAccount,
  type FakeCampaignNames,
  type Restatement,
} from './ads-demo-data';

/**
 * A local TikTok Business API (v1.3) for `npm start` and the client's tests
 * (lambdas/modules/connectors/platforms/tiktok-ads/client.ts): GET report/integrated/get/ (AUCTION_CAMPAIGN,
 * campaign_id × stat_time_day, at most 30 days, page_size ≤ 1000), advertiser/info/ and
 * oauth2/advertiser/get/, with the `Access-Token` header. Errors as TikTok sends them: HTTP 200
 * with `code != 0`. Metric values mix strings and numbers, as the real API's do. Delivery is the
 * shared deterministic demo (ads-demo-data.ts); one token is expired.
 *
 * Faults, in process (`injectFault(kind, { times, … })`) or `POST /_fake/faults {"kind","times",…}`:
 * expiredToken (code 40105) · throttle (40100) — and refusals as TikTok's: 40000 a bad parameter, 40001 an advertiser the token may not read — · serverError (HTTP 500, not JSON) · internalError
 * (code 50000) · timeout (no answer for `ms`) · malformed (200, not JSON) · malformedRow (a report row
 * whose spend is not a number) — each for the next `times` calls — and `restate` (`days`, `factor`).
 */

export const TIKTOK_FAKE_TOKEN = 'tiktok-demo-token';
export const TIKTOK_FAKE_EXPIRED_TOKEN = 'tiktok-expired-token';
export const TIKTOK_FAKE_APP = { appId: 'tiktok-demo-app', secret: 'tiktok-demo-secret' };

export type TikTokFault =
  | 'expiredToken'
  | 'throttle'
  | 'serverError'
  | 'internalError'
  | 'timeout'
  | 'malformed'
  | 'malformedRow'
  | 'restate';
export const TIKTOK_FAULTS: readonly TikTokFault[] = [
  'expiredToken',
  'throttle',
  'serverError',
  'internalError',
  'timeout',
  'malformed',
  'malformedRow',
  'restate',
];

export interface TikTokFaultParams {
  times?: number;
  /** timeout: how long the call hangs (default 60 s; stop() ends it). */
  ms?: number;
  /** restate: the last N days (default 3) by `factor` (default 1.1). */
  days?: number;
  factor?: number;
}

export interface FakeTikTokAdvertiser extends DemoAccount {
  tokens: string[];
}

export function tiktokDemoAdvertisers(): FakeTikTokAdvertiser[] {
  const mk = (
    id: string,
    name: string,
    currency: string,
    timeZone: string,
    prefix: string,
    tokens: string[],
  ): FakeTikTokAdvertiser => ({ id, name, currency, timeZone, campaigns: demoCampaigns(id, prefix, '178'), tokens });
  return [
    mk('7100000000001', 'Hadar Insurance — TikTok', 'ILS', 'Asia/Jerusalem', 'Hadar TT', [TIKTOK_FAKE_TOKEN]),
    mk('7100000000002', 'Demo Agency US — TikTok', 'USD', 'America/Los_Angeles', 'Demo US TT', [TIKTOK_FAKE_TOKEN]),
    mk('7100000000003', 'Old client — TikTok', 'EUR', 'Europe/Berlin', 'Old client TT', [TIKTOK_FAKE_EXPIRED_TOKEN]),
  ];
}

export interface FakeTikTokOptions {
  port: number;
  host?: string;
  advertisers?: FakeTikTokAdvertiser[];
  expiredTokens?: string[];
  app?: { appId: string; secret: string };
  firstDay?: string;
  historyDays?: number;
  log?: (line: string) => void;
}

export interface FakeTikTokRequest {
  path: string;
  params: Record<string, string>;
}

export interface FakeTikTok extends FakeCampaignNames {
  endpoint: string;
  port: number;
  server: Server;
  advertisers: FakeTikTokAdvertiser[];
  injectFault(kind: TikTokFault, params?: TikTokFaultParams): void;
  clearFaults(): void;
  /** API calls received (secret left out), oldest first. */
  requests(): FakeTikTokRequest[];
  stop(): Promise<void>;
}

const KNOWN_METRICS = new Set([
  'campaign_name',
  'spend',
  'impressions',
  'clicks',
  'reach',
  'conversion',
  'video_play_actions',
  'total_purchase_value',
  'ctr',
  'cpc',
  'cpm',
]);

class TikTokRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const jsonArray = (raw: string | null, name: string): string[] => {
  try {
    const v = JSON.parse(raw ?? '') as unknown;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
  } catch {
    // refused below
  }
  throw new TikTokRefusal(40000, `${name}: must be a JSON array of strings`);
};

export async function startFakeTikTok(opts: FakeTikTokOptions): Promise<FakeTikTok> {
  const host = opts.host ?? '127.0.0.1';
  const advertisers = opts.advertisers ?? tiktokDemoAdvertisers();
  const expired = new Set(opts.expiredTokens ?? [TIKTOK_FAKE_EXPIRED_TOKEN]);
  const app = opts.app ?? TIKTOK_FAKE_APP;
  const historyDays = opts.historyDays ?? 400;
  const log = opts.log ?? (() => undefined);
  const faults: { kind: TikTokFault; params: TikTokFaultParams }[] = [];
  let restatement: Restatement = { days: 0, factor: 1 };
  const received: FakeTikTokRequest[] = [];
  const hanging = new Set<NodeJS.Timeout>();

  function injectFault(kind: TikTokFault, params: TikTokFaultParams = {}) {
    if (kind === 'restate') {
      restatement = { days: Math.max(0, Math.min(params.days ?? 3, 400)), factor: params.factor ?? 1.1 };
      return;
    }
    const times = Math.min(Math.max(1, params.times ?? 1), 100);
    for (let i = 0; i < times; i++) faults.push({ kind, params });
  }
  const clearFaults = () => {
    faults.length = 0;
    restatement = { days: 0, factor: 1 };
  };

  const reply = (res: ServerResponse, code: number, message: string, data: unknown = {}) =>
    res
      .writeHead(200, { 'content-type': 'application/json', 'x-tt-logid': randomUUID().replace(/-/g, '') })
      .end(JSON.stringify({ code, message, request_id: randomUUID().replace(/-/g, '').slice(0, 24), data }));

  const mine = (token: string) => advertisers.filter((a) => a.tokens.includes(token));
  const advertiserFor = (token: string, id: string) => {
    const a = mine(token).find((x) => x.id === id);
    if (!a) throw new TikTokRefusal(40001, `No permission to operate advertiser ${id}.`);
    return a;
  };

  function report(token: string, q: URLSearchParams) {
    const a = advertiserFor(token, q.get('advertiser_id') ?? '');
    if (
      q.get('service_type') !== 'AUCTION' ||
      q.get('report_type') !== 'BASIC' ||
      q.get('data_level') !== 'AUCTION_CAMPAIGN'
    ) {
      throw new TikTokRefusal(
        40000,
        'This fake serves service_type AUCTION, report_type BASIC, data_level AUCTION_CAMPAIGN',
      );
    }
    const dims = jsonArray(q.get('dimensions'), 'dimensions');
    if (dims.length !== 2 || !dims.includes('campaign_id') || !dims.includes('stat_time_day'))
      throw new TikTokRefusal(40000, 'dimensions: this fake serves ["campaign_id","stat_time_day"]');
    const metrics = jsonArray(q.get('metrics'), 'metrics');
    const unknown = metrics.find((m) => !KNOWN_METRICS.has(m));
    if (unknown !== undefined) throw new TikTokRefusal(40000, `metrics: '${unknown.slice(0, 40)}' is not a metric`);
    const start = q.get('start_date') ?? '';
    const end = q.get('end_date') ?? '';
    if (!isCalendarDay(start) || !isCalendarDay(end) || start > end)
      throw new TikTokRefusal(40000, 'start_date and end_date must be days, start_date not after end_date');
    if (addDaysTo(start, 29) < end)
      throw new TikTokRefusal(40000, 'The time span cannot exceed 30 days when stat_time_day is a dimension.');
    const page = Number(q.get('page') ?? 1);
    const pageSize = Number(q.get('page_size') ?? 10);
    if (!Number.isInteger(page) || page < 1) throw new TikTokRefusal(40000, 'page: must be a positive integer');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      throw new TikTokRefusal(40000, 'page_size: must be between 1 and 1000');

    const today = todayIn(a.timeZone);
    const rows: Record<string, unknown>[] = [];
    for (const day of servedDays(a, start, end, opts.firstDay, historyDays)) {
      for (const c of a.campaigns) {
        const d = demoDay(a.id, c, day, { restatement, today });
        if (!d) continue;
        // Mixed spellings, as TikTok sends them: most strings, video_play_actions a number.
        const all: Record<string, unknown> = {
          campaign_name: c.name,
          spend: d.spend.toFixed(2),
          impressions: String(d.impressions),
          clicks: String(d.clicks),
          reach: String(d.reach),
          conversion: String(d.conversions),
          video_play_actions: d.videoViews,
          total_purchase_value: d.conversionValue.toFixed(2),
        };
        rows.push({
          dimensions: { campaign_id: c.id, stat_time_day: `${day} 00:00:00` },
          metrics: Object.fromEntries(metrics.map((m) => [m, all[m] ?? '0'])),
        });
      }
    }
    const totalPage = Math.max(1, Math.ceil(rows.length / pageSize));
    return {
      list: rows.slice((page - 1) * pageSize, page * pageSize),
      page_info: { page, page_size: pageSize, total_number: rows.length, total_page: totalPage },
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const q = url.searchParams;
    received.push({ path: url.pathname, params: Object.fromEntries([...q.entries()].filter(([k]) => k !== 'secret')) });
    // malformedRow waits for a report read; the others take the next call, whatever it is.
    const head = faults[0];
    const fault =
      head && (head.kind !== 'malformedRow' || url.pathname.endsWith('/report/integrated/get/'))
        ? faults.shift()
        : undefined;
    if (fault?.kind === 'timeout') {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          hanging.delete(t);
          resolve();
        }, fault.params.ms ?? 60_000);
        hanging.add(t);
        req.once('close', () => {
          clearTimeout(t);
          hanging.delete(t);
          resolve();
        });
      });
      if (!res.writableEnded && !res.destroyed)
        res.writeHead(504, { 'content-type': 'text/plain' }).end('Gateway Timeout');
      return;
    }
    if (fault?.kind === 'serverError')
      return void res
        .writeHead(500, { 'content-type': 'text/html' })
        .end('<html><body>500 Internal Server Error</body></html>');
    if (fault?.kind === 'malformed')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>upstream connect error</body></html>');
    if (fault?.kind === 'expiredToken')
      throw new TikTokRefusal(40105, 'The access token is invalid or has been revoked.');
    if (fault?.kind === 'throttle')
      throw new TikTokRefusal(40100, 'Requests made too frequently. Please try again later.');
    if (fault?.kind === 'internalError') throw new TikTokRefusal(50000, 'System error. Please try again later.');

    const path = url.pathname.replace(/^\/open_api\/v1\.3\//, '');
    if (path === url.pathname) throw new TikTokRefusal(40000, 'Unknown path: this fake serves /open_api/v1.3/…');
    if (path === 'oauth2/advertiser/get/') {
      if (q.get('app_id') !== app.appId || q.get('secret') !== app.secret)
        throw new TikTokRefusal(40001, 'The app id or secret is wrong.');
    }
    const token = req.headers['access-token'];
    if (typeof token !== 'string' || !token) throw new TikTokRefusal(40104, 'Access token is null, please check.');
    if (expired.has(token)) throw new TikTokRefusal(40105, 'The access token is invalid or has been revoked.');
    if (!mine(token).length) throw new TikTokRefusal(40105, 'The access token is invalid or has been revoked.');

    if (path === 'oauth2/advertiser/get/') {
      return void reply(res, 0, 'OK', {
        list: mine(token).map((a) => ({ advertiser_id: a.id, advertiser_name: a.name })),
      });
    }
    if (path === 'advertiser/info/') {
      const ids = jsonArray(q.get('advertiser_ids'), 'advertiser_ids');
      if (!ids.length || ids.length > 100) throw new TikTokRefusal(40000, 'advertiser_ids: 1 to 100 ids');
      const list = ids
        .map((id) => advertiserFor(token, id))
        .map((a) => ({
          advertiser_id: a.id,
          name: a.name,
          currency: a.currency,
          timezone: a.timeZone,
          display_timezone: a.timeZone,
          status: 'STATUS_ENABLE',
        }));
      return void reply(res, 0, 'OK', { list });
    }
    if (path === 'report/integrated/get/') {
      const data = report(token, q);
      if (fault?.kind === 'malformedRow' && data.list.length) {
        const first = data.list[0] as { metrics: Record<string, unknown> };
        data.list[0] = { ...first, metrics: { ...first.metrics, spend: 'abc' } };
      }
      return void reply(res, 0, 'OK', data);
    }
    throw new TikTokRefusal(40000, `Unknown path ${path}`);
  }

  const fake = await startPlatformFake<TikTokFault>({
    host,
    port: opts.port,
    faultKinds: TIKTOK_FAULTS,
    injectFault: (kind, params) => injectFault(kind, params as TikTokFaultParams),
    clearFaults,
    async handle(req, res, url) {
      if (req.method !== 'GET') throw new TikTokRefusal(40000, 'This fake serves GET only');
      await api(req, res, url);
    },
    answerError(err, _req, res, url) {
      if (res.headersSent || res.destroyed) return;
      if (err instanceof TikTokRefusal) {
        log(`tiktok fake: ${url.pathname} → code ${err.code}`);
        reply(res, err.code, err.message);
      } else {
        res.writeHead(500, { 'content-type': 'text/plain' }).end((err as Error).message);
      }
    },
    onStop() {
      for (const t of hanging) clearTimeout(t);
      hanging.clear();
    },
  });
  return {
    endpoint: fake.endpoint,
    port: fake.port,
    server: fake.server,
    advertisers,
    ...demoCampaignNames(advertisers),
    injectFault,
    clearFaults,
    requests: () => [...received],
    stop: fake.stop,
  };
}

/** The fake as `npm start` runs it: the Business API at TIKTOK_API_URL, with its demo tokens. */
export async function startTikTokPlatformFake(port: number): Promise<RunningPlatformFake<FakeTikTok>> {
  const fake = await startFakeTikTok({ port });
  return {
    endpoint: fake.endpoint,
    env: { [tiktokAdsSpec.apiUrlEnv]: fake.endpoint },
    bannerName: 'TikTok',
    banner: `(Business API v1.3 fake: token ${TIKTOK_FAKE_TOKEN}; ${TIKTOK_FAKE_EXPIRED_TOKEN} has expired)`,
    names: fake,
    stop: () => fake.stop(),
  };
}
