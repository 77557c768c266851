import { array, looseObject, number, optional, regex, string, union } from 'zod/mini';
import { jsonRequester, redactUrl, retryPolicyOf, scrub, type RetrySettings } from '../../http/ads-http';
import { realSleep, type Sleep } from '../../http/retry';
import { issuePaths } from '../../http/metrics';
import { PlatformError, type AccountLister, type ExternalAccount } from '../../platform';
import { missingToken } from '../../http/ads-http';
import type { AccountsFor } from '../spec';
import { classifyTiktokError, envelope, TIKTOK_LABEL, tiktokMalformed } from './errors';

/**
 * The TikTok Business API client's session and its account listing: the GET call (the token in the
 * Access-Token header, the app secret blanked in logged URLs, `code != 0` read as the kinds, retries)
 * and the advertisers a token reads — all "Test connection" needs, so
 * ConnectorsService.TestAgentConnection bundles this file and not the report reader
 * (./client.ts, the sync's tiktokAdsClient, builds its daily grain on the same session).
 */

export const TIKTOK_API_VERSION = 'v1.3';

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
  retry?: Partial<RetrySettings>;
  sleep?: Sleep;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

const ID = regex(/^\d{1,30}$/);
export const idText = union([string().check(ID), number()]);

const advertiserInfo = looseObject({
  advertiser_id: idText,
  name: optional(string()),
  currency: string().check(regex(/^[A-Z]{3}$/)),
  timezone: string(),
});

export const MAX_NAME = 1000;

/** What both the account listing and the report reader call through. */
export interface TikTokSession {
  /** One GET, retried per the policy: the `data` of a reply whose code is 0. */
  call(path: string, params: Record<string, string>): Promise<Record<string, unknown>>;
  malformed(what: string, detail: string): PlatformError;
  /** advertiser/info of these ids (remembered for the report's currency). */
  advertisers(ids: readonly string[]): Promise<ExternalAccount[]>;
  /** An advertiser advertisers() has already described. */
  known(id: string): ExternalAccount | undefined;
  listAccounts(): Promise<ExternalAccount[]>;
}

export function tiktokSession(opts: TikTokAdsClientOptions): TikTokSession {
  const token = opts.accessToken;
  const origin = (opts.baseUrl ?? process.env.TIKTOK_API_URL ?? 'https://business-api.tiktok.com').replace(/\/+$/, '');
  const version = opts.apiVersion ?? TIKTOK_API_VERSION;
  const secrets = [token, opts.secret];
  const log = opts.log ? (line: string) => opts.log!(scrub(line, secrets)) : undefined;
  const infoCache = new Map<string, ExternalAccount>();

  if (!token)
    throw new PlatformError(
      'auth',
      `${TIKTOK_LABEL}: no access token — connect the connector with a token`,
      'tiktok_ads',
    );

  const malformed = (what: string, detail: string) => {
    const err = tiktokMalformed(what, detail);
    return new PlatformError(err.kind, scrub(err.message, secrets), 'tiktok_ads', undefined, err.platformCode);
  };
  const request = jsonRequester({
    policy: retryPolicyOf(opts.retry, opts.sleep ?? realSleep),
    send: {
      platform: 'tiktok_ads',
      label: TIKTOK_LABEL,
      fetch: opts.fetch ?? fetch,
      timeoutMs: opts.timeoutMs ?? 30_000,
      log,
    },
    classifyError: classifyTiktokError,
  });

  async function call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const u = new URL(`${origin}/open_api/${version}/${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    const what = `GET /open_api/${version}/${path}`;
    const body = await request(
      u.toString(),
      { method: 'GET', headers: { 'Access-Token': token } },
      what,
      redactUrl(u.toString()),
    );
    const data = envelope.parse(body).data;
    if (!data) throw malformed(what, 'no data');
    return data;
  }

  const session: TikTokSession = {
    call,
    malformed,
    advertisers: (ids) => advertiserInfos(session, infoCache, ids),
    known: (id) => infoCache.get(id),
    listAccounts: () => listAdvertisers(session, opts),
  };
  return session;
}

/** advertiser/info of these ids, each remembered in `cache` (the report's currency). */
async function advertiserInfos(
  s: TikTokSession,
  cache: Map<string, ExternalAccount>,
  ids: readonly string[],
): Promise<ExternalAccount[]> {
  const out: ExternalAccount[] = [];
  // advertiser/info takes up to 100 ids a call.
  for (let i = 0; i < ids.length; i += 100) {
    const data = await s.call('advertiser/info/', {
      advertiser_ids: JSON.stringify(ids.slice(i, i + 100)),
      fields: JSON.stringify(['advertiser_id', 'name', 'currency', 'timezone']),
    });
    const list = Array.isArray(data.list) ? data.list : undefined;
    if (!list) throw s.malformed('GET advertiser/info', 'no list');
    for (const raw of list) {
      const a = advertiserInfo.safeParse(raw);
      if (!a.success) throw s.malformed('GET advertiser/info', issuePaths(a.error.issues));
      const account = {
        externalAccountId: String(a.data.advertiser_id),
        name: (a.data.name ?? String(a.data.advertiser_id)).slice(0, MAX_NAME),
        currency: a.data.currency,
        timeZone: a.data.timezone,
      };
      cache.set(account.externalAccountId, account);
      out.push(account);
    }
  }
  return out;
}

/** The configured advertisers, else those the app's token was authorised for; none is 'permission'. */
async function listAdvertisers(s: TikTokSession, opts: TikTokAdsClientOptions): Promise<ExternalAccount[]> {
  let ids = opts.advertiserIds ? [...opts.advertiserIds] : undefined;
  if (!ids) {
    if (!opts.appId || !opts.secret)
      throw new PlatformError(
        'invalid',
        `${TIKTOK_LABEL}: name the advertiser ids, or give the app id and secret to list them`,
        'tiktok_ads',
      );
    const data = await s.call('oauth2/advertiser/get/', { app_id: opts.appId, secret: opts.secret });
    const list = array(looseObject({ advertiser_id: idText })).safeParse(data.list);
    if (!list.success) throw s.malformed('GET oauth2/advertiser/get', issuePaths(list.error.issues));
    ids = list.data.map((a) => String(a.advertiser_id));
  }
  const accounts = ids.length ? await s.advertisers(ids) : [];
  if (!accounts.length)
    throw new PlatformError('permission', `${TIKTOK_LABEL}: this token reads no advertiser`, 'tiktok_ads');
  return accounts;
}

/** The TikTok client without the daily grain: "Test connection". */
export function tiktokAdsAccounts(opts: TikTokAdsClientOptions): AccountLister {
  const { listAccounts } = tiktokSession(opts);
  return { type: 'tiktok_ads', listAccounts };
}

/** "Test connection"'s lister: few and short retries, the person is waiting. */
export const accountsFor: AccountsFor = (credentials, advertiserIds) => {
  if (!credentials.accessToken) throw missingToken('tiktok_ads');
  return tiktokAdsAccounts({
    accessToken: credentials.accessToken,
    advertiserIds,
    appId: credentials.clientId,
    secret: credentials.clientSecret,
    retry: { maxAttempts: 2, baseDelayMs: 200 },
  });
};
