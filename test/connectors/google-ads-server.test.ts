import {
  GOOGLE_ADS_DEMO,
  parseQuery,
  startFakeGoogleAds,
  type FakeGoogleAds,
} from '../../local/fakes/google-ads-server';

/**
 * The local Google Ads fake itself: its data is a pure function of the call (two servers, any order
 * of calls, the same numbers), it checks the Authorization header and the refresh token, and it takes
 * faults over HTTP as the docs say.
 */
const QUERY =
  "SELECT segments.date, campaign.id, campaign.name, metrics.impressions, metrics.clicks, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '2026-03-01' AND '2026-05-31'";

async function accessToken(fake: FakeGoogleAds, refreshToken: string = GOOGLE_ADS_DEMO.refreshToken) {
  const res = await fetch(fake.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: GOOGLE_ADS_DEMO.clientId,
      client_secret: GOOGLE_ADS_DEMO.clientSecret,
      refresh_token: refreshToken,
    }).toString(),
  });
  return {
    status: res.status,
    body: (await res.json()) as { access_token?: string; error?: string; expires_in?: number },
  };
}

async function stream(fake: FakeGoogleAds, customerId: string, token: string | undefined, query = QUERY) {
  const res = await fetch(`${fake.apiUrl}/v26/customers/${customerId}/googleAds:searchStream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const withoutRequestIds = (batches: unknown) => (batches as { results: unknown[] }[]).map((b) => b.results);

let a: FakeGoogleAds;
let b: FakeGoogleAds;
beforeAll(async () => {
  [a, b] = await Promise.all([startFakeGoogleAds({ port: 0 }), startFakeGoogleAds({ port: 0, batchSize: 100 })]);
});
afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
});

test('deterministic: the same call answers the same rows on two servers, whatever was asked before; customers differ', async () => {
  const ta = (await accessToken(a)).body.access_token!;
  const tb = (await accessToken(b)).body.access_token!;
  // Server b is asked other things first.
  await stream(b, '2345678901', tb);
  const first = withoutRequestIds((await stream(a, '1234567890', ta)).body);
  const second = withoutRequestIds((await stream(b, '1234567890', tb)).body).flat();
  expect(first.flat()).toEqual(second);
  expect(first.flat().length).toBeGreaterThan(200);
  const other = withoutRequestIds((await stream(a, '2345678901', ta)).body).flat() as { campaign: { id: string } }[];
  const ids = (rows: unknown[]) => new Set((rows as { campaign: { id: string } }[]).map((r) => r.campaign.id));
  expect([...ids(other)].some((id) => ids(first.flat()).has(id))).toBe(false);
  // Only the selected fields, int64 as strings.
  const row = first.flat()[0] as Record<string, Record<string, unknown>>;
  expect(Object.keys(row).sort()).toEqual(['campaign', 'metrics', 'segments']);
  expect(Object.keys(row.campaign).sort()).toEqual(['id', 'name']);
  expect(typeof row.metrics.impressions).toBe('string');
});

test("the Authorization header is checked; the expired demo connector's refresh token answers invalid_grant", async () => {
  expect(await stream(a, '1234567890', undefined)).toMatchObject({
    status: 401,
    body: { error: { status: 'UNAUTHENTICATED' } },
  });
  expect(await stream(a, '1234567890', 'ya29.made-up')).toMatchObject({ status: 401 });
  expect(await accessToken(a, GOOGLE_ADS_DEMO.expiredRefreshToken)).toEqual({
    status: 400,
    body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
  });
  const t = (await accessToken(a)).body.access_token!;
  expect((await stream(a, '3456789012', t)).status).toBe(403);
  // An unknown field is a query error, as v22+ answers for metrics.video_views.
  const bad = await stream(
    a,
    '1234567890',
    t,
    "SELECT segments.date, metrics.video_views FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-02'",
  );
  expect(bad).toMatchObject({
    status: 400,
    body: { error: { details: [{ errors: [{ errorCode: { queryError: 'UNRECOGNIZED_FIELD' } }] }] } },
  });
});

test('faults over HTTP: POST /_fake/faults queues them, an unknown kind is refused', async () => {
  const t = (await accessToken(a)).body.access_token!;
  expect(
    (await fetch(`${a.endpoint}/_fake/faults`, { method: 'POST', body: JSON.stringify({ kind: 'meltdown' }) })).status,
  ).toBe(400);
  expect(
    (
      await fetch(`${a.endpoint}/_fake/faults`, {
        method: 'POST',
        body: JSON.stringify({ kind: 'throttle', retryDelay: '7s', wrapped: true }),
      })
    ).status,
  ).toBe(204);
  const throttled = await stream(a, '1234567890', t);
  expect(throttled.status).toBe(429);
  expect(throttled.body).toMatchObject([
    { error: { code: 429, details: [{ errors: [{ details: { quotaErrorDetails: { retryDelay: '7s' } } }] }] } },
  ]);
  expect((await stream(a, '1234567890', t)).status).toBe(200);
});

test('the query parser takes the two queries the client sends and refuses the rest', () => {
  expect(
    parseQuery(
      "SELECT segments.date, campaign.id FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31'",
    ),
  ).toEqual({
    resource: 'campaign',
    fields: ['segments.date', 'campaign.id'],
    from: '2026-01-01',
    to: '2026-01-31',
  });
  expect(() => parseQuery('SELECT campaign.id FROM campaign')).toThrow(/segments.date BETWEEN/);
  expect(() =>
    parseQuery("SELECT segments.date FROM campaign WHERE segments.date BETWEEN '2026-02-01' AND '2026-01-01'"),
  ).toThrow(/ends before/);
  expect(() => parseQuery('SELECT ad_group.id FROM ad_group')).toThrow(/customer and campaign only/);
});
