/**
 * What every ad-platform client gives the sync engine: one interface per platform, implemented over
 * the platform's documented wire format (docs/connectors.md, docs/connectors-meta-tiktok-csv.md)
 * and tested against its local fake (local/fakes/<platform>-server.ts) with every injected fault.
 * The sync engine, the rollups and the screens know this file only, never a platform's wire format.
 *
 * Days are the external account's own calendar days (its time zone, as the platform reports them);
 * money is in the account's currency as the platform reports it (conversion happens at read time,
 * docs/domain.md). Numbers arrive as the platforms send them (strings, micros) and leave here as
 * bounded, finite numbers: a malformed reply is a PlatformError('malformed'), never a NaN stored.
 */

import type { ConnectorType, DailyStat, Day } from '../../shared/connector-platforms';

/** The platforms Mixdesk reads (a connector's Type): one list, lambdas/shared/connector-platforms.ts. */
export type { ConnectorType, DailyStat, Day } from '../../shared/connector-platforms';

/** An external ad account as the platform describes it. */
export interface ExternalAccount {
  externalAccountId: string;
  name: string;
  currency: string;
  /** IANA time zone the platform reports its days in. */
  timeZone: string;
}

/** The credentials an agent connector holds (write-only: Secrets Manager in the cloud, never in a reply, a log or the table). */
export interface PlatformCredentials {
  /** OAuth refresh token (Google), or a long-lived access token (Meta, TikTok). */
  refreshToken?: string;
  accessToken?: string;
  clientId?: string;
  clientSecret?: string;
  /** Google: the manager account the access goes through (login-customer-id), digits only. */
  loginCustomerId?: string;
}

/**
 * Why a platform call failed, in words the sync records and the connector screen shows:
 * - `auth`: the token is expired, revoked or invalid → status NoAccess, ask the user for a new one (no retry);
 * - `permission`: the token works but may not read this account → NoAccess (no retry);
 * - `throttled`: back off for `retryAfterMs` (the platform's own delay when it gives one), then retry;
 * - `transient`: 5xx, timeout, a transient platform code → retry with backoff;
 * - `invalid`: the request was refused as wrong (a bad query/parameter) → Error, no retry;
 * - `malformed`: the reply is not what the wire format says → Error, nothing stored from it.
 */
export type PlatformErrorKind = 'auth' | 'permission' | 'throttled' | 'transient' | 'invalid' | 'malformed';

export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly platform: ConnectorType,
    readonly retryAfterMs?: number,
    /** The platform's own code (e.g. OAUTH_TOKEN_EXPIRED, 190, 40100), for the monitoring page. */
    readonly platformCode?: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  get retryable(): boolean {
    return this.kind === 'throttled' || this.kind === 'transient';
  }
}

/**
 * The account-listing part of a platform client, all "Test connection" asks (each platform has it
 * in <platform>-accounts.ts, so that route's bundle carries no daily-grain code).
 */
export interface AccountLister {
  readonly type: ConnectorType;
  /** "Test connection": the external accounts these credentials can read (throws PlatformError('auth' | 'permission') when none). */
  listAccounts(): Promise<ExternalAccount[]>;
}

/** A platform client: what the sync engine asks of every platform. */
/** A failed attempt that a client is about to retry (`attempt` counts from 1), reported before its wait. */
export type RetryReport = (err: PlatformError, attempt: number) => Promise<void>;

export interface PlatformClient extends AccountLister {
  /**
   * The daily grain of one external account for [from, to] (inclusive, the account's days), every
   * campaign with any delivery; streamed in batches so a year of 200 campaigns never sits in memory
   * at once. Retries throttling and transient failures itself, obeying the platform's delay, a
   * bounded number of times; then throws the PlatformError.
   */
  dailyStats(externalAccountId: string, from: Day, to: Day): AsyncIterable<DailyStat[]>;
}
