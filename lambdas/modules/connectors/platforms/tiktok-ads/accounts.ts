import { array, looseObject, number, optional, regex, string, union } from 'zod/mini';
import { jsonOf, redactUrl, scrub, send, retryPolicyOf, type RetrySettings } from '../../http/ads-http';
import { realSleep, withRetries, type Sleep } from '../../http/retry';
import { issuePaths } from '../../http/metrics';
import { PlatformError, type AccountLister, type ExternalAccount } from '../../platform';
import { missingToken } from '../../http/ads-http';
import type { AccountsFor } from '../spec';

/**
 * The TikTok Business API client's session and its account listing: the GET call (the token in the
 * Access-Token header, the app secret blanked in logged URLs, `code != 0` read as the kinds, retries)
 * and the advertisers a token reads — all "Test connection" needs, so
 * ConnectorsService.TestAgentConnection bundles this file and not the report reader
 * (./client.ts, the sync's tiktokAdsClient, builds its daily grain on the same session).
 */

export const TIKTOK_LABEL = 'TikTok Ads';
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

const envelope = looseObject({ code: number(), message: optional(string()), data: optional(looseObject({})) });

const ID = regex(/^\d{1,30}$/);
export const idText = union([string().check(ID), number()]);

const advertiserInfo = looseObject({
  advertiser_id: idText,
  name: optional(string()),
  currency: string().check(regex(/^[A-Z]{3}$/)),
  timezone: string(),
});

export const MAX_NAME = 1000;

/** What a non-zero `code` means. */
function tiktokErrorOf(code: number, what: string): PlatformError {
  const fail = (kind: PlatformError['kind'], message: string) =>
    new PlatformError(
      kind,
      `${TIKTOK_LABEL}: ${message} (${what}; TikTok code ${code})`,
      'tiktok_ads',
      undefined,
      String(code),
    );
  if (code === 40100) return fail('throttled', 'TikTok is limiting the calls; waiting before trying again');
  if (code === 40104 || code === 40105 || code === 40110)
    return fail('auth', 'the access token has expired or was revoked — reconnect the connector with a new token');
  if (code === 40001) return fail('permission', 'this token may not read that advertiser');
  if (code >= 50000) return fail('transient', 'TikTok had a temporary problem');
  return fail('invalid', 'TikTok refused the request');
}

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
  const sleep = opts.sleep ?? realSleep;
  const policy = retryPolicyOf(opts.retry, sleep);
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const secrets = [token, opts.secret];
  const log = opts.log ? (line: string) => opts.log!(scrub(line, secrets)) : undefined;
  const infoCache = new Map<string, ExternalAccount>();

  if (!token)
    throw new PlatformError(
      'auth',
      `${TIKTOK_LABEL}: no access token — connect the connector with a token`,
      'tiktok_ads',
    );

  const malformed = (what: string, detail: string) =>
    new PlatformError(
      'malformed',
      scrub(`${TIKTOK_LABEL}: the reply to ${what} is not what the Business API sends (${detail})`, secrets),
      'tiktok_ads',
      undefined,
      'MALFORMED',
    );

  async function call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const u = new URL(`${origin}/open_api/${version}/${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    const what = `GET /open_api/${version}/${path}`;
    return withRetries(policy, async () => {
      const reply = await send(
        u.toString(),
        { method: 'GET', headers: { 'Access-Token': token } },
        {
          platform: 'tiktok_ads',
          label: TIKTOK_LABEL,
          fetch: doFetch,
          timeoutMs,
          shownUrl: redactUrl(u.toString()),
          log,
        },
      );
      const body = jsonOf(reply.text);
      if (reply.status >= 500)
        throw new PlatformError(
          'transient',
          `${TIKTOK_LABEL}: TikTok had a server error (${what}; HTTP ${reply.status})`,
          'tiktok_ads',
          undefined,
          `HTTP_${reply.status}`,
        );
      if (reply.status === 429)
        throw new PlatformError(
          'throttled',
          `${TIKTOK_LABEL}: TikTok is limiting the calls (${what}; HTTP 429)`,
          'tiktok_ads',
          undefined,
          'HTTP_429',
        );
      if (reply.status === 401)
        throw new PlatformError(
          'auth',
          `${TIKTOK_LABEL}: the access token was refused — reconnect the connector with a new token (${what}; HTTP 401)`,
          'tiktok_ads',
          undefined,
          'HTTP_401',
        );
      if (body === undefined) throw malformed(what, `HTTP ${reply.status}, not JSON`);
      const env = envelope.safeParse(body);
      if (!env.success) throw malformed(what, issuePaths(env.error.issues));
      if (env.data.code !== 0) throw tiktokErrorOf(env.data.code, what);
      if (reply.status !== 200)
        throw new PlatformError(
          'invalid',
          `${TIKTOK_LABEL}: TikTok refused the request (${what}; HTTP ${reply.status})`,
          'tiktok_ads',
          undefined,
          `HTTP_${reply.status}`,
        );
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
          externalAccountId: String(a.data.advertiser_id),
          name: (a.data.name ?? String(a.data.advertiser_id)).slice(0, MAX_NAME),
          currency: a.data.currency,
          timeZone: a.data.timezone,
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
      if (!opts.appId || !opts.secret)
        throw new PlatformError(
          'invalid',
          `${TIKTOK_LABEL}: name the advertiser ids, or give the app id and secret to list them`,
          'tiktok_ads',
        );
      const data = await call('oauth2/advertiser/get/', { app_id: opts.appId, secret: opts.secret });
      const list = array(looseObject({ advertiser_id: idText })).safeParse(data.list);
      if (!list.success) throw malformed('GET oauth2/advertiser/get', issuePaths(list.error.issues));
      ids = list.data.map((a) => String(a.advertiser_id));
    }
    const accounts = ids.length ? await advertisers(ids) : [];
    if (!accounts.length)
      throw new PlatformError('permission', `${TIKTOK_LABEL}: this token reads no advertiser`, 'tiktok_ads');
    return accounts;
  }

  return { call, malformed, advertisers, known: (id) => infoCache.get(id), listAccounts };
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
