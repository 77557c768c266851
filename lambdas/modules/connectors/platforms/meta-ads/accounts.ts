import { array, looseObject, optional, regex, string } from 'zod/mini';
import {
  jsonRequester,
  redactUrl,
  retryPolicyOf,
  scrub,
  type HttpReply,
  type RetrySettings,
} from '../../http/ads-http';
import { realSleep, type Sleep } from '../../http/retry';
import { issuePaths } from '../../http/metrics';
import { classifyMetaError, META_LABEL, metaMalformed, usagePercent } from './errors';
import { PlatformError, type AccountLister, type ExternalAccount } from '../../platform';
import { missingToken } from '../../http/ads-http';
import type { AccountsFor } from '../spec';

/**
 * The Meta Marketing API client's session and its account listing: the calls (retries, usage
 * slow-down, the token kept out of logs and errors), `paging.next` followed to the configured origin
 * only, and the ad accounts a token reads — all "Test connection" needs, so
 * ConnectorsService.TestAgentConnection bundles this file and not the insights reader
 * (./client.ts, the sync's metaAdsClient, builds its daily grain on the same session).
 */

export const META_API_VERSION = 'v25.0';

export interface MetaAdsClientOptions {
  accessToken: string;
  /** The Graph API's origin (default env META_GRAPH_API_URL, else https://graph.facebook.com). */
  baseUrl?: string;
  apiVersion?: string;
  /** Ad account ids (digits, or act_<digits>) to read instead of every account the token sees (GET /me/adaccounts). */
  accountIds?: readonly string[];
  conversionActionTypes?: readonly string[];
  /** Rows per page (Graph's `limit`; default 500). */
  pageSize?: number;
  /** Ranges longer than this many days use the async report (default 30). */
  asyncAfterDays?: number;
  /** Async report: the wait between polls (default 2 s) and the most polls before giving up as transient (default 90). */
  pollIntervalMs?: number;
  maxPolls?: number;
  /** Times an async job that failed is started again (default 2 runs in all). */
  jobRuns?: number;
  /** Usage headers at or above this percentage slow the next call by slowDownMs (defaults 90 %, 5 s). */
  slowDownAt?: number;
  slowDownMs?: number;
  /** Per HTTP call (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<RetrySettings>;
  sleep?: Sleep;
  fetch?: typeof fetch;
  /** One line per call: method, URL without the token, status, time. */
  log?: (line: string) => void;
}

export const MAX_NAME = 1000;

export const metaPage = looseObject({
  data: array(looseObject({})),
  paging: optional(looseObject({ next: optional(string()) })),
});

export const metaAccount = looseObject({
  account_id: optional(string().check(regex(/^\d{1,30}$/))),
  id: string().check(regex(/^act_\d{1,30}$/)),
  name: optional(string()),
  currency: string().check(regex(/^[A-Z]{3}$/)),
  timezone_name: string(),
});

/** `act_123` or `123` → `123`. */
export const metaAccountDigits = (id: string) => id.replace(/^act_/, '');

/** What both the account listing and the insights reader call through. */
export interface MetaSession {
  /** One call, retried per the policy; the JSON of a successful reply. */
  call(method: 'GET' | 'POST', url: URL): Promise<unknown>;
  /** `<origin>/<version>/<path>?<params>&access_token=…`. */
  url(path: string, params: Record<string, string>): URL;
  /** paging.next, followed only to the configured origin (it carries the token). */
  nextUrl(next: string | undefined, what: string): URL | undefined;
  malformed(what: string, detail: string): PlatformError;
  sleep: Sleep;
  log?: (line: string) => void;
}

export function metaSession(opts: MetaAdsClientOptions): MetaSession {
  const token = opts.accessToken;
  const origin = (opts.baseUrl ?? process.env.META_GRAPH_API_URL ?? 'https://graph.facebook.com').replace(/\/+$/, '');
  const version = opts.apiVersion ?? META_API_VERSION;
  const sleep = opts.sleep ?? realSleep;
  const log = opts.log ? (line: string) => opts.log!(scrub(line, [token])) : undefined;

  if (!token)
    throw new PlatformError('auth', `${META_LABEL}: no access token — connect the connector with a token`, 'meta_ads');

  const malformed = (what: string, detail: string) => {
    const err = metaMalformed(what, detail);
    return new PlatformError(err.kind, scrub(err.message, [token]), 'meta_ads', undefined, err.platformCode);
  };
  const request = jsonRequester({
    policy: retryPolicyOf(opts.retry, sleep),
    send: {
      platform: 'meta_ads',
      label: META_LABEL,
      fetch: opts.fetch ?? fetch,
      timeoutMs: opts.timeoutMs ?? 30_000,
      log,
    },
    classifyError: (reply, body, what) => {
      const err = classifyMetaError(reply, body, what);
      return err?.kind === 'malformed' ? malformed(what, `HTTP ${reply.status}, not JSON`) : err;
    },
    ...usageSlowDown(opts, sleep, log),
  });

  async function call(method: 'GET' | 'POST', url: URL): Promise<unknown> {
    const shown = redactUrl(url.toString());
    const what = `${method} ${new URL(url).pathname}`;
    if (method === 'GET') return request(url.toString(), { method }, what, shown);
    // Graph takes a POST's parameters as a form body: the token stays out of the URL altogether.
    const target = new URL(url);
    const form = new URLSearchParams(target.searchParams);
    target.search = '';
    const init = { method, body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    return request(target.toString(), init, what, shown);
  }

  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(`${origin}/${version}/${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set('access_token', token);
    return u;
  };

  const nextUrl = (next: string | undefined, what: string): URL | undefined => {
    if (!next) return undefined;
    let u: URL;
    try {
      u = new URL(next);
    } catch {
      throw malformed(what, 'paging.next is not a URL');
    }
    if (u.origin !== new URL(origin).origin) throw malformed(what, `paging.next leads to another host (${u.host})`);
    if (!u.searchParams.has('access_token')) u.searchParams.set('access_token', token);
    return u;
  };

  return { call, url, nextUrl, malformed, sleep, log };
}

/** Usage headers at or above `slowDownAt` % make the next call wait `slowDownMs` first. */
function usageSlowDown(opts: MetaAdsClientOptions, sleep: Sleep, log: ((line: string) => void) | undefined) {
  const slowDownAt = opts.slowDownAt ?? 90;
  const slowDownMs = opts.slowDownMs ?? 5000;
  let slowDown = false;
  return {
    beforeEach: async () => {
      if (!slowDown) return;
      slowDown = false;
      log?.(`${META_LABEL}: usage above ${slowDownAt} %, waiting ${slowDownMs} ms`);
      await sleep(slowDownMs);
    },
    afterEach: (reply: HttpReply) => {
      if (usagePercent(reply.headers) >= slowDownAt) slowDown = true;
    },
  };
}

/** The ad accounts of `accountIds`, or every one the token sees (GET /me/adaccounts); none is 'permission'. */
export async function listMetaAccounts(
  s: MetaSession,
  accountIds: readonly string[] | undefined,
): Promise<ExternalAccount[]> {
  const fields = 'id,account_id,name,currency,timezone_name';
  const raw: unknown[] = [];
  if (accountIds?.length) {
    for (const id of accountIds) raw.push(await s.call('GET', s.url(`act_${metaAccountDigits(id)}`, { fields })));
  } else {
    let next: URL | undefined = s.url('me/adaccounts', { fields, limit: '100' });
    for (let pages = 0; next && pages < 100; pages++) {
      const body = metaPage.safeParse(await s.call('GET', next));
      if (!body.success) throw s.malformed('GET /me/adaccounts', issuePaths(body.error.issues));
      raw.push(...body.data.data);
      next = s.nextUrl(body.data.paging?.next, 'GET /me/adaccounts');
    }
  }
  const accounts = raw.map((r) => {
    const a = metaAccount.safeParse(r);
    if (!a.success) throw s.malformed('an ad account', issuePaths(a.error.issues));
    return {
      externalAccountId: a.data.account_id ?? metaAccountDigits(a.data.id),
      name: (a.data.name ?? a.data.id).slice(0, MAX_NAME),
      currency: a.data.currency,
      timeZone: a.data.timezone_name,
    };
  });
  if (!accounts.length)
    throw new PlatformError(
      'permission',
      `${META_LABEL}: this token reads no ad account — give it ads_read on at least one`,
      'meta_ads',
    );
  return accounts;
}

/** The Meta client without the daily grain: "Test connection". */
export function metaAdsAccounts(opts: MetaAdsClientOptions): AccountLister {
  const s = metaSession(opts);
  return { type: 'meta_ads', listAccounts: () => listMetaAccounts(s, opts.accountIds) };
}

/** "Test connection"'s lister: few and short retries, the person is waiting. */
export const accountsFor: AccountsFor = (credentials, accountIds) => {
  if (!credentials.accessToken) throw missingToken('meta_ads');
  return metaAdsAccounts({
    accessToken: credentials.accessToken,
    accountIds,
    retry: { maxAttempts: 2, baseDelayMs: 200 },
  });
};
