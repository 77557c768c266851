import type { Server } from 'node:http';
import { readBody, startPlatformFake, type RunningPlatformFake } from './platform-fake-server';
import { metaAdsSpec } from '../../lambdas/modules/connectors/platforms/meta-ads/spec';
import { demoCampaignNames, demoCampaigns, type FakeCampaignNames } from './ads-demo-data';
import { api } from './meta-ads-api';
import {
  META_FAULTS,
  MetaState,
  type FakeMetaAccount,
  type FakeMetaRequest,
  type FaultParams,
  type MetaFault,
} from './meta-ads-state';
import { answerGraphError, GraphRefusal, tooLarge } from './meta-ads-wire';

export type { FakeMetaAccount } from './meta-ads-state';

/**
 * A local Meta Marketing API (Graph v25.0) for `npm start` and the client's tests
 * (lambdas/modules/connectors/platforms/meta-ads/client.ts): Meta's wire format (docs/connectors-meta-tiktok-csv.md)
 * — every number a string, errors in the JSON body, cursor paging by `paging.next`, usage headers,
 * the async report flow — over deterministic demo delivery (ads-demo-data.ts: ≥ 90 days, several
 * campaigns per account, zero-delivery days, seeded by the account id). One token is expired.
 *
 * Calls: GET /{v}/me/adaccounts · GET /{v}/act_{id} · GET|POST /{v}/act_{id}/insights ·
 * GET /{v}/{report_run_id} · GET /{v}/{report_run_id}/insights. A synchronous insights call over
 * more than `maxSyncRows` rows answers error 100/1487534 (too much data), as Meta does.
 *
 * Faults, in process (`injectFault(kind, { times, … })`) or `POST /_fake/faults {"kind","times",…}`:
 * expiredToken (401, code 190/463) · throttle (400, code 80000, estimated_time_to_regain_access
 * `minutes`) · serverError (500, not JSON) · unknownError (500, code 1) · timeout (no answer for `ms`)
 * · malformed (200, not JSON) · malformedRow (an insights row whose numbers are not numbers) ·
 * tooMuchData (100/1487534) · highUsage (usage headers at 95 %) — each for the next `times` API
 * calls; for the next async job: asyncStuck (`polls` polls of "Job Running" at 100 % before it
 * completes), asyncFailed, asyncSkipped; and `restate` (`days`, `factor`): the last days' figures
 * change, as attribution restates them. `DELETE /_fake/faults` clears them.
 */

export const META_FAKE_TOKEN = 'meta-demo-token';
export const META_FAKE_EXPIRED_TOKEN = 'meta-expired-token';

/** The demo: two accounts on the demo token, one whose token has expired. */
export function metaDemoAccounts(): FakeMetaAccount[] {
  const mk = (
    id: string,
    name: string,
    currency: string,
    timeZone: string,
    prefix: string,
    tokens: string[],
  ): FakeMetaAccount => ({ id, name, currency, timeZone, campaigns: demoCampaigns(id, prefix, '238'), tokens });
  return [
    mk('1010000001', 'Hadar Insurance — Meta', 'ILS', 'Asia/Jerusalem', 'Hadar', [META_FAKE_TOKEN]),
    mk('1010000002', 'Demo Agency US — Meta', 'USD', 'America/New_York', 'Demo US', [META_FAKE_TOKEN]),
    mk('1010000003', 'Old client — Meta', 'EUR', 'Europe/Berlin', 'Old client', [META_FAKE_EXPIRED_TOKEN]),
  ];
}

export interface FakeMetaOptions {
  port: number;
  host?: string;
  accounts?: FakeMetaAccount[];
  /** Tokens that have expired (code 190/463); default the demo's expired token. */
  expiredTokens?: string[];
  /** The first day with delivery (default: today − historyDays + 1 in each account's time zone). */
  firstDay?: string;
  historyDays?: number;
  /** Largest synchronous insights answer before 100/1487534 (default 2500 rows). */
  maxSyncRows?: number;
  log?: (line: string) => void;
}

export interface FakeMeta extends FakeCampaignNames {
  endpoint: string;
  port: number;
  server: Server;
  accounts: FakeMetaAccount[];
  injectFault(kind: MetaFault, params?: FaultParams): void;
  clearFaults(): void;
  /** API calls received (not /_fake/ ones), oldest first. */
  requests(): FakeMetaRequest[];
  stop(): Promise<void>;
}

export async function startFakeMeta(opts: FakeMetaOptions): Promise<FakeMeta> {
  const accounts = opts.accounts ?? metaDemoAccounts();
  const log = opts.log ?? (() => undefined);
  const state = new MetaState({
    accounts,
    expiredTokens: opts.expiredTokens ?? [META_FAKE_EXPIRED_TOKEN],
    firstDay: opts.firstDay,
    historyDays: opts.historyDays ?? 400,
    maxSyncRows: opts.maxSyncRows ?? 2500,
    log,
  });
  const injectFault = (kind: MetaFault, params?: FaultParams) => state.injectFault(kind, params);
  const clearFaults = () => state.clearFaults();
  const fake = await startPlatformFake<MetaFault>({
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    faultKinds: META_FAULTS,
    injectFault: (kind, params) => injectFault(kind, params as FaultParams),
    clearFaults,
    async handle(req, res, url) {
      const params = new URLSearchParams(url.searchParams);
      if (req.method === 'POST') {
        for (const [k, v] of new URLSearchParams(await readBody(req, 1024 * 1024, tooLarge))) params.set(k, v);
      }
      await api(state, req, res, url, params);
    },
    answerError(err, req, res, url) {
      if (res.headersSent || res.destroyed) return;
      if (err instanceof GraphRefusal) log(`meta fake: ${req.method} ${url.pathname} → ${err.status} (#${err.code})`);
      answerGraphError(err, res);
    },
    onStop: () => state.stop(),
  });
  return {
    endpoint: fake.endpoint,
    port: fake.port,
    server: fake.server,
    accounts,
    ...demoCampaignNames(accounts),
    injectFault,
    clearFaults,
    requests: () => [...state.received],
    stop: fake.stop,
  };
}

/** The fake as `npm start` runs it: the Graph API at META_GRAPH_API_URL, with its demo tokens. */
export async function startMetaPlatformFake(port: number): Promise<RunningPlatformFake<FakeMeta>> {
  const fake = await startFakeMeta({ port });
  return {
    endpoint: fake.endpoint,
    env: { [metaAdsSpec.apiUrlEnv]: fake.endpoint },
    bannerName: 'Meta Ads',
    banner: `(Graph API v25.0 fake: token ${META_FAKE_TOKEN}; ${META_FAKE_EXPIRED_TOKEN} has expired)`,
    names: fake,
    stop: () => fake.stop(),
  };
}
