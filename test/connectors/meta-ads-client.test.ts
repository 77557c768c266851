import { metaAdsClient, type MetaAdsClientOptions } from '../../lambdas/modules/connectors/platforms/meta-ads/client';
import { PlatformError, type DailyStat } from '../../lambdas/modules/connectors/platform';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { demoDay } from '../../local/fakes/ads-demo-data';
import {
  metaDemoAccounts,
  startFakeMeta,
  type FakeMeta,
  type FakeMetaAccount,
} from '../../local/fakes/meta-ads-server';

/**
 * The Meta Ads client against the local Graph API (local/fakes/meta-ads-server.ts): exact figures
 * from the wire format, cursor paging, the async report (a job at "Job Running" 100 % is waited for),
 * the range halved on 100/1487534, every injected fault, and no token in any error or log line.
 */
const TOKEN = 'EAABsecretMetaToken0123456789';
const EXPIRED = 'EAABexpiredMetaToken987654321';
const HADAR = '1010000001';

let meta: FakeMeta;
let accounts: FakeMetaAccount[];
const delays: number[] = [];
const logs: string[] = [];
const errors: unknown[] = [];

const client = (o: Partial<MetaAdsClientOptions> = {}) =>
  metaAdsClient({
    accessToken: TOKEN,
    baseUrl: meta.endpoint,
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

/** What the fake's demo says for an account over [from, to]: the expected grain, independently of the wire. */
function expected(
  accountId: string,
  from: string,
  to: string,
  restated?: { days: number; factor: number },
): DailyStat[] {
  const acc = accounts.find((a) => a.id === accountId)!;
  const today = todayIn(acc.timeZone);
  const out: DailyStat[] = [];
  for (let day = from; day <= to && day <= today; day = addDaysTo(day, 1)) {
    for (const c of acc.campaigns) {
      const d = demoDay(acc.id, c, day, restated ? { restatement: restated, today } : undefined);
      if (!d) continue;
      out.push({
        date: day,
        connectorType: 'meta_ads',
        externalAccountId: accountId,
        externalCampaignId: c.id,
        campaignName: c.name,
        impressions: d.impressions,
        clicks: d.clicks,
        spend: d.spend,
        currency: acc.currency,
        conversions: d.conversions,
        conversionValue: d.conversionValue,
        videoViews: d.videoViews,
        reach: d.reach,
      });
    }
  }
  return out;
}

const today = () => todayIn('Asia/Jerusalem');

beforeAll(async () => {
  accounts = metaDemoAccounts().map((a) => ({
    ...a,
    tokens: a.tokens.map((t) => (t === 'meta-expired-token' ? EXPIRED : TOKEN)),
  }));
  meta = await startFakeMeta({ port: 0, accounts, expiredTokens: [EXPIRED], firstDay: '2025-06-01' });
});
afterAll(async () => {
  await meta.stop();
  // No token anywhere a user or an operator could read it: messages, stacks, serialised errors, log lines.
  const seen = [
    ...logs,
    ...errors.flatMap((e) => [String(e), (e as Error)?.stack ?? '', JSON.stringify(e), (e as Error)?.message ?? '']),
  ].join('\n');
  expect(errors.length).toBeGreaterThan(10);
  expect(logs.length).toBeGreaterThan(20);
  expect(seen).not.toContain(TOKEN);
  expect(seen).not.toContain(EXPIRED);
});
beforeEach(() => {
  meta.clearFaults();
  delays.length = 0;
});

describe('accounts', () => {
  it('lists the ad accounts the token reads, with currency and time zone', async () => {
    expect(await client().listAccounts()).toEqual([
      { externalAccountId: '1010000001', name: 'Hadar Insurance — Meta', currency: 'ILS', timeZone: 'Asia/Jerusalem' },
      { externalAccountId: '1010000002', name: 'Demo Agency US — Meta', currency: 'USD', timeZone: 'America/New_York' },
    ]);
  });

  it('reads only the configured ids when given (act_ or digits)', async () => {
    expect((await client({ accountIds: ['act_1010000002'] }).listAccounts()).map((a) => a.externalAccountId)).toEqual([
      '1010000002',
    ]);
  });

  it('an expired token is auth, telling the user to reconnect, without retrying', async () => {
    const before = meta.requests().length;
    const err = await failure(client({ accessToken: EXPIRED }).listAccounts());
    expect(err).toMatchObject({ kind: 'auth', platform: 'meta_ads', platformCode: '190/463' });
    expect(err.message).toMatch(/expired.*reconnect/);
    expect(meta.requests().length - before).toBe(1);
  });

  it('an account the token may not read is permission (100/33)', async () => {
    const err = await failure(client({ accountIds: ['1010000003'] }).listAccounts());
    expect(err).toMatchObject({ kind: 'permission', platformCode: '100/33' });
  });
});

describe('daily stats', () => {
  it('reads the exact daily grain: numbers from strings, conversions from the configured action types, reach per day', async () => {
    const from = addDaysTo(today(), -6);
    const { rows } = await collect(client().dailyStats(HADAR, from, today()));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows).toEqual(expected(HADAR, from, today()));
    // link_click and post_engagement are actions too, and are not conversions.
    expect(rows.some((r) => r.conversions === 0 && r.clicks > 0)).toBe(true);
    expect(rows.some((r) => r.videoViews > 0) && rows.some((r) => r.videoViews === 0)).toBe(true);
  });

  it('a fixed day, pinned: the wire format read into the grain', async () => {
    const { rows } = await collect(client().dailyStats(HADAR, '2026-05-04', '2026-05-04'));
    expect(rows.map((r) => r.externalCampaignId)).toEqual(
      expected(HADAR, '2026-05-04', '2026-05-04').map((r) => r.externalCampaignId),
    );
    expect(rows).toEqual(expected(HADAR, '2026-05-04', '2026-05-04'));
    // Spelled by the fake as {"impressions":"21538","clicks":"353","spend":"420.51","actions":[link_click "353",
    // post_engagement "783", offsite_conversion.fb_pixel_purchase "8", onsite_conversion.lead_grouped "8"],"action_values":[… "1030.93"]}.
    expect(rows[3]).toEqual({
      date: '2026-05-04',
      connectorType: 'meta_ads',
      externalAccountId: HADAR,
      externalCampaignId: '2380000010004',
      campaignName: 'Hadar | Catalogue sales',
      impressions: 21538,
      clicks: 353,
      spend: 420.51,
      currency: 'ILS',
      conversions: 16,
      conversionValue: 1030.93,
      videoViews: 0,
      reach: 18198,
    });
    // Campaign 5 delivered nothing that day: no row, not a row of zeros.
    expect(rows.map((r) => r.externalCampaignId)).not.toContain('2380000010005');
    for (const r of rows) {
      expect(Number.isInteger(r.impressions) && Number.isInteger(r.clicks) && Number.isInteger(r.videoViews)).toBe(
        true,
      );
      expect(Math.round(r.spend * 100) / 100).toBe(r.spend);
    }
  });

  it('a smaller conversion set counts only those action types', async () => {
    const day = addDaysTo(today(), -3);
    const { rows } = await collect(
      client({ conversionActionTypes: ['onsite_conversion.lead_grouped'] }).dailyStats(HADAR, day, day),
    );
    const acc = accounts.find((a) => a.id === HADAR)!;
    const leads = acc.campaigns
      .map((c) => demoDay(HADAR, c, day))
      .filter((d) => d)
      .map((d) => d!.leads);
    expect(rows.map((r) => r.conversions)).toEqual(leads);
    expect(rows.every((r) => r.conversionValue === 0)).toBe(true);
  });

  it('pages by paging.next (same origin), one batch per page, the same rows', async () => {
    const from = addDaysTo(today(), -9);
    const before = meta.requests().length;
    const { rows, batches } = await collect(client({ pageSize: 7 }).dailyStats(HADAR, from, today()));
    expect(rows).toEqual(expected(HADAR, from, today()));
    expect(batches).toBe(Math.ceil(rows.length / 7));
    const insightCalls = meta
      .requests()
      .slice(before)
      .filter((r) => r.path.endsWith('/insights'));
    expect(insightCalls).toHaveLength(batches);
    expect(insightCalls.slice(1).every((r) => r.params.after)).toBe(true);
  });

  it('halves the range on 100/1487534 (too much data) until each part fits', async () => {
    const small = await startFakeMeta({
      port: 0,
      accounts,
      expiredTokens: [EXPIRED],
      firstDay: '2025-06-01',
      maxSyncRows: 12,
    });
    try {
      const from = addDaysTo(today(), -13);
      const { rows } = await collect(
        metaAdsClient({
          accessToken: TOKEN,
          baseUrl: small.endpoint,
          sleep: async () => undefined,
          log: (l) => void logs.push(l),
        }).dailyStats(HADAR, from, today()),
      );
      expect(rows).toEqual(expected(HADAR, from, today()));
      const ranges = small
        .requests()
        .filter((r) => r.path.endsWith('/insights'))
        .map((r) => JSON.parse(r.params.time_range) as { since: string; until: string });
      expect(ranges[0]).toEqual({ since: from, until: today() });
      expect(ranges[1]).toEqual({ since: from, until: addDaysTo(from, 6) });
      expect(ranges.length).toBeGreaterThan(3);
    } finally {
      await small.stop();
    }
  });

  it('a one-off 1487534 splits once and still reads every row', async () => {
    meta.injectFault('tooMuchData');
    const from = addDaysTo(today(), -3);
    const before = meta.requests().length;
    expect((await collect(client().dailyStats(HADAR, from, today()))).rows).toEqual(expected(HADAR, from, today()));
    const ranges = meta
      .requests()
      .slice(before)
      .filter((r) => r.path.endsWith('/insights'))
      .map((r) => JSON.parse(r.params.time_range));
    expect(ranges).toEqual([
      { since: from, until: today() },
      { since: from, until: addDaysTo(from, 1) },
      { since: addDaysTo(from, 2), until: today() },
    ]);
  });

  it('refuses a range that is not two days in order, before any call', async () => {
    const before = meta.requests().length;
    expect(await failure(collect(client().dailyStats(HADAR, '2026-05-10', '2026-05-01')))).toMatchObject({
      kind: 'invalid',
    });
    expect(meta.requests().length).toBe(before);
  });
});

describe('the async report (ranges over 30 days)', () => {
  const from = () => addDaysTo(today(), -44);

  it('POSTs the report, polls until Job Completed, then pages its insights', async () => {
    const before = meta.requests().length;
    const { rows } = await collect(client({ pageSize: 100 }).dailyStats(HADAR, from(), today()));
    expect(rows).toEqual(expected(HADAR, from(), today()));
    const calls = meta.requests().slice(before);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.filter((c) => /^\/v25\.0\/\d+$/.test(c.path))).toHaveLength(2); // Running 50 %, then Completed
  });

  it('a job at "Job Running" 100 % is not done: waits for "Job Completed"', async () => {
    meta.injectFault('asyncStuck', { polls: 4 });
    const before = meta.requests().length;
    const { rows } = await collect(client({ pollIntervalMs: 250 }).dailyStats(HADAR, from(), today()));
    expect(rows).toEqual(expected(HADAR, from(), today()));
    const polls = meta
      .requests()
      .slice(before)
      .filter((c) => /^\/v25\.0\/\d+$/.test(c.path));
    expect(polls).toHaveLength(5);
    expect(delays.filter((d) => d === 250)).toHaveLength(5);
  });

  it('polling is bounded: a job that never completes is transient', async () => {
    meta.injectFault('asyncStuck', { polls: 50 });
    const err = await failure(collect(client({ maxPolls: 5, jobRuns: 1 }).dailyStats(HADAR, from(), today())));
    expect(err).toMatchObject({ kind: 'transient', platformCode: 'JOB_FAILED' });
  });

  it('"Job Failed" starts the job again once; twice is transient', async () => {
    meta.injectFault('asyncFailed');
    expect((await collect(client().dailyStats(HADAR, from(), today()))).rows).toHaveLength(
      expected(HADAR, from(), today()).length,
    );
    meta.injectFault('asyncFailed', { times: 2 });
    expect(await failure(collect(client().dailyStats(HADAR, from(), today())))).toMatchObject({ kind: 'transient' });
  });

  it('"Job Skipped" is invalid', async () => {
    meta.injectFault('asyncSkipped');
    expect(await failure(collect(client().dailyStats(HADAR, from(), today())))).toMatchObject({
      kind: 'invalid',
      platformCode: 'JOB_SKIPPED',
    });
  });
});

describe('faults', () => {
  const day = () => addDaysTo(today(), -2);
  const read = (o: Partial<MetaAdsClientOptions> = {}) => collect(client(o).dailyStats(HADAR, day(), day()));

  it('expired token mid-sync: auth, no retry', async () => {
    meta.injectFault('expiredToken');
    const before = meta.requests().length;
    expect(await failure(read())).toMatchObject({ kind: 'auth', platformCode: '190/463', retryable: false });
    expect(meta.requests().length - before).toBe(1);
  });

  it('throttling waits the delay Meta gives (estimated_time_to_regain_access minutes), then reads', async () => {
    meta.injectFault('throttle', { minutes: 1 });
    expect((await read()).rows).toEqual(expected(HADAR, day(), day()));
    expect(delays).toEqual([60_000]);
  });

  it('a delay past maxRetryWaitMs is thrown as throttled with it, for the sync to requeue', async () => {
    meta.injectFault('throttle', { minutes: 15 });
    const err = await failure(read());
    expect(err).toMatchObject({ kind: 'throttled', retryAfterMs: 900_000, platformCode: '80000/2446079' });
    expect(delays).toEqual([]);
  });

  it('a 500 that is not JSON and code 1 are transient: retried with backoff', async () => {
    meta.injectFault('serverError');
    meta.injectFault('unknownError');
    expect((await read()).rows).toEqual(expected(HADAR, day(), day()));
    expect(delays).toEqual([1000, 2000]);
  });

  it('gives up after its attempts, transient', async () => {
    meta.injectFault('serverError', { times: 4 });
    expect(await failure(read())).toMatchObject({ kind: 'transient', platformCode: 'HTTP_500' });
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('a call that does not answer in time is retried', async () => {
    meta.injectFault('timeout', { ms: 60_000 });
    expect((await read({ timeoutMs: 1500 })).rows).toEqual(expected(HADAR, day(), day()));
    expect(logs.some((l) => l.includes('no answer in 1500 ms'))).toBe(true);
  });

  it('a body that is not JSON is malformed, not retried, and the page quoted (token and all) is not passed on', async () => {
    meta.injectFault('malformed');
    const err = await failure(read());
    expect(err).toMatchObject({ kind: 'malformed' });
    expect(err.message).not.toContain('Bad gateway');
  });

  it('a row whose numbers are not numbers is malformed, naming the field, and nothing of the page is yielded', async () => {
    const acc = metaAdsClient({ accessToken: TOKEN, baseUrl: meta.endpoint, sleep: async () => undefined });
    meta.injectFault('malformedRow');
    const got: DailyStat[][] = [];
    const err = await failure(
      (async () => {
        for await (const b of acc.dailyStats(HADAR, day(), day())) got.push(b);
      })(),
    );
    expect(err.kind).toBe('malformed');
    expect(err.message).toMatch(/impressions/);
    expect(got).toEqual([]);
  });

  it('usage headers over 90 % slow the next call down', async () => {
    meta.injectFault('highUsage');
    await read({ slowDownMs: 7000 });
    expect(delays).toEqual([7000]);
  });

  it('restated values replace the last days when read again', async () => {
    const from = addDaysTo(today(), -5);
    const first = (await collect(client().dailyStats(HADAR, from, today()))).rows;
    meta.injectFault('restate', { days: 3, factor: 1.25 });
    const again = (await collect(client().dailyStats(HADAR, from, today()))).rows;
    expect(again).toEqual(expected(HADAR, from, today(), { days: 3, factor: 1.25 }));
    const cut = addDaysTo(today(), -3);
    expect(again.filter((r) => r.date <= cut)).toEqual(first.filter((r) => r.date <= cut));
    const late = again.filter((r) => r.date > cut);
    expect(late.length).toBeGreaterThan(0);
    for (const r of late)
      expect(r.conversions).toBe(
        first.find((f) => f.date === r.date && f.externalCampaignId === r.externalCampaignId)!.conversions + 1,
      );
  });

  it('faults can be injected over HTTP too', async () => {
    const res = await fetch(`${meta.endpoint}/_fake/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'expiredToken' }),
    });
    expect(res.status).toBe(204);
    expect(await failure(read())).toMatchObject({ kind: 'auth' });
    expect(
      (await fetch(`${meta.endpoint}/_fake/faults`, { method: 'POST', body: JSON.stringify({ kind: 'nope' }) })).status,
    ).toBe(400);
  });
});
