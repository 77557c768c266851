import {
  campaignKey,
  type CampaignRef,
  type DiscoveredCampaign,
  type ExternalAccountResult,
  type LineTarget,
  type SyncConnector,
  type SyncPorts,
} from '../../lambdas/modules/connectors/sync/sync-ports';

/** An in-memory SyncPorts: the engine's tests and the bench. */
export interface MemorySyncPorts extends SyncPorts {
  connectors: Map<string, SyncConnector>;
  campaigns: Map<string, DiscoveredCampaign>;
  mappings: Map<string, LineTarget>;
  results: Map<string, ExternalAccountResult>;
  addConnector(companyId: number, connector: SyncConnector): void;
  map(campaign: CampaignRef, target: LineTarget | undefined): void;
}

export function memorySyncPorts(): MemorySyncPorts {
  const connectors = new Map<string, SyncConnector>();
  const campaigns = new Map<string, DiscoveredCampaign>();
  const mappings = new Map<string, LineTarget>();
  const results = new Map<string, ExternalAccountResult>();
  const ck = (companyId: number, id: number) => `${companyId}|${id}`;
  return {
    connectors,
    campaigns,
    mappings,
    results,
    addConnector(companyId, connector) {
      connectors.set(ck(companyId, connector.agentConnectorId), connector);
    },
    map(campaign, target) {
      if (target) mappings.set(campaignKey(campaign), target);
      else mappings.delete(campaignKey(campaign));
    },
    async connectorsOf(companyId) {
      return [...connectors.entries()]
        .filter(([k]) => k.startsWith(`${companyId}|`))
        .map(([, c]) => ({
          agentConnectorId: c.agentConnectorId,
          connectorType: c.connectorType,
          externalAccountIds: c.externalAccounts.map((a) => a.externalAccountId),
        }));
    },
    async loadConnector(companyId, agentConnectorId) {
      return connectors.get(ck(companyId, agentConnectorId));
    },
    async upsertCampaigns(_companyId, _agentConnectorId, found) {
      for (const c of found) {
        const before = campaigns.get(campaignKey(c));
        campaigns.set(
          campaignKey(c),
          before
            ? {
                ...c,
                firstDay: before.firstDay < c.firstDay ? before.firstDay : c.firstDay,
                lastDay: before.lastDay > c.lastDay ? before.lastDay : c.lastDay,
              }
            : c,
        );
      }
    },
    async lineTargets(_companyId, refs) {
      const out = new Map<string, LineTarget>();
      for (const r of refs) {
        const t = mappings.get(campaignKey(r));
        if (t) out.set(campaignKey(r), t);
      }
      return out;
    },
    async recordResult(companyId, agentConnectorId, externalAccountId, result) {
      results.set(`${companyId}|${agentConnectorId}|${externalAccountId}`, result);
    },
  };
}
