import { PlatformError, type DailyStat } from '../../lambdas/modules/connectors/platform';
import {
  tiktokAdsClient,
  type TikTokAdsClientOptions,
} from '../../lambdas/modules/connectors/platforms/tiktok-ads/client';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { demoDay } from '../../local/fakes/ads-demo-data';
import {
  startFakeTikTok,
  tiktokDemoAdvertisers,
  type FakeTikTok,
  type FakeTikTokAdvertiser,
} from '../../local/fakes/tiktok-ads-server';

/**
 * The TikTok Ads client against the local Business API (local/fakes/tiktok-ads-server.ts): exact
 * figures from mixed string/number metrics, 30-day slices, paging, `code != 0` inside HTTP 200,
 * every injected fault, and neither the token nor the app secret in any error or log line.
 */
const TOKEN = 'ttSecretAccessToken0123456789abcdef';
const EXPIRED = 'ttExpiredAccessToken9876543210';
const APP = { appId: 'app-7001', secret: 'ttAppSecretValue0123456789' };
const HADAR = '7100000000001';

let tt: FakeTikTok;
let advertisers: FakeTikTokAdvertiser[];
const delays: number[] = [];
const logs: string[] = [];
const errors: unknown[] = [];

const client = (o: Partial<TikTokAdsClientOptions> = {}) =>
  tiktokAdsClient({
    accessToken: TOKEN,
    baseUrl: tt.endpoint,
    advertiserIds: [HADAR],
    sleep: async (ms) => void delays.push(ms),
    log: (l) => void logs.push(l),
    timeoutMs: 30_000,
    ...o,
  });

async function collect(it: AsyncIterable<DailyStat[]>): Promise<{ rows: DailyStat[]; batches: number }> {
  const rows: DailyStat[] = [];
  let batches = 0;
  for await (const b of it) {
    batches++;
    rows.push(...b);
  }
  return { rows, batches };
}

async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  errors.push(err);
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

function expected(
  id: string,
  from: string,
  to: string,
  o: { restated?: { days: number; factor: number }; value?: boolean } = {},
): DailyStat[] {
  const a = advertisers.find((x) => x.id === id)!;
  const today = todayIn(a.timeZone);
  const out: DailyStat[] = [];
  for (let day = from; day <= to && day <= today; day = addDaysTo(day, 1)) {
    for (const c of a.campaigns) {
      const d = demoDay(a.id, c, day, o.restated ? { restatement: o.restated, today } : undefined);
      if (!d) continue;
      out.push({
        date: day,
        connectorType: 'tiktok_ads',
        externalAccountId: id,
        externalCampaignId: c.id,
        campaignName: c.name,
        impressions: d.impressions,
        clicks: d.clicks,
        spend: d.spend,
        currency: a.currency,
        conversions: d.conversions,
        conversionValue: o.value ? d.conversionValue : 0,
        videoViews: d.videoViews,
        reach: d.reach,
      });
    }
  }
  return out;
}

const today = () => todayIn('Asia/Jerusalem');
const reportCalls = (since: number) =>
  tt
    .requests()
    .slice(since)
    .filter((r) => r.path.endsWith('/report/integrated/get/'));

beforeAll(async () => {
  advertisers = tiktokDemoAdvertisers().map((a) => ({
    ...a,
    tokens: a.tokens.map((t) => (t === 'tiktok-expired-token' ? EXPIRED : TOKEN)),
  }));
  tt = await startFakeTikTok({ port: 0, advertisers, expiredTokens: [EXPIRED], app: APP, firstDay: '2025-06-01' });
});
afterAll(async () => {
  await tt.stop();
  const seen = [...logs, ...errors.flatMap((e) => [String(e), (e as Error)?.stack ?? '', JSON.stringify(e)])].join(
    '\n',
  );
  expect(errors.length).toBeGreaterThan(6);
  expect(logs.length).toBeGreaterThan(10);
  for (const secret of [TOKEN, EXPIRED, APP.secret]) expect(seen).not.toContain(secret);
});
beforeEach(() => {
  tt.clearFaults();
  delays.length = 0;
});

describe('accounts', () => {
  it('lists the advertisers the app token was authorised for, with currency and time zone', async () => {
    expect(await client({ advertiserIds: undefined, ...APP }).listAccounts()).toEqual([
      {
        externalAccountId: '7100000000001',
        name: 'Hadar Insurance — TikTok',
        currency: 'ILS',
        timeZone: 'Asia/Jerusalem',
      },
      {
        externalAccountId: '7100000000002',
        name: 'Demo Agency US — TikTok',
        currency: 'USD',
        timeZone: 'America/Los_Angeles',
      },
    ]);
  });

  it('the expired token is auth (40105), telling the user to reconnect', async () => {
    const err = await failure(client({ accessToken: EXPIRED, advertiserIds: ['7100000000003'] }).listAccounts());
    expect(err).toMatchObject({ kind: 'auth', platformCode: '40105' });
    expect(err.message).toMatch(/reconnect/);
  });

  it('an advertiser the token may not read is permission (40001)', async () => {
    expect(await failure(client({ advertiserIds: ['7100000000003'] }).listAccounts())).toMatchObject({
      kind: 'permission',
      platformCode: '40001',
    });
  });
});

describe('daily stats', () => {
  it('reads the exact grain: mixed string/number metrics, stat_time_day → the day', async () => {
    const from = addDaysTo(today(), -6);
    const { rows } = await collect(client().dailyStats(HADAR, from, today()));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows).toEqual(expected(HADAR, from, today()));
  });

  it('a fixed day, pinned', async () => {
    const { rows } = await collect(
      client({ conversionValueMetric: 'total_purchase_value' }).dailyStats(HADAR, '2026-05-04', '2026-05-04'),
    );
    expect(rows).toEqual(expected(HADAR, '2026-05-04', '2026-05-04', { value: true }));
    // Spelled by the fake as {"spend":"387.42","impressions":"18055","clicks":"311","reach":"13866","conversion":"16",
    // "video_play_actions":9538,"total_purchase_value":"936.00"}, stat_time_day "2026-05-04 00:00:00".
    expect(rows.find((r) => r.externalCampaignId === '1780000010002')).toEqual({
      date: '2026-05-04',
      connectorType: 'tiktok_ads',
      externalAccountId: HADAR,
      externalCampaignId: '1780000010002',
      campaignName: 'Hadar TT | Catalogue sales',
      impressions: 18055,
      clicks: 311,
      spend: 387.42,
      currency: 'ILS',
      conversions: 16,
      conversionValue: 936,
      videoViews: 9538,
      reach: 13866,
    });
  });

  it('asks in slices of at most 30 days and pages each (page_size ≤ 1000)', async () => {
    const from = addDaysTo(today(), -74);
    const before = tt.requests().length;
    const { rows, batches } = await collect(client({ pageSize: 40 }).dailyStats(HADAR, from, today()));
    expect(rows).toEqual(expected(HADAR, from, today()));
    const calls = reportCalls(before);
    const slices = [...new Set(calls.map((c) => `${c.params.start_date}…${c.params.end_date}`))];
    expect(slices).toEqual([
      `${from}…${addDaysTo(from, 29)}`,
      `${addDaysTo(from, 30)}…${addDaysTo(from, 59)}`,
      `${addDaysTo(from, 60)}…${today()}`,
    ]);
    expect(calls.length).toBe(batches);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.every((c) => c.params.page_size === '40')).toBe(true);
    expect(Math.max(...calls.map((c) => Number(c.params.page)))).toBeGreaterThan(1);
  });

  it('caps page_size at 1000 whatever is asked', async () => {
    const before = tt.requests().length;
    await collect(client({ pageSize: 5000 }).dailyStats(HADAR, today(), today()));
    expect(reportCalls(before).map((c) => c.params.page_size)).toEqual(['1000']);
  });
});

describe('faults', () => {
  const day = () => addDaysTo(today(), -2);
  const read = (o: Partial<TikTokAdsClientOptions> = {}) => collect(client(o).dailyStats(HADAR, day(), day()));

  it('code 40105 inside HTTP 200 mid-sync: auth, not retried', async () => {
    tt.injectFault('expiredToken');
    const before = tt.requests().length;
    expect(await failure(read())).toMatchObject({ kind: 'auth', platformCode: '40105' });
    expect(tt.requests().length - before).toBe(1);
  });

  it('code 40100 is throttled: retried with backoff, then reads', async () => {
    tt.injectFault('throttle', { times: 2 });
    expect((await read()).rows).toEqual(expected(HADAR, day(), day()));
    expect(delays).toEqual([1000, 2000]);
  });

  it('throttling that does not stop is thrown as throttled after the attempts', async () => {
    tt.injectFault('throttle', { times: 4 });
    expect(await failure(read())).toMatchObject({ kind: 'throttled', platformCode: '40100', retryable: true });
  });

  it('HTTP 500 and code 50000 are transient: retried', async () => {
    tt.injectFault('serverError');
    tt.injectFault('internalError');
    expect((await read()).rows).toEqual(expected(HADAR, day(), day()));
    expect(delays).toEqual([1000, 2000]);
  });

  it('a call that does not answer in time is retried', async () => {
    tt.injectFault('timeout', { ms: 60_000 });
    expect((await read({ timeoutMs: 1500 })).rows).toEqual(expected(HADAR, day(), day()));
  });

  it('a body that is not JSON is malformed, not retried', async () => {
    tt.injectFault('malformed');
    expect(await failure(read())).toMatchObject({ kind: 'malformed' });
    expect(delays).toEqual([]);
  });

  it('a row whose spend is not a number is malformed, naming the field, nothing yielded', async () => {
    tt.injectFault('malformedRow');
    const got: DailyStat[][] = [];
    const err = await failure(
      (async () => {
        for await (const b of client().dailyStats(HADAR, day(), day())) got.push(b);
      })(),
    );
    expect(err.kind).toBe('malformed');
    expect(err.message).toMatch(/metrics\.spend/);
    expect(got).toEqual([]);
  });

  it('code 40000 (a bad parameter: here an unknown metric) is invalid, not retried', async () => {
    expect(await failure(read({ conversionValueMetric: 'no_such_metric' }))).toMatchObject({
      kind: 'invalid',
      platformCode: '40000',
    });
    expect(delays).toEqual([]);
  });

  it('restated values replace the last days when read again', async () => {
    const from = addDaysTo(today(), -5);
    const first = (await collect(client().dailyStats(HADAR, from, today()))).rows;
    tt.injectFault('restate', { days: 2, factor: 1.5 });
    const again = (await collect(client().dailyStats(HADAR, from, today()))).rows;
    expect(again).toEqual(expected(HADAR, from, today(), { restated: { days: 2, factor: 1.5 } }));
    const cut = addDaysTo(today(), -2);
    expect(again.filter((r) => r.date <= cut)).toEqual(first.filter((r) => r.date <= cut));
    expect(again.filter((r) => r.date > cut)).not.toEqual(first.filter((r) => r.date > cut));
  });

  it('faults can be injected over HTTP too', async () => {
    expect(
      (await fetch(`${tt.endpoint}/_fake/faults`, { method: 'POST', body: JSON.stringify({ kind: 'expiredToken' }) }))
        .status,
    ).toBe(204);
    expect(await failure(read())).toMatchObject({ kind: 'auth' });
  });
});
