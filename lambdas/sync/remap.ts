import { batchPut, readStats, RollupBook, statItem, type StoredStat } from '../repositories/daily-stats';
import { campaignKey, type CampaignRef, type SyncPorts } from './sync-ports';

/**
 * After a campaign's mapping changed (an explicit choice, a naming rule, a line removed in a later
 * version): its stored history moves from the rollups it was added to, to those of the line it maps
 * to now (none when unmapped), exactly, and each stat item records its new target. The connector
 * side calls this after saving the mapping (through the same SyncPorts the sync reads), so the
 * next sync and this move agree. Returns the days moved.
 */
export async function retargetCampaign(companyId: number, ref: CampaignRef, ports: SyncPorts): Promise<number> {
  const target = (await ports.lineTargets(companyId, [ref])).get(campaignKey(ref));
  // Day rollups are the sums of the account's stats of a day: the account's whole history is read
  // (one Query of its partition), the campaign's days moved, and only the days it touches rewritten.
  const rollups = new RollupBook(companyId, ref.connectorType, ref.externalAccountId);
  const history: StoredStat[] = [];
  for await (const page of readStats(companyId, ref.connectorType, ref.externalAccountId, '0000-01-01', '9999-12-31')) {
    for (const s of page) {
      rollups.seed(s);
      if (s.CampaignId === ref.externalCampaignId) history.push(s);
    }
  }
  const changed: Record<string, unknown>[] = [];
  for (const before of history) {
    if (before.LineId === target?.lineId && before.ActivityId === target?.activityId && before.AccountId === target?.accountId) continue;
    const { LineId: _l, ActivityId: _a, AccountId: _c, ...rest } = before;
    const after: StoredStat = { ...rest, ...(target ? { LineId: target.lineId, ActivityId: target.activityId, AccountId: target.accountId } : {}) };
    rollups.change(before, after);
    changed.push(statItem(companyId, ref.connectorType, ref.externalAccountId, after));
  }
  await batchPut(changed);
  await rollups.flush();
  return changed.length;
}
