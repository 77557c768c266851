import type { Server } from 'node:http';
import { startPlatformFake, type RunningPlatformFake } from './platform-fake-server';
import { tiktokAdsSpec } from '../../lambdas/modules/connectors/platforms/tiktok-ads/spec';
import { demoCampaignNames, demoCampaigns, type FakeCampaignNames } from './ads-demo-data';
import {
  api,
  reply,
  TikTokState,
  type FakeTikTokAdvertiser,
  type FakeTikTokRequest,
  type TikTokFault,
  type TikTokFaultParams,
} from './tiktok-ads-api';
import { TikTokRefusal } from './tiktok-ads-report';

export type { FakeTikTokAdvertiser } from './tiktok-ads-api';

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

export async function startFakeTikTok(opts: FakeTikTokOptions): Promise<FakeTikTok> {
  const advertisers = opts.advertisers ?? tiktokDemoAdvertisers();
  const log = opts.log ?? (() => undefined);
  const state = new TikTokState({
    advertisers,
    expiredTokens: opts.expiredTokens ?? [TIKTOK_FAKE_EXPIRED_TOKEN],
    app: opts.app ?? TIKTOK_FAKE_APP,
    firstDay: opts.firstDay,
    historyDays: opts.historyDays ?? 400,
  });
  const injectFault = (kind: TikTokFault, params?: TikTokFaultParams) => state.injectFault(kind, params);
  const clearFaults = () => state.clearFaults();
  const fake = await startPlatformFake<TikTokFault>({
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    faultKinds: TIKTOK_FAULTS,
    injectFault: (kind, params) => injectFault(kind, params as TikTokFaultParams),
    clearFaults,
    async handle(req, res, url) {
      if (req.method !== 'GET') throw new TikTokRefusal(40000, 'This fake serves GET only');
      await api(state, req, res, url);
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
    onStop: () => state.stop(),
  });
  return {
    endpoint: fake.endpoint,
    port: fake.port,
    server: fake.server,
    advertisers,
    ...demoCampaignNames(advertisers),
    injectFault,
    clearFaults,
    requests: () => [...state.received],
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
