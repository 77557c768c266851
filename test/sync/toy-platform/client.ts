import { array, looseObject, object, string } from 'zod/mini';
import { checkRange, jsonOf, retryPolicyOf, send } from '../../../lambdas/modules/connectors/http/ads-http';
import { daySlices } from '../../../lambdas/modules/connectors/http/day-slices';
import { count, issuePaths, metric } from '../../../lambdas/modules/connectors/http/metrics';
import { realSleep, withRetries, type Sleep } from '../../../lambdas/modules/connectors/http/retry';
import { PlatformError, type DailyStat, type PlatformClient } from '../../../lambdas/modules/connectors/platform';
import type { SyncClientFor } from '../../../lambdas/modules/connectors/platforms/spec';
import { toyAdsSpec } from './spec';

/**
 * The toy platform's client, built of the shared parts: one HTTP exchange (send), the one retry
 * policy (withRetries, obeying Retry-After), the one date slicer (the spec's requestDays), a row
 * selector checked with zod, and an error classifier.
 * Wire: GET <base>/accounts/<id>/daily?from&to with a Bearer token → { rows: [{ day, campaign, … }] }.
 */
const row = object({
  day: string(),
  campaign: string(),
  name: string(),
  impressions: count(),
  clicks: count(),
  spend: metric(),
});
const page = looseObject({ currency: string(), rows: array(looseObject({})) });

/** The error classifier: what each status means to the sync. */
function errorOf(status: number, retryAfter: string | null): PlatformError | undefined {
  const fail = (kind: PlatformError['kind'], retryAfterMs?: number) =>
    new PlatformError(kind, `Toy Ads answered HTTP ${status}`, toyAdsSpec.id, retryAfterMs, `HTTP_${status}`);
  if (status === 401) return fail('auth');
  if (status === 403) return fail('permission');
  if (status === 429) return fail('throttled', retryAfter ? Number(retryAfter) * 1000 : undefined);
  if (status >= 500) return fail('transient');
  if (status >= 400) return fail('invalid');
  return undefined;
}

export function toyAdsClient(opts: { baseUrl: string; token: string; sleep?: Sleep }): PlatformClient {
  const id = toyAdsSpec.id;
  const policy = retryPolicyOf({ maxAttempts: 3, baseDelayMs: 100 }, opts.sleep ?? realSleep);
  const call = (url: string) =>
    withRetries(policy, async () => {
      const reply = await send(
        url,
        { headers: { authorization: `Bearer ${opts.token}` } },
        { platform: id, label: toyAdsSpec.label, fetch, timeoutMs: 5_000, shownUrl: new URL(url).pathname },
      );
      const failure = errorOf(reply.status, reply.headers.get('retry-after'));
      if (failure) throw failure;
      return jsonOf(reply.text);
    });
  const malformed = (detail: string) => new PlatformError('malformed', `Toy Ads: ${detail}`, id);
  return {
    type: id,
    listAccounts: async () => [],
    async *dailyStats(accountId, from, to) {
      checkRange(id, toyAdsSpec.label, from, to);
      for (const slice of daySlices({ from, to }, toyAdsSpec.limits.requestDays ?? 31)) {
        const body = page.safeParse(
          await call(`${opts.baseUrl}/accounts/${accountId}/daily?from=${slice.from}&to=${slice.to}`),
        );
        if (!body.success) throw malformed(issuePaths(body.error.issues));
        const stats = body.data.rows.map((raw): DailyStat => {
          const r = row.safeParse(raw);
          if (!r.success) throw malformed(issuePaths(r.error.issues));
          const { day, campaign, name, impressions, clicks, spend } = r.data;
          return {
            date: day,
            connectorType: id,
            externalAccountId: accountId,
            externalCampaignId: campaign,
            campaignName: name,
            impressions,
            clicks,
            spend,
            currency: body.data.currency,
            conversions: 0,
            conversionValue: 0,
            videoViews: 0,
          };
        });
        if (stats.length) yield stats;
      }
    },
  };
}

/** The worker's factory, as each platform's client.ts exports it. */
export const toySyncClientFor =
  (baseUrl: string, sleep: Sleep): SyncClientFor =>
  (credentials) =>
    toyAdsClient({ baseUrl, token: credentials.accessToken ?? '', sleep });
