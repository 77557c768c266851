import type { ConnectorType } from '../platform';
import { batchPut, readStats, RollupBook, statItem, type StoredStat } from '../../performance-data';
import { clearHistoryMoving, listCampaigns } from '../campaign-store.dynamodb';
import { refreshMonthSummaries } from '../../performance-data';
import { campaignKey, type CampaignRef, type SyncPorts } from './sync-ports';

/**
 * After campaigns' mappings changed (an explicit choice, a naming rule, a line removed in a later
 * version): their stored history moves from the rollups it was added to, to those of the line each
 * maps to now (none when unmapped), exactly, and each stat item records its new target. Called by
 * SaveCampaign after a person's mapping (one campaign) and by the sync when a naming rule's reading
 * of campaigns changed (modules/connectors/campaign-rule-mappings.ts), through the same `lineTargets` the sync
 * reads, so the next sync and this move agree. Idempotent: a stat already at its target is left
 * alone. Returns the stat days moved.
 */
export async function retargetCampaigns(
  companyId: number,
  connectorType: ConnectorType,
  externalAccountId: string,
  externalCampaignIds: readonly string[],
  ports: Pick<SyncPorts, 'lineTargets'>,
): Promise<number> {
  if (!externalCampaignIds.length) return 0;
  const ids = new Set(externalCampaignIds);
  const targets = await ports.lineTargets(
    companyId,
    [...ids].map((externalCampaignId) => ({ connectorType, externalAccountId, externalCampaignId })),
  );
  // Day rollups are the sums of the account's stats of a day: the account's whole history is read
  // (one Query of its partition), the campaigns' days moved, and only the days they touch rewritten.
  const rollups = new RollupBook(companyId, connectorType, externalAccountId);
  const history: StoredStat[] = [];
  for await (const page of readStats(companyId, connectorType, externalAccountId, '0000-01-01', '9999-12-31')) {
    for (const s of page) {
      rollups.seed(s);
      if (ids.has(s.CampaignId)) history.push(s);
    }
  }
  const changed: Record<string, unknown>[] = [];
  for (const before of history) {
    const target = targets.get(
      campaignKey({ connectorType, externalAccountId, externalCampaignId: before.CampaignId }),
    );
    if (
      before.LineId === target?.lineId &&
      before.ActivityId === target?.activityId &&
      before.AccountId === target?.accountId
    )
      continue;
    const { LineId: _l, ActivityId: _a, AccountId: _c, ...rest } = before;
    const after: StoredStat = {
      ...rest,
      ...(target ? { LineId: target.lineId, ActivityId: target.activityId, AccountId: target.accountId } : {}),
    };
    rollups.change(before, after);
    changed.push(statItem(companyId, connectorType, externalAccountId, after));
  }
  await batchPut(changed);
  await rollups.flush();
  // The month summaries of the lines the history left and joined (month-summaries.ts), once their rollups are stored.
  await refreshMonthSummaries(companyId, connectorType, externalAccountId, rollups.takeTouched());
  return changed.length;
}

/**
 * The job SaveCampaign queues after a person's mapping: the campaign's history to the line it maps
 * to now, then the campaign's "moving" mark cleared. Idempotent, so a retried or repeated message
 * moves nothing twice; the mark stays until a run gets through, so a half-done move shows as under way.
 */
export async function moveCampaignHistory(
  ref: { companyId: number; connectorType?: ConnectorType; externalAccountId: string },
  move: { externalCampaignId: string; version: number },
  ports: Pick<SyncPorts, 'lineTargets'>,
): Promise<number> {
  if (!ref.connectorType) throw new Error('A history move must name its connector type');
  const moved = await retargetCampaign(
    ref.companyId,
    {
      connectorType: ref.connectorType,
      externalAccountId: ref.externalAccountId,
      externalCampaignId: move.externalCampaignId,
    },
    ports,
  );
  await clearHistoryMoving(
    ref.companyId,
    ref.connectorType,
    ref.externalAccountId,
    move.externalCampaignId,
    move.version,
  );
  return moved;
}

/**
 * The moves still marked on an ad account's campaigns (a job lost or failed for good): each sync of
 * the ad account does them, as their jobs would, so a mark never outlives the next sync.
 */
export async function finishHistoryMoves(
  ref: { companyId: number; connectorType: ConnectorType; externalAccountId: string },
  ports: Pick<SyncPorts, 'lineTargets'>,
): Promise<void> {
  for (const c of await listCampaigns(ref.companyId, ref.connectorType, ref.externalAccountId)) {
    if (c.HistoryMoving !== undefined)
      await moveCampaignHistory(ref, { externalCampaignId: c.ExternalCampaignId, version: c.HistoryMoving }, ports);
  }
}

/** One campaign's history to the line it maps to now (the mapping's job above; tests). */
export const retargetCampaign = (
  companyId: number,
  ref: CampaignRef,
  ports: Pick<SyncPorts, 'lineTargets'>,
): Promise<number> =>
  retargetCampaigns(companyId, ref.connectorType, ref.externalAccountId, [ref.externalCampaignId], ports);
