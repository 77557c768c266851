import { lineTargetsOf } from '../lambdas/modules/connectors/campaigns';
import { moveCampaignHistory } from '../lambdas/modules/connectors/sync/remap';
import { syncNowHooks } from '../lambdas/modules/connectors/sync/sync-now';
import { seedDemoCampaigns, type DemoPlatformFakes } from './demo-campaigns';
import { seedDemoConnectors } from './demo-connectors';

/**
 * The demo company's connections to the platform fakes, tested, its accounts linked (once), and its
 * campaigns mapped to the demo plans' lines, by naming rule and by hand, before the first sync.
 *
 * Linking an account asks for a sync of its ad accounts and mapping a campaign by hand for the move
 * of its history; the local sync starts after this and its first run covers every link, so those
 * sync requests are set aside (not logged as "no sync queue" at every first start), while each
 * history move runs here, as the queue's job would, so no campaign is left marked as moving.
 */
export async function seedDemoLinks(
  fakes: DemoPlatformFakes,
  companyId = 1,
): Promise<{ tagged: number; mapped: number } | undefined> {
  const before = syncNowHooks.local;
  syncNowHooks.local = {
    send: async (jobs) => {
      for (const job of jobs)
        if (job.moveHistory) await moveCampaignHistory(job, job.moveHistory, { lineTargets: lineTargetsOf });
    },
  };
  try {
    await seedDemoConnectors(companyId);
    return await seedDemoCampaigns(fakes, companyId);
  } finally {
    syncNowHooks.local = before;
  }
}
