import type { PlatformId } from '../../../shared/connector-platforms';
import type { ErrorClassifier } from '../http/ads-http';
import type { DailyReport } from '../http/paged-report';
import type { AccountLister, PlatformClient, PlatformCredentials, RetryReport } from '../platform';

/**
 * What Mixdesk knows of one ad platform, in one folder per platform (platforms/<platform>/):
 * - `spec.ts` — this object: data only, so the registry, the CDK workers, the window rules and the
 *   fakes read it without bundling any platform's wire code;
 * - `accounts.ts` — the requester (HTTP session, auth, the retry numbers, the error classifier that
 *   names each failure retry / back off / stop / NoAccess) and the account listing: `accountsFor`;
 * - `client.ts` — the paginator and the row selector (rows → DailyStat) on the same session, with
 *   the spec and the error classifier in one PlatformDefinition read by the one paging loop
 *   (http/paged-report.ts); and `syncClientFor`, which the platform's worker bundles alone.
 */
export interface PlatformSpec {
  id: PlatformId;
  /** The platform's name in messages and log lines ("Google Ads"); the console's is connectors.types.<id>. */
  label: string;
  limits: {
    /** How many days back the platform keeps daily campaign data: a backfill never asks before it. */
    retentionDays: number;
    /** The longest range one report request may span (the client slices longer ones); none: any range. */
    requestDays?: number;
  };
  /** The platform's sync worker: its Lambda (lambdas/jobs/sync-worker-<id>.ts) and reserved concurrency. */
  worker: { method: string; summary: string; concurrency: number };
  /** The environment variable naming the API's base URL (the local fake's, for `npm start` and the tests). */
  apiUrlEnv: string;
}

/** A platform's account listing ("Test connection"): the lister of an agent connector's credentials. */
export type AccountsFor = (credentials: PlatformCredentials, externalAccountIds?: readonly string[]) => AccountLister;

/** What the sync asks of the client it makes: each failed attempt the client retries is reported, so the run shows it at once. */
export interface ClientHooks {
  onRetry?: RetryReport;
}

/** A platform's sync client: the daily grain of the external accounts it is configured for. */
export type SyncClientFor = (
  credentials: PlatformCredentials,
  externalAccountIds: readonly string[],
  hooks: ClientHooks,
) => PlatformClient;

/**
 * A platform as named parts, each testable alone: its spec (data), its error classifier (what a
 * reply means: retry, back off, stop, NoAccess), its paginator (request a page, check it, its rows,
 * the next page's token) and its row selector (a row → DailyStat). http/paged-report.ts's one loop
 * reads the daily grain with them; the requester (session, auth, the one retry policy) is in the
 * paginator's context.
 */
export interface PlatformDefinition<Ctx, Token, Page> extends DailyReport<Ctx, Token, Page> {
  spec: PlatformSpec;
  classifyError: ErrorClassifier;
}
