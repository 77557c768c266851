import { randomInt } from 'node:crypto';
import { metaAdsClient } from '../../lambdas/modules/connectors/platforms/meta-ads/client';
import type { PlatformCredentials } from '../../lambdas/modules/connectors/platform';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import type { SyncRun } from '../../lambdas/modules/connectors/sync-run-store';
import { DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import type { ClientHooks } from '../../lambdas/modules/connectors/sync/client-factory';
import { syncExternalAccount } from '../../lambdas/modules/connectors/sync/sync-account';
import { memorySyncPorts } from '../support/memory-sync-ports';
import { demoCampaigns } from '../../local/fakes/ads-demo-data';
import { META_FAKE_TOKEN, startFakeMeta, type FakeMeta } from '../../local/fakes/meta-ads-server';
import { freePort } from '../../local/ports';
import { useTestTable } from '../support/world';

/**
 * A failing platform shows on the run at its first failed call, while the client still retries
 * (the local Meta fake fails the first calls; the client's waits are where the run is read).
 */
useTestTable();

const ACCOUNT = '2040000001';
let meta: FakeMeta;

beforeAll(async () => {
  meta = await startFakeMeta({
    port: await freePort(),
    accounts: [
      {
        id: ACCOUNT,
        name: 'Visible failure',
        currency: 'ILS',
        timeZone: DEFAULT_TIME_ZONE,
        campaigns: demoCampaigns(ACCOUNT, 'Vis', '251', 2),
        tokens: [META_FAKE_TOKEN],
      },
    ],
  });
}, 60_000);

afterAll(async () => {
  await meta.stop();
});

it('writes the reason on the running run after the first failed attempt, before the client retries', async () => {
  const companyId = randomInt(1_000_000, 2_000_000_000);
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 9,
    connectorType: 'meta_ads',
    credentials: { accessToken: META_FAKE_TOKEN },
    externalAccounts: [{ externalAccountId: ACCOUNT }],
  });
  // What the run says at each of the client's own waits (between its attempts).
  const seenAtWaits: (SyncRun | undefined)[] = [];
  const clientFor = (_type: unknown, credentials: PlatformCredentials, ids: readonly string[], hooks?: ClientHooks) =>
    metaAdsClient({
      accessToken: credentials.accessToken ?? '',
      accountIds: ids,
      baseUrl: meta.endpoint,
      retry: { onRetry: hooks?.onRetry },
      sleep: async () => {
        seenAtWaits.push((await listSyncRuns(companyId, { agentConnectorId: 9 }))[0]);
      },
    });
  meta.injectFault('serverError', { times: 2 });
  try {
    const run = await syncExternalAccount(
      { companyId, agentConnectorId: 9, externalAccountId: ACCOUNT },
      { ports, clientFor, sleep: async () => undefined, settings: { restatementDays: 3, backfillDays: 3 } },
    );
    expect(run).toMatchObject({ Status: 'OK' });
  } finally {
    meta.clearFaults();
  }
  // Two failed calls, two waits of the client; at the first the run already says why, still Running.
  expect(seenAtWaits).toHaveLength(2);
  expect(seenAtWaits[0]).toMatchObject({ Status: 'Running', ErrorKind: 'transient' });
  expect(seenAtWaits[0]?.Error).toEqual(expect.stringContaining('Meta'));
  expect(seenAtWaits[0]?.Attempts).toBe(1);
}, 60_000);
