import { randomInt } from 'node:crypto';
import { handler as googleWorker } from '../../lambdas/jobs/sync-worker-google-ads';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { onePlatform } from '../../lambdas/modules/connectors/sync/client-factory';
import { PlatformError } from '../../lambdas/modules/connectors/platform';
import { syncJobsOf, syncNowHooks, syncNowQueue } from '../../lambdas/modules/connectors/sync/sync-now';
import type { SyncJob } from '../../lambdas/modules/connectors/sync/sync-account';
import { syncWorkerHandler } from '../../lambdas/modules/connectors/sync/worker';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { memorySyncPorts } from '../support/memory-sync-ports';
import { MemoryPlatform } from '../support/memory-platform';
import { invoke, makeCompany, useTestTable } from '../support/world';

useTestTable();

/** The worker Lambda's contract with SQS: a bad message fails (retried, then the DLQ); a connector that is gone is dropped; one platform per worker. */
describe('sync worker handler', () => {
  it('fails a malformed message alone and drops the message of a connector that no longer exists', async () => {
    const companyId = randomInt(1_000_000, 2_000_000_000);
    const out = await googleWorker({
      Records: [
        { messageId: 'bad', body: '{"companyId":"x"}' },
        {
          messageId: 'gone',
          body: JSON.stringify({
            companyId,
            agentConnectorId: 999999,
            externalAccountId: '123',
            connectorType: 'google_ads',
          }),
        },
      ],
    });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
    expect(await listSyncRuns(companyId)).toEqual([]);
  });

  it('a worker refuses a connector of another platform', () => {
    const make = onePlatform('google_ads', () => {
      throw new Error('not reached');
    });
    expect(() => make('meta_ads', {}, [])).toThrow(PlatformError);
  });

  it('Sync now needs a queue, and queues nothing for a connector the company does not have', async () => {
    delete process.env.SYNC_QUEUE_URLS;
    syncNowHooks.local = undefined;
    expect(() => syncNowQueue()).toThrow('No sync queue');
    const sent: SyncJob[] = [];
    syncNowHooks.local = {
      send: async (jobs) => {
        sent.push(...jobs);
      },
    };
    try {
      expect(syncNowQueue()).toBe(syncNowHooks.local);
      expect(await syncJobsOf(randomInt(1_000_000, 2_000_000_000), 5)).toEqual([]);
      expect(sent).toEqual([]);
    } finally {
      syncNowHooks.local = undefined;
    }
  });
});

describe("the worker syncs with the company's own sync settings", () => {
  /** One ad account of `type` behind an in-memory connector of the company, and the worker over it. */
  function workerFor(companyId: number, type: 'google_ads' | 'tiktok_ads' = 'google_ads') {
    const ports = memorySyncPorts();
    ports.addConnector(companyId, {
      agentConnectorId: 7,
      connectorType: type,
      credentials: {},
      externalAccounts: [{ externalAccountId: '111', timeZone: 'Asia/Jerusalem' }],
    });
    const platform = new MemoryPlatform({ type, campaigns: 1 });
    const worker = syncWorkerHandler(() => platform.client(), ports);
    const run = async () => {
      const body = JSON.stringify({ companyId, agentConnectorId: 7, externalAccountId: '111', connectorType: type });
      expect((await worker({ Records: [{ messageId: 'm', body }] })).batchItemFailures).toEqual([]);
      return platform.calls.splice(0);
    };
    return { run };
  }
  const today = () => todayIn('Asia/Jerusalem', Date.now());

  it('a first sync backfills BackfillDays; the next re-reads RestatementDays', async () => {
    const co = await makeCompany();
    const saved = await invoke('ConfigurationsService', 'SaveConfigurations', {
      as: co.admin,
      body: { configurations: { BackfillDays: 45, RestatementDays: 3, version: 0 } },
    });
    expect(saved.status).toBe(200);
    const { run } = workerFor(co.companyId);
    const first = await run();
    expect(first[0].from).toBe(addDaysTo(today(), -44));
    expect(first.at(-1)!.to).toBe(today());
    expect(await run()).toEqual([{ externalAccountId: '111', from: addDaysTo(today(), -2), to: today() }]);
  });

  it('a backfill longer than a platform keeps reads back as far as it keeps (TikTok: 365 days)', async () => {
    const co = await makeCompany();
    await invoke('ConfigurationsService', 'SaveConfigurations', {
      as: co.admin,
      body: { configurations: { BackfillDays: 730, version: 0 } },
    });
    const { run } = workerFor(co.companyId, 'tiktok_ads');
    expect((await run())[0].from).toBe(addDaysTo(today(), -364));
  });
});
