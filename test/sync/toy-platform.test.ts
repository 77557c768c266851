import { randomInt } from 'node:crypto';
import { platformSpec, registerPlatform } from '../../lambdas/modules/connectors/platforms/registry';
import { onePlatform } from '../../lambdas/modules/connectors/sync/client-factory';
import { syncExternalAccount } from '../../lambdas/modules/connectors/sync/sync-account';
import { readStats } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { memorySyncPorts } from '../support/memory-sync-ports';
import { useTestTable } from '../support/world';
import {
  classifyToyError,
  toyAdsPlatform,
  toyPaginator,
  toyRowToDailyStat,
  toySyncClientFor,
  type ToyCtx,
} from './toy-platform/client';
import {
  dailyRows,
  PAGE_SIZE,
  startToyFake,
  TOY_FORBIDDEN_ACCOUNT,
  TOY_TOKEN,
  type ToyFake,
} from './toy-platform/fake';

/**
 * A new platform is its definition (spec, error classifier, paginator, row selector), one registry
 * line and its fake: the toy platform of ./toy-platform, registered here, syncs through the real
 * engine into DynamoDB Local — its spec's retention bounds the backfill, its request limit slices
 * the window, the one paging loop follows its fake's cursor, the shared retry policy obeys its
 * fake's Retry-After, and its classifier's 'permission' is the run's NoAccess.
 */
const toyAdsSpec = toyAdsPlatform.spec;
useTestTable();

const NOW = Date.now();
const TODAY = todayIn(DEFAULT_TIME_ZONE, NOW);
let fake: ToyFake;
let unregister: () => void;

beforeAll(async () => {
  fake = await startToyFake();
  unregister = registerPlatform(toyAdsSpec);
});

afterAll(async () => {
  unregister();
  await fake.stop();
});

it('syncs a platform registered by the test through the real engine into the table', async () => {
  expect(platformSpec(toyAdsSpec.id)).toBe(toyAdsSpec);
  const companyId = randomInt(1_000_000, 2_000_000_000);
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 3,
    connectorType: toyAdsSpec.id,
    credentials: { accessToken: TOY_TOKEN },
    externalAccounts: [{ externalAccountId: '42' }],
  });
  ports.map(
    { connectorType: toyAdsSpec.id, externalAccountId: '42', externalCampaignId: 'c1' },
    {
      lineId: 701,
      activityId: 71,
      accountId: 7,
    },
  );
  // A flight that starts long ago: the backfill goes back to the spec's retention, no further.
  ports.flightsFrom = async () => addDaysTo(TODAY, -100);
  fake.faults.throttle = 1;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };

  const run = await syncExternalAccount(
    { companyId, agentConnectorId: 3, externalAccountId: '42' },
    {
      ports,
      clientFor: onePlatform(toyAdsSpec.id, toySyncClientFor(fake.url, sleep)),
      now: () => NOW,
      sleep,
      settings: { restatementDays: 3, backfillDays: 3 },
    },
  );

  const from = addDaysTo(TODAY, -(toyAdsSpec.limits.retentionDays - 1));
  expect(run).toMatchObject({ Status: 'OK', From: from, To: TODAY, BackfillShortOf: addDaysTo(TODAY, -100) });
  // Ten days in requests of at most seven (14 and 6 rows), PAGE_SIZE rows a page: 3 + 2 pages; the
  // first answered 429 once, retried after its Retry-After.
  expect(PAGE_SIZE).toBe(5);
  expect(fake.requests).toHaveLength(6);
  expect(fake.requests.filter((r) => r.includes('cursor='))).toHaveLength(3);
  expect(waits).toEqual([2000]);
  const stored: StoredStat[] = [];
  for await (const p of readStats(companyId, toyAdsSpec.id, '42', '2000-01-01', '2999-12-31')) stored.push(...p);
  const expected = dailyRows(from, TODAY);
  expect(stored).toHaveLength(expected.length);
  expect(stored.reduce((s, x) => s + x.SpendMicros, 0)).toBe(expected.reduce((s, r) => s + r.spend * 1e6, 0));
  expect(run?.RowsWritten).toBe(expected.length);
  expect((await listSyncRuns(companyId, { agentConnectorId: 3 }))[0]).toMatchObject({ Status: 'OK' });
  expect(ports.campaigns.size).toBe(2);
});

it('records a refusal its classifier names permission as NoAccess, with nothing stored', async () => {
  const companyId = randomInt(1_000_000, 2_000_000_000);
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 4,
    connectorType: toyAdsSpec.id,
    credentials: { accessToken: TOY_TOKEN },
    externalAccounts: [{ externalAccountId: TOY_FORBIDDEN_ACCOUNT }],
  });
  const run = await syncExternalAccount(
    { companyId, agentConnectorId: 4, externalAccountId: TOY_FORBIDDEN_ACCOUNT },
    {
      ports,
      clientFor: onePlatform(
        toyAdsSpec.id,
        toySyncClientFor(fake.url, async () => undefined),
      ),
      now: () => NOW,
      settings: { restatementDays: 3, backfillDays: 3 },
    },
  );
  expect(run).toMatchObject({ Status: 'NoAccess' });
  const stored: StoredStat[] = [];
  for await (const p of readStats(companyId, toyAdsSpec.id, TOY_FORBIDDEN_ACCOUNT, '2000-01-01', '2999-12-31'))
    stored.push(...p);
  expect(stored).toEqual([]);
});

describe("the toy platform's parts, each alone", () => {
  const reply = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
    text: '',
  });

  it('classifies each status', () => {
    expect(classifyToyError(reply(200), {}, 'GET')).toBeUndefined();
    expect(classifyToyError(reply(401), {}, 'GET')).toMatchObject({ kind: 'auth' });
    expect(classifyToyError(reply(403), {}, 'GET')).toMatchObject({ kind: 'permission' });
    expect(classifyToyError(reply(429, { 'retry-after': '3' }), {}, 'GET')).toMatchObject({
      kind: 'throttled',
      retryAfterMs: 3000,
    });
    expect(classifyToyError(reply(503), {}, 'GET')).toMatchObject({ kind: 'transient' });
    expect(classifyToyError(reply(400), {}, 'GET')).toMatchObject({ kind: 'invalid' });
  });

  it('pages by the cursor and maps a row to the daily grain', () => {
    const ctx = { accountId: '42' } as ToyCtx;
    const slice = { from: '2026-01-01', to: '2026-01-01' };
    const page = toyPaginator.page(
      { currency: 'EUR', rows: dailyRows('2026-01-01', '2026-01-01'), next: '2' },
      ctx,
      slice,
      undefined,
    );
    expect(toyPaginator.next(page, ctx, slice, undefined)).toBe('2');
    const [first] = toyPaginator.rows(page);
    expect(toyRowToDailyStat(first, ctx, 0, slice)).toMatchObject({
      date: '2026-01-01',
      externalAccountId: '42',
      externalCampaignId: 'c1',
      spend: 2,
      currency: 'EUR',
    });
    expect(() => toyPaginator.page({ rows: [] }, ctx, slice, undefined)).toThrow(
      expect.objectContaining({ kind: 'malformed' }),
    );
  });
});
