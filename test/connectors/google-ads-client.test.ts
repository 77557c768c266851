import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import {
  GoogleAdsClient,
  type ConnectorLog,
  type GoogleAdsClientOptions,
} from '../../lambdas/modules/connectors/platforms/google-ads/client';
import { PlatformError, type DailyStat } from '../../lambdas/modules/connectors/platform';
import { campaignsOf, metricsOf } from '../../local/fakes/google-ads-data';
import { GOOGLE_ADS_DEMO, startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';

/**
 * The Google Ads client against the local fake (local/fakes/google-ads-server.ts), over real HTTP:
 * the numbers as the wire format carries them, paging, and every fault the fake injects. Sleeps go
 * to a fake clock (recorded, not waited), so a 60 s retryDelay costs nothing; every error message and
 * log line of the run is searched for the tokens at the end.
 */
const ISRAEL = '1234567890';
const US = '2345678901';
const EUROPE = '3456789012';

let fake: FakeGoogleAds;
const slept: number[] = [];
const logLines: string[] = [];
const errorTexts: string[] = [];
const capture: ConnectorLog = {
  info: (message, fields) => void logLines.push(JSON.stringify({ message, ...fields })),
  warn: (message, fields) => void logLines.push(JSON.stringify({ message, ...fields })),
};

function client(over: Partial<GoogleAdsClientOptions> = {}) {
  return new GoogleAdsClient({
    credentials: {
      refreshToken: GOOGLE_ADS_DEMO.refreshToken,
      clientId: GOOGLE_ADS_DEMO.clientId,
      clientSecret: GOOGLE_ADS_DEMO.clientSecret,
    },
    apiUrl: fake.apiUrl,
    tokenUrl: fake.tokenUrl,
    sleep: async (ms) => void slept.push(ms),
    random: () => 0.5,
    log: capture,
    // Generous: only the stall tests below rely on a timeout, and they set their own.
    timeoutMs: 30_000,
    ...over,
  });
}

async function collect(iter: AsyncIterable<DailyStat[]>): Promise<{ batches: DailyStat[][]; rows: DailyStat[] }> {
  const batches: DailyStat[][] = [];
  for await (const b of iter) batches.push(b);
  return { batches, rows: batches.flat() };
}

/** The error the call rejects with, recorded for the token search at the end. */
async function failure(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (err) {
    errorTexts.push(`${(err as Error).message} ${(err as Error).stack ?? ''}`);
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

/** What the fake's data says the client must emit (every campaign-day with delivery, none without). */
function expected(customerId: string, from: string, to: string, currency: string) {
  const out: Omit<DailyStat, 'campaignName' | 'campaignStatus'>[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) {
    for (const c of campaignsOf(customerId)) {
      const m = metricsOf(customerId, c, d);
      if (!m) continue;
      out.push({
        date: d,
        connectorType: 'google_ads',
        externalAccountId: customerId,
        externalCampaignId: c.id,
        impressions: m.impressions,
        clicks: m.clicks,
        spend: m.costMicros / 1e6,
        currency,
        conversions: m.conversions,
        conversionValue: m.conversionsValue,
        videoViews: m.videoTrueviewViews,
      });
    }
  }
  return out;
}

const key = (s: Pick<DailyStat, 'date' | 'externalCampaignId'>) => `${s.date}|${s.externalCampaignId}`;
const sortRows = <T extends Pick<DailyStat, 'date' | 'externalCampaignId'>>(rows: T[]) =>
  [...rows].sort((a, b) => key(a).localeCompare(key(b)));
const strip = ({ campaignName: _n, campaignStatus: _s, ...rest }: DailyStat) => rest;

beforeAll(async () => {
  fake = await startFakeGoogleAds({ port: 0, pageSize: 40, batchSize: 50 });
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.clearFaults();
  slept.length = 0;
});

describe('Google Ads client: happy path', () => {
  test('listAccounts: the customers the token reads, with currency and time zone; the manager left out', async () => {
    const accounts = await client().listAccounts();
    expect(accounts).toEqual([
      { externalAccountId: ISRAEL, name: 'Demo Agency — Israel', currency: 'ILS', timeZone: 'Asia/Jerusalem' },
      { externalAccountId: US, name: 'Demo Agency — US', currency: 'USD', timeZone: 'America/New_York' },
    ]);
    // Configured customer ids instead of listAccessibleCustomers (dashes accepted).
    expect(await client({ customerIds: ['234-567-8901'] }).listAccounts()).toEqual([accounts[1]]);
  });

  test('dailyStats: exact numbers from the wire — spend from micros, int64 strings as numbers, missing metrics 0, days without delivery absent', async () => {
    const from = '2026-06-01';
    const to = '2026-06-30';
    const { batches, rows } = await collect(client().dailyStats(ISRAEL, from, to));
    const want = expected(ISRAEL, from, to, 'ILS');
    expect(sortRows(rows).map(strip)).toEqual(sortRows(want));
    // Several campaigns a day, some days without some campaign (no zero rows invented).
    expect(new Set(rows.map((r) => r.externalCampaignId)).size).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThan(30 * campaignsOf(ISRAEL).length);
    // The stream came in batches of the fake's batch size, and the client yielded them as such.
    expect(batches.length).toBe(Math.ceil(rows.length / 50));
    // One row against the raw wire format: costMicros "…" → spend, a non-video campaign has no views field → 0.
    const raw = await rawStream(
      ISRAEL,
      `SELECT segments.date, campaign.id, metrics.cost_micros, metrics.video_trueview_views FROM campaign WHERE segments.date BETWEEN '${from}' AND '${from}'`,
    );
    const wire = raw[0].results[0] as {
      campaign: { id: string };
      metrics: { costMicros: string; videoTrueviewViews?: string };
    };
    expect(typeof wire.metrics.costMicros).toBe('string');
    const mine = rows.find((r) => r.date === from && r.externalCampaignId === wire.campaign.id)!;
    expect(mine.spend).toBe(Number(wire.metrics.costMicros) / 1_000_000);
    expect(mine.videoViews).toBe(Number(wire.metrics.videoTrueviewViews ?? 0));
    expect(rows.every((r) => Number.isFinite(r.spend) && r.spend >= 0 && Number.isInteger(r.impressions))).toBe(true);
    expect(rows.find((r) => r.campaignName === '')).toBeUndefined();
  });

  test('at least 90 days of history for every demo customer, up to today in its time zone', async () => {
    for (const [id, tz] of [
      [ISRAEL, 'Asia/Jerusalem'],
      [US, 'America/New_York'],
    ] as const) {
      const today = todayIn(tz);
      const { rows } = await collect(client().dailyStats(id, addDaysTo(today, -89), today));
      const days = new Set(rows.map((r) => r.date));
      expect(days.size).toBeGreaterThanOrEqual(85);
      expect([...days].every((d) => d <= today)).toBe(true);
    }
  });

  test('paging: search pages (nextPageToken) give the same rows as the stream, one yield a page', async () => {
    const from = '2026-04-01';
    const to = '2026-05-31';
    const before = fake.stats().apiRequests;
    const paged = await collect(client({ transport: 'search' }).dailyStats(US, from, to));
    const requests = fake.stats().apiRequests - before;
    const streamed = await collect(client().dailyStats(US, from, to));
    expect(paged.rows.length).toBeGreaterThan(80);
    expect(sortRows(paged.rows)).toEqual(sortRows(streamed.rows));
    expect(paged.batches.length).toBe(Math.ceil(paged.rows.length / 40));
    expect(paged.batches.slice(0, -1).every((b) => b.length === 40)).toBe(true);
    // One customer query, then one request a page.
    expect(requests).toBe(1 + paged.batches.length);
  });

  test('an access token is reused until shortly before it expires', async () => {
    let clock = Date.now();
    const c = client({ now: () => clock });
    const before = fake.stats().tokenRequests;
    await c.listAccounts();
    await collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02'));
    expect(fake.stats().tokenRequests - before).toBe(1);
    clock += 3599_000 - 30_000; // within the last minute of its life
    await collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02'));
    expect(fake.stats().tokenRequests - before).toBe(2);
  });
});

describe('Google Ads client: faults', () => {
  test('401 OAUTH_TOKEN_EXPIRED → one refresh, then the call succeeds', async () => {
    const c = client();
    await c.listAccounts();
    const tokensBefore = fake.stats().tokenRequests;
    fake.injectFault('expiredToken');
    const { rows } = await collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-03'));
    expect(sortRows(rows).map(strip)).toEqual(sortRows(expected(ISRAEL, '2026-06-01', '2026-06-03', 'ILS')));
    expect(fake.stats().tokenRequests - tokensBefore).toBe(1);
    expect(slept).toEqual([]);
  });

  test('a token refused again after the refresh → auth', async () => {
    const c = client();
    await c.listAccounts();
    fake.injectFault('expiredToken', { times: 2 });
    const e = await failure(collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-03')));
    expect(e.kind).toBe('auth');
    expect(e.platformCode).toBe('OAUTH_TOKEN_EXPIRED');
  });

  test("an expired or revoked refresh token → auth, in the user's terms, without retrying", async () => {
    const c = client({
      credentials: {
        refreshToken: GOOGLE_ADS_DEMO.expiredRefreshToken,
        clientId: GOOGLE_ADS_DEMO.clientId,
        clientSecret: GOOGLE_ADS_DEMO.clientSecret,
      },
    });
    const before = fake.stats().tokenRequests;
    const e = await failure(c.listAccounts());
    expect(e).toMatchObject({
      kind: 'auth',
      platform: 'google_ads',
      platformCode: 'invalid_grant',
      message: 'the Google sign-in expired or was revoked; reconnect',
    });
    expect(e.retryable).toBe(false);
    expect(fake.stats().tokenRequests - before).toBe(1);
    // A wrong client secret is auth too, and says so.
    const wrong = await failure(
      client({
        credentials: {
          refreshToken: GOOGLE_ADS_DEMO.refreshToken,
          clientId: GOOGLE_ADS_DEMO.clientId,
          clientSecret: 'nope-wrong-secret',
        },
      }).listAccounts(),
    );
    expect(wrong).toMatchObject({ kind: 'auth', platformCode: 'invalid_client' });
  });

  test("429 waits the platform's retryDelay (fake clock), then succeeds; wrapped in an array too", async () => {
    const c = client();
    await c.listAccounts();
    fake.injectFault('throttle', { retryDelay: '60s' });
    fake.injectFault('throttle', { retryDelay: '1.5s', wrapped: true });
    const { rows } = await collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-03'));
    expect(rows.length).toBeGreaterThan(0);
    expect(slept).toEqual([60_000, 1_500]);
    expect(logLines.some((l) => l.includes('"kind":"throttled"') && l.includes('"delayMs":60000'))).toBe(true);
  });

  test('a retryDelay longer than the client waits → throttled with the delay, for the sync to come back', async () => {
    const c = client();
    await c.listAccounts();
    fake.injectFault('throttle', { retryDelay: '900s' });
    const e = await failure(collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-03')));
    expect(e).toMatchObject({ kind: 'throttled', retryAfterMs: 900_000, platformCode: 'RESOURCE_EXHAUSTED' });
    expect(slept).toEqual([]);
  });

  test('500 → retried with bounded exponential backoff and jitter; still failing → transient', async () => {
    const c = client({ baseDelayMs: 1000, maxDelayMs: 4000, maxAttempts: 5 });
    await c.listAccounts();
    fake.injectFault('serverError', { times: 2 });
    expect((await collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02'))).rows.length).toBeGreaterThan(0);
    // random() = 0.5: half the backoff fixed, half jittered → 0.75 × 1 s, 0.75 × 2 s.
    expect(slept).toEqual([750, 1500]);
    slept.length = 0;
    fake.injectFault('serverError', { times: 5 });
    const e = await failure(collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02')));
    expect(e).toMatchObject({ kind: 'transient', platformCode: 'INTERNAL_ERROR' });
    expect(e.retryable).toBe(true);
    // Capped at maxDelayMs: 1, 2, 4, 4 s (× 0.75).
    expect(slept).toEqual([750, 1500, 3000, 3000]);
  });

  test('a request that hangs times out and is retried; always hanging → transient TIMEOUT', async () => {
    const c = client({ timeoutMs: 1500 });
    await c.listAccounts();
    fake.injectFault('timeout');
    expect((await collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02'))).rows.length).toBeGreaterThan(0);
    expect(slept.length).toBe(1);
    fake.injectFault('timeout', { times: 3 });
    const e = await failure(
      collect(client({ timeoutMs: 1500, maxAttempts: 3 }).dailyStats(ISRAEL, '2026-06-01', '2026-06-02')),
    );
    expect(e).toMatchObject({ kind: 'transient', platformCode: 'TIMEOUT' });
  });

  test('a malformed row → malformed, and nothing of its batch is yielded', async () => {
    const c = client();
    await c.listAccounts();
    fake.injectFault('malformed');
    const got: DailyStat[][] = [];
    const e = await failure(
      (async () => {
        for await (const b of c.dailyStats(ISRAEL, '2026-06-01', '2026-06-30')) got.push(b);
      })(),
    );
    expect(e.kind).toBe('malformed');
    expect(e.retryable).toBe(false);
    expect(got).toEqual([]);
    // On a page too.
    const pager = client({ transport: 'search' });
    await pager.listAccounts();
    fake.injectFault('malformed');
    const paged: DailyStat[][] = [];
    const e2 = await failure(
      (async () => {
        for await (const b of pager.dailyStats(ISRAEL, '2026-06-01', '2026-06-30')) paged.push(b);
      })(),
    );
    expect(e2.kind).toBe('malformed');
    expect(paged).toEqual([]);
  });

  test('a body that is not JSON → malformed', async () => {
    const c = client();
    await c.listAccounts();
    fake.injectFault('notJson');
    expect((await failure(collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02')))).kind).toBe('malformed');
  });

  test('403 → permission, no retry; wrapped in an array, the same', async () => {
    const c = client();
    await c.listAccounts();
    const e = await failure(collect(c.dailyStats(EUROPE, '2026-06-01', '2026-06-02')));
    expect(e).toMatchObject({ kind: 'permission', platformCode: 'USER_PERMISSION_DENIED' });
    fake.injectFault('permissionDenied', { wrapped: true });
    const w = await failure(collect(c.dailyStats(ISRAEL, '2026-06-01', '2026-06-02')));
    expect(w).toMatchObject({ kind: 'permission', platformCode: 'USER_PERMISSION_DENIED' });
    expect(slept).toEqual([]);
  });

  test('400 (a query the API refuses) → invalid, no retry; a bad customer id or range never leaves', async () => {
    const c = client();
    const before = fake.stats().apiRequests;
    const e = await failure(collect(c.dailyStats(ISRAEL, '2020-01-01', '2026-01-01')));
    expect(e).toMatchObject({ kind: 'invalid', platformCode: 'DATE_RANGE_TOO_WIDE' });
    expect(fake.stats().apiRequests - before).toBe(2); // the customer, then the refused query once
    expect((await failure(collect(c.dailyStats('12ab', '2026-06-01', '2026-06-02')))).kind).toBe('invalid');
    expect((await failure(collect(c.dailyStats(ISRAEL, '2026-06-02', '2026-06-01')))).kind).toBe('invalid');
  });

  test('restated values: after a restatement the last N days read with new numbers, older days unchanged', async () => {
    const c = client();
    const today = todayIn('Asia/Jerusalem');
    const from = addDaysTo(today, -9);
    const first = sortRows((await collect(c.dailyStats(ISRAEL, from, today))).rows);
    fake.injectFault('restate', { days: 3, customerId: ISRAEL });
    const second = sortRows((await collect(c.dailyStats(ISRAEL, from, today))).rows);
    const restatedFrom = addDaysTo(today, -2);
    const old = (rows: DailyStat[]) => rows.filter((r) => r.date < addDaysTo(restatedFrom, -1));
    expect(old(second)).toEqual(old(first));
    const recentBefore = first.filter((r) => r.date >= restatedFrom);
    const recentAfter = new Map(second.filter((r) => r.date >= restatedFrom).map((r) => [key(r), r]));
    expect(recentBefore.length).toBeGreaterThan(0);
    for (const r of recentBefore) {
      const now = recentAfter.get(key(r))!;
      expect(now.spend).not.toBe(r.spend);
      expect(now.clicks).toBe(r.clicks + 1);
    }
  });
});

describe('Google Ads client: secrets', () => {
  test('no token, refresh token or client secret in any error message or log line of this file', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(errorTexts.length).toBeGreaterThan(10);
    const seen = fake.stats().lastAccessToken!;
    expect(seen).toMatch(/^ya29\./);
    for (const text of [...logLines, ...errorTexts]) {
      expect(text).not.toContain(seen);
      expect(text).not.toMatch(/ya29\.|1\/\/local-|local-google-client-secret|nope-wrong-secret/);
    }
  });
});

async function rawStream(customerId: string, query: string): Promise<{ results: unknown[] }[]> {
  const tokenRes = await fetch(fake.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: GOOGLE_ADS_DEMO.clientId,
      client_secret: GOOGLE_ADS_DEMO.clientSecret,
      refresh_token: GOOGLE_ADS_DEMO.refreshToken,
    }).toString(),
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${fake.apiUrl}/v26/customers/${customerId}/googleAds:searchStream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as { results: unknown[] }[];
}
