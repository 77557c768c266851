import type { StoredTarget } from '../../performance-data';
import type { DailyStat } from '../platform';
import type { SyncedAccount } from './slice';
import { campaignKey, type DiscoveredCampaign, type SyncPorts } from './sync-ports';

/** The campaigns of one sync: where each rolls up (asked once per run), and what was seen of each. */
export interface CampaignsOfRun {
  targets: Map<string, StoredTarget | undefined>;
  seen: Map<string, DiscoveredCampaign>;
}

/**
 * Campaigns new to this run: upserted first (a first sync's campaigns do not exist yet, and the
 * naming rule maps them as they are made), then asked where they roll up.
 */
export async function resolveNewCampaigns(
  batch: DailyStat[],
  account: SyncedAccount & { agentConnectorId: number },
  ports: SyncPorts,
  { targets }: CampaignsOfRun,
): Promise<void> {
  const unknown = [
    ...new Set(batch.filter((s) => !targets.has(s.externalCampaignId)).map((s) => s.externalCampaignId)),
  ];
  if (!unknown.length) return;
  const { companyId, type, externalAccountId } = account;
  const fresh = new Map<string, DiscoveredCampaign>();
  for (const s of batch)
    if (unknown.includes(s.externalCampaignId) && s.externalAccountId === externalAccountId) noteCampaign(fresh, s);
  await ports.upsertCampaigns(companyId, account.agentConnectorId, [...fresh.values()]);
  const ref = (externalCampaignId: string) => ({ connectorType: type, externalAccountId, externalCampaignId });
  const found = await ports.lineTargets(companyId, unknown.map(ref));
  for (const id of unknown) {
    const t = found.get(campaignKey(ref(id)));
    targets.set(id, t ? { LineId: t.lineId, ActivityId: t.activityId, AccountId: t.accountId } : undefined);
  }
}

/** A stat's campaign noted: its first and last day seen, its latest name and status. */
export function noteCampaign(seen: Map<string, DiscoveredCampaign>, s: DailyStat): void {
  const c = seen.get(s.externalCampaignId);
  if (!c) {
    seen.set(s.externalCampaignId, {
      connectorType: s.connectorType,
      externalAccountId: s.externalAccountId,
      externalCampaignId: s.externalCampaignId,
      name: s.campaignName,
      ...(s.campaignStatus ? { status: s.campaignStatus } : {}),
      currency: s.currency,
      firstDay: s.date,
      lastDay: s.date,
    });
    return;
  }
  if (s.date < c.firstDay) c.firstDay = s.date;
  if (s.date >= c.lastDay) {
    c.lastDay = s.date;
    c.name = s.campaignName;
    if (s.campaignStatus) c.status = s.campaignStatus;
  }
}

/**
 * Once the window's writes are done: the campaigns seen stored, then the naming rule read again over
 * every stored campaign of the account (a changed rule, a renamed campaign), their history moved.
 */
export async function storeCampaignsSeen(
  account: SyncedAccount & { agentConnectorId: number },
  ports: SyncPorts,
  { seen }: CampaignsOfRun,
): Promise<{ ruleError?: string }> {
  const { companyId, agentConnectorId, type, externalAccountId } = account;
  if (seen.size) await ports.upsertCampaigns(companyId, agentConnectorId, [...seen.values()]);
  return (await ports.remapByRule?.(companyId, agentConnectorId, { connectorType: type, externalAccountId })) ?? {};
}
