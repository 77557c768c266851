import { randomInt } from 'node:crypto';
import { platformSpec, registerPlatform } from '../../lambdas/modules/connectors/platforms/registry';
import { onePlatform } from '../../lambdas/modules/connectors/sync/client-factory';
import { syncExternalAccount } from '../../lambdas/modules/connectors/sync/sync-account';
import { readStats, type StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { memorySyncPorts } from '../support/memory-sync-ports';
import { useTestTable } from '../support/world';
import { toySyncClientFor } from './toy-platform/client';
import { dailyRows, startToyFake, TOY_TOKEN, type ToyFake } from './toy-platform/fake';
import { toyAdsSpec } from './toy-platform/spec';

/**
 * A new platform is its folder (spec, client), one registry line and its fake: the toy platform of
 * ./toy-platform, registered here, syncs through the real engine into DynamoDB Local — its spec's
 * retention bounds the backfill, its request limit slices the window, the shared retry policy obeys
 * its fake's Retry-After.
 */
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
  // Ten days in requests of at most seven; the first answered 429 once, retried after its Retry-After.
  expect(fake.requests).toHaveLength(3);
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
