import { log as kitLog } from '../../../../core/logger';
import {
  accessibleCustomerIds,
  CUSTOMER_QUERY,
  customerOf,
  failureOf,
  GOOGLE_ADS_API_VERSION,
  type CustomerInfo,
  type GoogleFailure,
} from './wire';
import { GOOGLE_ADS_LABEL, googleErrorOf, platformError, scrubGoogle } from './errors';
import { exchangeRefreshToken } from './oauth';
import {
  PlatformError,
  type AccountLister,
  type ExternalAccount,
  type PlatformCredentials,
  type RetryReport,
} from '../../platform';
import { open, retryPolicyOf } from '../../http/ads-http';
import { TimeoutError } from '../../http/idle-timer';
import { pauseBeforeRetry, withRetries, type RetryPolicy } from '../../http/retry';
import type { AccountsFor } from '../spec';

/**
 * The Google Ads API client: a thin typed client over fetch, the REST wire format of
 * docs/connectors.md — not the official SDK ("Google Ads: SDK or fetch" there has the
 * measurements). Tested against local/fakes/google-ads-server.ts with every fault it injects.
 *
 * - Access tokens come from the OAuth refresh token (form-encoded POST to the token endpoint), cached
 *   until a minute before they expire; `invalid_grant` is PlatformError('auth') in the user's terms.
 * - A 401 (OAUTH_TOKEN_EXPIRED / _INVALID) drops the cached token, refreshes once and repeats the call;
 *   a second 401 is 'auth'. 403 is 'permission', 400 'invalid' (no retry).
 * - 429 waits the platform's retryDelay ("60s"); 5xx and timeouts back off exponentially with jitter;
 *   both a bounded number of times. A retryDelay longer than `maxThrottleWaitMs` is not slept through:
 *   the 'throttled' error carries it, for the sync to come back later.
 * - `dailyStats` reads searchStream's JSON array batch by batch (one batch in memory at a time) and
 *   yields each batch once all its rows are checked; a malformed row refuses its batch. A stream that
 *   fails after batches were yielded is not retried from the start (the caller would see rows twice):
 *   the error goes up and the sync re-reads the window, which replaces.
 * - Tokens never reach an error message or a log line: messages are Mixdesk's own words plus the
 *   platform's error code, and any text quoted from the platform is scrubbed of the token values.
 *
 * Base URLs: GOOGLE_ADS_API_URL and GOOGLE_OAUTH_TOKEN_URL (the local fake), else Google's.
 *
 * This file is the client's session and its account listing: what "Test connection" needs
 * (ConnectorsService.TestAgentConnection bundles this file alone). The daily grain, searchStream and
 * its JSON stream reader are ./client.ts, whose GoogleAdsClient extends GoogleAdsAccounts
 * (the sync workers use it): one wire code, the stats part only where stats are read.
 */
export interface ConnectorLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface GoogleAdsClientOptions {
  credentials: PlatformCredentials;
  /** The customers (digits) these credentials are configured for; unset: customers:listAccessibleCustomers. */
  customerIds?: readonly string[];
  apiUrl?: string;
  tokenUrl?: string;
  /** searchStream (default) or search with its pages; the same rows either way. */
  transport?: 'searchStream' | 'search';
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** [0, 1): the backoff's jitter. */
  random?: () => number;
  log?: ConnectorLog;
  /** Tries of one request in all (default 5). */
  maxAttempts?: number;
  /** First backoff (default 1 s), doubled each retry, never above maxDelayMs (default 30 s); half of it jittered. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest retryDelay slept through here (default 120 s); a longer one is the caller's to wait. */
  maxThrottleWaitMs?: number;
  /** No answer (or no further byte of a streamed answer) for this long is a timeout (default 60 s). */
  timeoutMs?: number;
  /** Told of each failed request about to be retried, before the wait (the sync writes it on its run). */
  onRetry?: RetryReport;
}

const DEFAULT_API_URL = 'https://googleads.googleapis.com';
const DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** A token is used until this long before Google says it expires. */
const TOKEN_EARLY_MS = 60_000;

/** 123-456-7890 → 1234567890; anything else than ten-ish digits is refused. */
export function customerIdOf(id: string): string {
  const digits = String(id).replace(/-/g, '');
  if (!/^\d{1,20}$/.test(digits))
    throw platformError('invalid', 'a Google Ads customer id is digits only (e.g. 123-456-7890)');
  return digits;
}

export class GoogleAdsAccounts implements AccountLister {
  readonly type = 'google_ads' as const;
  protected readonly apiBase: string;
  private readonly tokenUrl: string;
  protected readonly fetchFn: typeof fetch;
  protected readonly sleep: (ms: number) => Promise<void>;
  protected readonly now: () => number;
  protected readonly random: () => number;
  protected readonly log: ConnectorLog;
  protected readonly maxAttempts: number;
  protected readonly baseDelayMs: number;
  protected readonly maxDelayMs: number;
  protected readonly maxThrottleWaitMs: number;
  protected readonly timeoutMs: number;
  private token?: { value: string; expiresAt: number };
  private refreshing?: Promise<string>;
  private readonly customers = new Map<string, CustomerInfo>();

  constructor(protected readonly opts: GoogleAdsClientOptions) {
    this.apiBase = `${(opts.apiUrl ?? process.env.GOOGLE_ADS_API_URL ?? DEFAULT_API_URL).replace(/\/$/, '')}/${GOOGLE_ADS_API_VERSION}`;
    this.tokenUrl = opts.tokenUrl ?? process.env.GOOGLE_OAUTH_TOKEN_URL ?? DEFAULT_TOKEN_URL;
    this.fetchFn = opts.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.log = opts.log ?? kitLog;
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? 5);
    this.baseDelayMs = opts.baseDelayMs ?? 1000;
    this.maxDelayMs = opts.maxDelayMs ?? 30_000;
    this.maxThrottleWaitMs = opts.maxThrottleWaitMs ?? 120_000;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
  }

  async listAccounts(): Promise<ExternalAccount[]> {
    const ids = this.opts.customerIds?.length
      ? this.opts.customerIds.map(customerIdOf)
      : accessibleCustomerIds(
          await this.withRetries('listAccessibleCustomers', () =>
            this.callJson('GET', `${this.apiBase}/customers:listAccessibleCustomers`),
          ),
        );
    const accounts: ExternalAccount[] = [];
    let refused: PlatformError | undefined;
    for (const id of ids) {
      try {
        const c = await this.customer(id);
        // A manager account has no campaigns of its own (its clients are linked one by one).
        if (!c.manager)
          accounts.push({ externalAccountId: c.id, name: c.name, currency: c.currency, timeZone: c.timeZone });
      } catch (err) {
        // One account refused (not this user's, or gone) does not hide the others.
        if (!(err instanceof PlatformError && (err.kind === 'permission' || err.kind === 'invalid'))) throw err;
        refused ??= err;
      }
    }
    if (!accounts.length && refused) throw refused;
    if (!accounts.length)
      throw platformError(
        'permission',
        'these Google credentials cannot read any Google Ads account',
        undefined,
        'NO_CUSTOMERS',
      );
    return accounts;
  }

  // ---- the customer (currency, time zone), cached ----

  protected async customer(customerId: string): Promise<CustomerInfo> {
    const known = this.customers.get(customerId);
    if (known) return known;
    const reply = await this.withRetries(
      'customer',
      () =>
        this.callJson(
          'POST',
          `${this.apiBase}/customers/${customerId}/googleAds:search`,
          { query: CUSTOMER_QUERY },
          customerId,
        ),
      customerId,
    );
    const info = customerOf(reply, customerId);
    this.customers.set(customerId, info);
    return info;
  }

  // ---- requests ----

  /** A JSON call: 401 → refresh → once more; a refusal → its PlatformError; a reply that is not JSON → 'malformed'. */
  protected async callJson(method: 'GET' | 'POST', url: string, body?: unknown, customerId?: string): Promise<unknown> {
    const { res, idle } = await this.authorised(method, url, body, customerId);
    try {
      if (!res.ok) throw this.errorOf(await this.failureOfReply(res));
      const text = await idle.text(res);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw platformError('malformed', 'Google Ads answered with a body that is not JSON');
      }
    } finally {
      idle.stop();
    }
  }

  protected async authorised(method: string, url: string, body: unknown, customerId: string | undefined) {
    for (let refreshed = false; ; refreshed = true) {
      const accessToken = await this.accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (this.opts.credentials.loginCustomerId)
        headers['login-customer-id'] = customerIdOf(this.opts.credentials.loginCustomerId);
      const sent = await this.send(url, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (sent.res.status !== 401) return sent;
      const failure = await this.failureOfReply(sent.res);
      sent.idle.stop();
      const code = failure.errorCode ?? failure.status ?? 'UNAUTHENTICATED';
      if (refreshed)
        throw platformError(
          'auth',
          'Google refused a freshly issued access token; reconnect the Google account',
          undefined,
          code,
        );
      this.log.info('google ads: access token refused, refreshing once', { customerId, platformCode: code });
      this.token = undefined;
    }
  }

  /** ads-http.ts's exchange with an idle timeout: no headers, or no next byte of the body, within timeoutMs aborts it. */
  private send(url: string, init: RequestInit) {
    const shownUrl = new URL(url).pathname;
    return open(url, init, {
      platform: 'google_ads',
      label: GOOGLE_ADS_LABEL,
      fetch: this.fetchFn,
      timeoutMs: this.timeoutMs,
      shownUrl,
    });
  }

  protected async failureOfReply(res: Response): Promise<GoogleFailure> {
    let text = '';
    try {
      text = await res.text();
    } catch {
      // The status says enough.
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return failureOf(body, res.status) ?? { httpStatus: res.status };
  }

  // ---- the access token ----

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.refreshing ??= this.withRetries('token', () => this.exchange()).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async exchange(): Promise<string> {
    const { accessToken, expiresInS } = await exchangeRefreshToken(this.opts.credentials, this.tokenUrl, (url, init) =>
      this.send(url, init),
    );
    const early = Math.min(TOKEN_EARLY_MS, (expiresInS * 1000) / 2);
    this.token = { value: accessToken, expiresAt: this.now() + expiresInS * 1000 - early };
    return accessToken;
  }

  // ---- errors and retries ----

  /** errors.ts's classifier, with the secrets this client holds scrubbed from the platform's text. */
  protected errorOf(f: GoogleFailure): PlatformError {
    const { refreshToken, clientSecret, accessToken } = this.opts.credentials;
    return googleErrorOf(f, (text) => scrubGoogle(text, [this.token?.value, refreshToken, clientSecret, accessToken]));
  }

  protected asPlatformError(err: unknown): PlatformError {
    if (err instanceof PlatformError) return err;
    if (err instanceof TimeoutError)
      return platformError(
        'transient',
        `Google Ads did not answer within ${Math.round(this.timeoutMs / 1000)} s`,
        undefined,
        'TIMEOUT',
      );
    const name = err instanceof Error ? err.name : '';
    if (name === 'AbortError' || name === 'TimeoutError')
      return platformError(
        'transient',
        `Google Ads did not answer within ${Math.round(this.timeoutMs / 1000)} s`,
        undefined,
        'TIMEOUT',
      );
    // fetch's own failures (connection refused, reset): the network, not the request.
    return platformError('transient', 'Google Ads could not be reached', undefined, 'NETWORK');
  }

  /** retry.ts's policy with this client's numbers: a throttle's own delay obeyed, other backoffs capped and half jittered. */
  private retryPolicy(what: string, customerId: string | undefined): RetryPolicy {
    const numbers = {
      maxAttempts: this.maxAttempts,
      baseDelayMs: this.baseDelayMs,
      maxRetryWaitMs: this.maxThrottleWaitMs,
      backoff: { capMs: this.maxDelayMs, random: this.random, obeys: 'throttled' as const },
    };
    return {
      ...retryPolicyOf(numbers, this.sleep),
      asPlatformError: (err) => this.asPlatformError(err),
      onRetry: async (e, attempt, delayMs) => {
        this.log.warn('google ads: retrying', {
          call: what,
          customerId,
          attempt,
          kind: e.kind,
          platformCode: e.platformCode,
          delayMs,
        });
        await this.opts.onRetry?.(e, attempt);
      },
    };
  }

  protected withRetries<T>(what: string, call: () => Promise<T>, customerId?: string): Promise<T> {
    return withRetries(this.retryPolicy(what, customerId), () => call());
  }

  /** Waits before the next try of a call retried by hand (a stream that failed before its first batch). */
  protected pause(e: PlatformError, attempt: number, what: string, customerId?: string): Promise<void> {
    return pauseBeforeRetry(this.retryPolicy(what, customerId), e, attempt);
  }
}

/** "Test connection"'s lister: few and short retries, the person is waiting. */
export const accountsFor: AccountsFor = (credentials, customerIds) =>
  new GoogleAdsAccounts({
    credentials,
    customerIds,
    maxAttempts: 2,
    baseDelayMs: 200,
    maxThrottleWaitMs: 5_000,
    timeoutMs: 20_000,
  });
