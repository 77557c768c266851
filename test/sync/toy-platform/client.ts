import { array, looseObject, object, optional, string } from 'zod/mini';
import {
  checkRange,
  jsonRequester,
  retryPolicyOf,
  type ErrorClassifier,
  type JsonRequest,
} from '../../../lambdas/modules/connectors/http/ads-http';
import { daySlices } from '../../../lambdas/modules/connectors/http/day-slices';
import { count, issuePaths, metric } from '../../../lambdas/modules/connectors/http/metrics';
import {
  pagedDailyStats,
  type Paginator,
  type RowToDailyStat,
} from '../../../lambdas/modules/connectors/http/paged-report';
import { realSleep, type Sleep } from '../../../lambdas/modules/connectors/http/retry';
import { PlatformError, type PlatformClient } from '../../../lambdas/modules/connectors/platform';
import type { PlatformDefinition, SyncClientFor } from '../../../lambdas/modules/connectors/platforms/spec';
import { toyAdsSpec } from './spec';

/**
 * The toy platform, as a platform folder's client.ts is: its definition (spec, error classifier,
 * paginator, row selector) read by the one paging loop, over the one JSON requester and retry policy.
 * Wire: GET <base>/accounts/<id>/daily?from&to[&cursor] with a Bearer token →
 * { currency, rows: [{ day, campaign, … }], next?: cursor }.
 */
const row = object({
  day: string(),
  campaign: string(),
  name: string(),
  impressions: count(),
  clicks: count(),
  spend: metric(),
});
const page = looseObject({ currency: string(), rows: array(looseObject({})), next: optional(string()) });
type ToyPage = ReturnType<typeof page.parse>;

const malformed = (detail: string) => new PlatformError('malformed', `Toy Ads: ${detail}`, toyAdsSpec.id);

/** The error classifier: what each status means to the sync. */
export const classifyToyError: ErrorClassifier = (reply) => {
  const { status } = reply;
  const fail = (kind: PlatformError['kind'], retryAfterMs?: number) =>
    new PlatformError(kind, `Toy Ads answered HTTP ${status}`, toyAdsSpec.id, retryAfterMs, `HTTP_${status}`);
  const retryAfter = reply.headers.get('retry-after');
  if (status === 401) return fail('auth');
  if (status === 403) return fail('permission');
  if (status === 429) return fail('throttled', retryAfter ? Number(retryAfter) * 1000 : undefined);
  if (status >= 500) return fail('transient');
  if (status >= 400) return fail('invalid');
  return undefined;
};

export interface ToyCtx {
  request: JsonRequest;
  baseUrl: string;
  accountId: string;
}

/** The paginator: one slice's first page, then the `next` cursor until there is none. */
export const toyPaginator: Paginator<ToyCtx, string, ToyPage> = {
  request(ctx, slice, cursor) {
    const url = new URL(`${ctx.baseUrl}/accounts/${ctx.accountId}/daily`);
    url.searchParams.set('from', slice.from);
    url.searchParams.set('to', slice.to);
    if (cursor) url.searchParams.set('cursor', cursor);
    return ctx.request(url.toString(), {}, 'GET daily', url.pathname);
  },
  page(reply) {
    const p = page.safeParse(reply);
    if (!p.success) throw malformed(issuePaths(p.error.issues));
    return p.data;
  },
  rows: (p) => p.rows.map((r) => ({ ...r, currency: p.currency })),
  next: (p) => p.next,
};

/** The row selector: one row (with its page's currency) → the daily grain. */
export const toyRowToDailyStat: RowToDailyStat<ToyCtx> = (raw, ctx) => {
  const r = row.safeParse(raw);
  if (!r.success) throw malformed(issuePaths(r.error.issues));
  const { day, campaign, name, impressions, clicks, spend } = r.data;
  return {
    date: day,
    connectorType: toyAdsSpec.id,
    externalAccountId: ctx.accountId,
    externalCampaignId: campaign,
    campaignName: name,
    impressions,
    clicks,
    spend,
    currency: (raw as { currency: string }).currency,
    conversions: 0,
    conversionValue: 0,
    videoViews: 0,
  };
};

/** The toy platform's definition: what a platform folder exports. */
export const toyAdsPlatform = {
  spec: toyAdsSpec,
  classifyError: classifyToyError,
  paginator: toyPaginator,
  rowToDailyStat: toyRowToDailyStat,
} satisfies PlatformDefinition<ToyCtx, string, ToyPage>;

export function toyAdsClient(opts: { baseUrl: string; token: string; sleep?: Sleep }): PlatformClient {
  const id = toyAdsSpec.id;
  const request = jsonRequester({
    policy: retryPolicyOf({ maxAttempts: 3, baseDelayMs: 100 }, opts.sleep ?? realSleep),
    send: { platform: id, label: toyAdsSpec.label, fetch, timeoutMs: 5_000 },
    classifyError: toyAdsPlatform.classifyError,
  });
  const withAuth: JsonRequest = (url, init, what, shown) =>
    request(url, { ...init, headers: { authorization: `Bearer ${opts.token}` } }, what, shown);
  return {
    type: id,
    listAccounts: async () => [],
    async *dailyStats(accountId, from, to) {
      checkRange(id, toyAdsSpec.label, from, to);
      const ctx = { request: withAuth, baseUrl: opts.baseUrl, accountId };
      yield* pagedDailyStats(toyAdsPlatform, ctx, daySlices({ from, to }, toyAdsSpec.limits.requestDays ?? 31));
    },
  };
}

/** The worker's factory, as each platform's client.ts exports it. */
export const toySyncClientFor =
  (baseUrl: string, sleep: Sleep): SyncClientFor =>
  (credentials) =>
    toyAdsClient({ baseUrl, token: credentials.accessToken ?? '', sleep });
