import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { startPlatformFake, type RunningPlatformFake } from './platform-fake-server';
import { googleAdsSpec } from '../../lambdas/modules/connectors/platforms/google-ads/spec';
import type { FakeCampaignNames } from './ads-demo-data';
import { campaignsOf, type FakeGoogleCustomer } from './google-ads-data';
import { json, listAccessible, search, token } from './google-ads-handlers';
import { API_VERSION, GoogleRefusal } from './google-ads-query';
import {
  GOOGLE_ADS_FAULTS,
  GoogleAdsState,
  type FakeGoogleAdsStats,
  type FakeGoogleRefreshToken,
  type FaultOptions,
  type GoogleAdsFault,
} from './google-ads-state';

export { parseQuery } from './google-ads-query';

/**
 * A local Google Ads API for `npm start` and the tests: the REST wire format of
 * Google Ads (docs/connectors.md), deterministic demo data (local/fakes/google-ads-data.ts), and
 * faults on demand.
 *
 * - `POST /token` — Google's OAuth token endpoint (form-encoded refresh_token grant) → an access
 *   token for 3599 s; an unknown client → 401 invalid_client; an expired or revoked refresh token →
 *   400 invalid_grant.
 * - `GET /v26/customers:listAccessibleCustomers` → the token's customers.
 * - `POST /v26/customers/{id}/googleAds:search` → `{results, nextPageToken?, fieldMask}`, pages of
 *   `pageSize` rows (10,000 like Google; pageSize in the body is refused as Google does), follow-up
 *   pages must repeat the identical query.
 * - `POST /v26/customers/{id}/googleAds:searchStream` → a JSON array of batches, written batch by batch.
 * - Queries: `… FROM customer` and the daily campaign query (`… FROM campaign WHERE segments.date
 *   BETWEEN 'a' AND 'b'`); only the selected fields come back (lowerCamelCase, int64 as strings,
 *   zero metrics left out as Google's JSON does); an unknown field is a 400 queryError.
 * - `Authorization: Bearer <token>` is checked on every API call: none or unknown → 401
 *   OAUTH_TOKEN_INVALID, expired → 401 OAUTH_TOKEN_EXPIRED; a customer the token may not read → 403
 *   USER_PERMISSION_DENIED.
 *
 * Faults (`injectFault(kind, opts)` in process, `POST /_fake/faults {"kind","times","wrapped",
 * "retryDelay","days"}` over HTTP), each for the next `times` API calls: `expiredToken` (401, and the
 * token presented stops working), `throttle` (429 RESOURCE_EXHAUSTED with retryDelay, default "60s"),
 * `serverError` (500), `timeout` (the request is held, never answered), `malformed` (a row that
 * breaks the format: costMicros not a number), `notJson` (200 with an HTML page), `permissionDenied`
 * (403); `wrapped: true` answers the error as searchStream may, inside a JSON array. `restate`
 * (with `days`) is not a one-off: from now on the last `days` days read with restated numbers (again
 * and again: each restate moves them once more). `GET /_fake/stats` counts the calls.
 */
/** The demo: what `npm start` seeds the Google Ads agent connector with (local/seed and the docs name these). */
export const GOOGLE_ADS_DEMO = {
  clientId: 'mixdesk-local.apps.googleusercontent.com',
  clientSecret: 'local-google-client-secret',
  /** Reads the Israeli and the US customer. */
  refreshToken: '1//local-demo-refresh-token',
  /** The connector whose sign-in expired (its customer, 3456789012, answers invalid_grant). */
  expiredRefreshToken: '1//local-expired-refresh-token',
  customers: [
    { id: '1234567890', name: 'Demo Agency — Israel', currency: 'ILS', timeZone: 'Asia/Jerusalem' },
    { id: '2345678901', name: 'Demo Agency — US', currency: 'USD', timeZone: 'America/New_York' },
    { id: '3456789012', name: 'Demo Agency — Europe', currency: 'EUR', timeZone: 'Europe/Berlin' },
    { id: '9998887776', name: 'Demo Agency — Manager', currency: 'ILS', timeZone: 'Asia/Jerusalem', manager: true },
  ] satisfies FakeGoogleCustomer[],
} as const;

export interface FakeGoogleAdsOptions {
  port: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  customers?: readonly FakeGoogleCustomer[];
  refreshTokens?: Record<string, FakeGoogleRefreshToken>;
  /** Rows per search page (Google: 10,000). */
  pageSize?: number;
  /** Rows per searchStream batch (Google: up to 10,000). */
  batchSize?: number;
  /** Access token lifetime in seconds (Google: 3599). */
  tokenTtlS?: number;
  /** The fake's clock (token expiry, "today"). */
  now?: () => number;
  log?: (line: string) => void;
}

export interface FakeGoogleAds extends FakeCampaignNames {
  endpoint: string;
  /** GOOGLE_ADS_API_URL for the client. */
  apiUrl: string;
  /** GOOGLE_OAUTH_TOKEN_URL for the client. */
  tokenUrl: string;
  port: number;
  server: Server;
  injectFault(kind: GoogleAdsFault, opts?: FaultOptions): void;
  clearFaults(): void;
  stats(): FakeGoogleAdsStats;
  stop(): Promise<void>;
}

export async function startFakeGoogleAds(opts: FakeGoogleAdsOptions): Promise<FakeGoogleAds> {
  const state = new GoogleAdsState({
    clientId: opts.clientId ?? GOOGLE_ADS_DEMO.clientId,
    clientSecret: opts.clientSecret ?? GOOGLE_ADS_DEMO.clientSecret,
    customers: opts.customers ?? GOOGLE_ADS_DEMO.customers,
    refreshTokens: opts.refreshTokens ?? {
      [GOOGLE_ADS_DEMO.refreshToken]: { customers: ['1234567890', '2345678901', '9998887776'] },
      [GOOGLE_ADS_DEMO.expiredRefreshToken]: { customers: ['3456789012'], expired: true },
    },
    pageSize: opts.pageSize ?? 10_000,
    batchSize: opts.batchSize ?? 10_000,
    tokenTtlS: opts.tokenTtlS ?? 3599,
    now: opts.now ?? Date.now,
    log: opts.log ?? (() => undefined),
  });
  const clearFaults = () => void (state.faults.length = 0);
  const searchPath = new RegExp(`^/${API_VERSION}/customers/(\\d{1,20})/googleAds:(search|searchStream)$`);
  const fake = await startPlatformFake<GoogleAdsFault>({
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    faultKinds: GOOGLE_ADS_FAULTS,
    injectFault: (kind, params) => state.injectFault(kind, params as FaultOptions),
    clearFaults,
    async handle(req, res, url) {
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /token') return token(state, req, res);
      if (route === `GET /${API_VERSION}/customers:listAccessibleCustomers`) return listAccessible(state, req, res);
      const m = searchPath.exec(url.pathname);
      if (req.method === 'POST' && m) return search(state, req, res, m[1], m[2] === 'searchStream');
      if (route === 'GET /_fake/stats')
        return json(res, 200, {
          tokenRequests: state.stats.tokenRequests,
          apiRequests: state.stats.apiRequests,
          faultsQueued: state.faults.length,
          restatements: state.restatements.length,
        });
      json(res, 404, {
        error: {
          code: 404,
          message: `The requested URL ${url.pathname} was not found on this server.`,
          status: 'NOT_FOUND',
        },
      });
    },
    answerError(err, _req, res) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof GoogleRefusal) return json(res, err.httpStatus, err.body(randomUUID()));
      json(res, 500, { error: { code: 500, message: (err as Error).message, status: 'INTERNAL' } });
    },
    onStop() {
      for (const res of state.held) res.destroy();
    },
  });
  return {
    endpoint: fake.endpoint,
    apiUrl: fake.endpoint,
    tokenUrl: `${fake.endpoint}/token`,
    port: fake.port,
    server: fake.server,
    injectFault: (kind, o) => state.injectFault(kind, o),
    clearFaults,
    stats: () => ({ ...state.stats }),
    campaignsOf: (customerId) => {
      const customer = state.customers.get(customerId);
      return !customer || customer.manager
        ? []
        : campaignsOf(customerId).map((c) => ({
            id: c.id,
            name: state.nameOf(customerId, c),
            currency: customer.currency,
          }));
    },
    renameCampaign(customerId, campaignId, name) {
      if (!state.customers.has(customerId) || !campaignsOf(customerId).some((c) => c.id === campaignId)) return false;
      state.renamed.set(`${customerId}/${campaignId}`, name);
      return true;
    },
    stop: fake.stop,
  };
}

/** The fake as `npm start` runs it: the API at GOOGLE_ADS_API_URL, its OAuth at GOOGLE_OAUTH_TOKEN_URL. */
export async function startGoogleAdsPlatformFake(port: number): Promise<RunningPlatformFake<FakeGoogleAds>> {
  const fake = await startFakeGoogleAds({ port });
  return {
    endpoint: fake.endpoint,
    env: { [googleAdsSpec.apiUrlEnv]: fake.apiUrl, GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl },
    bannerName: 'Google',
    banner: `(Google Ads API v26 fake + OAuth at /token: refresh token ${GOOGLE_ADS_DEMO.refreshToken}; ${GOOGLE_ADS_DEMO.expiredRefreshToken} has expired)`,
    names: fake,
    stop: () => fake.stop(),
  };
}
