import { randomInt } from 'node:crypto';
import { handler as googleWorker } from '../../lambdas/jobs/sync-worker-google-ads';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { onePlatform } from '../../lambdas/modules/connectors/sync/client-factory';
import { PlatformError } from '../../lambdas/modules/connectors/platform';
import { syncJobsOf, syncNowHooks, syncNowQueue } from '../../lambdas/modules/connectors/sync/sync-now';
import type { SyncJob } from '../../lambdas/modules/connectors/sync/sync-account';
import { useTestTable } from '../support/world';

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
