import { getAgentConnector, listAgentConnectors, listExternalLinks, recordAgentConnectorHealth } from '../repositories/connectors';
import { upsertDiscoveredCampaign } from '../repositories/campaigns';
import { EXTERNAL_ID_PATTERN, MAX_CAMPAIGN_NAME_LENGTH } from '../shared/connectors';
import { normaliseText } from '../shared/normalise-text';
import type { SyncPorts } from '../sync/sync-ports';
import { lineTargetsOf } from './campaigns';
import { credentialStore } from './connectors';

/**
 * The sync engine's ports (lambdas/sync/sync-ports.ts) on the connector entities (issue 12 §1):
 * agent connectors and their credentials from the credential store, the external accounts that an
 * account connector links (an unlinked ad account has no account to report to, so it is not synced),
 * campaigns upserted by their natural key (names normalised and bounded, kept as text), and each
 * campaign's line as the campaigns screen resolves it (explicit, else the naming rule; followed into
 * the latest approved version).
 */
export const dynamoSyncPorts: SyncPorts = {
  async connectorsOf(companyId) {
    const [agents, links] = await Promise.all([listAgentConnectors(companyId), listExternalLinks(companyId)]);
    return agents.filter((a) => !a.Archived).map((a) => ({
      agentConnectorId: a.ID, connectorType: a.ConnectorType,
      externalAccountIds: links.filter((l) => l.AgentConnectorId === a.ID).map((l) => l.ExternalAccountId),
    }));
  },

  async loadConnector(companyId, agentConnectorId) {
    const a = await getAgentConnector(companyId, agentConnectorId, true);
    if (!a || a.Archived) return undefined;
    const links = (await listExternalLinks(companyId)).filter((l) => l.AgentConnectorId === a.ID);
    const credentials = (await credentialStore().get({ companyId, agentConnectorId })) ?? {};
    return {
      agentConnectorId, connectorType: a.ConnectorType, credentials,
      externalAccounts: links.map((l) => ({
        externalAccountId: l.ExternalAccountId,
        timeZone: a.ExternalAccounts.find((e) => e.ExternalAccountId === l.ExternalAccountId)?.TimeZone || undefined,
      })),
    };
  },

  async upsertCampaigns(companyId, _agentConnectorId, campaigns) {
    for (const c of campaigns) {
      // Ids are key parts: one that is not a platform id (digits, act_…) is not stored.
      if (!EXTERNAL_ID_PATTERN.test(c.externalAccountId) || !EXTERNAL_ID_PATTERN.test(c.externalCampaignId)) continue;
      await upsertDiscoveredCampaign(companyId, {
        ConnectorType: c.connectorType, ExternalAccountId: c.externalAccountId, ExternalCampaignId: c.externalCampaignId,
        Name: normaliseText(c.name).slice(0, MAX_CAMPAIGN_NAME_LENGTH), Status: (c.status ?? '').slice(0, 40),
      });
    }
  },

  lineTargets: (companyId, campaigns) => lineTargetsOf(companyId, campaigns),

  async recordResult(companyId, agentConnectorId, _externalAccountId, result) {
    await recordAgentConnectorHealth(companyId, agentConnectorId, {
      Status: result.status, LastError: (result.error ?? '').slice(0, 500), ...(result.status === 'OK' ? { LastSyncAt: result.at } : {}),
    });
  },
};
