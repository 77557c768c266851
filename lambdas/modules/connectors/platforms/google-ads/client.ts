import { jsonArrayElements, JsonStreamError } from './json-stream';
import { customerIdOf, GoogleAdsAccounts, platformError } from './accounts';
import { dailyCampaignQuery, statsOfBatch } from './rows';
import { failureOf } from './wire';
import type { DailyStat, Day, PlatformClient, PlatformError } from '../../platform';
import type { SyncClientFor } from '../spec';

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

export class GoogleAdsClient extends GoogleAdsAccounts implements PlatformClient {
  async *dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    const customerId = customerIdOf(externalAccountId);
    checkRange(from, to);
    const { currency } = await this.customer(customerId);
    const ctx = { customerId, currency, from, to };
    const query = dailyCampaignQuery(from, to);
    if (this.opts.transport === 'search') {
      let pageToken: string | undefined;
      do {
        const token = pageToken;
        const page = statsOfBatch(
          await this.withRetries(
            'search',
            () =>
              this.callJson(
                'POST',
                `${this.apiBase}/customers/${customerId}/googleAds:search`,
                { query, ...(token ? { pageToken: token } : {}) },
                customerId,
              ),
            customerId,
          ),
          ctx,
        );
        if (page.stats.length) yield page.stats;
        pageToken = page.nextPageToken;
      } while (pageToken);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      let yielded = false;
      try {
        for await (const element of this.stream(customerId, query)) {
          const failure = failureOf(element, 200);
          if (failure) throw this.errorOf(failure);
          const batch = statsOfBatch(element, ctx);
          if (batch.stats.length) {
            yielded = true;
            yield batch.stats;
          }
        }
        return;
      } catch (err) {
        const e = this.asPlatformError(err);
        if (yielded || !e.retryable || attempt >= this.maxAttempts) throw e;
        await this.pause(e, attempt, 'searchStream', customerId);
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
