import { pagedDailyStats, type Paginator } from '../../http/paged-report';
import type { DailyStat, Day, PlatformClient, PlatformError } from '../../platform';
import type { PlatformDefinition, SyncClientFor } from '../spec';
import { customerIdOf, GoogleAdsAccounts } from './accounts';
import { classifyGoogleError, platformError } from './errors';
import { jsonArrayElements, JsonStreamError } from './json-stream';
import {
  dailyCampaignQuery,
  googleRowToDailyStat,
  rowsPageOf,
  statsOfBatch,
  type GoogleRowsCtx,
  type RowsPage,
} from './rows';
import { googleAdsSpec } from './spec';
import { failureOf } from './wire';

export type { ConnectorLog, GoogleAdsClientOptions } from './accounts';

/**
 * The Google Ads API client, the sync's: GoogleAdsAccounts (./accounts.ts:
 * the options, OAuth token, requests, retries and errors, and listAccounts; its comment has the
 * rules) and the daily grain read here, with searchStream (default) or search's pages.
 */
function checkRange(from: Day, to: Day) {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(from) || !day.test(to) || from > to)
    throw platformError('invalid', `the day range ${from}…${to} is not a range of YYYY-MM-DD days`);
}

/** What search's pages are read with: the rows' context and the client's retried search call. */
export interface GoogleSearchCtx extends GoogleRowsCtx {
  search(body: { query: string; pageToken?: string }): Promise<unknown>;
}

/** The paginator of search (the transport without a stream): `pageToken` until there is no nextPageToken. */
export const googleSearchPaginator: Paginator<GoogleSearchCtx, string, RowsPage> = {
  request: (ctx, slice, pageToken) =>
    ctx.search({ query: dailyCampaignQuery(slice.from, slice.to), ...(pageToken ? { pageToken } : {}) }),
  page: (reply) => rowsPageOf(reply),
  rows: (page) => page.results ?? [],
  next: (page) => page.nextPageToken || undefined,
};

/** Google Ads as named parts: its spec, error classifier, paginator and row selector. */
export const googleAdsPlatform = {
  spec: googleAdsSpec,
  classifyError: classifyGoogleError,
  paginator: googleSearchPaginator,
  rowToDailyStat: (row, ctx) => googleRowToDailyStat(row, ctx),
} satisfies PlatformDefinition<GoogleSearchCtx, string, RowsPage>;

export class GoogleAdsClient extends GoogleAdsAccounts implements PlatformClient {
  async *dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    const customerId = customerIdOf(externalAccountId);
    checkRange(from, to);
    const { currency } = await this.customer(customerId);
    const ctx = { customerId, currency, from, to };
    if (this.opts.transport === 'search') {
      const url = `${this.apiBase}/customers/${customerId}/googleAds:search`;
      const search = (body: object) =>
        this.withRetries('search', () => this.callJson('POST', url, body, customerId), customerId);
      yield* pagedDailyStats(googleAdsPlatform, { ...ctx, search }, [{ from, to }]);
      return;
    }
    yield* this.streamed(ctx);
  }

  /**
   * searchStream's batches: the stream is tried again (the one retry policy) only while none of
   * its batches was yielded — a stream that fails later goes up, and the sync re-reads the window.
   */
  private async *streamed(ctx: GoogleRowsCtx): AsyncGenerator<DailyStat[]> {
    const query = dailyCampaignQuery(ctx.from, ctx.to);
    for (let attempt = 1; ; attempt++) {
      let yielded = false;
      try {
        for await (const element of this.stream(ctx.customerId, query)) {
          const failure = failureOf(element, 200);
          if (failure) throw this.errorOf(failure);
          const stats = statsOfBatch(element, ctx);
          if (stats.length) {
            yielded = true;
            yield stats;
          }
        }
        return;
      } catch (err) {
        const e = this.asPlatformError(err);
        if (yielded || !e.retryable || attempt >= this.maxAttempts) throw e;
        await this.pause(e, attempt, 'searchStream', ctx.customerId);
      }
    }
  }

  /** One searchStream request (401 → refresh → once more); its body, element by element. */
  private async *stream(customerId: string, query: string): AsyncGenerator<unknown> {
    const { res, idle } = await this.authorised(
      'POST',
      `${this.apiBase}/customers/${customerId}/googleAds:searchStream`,
      { query },
      customerId,
    );
    try {
      if (!res.ok) throw this.errorOf(await this.failureOfReply(res));
      if (!res.body) throw platformError('malformed', 'Google Ads answered searchStream without a body');
      yield* jsonArrayElements(idle.watch(res.body));
    } finally {
      idle.stop();
    }
  }

  protected override asPlatformError(err: unknown): PlatformError {
    if (err instanceof JsonStreamError)
      return platformError(
        'malformed',
        `Google Ads answered a stream that is not a JSON array of batches (${err.message})`,
      );
    return super.asPlatformError(err);
  }
}

/** The worker's client, at the API URL of the environment (the local fake's in `npm start` and the tests). */
export const syncClientFor: SyncClientFor = (credentials, customerIds, { onRetry }) =>
  new GoogleAdsClient({ credentials, customerIds, onRetry });
