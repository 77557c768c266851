import {
  getAgentConnector,
  listAgentConnectors,
  listExternalLinks,
  recordAgentConnectorHealth,
} from './connector-store.dynamodb';
import { getAccounts } from '../tenancy';
import { earliestActivityStart } from '../activities';
import { upsertDiscoveredCampaign } from './campaign-store.dynamodb';
import { EXTERNAL_ID_PATTERN, MAX_CAMPAIGN_NAME_LENGTH } from '../../shared/connectors';
import { normaliseText } from '../../shared/normalise-text';
import type { SyncPorts } from './sync/sync-ports';
import { finishHistoryMoves } from './sync/remap';
import { namingRuleOf, remapByRule } from './campaign-rule-mappings';
import { lineTargetsOf } from './campaigns';
import { credentialReader } from './connectors-core';
import { lineIdByRule, ruleEngineFor } from './naming-rule';

/**
 * The sync engine's ports (lambdas/modules/connectors/sync/sync-ports.ts) on the connector entities:
 * agent connectors and their credentials from the credential store, the external accounts that an
 * account connector links (an unlinked ad account has no account to report to, so it is not synced),
 * campaigns upserted by their natural key (names normalised and bounded, kept as text; a new one
 * with its naming rule's reading, RuleLineId), each campaign's line as the campaigns screen resolves
 * it (explicit, else the stored rule reading; followed into the latest approved version), and the
 * rule evaluated again over all of an ad account's campaigns at the end of its sync
 * (campaign-rule-mappings.ts). Only the sync workers bundle this file (RE2, the platform credentials).
 */
/**
 * The dispatcher's list (SyncPorts.connectorsOf) on its own: the dispatcher imports this function
 * alone, so its bundle carries neither the naming rule's engine nor the credential store.
 */
export async function syncConnectorsOf(companyId: number): ReturnType<SyncPorts['connectorsOf']> {
  const [agents, links] = await Promise.all([listAgentConnectors(companyId), listExternalLinks(companyId)]);
  return agents
    .filter((a) => !a.Archived)
    .map((a) => ({
      agentConnectorId: a.ID,
      connectorType: a.ConnectorType,
      externalAccountIds: links.filter((l) => l.AgentConnectorId === a.ID).map((l) => l.ExternalAccountId),
    }));
}

export const dynamoSyncPorts: SyncPorts = {
  connectorsOf: syncConnectorsOf,

  async loadConnector(companyId, agentConnectorId) {
    const a = await getAgentConnector(companyId, agentConnectorId, true);
    if (!a || a.Archived) return undefined;
    const links = (await listExternalLinks(companyId)).filter((l) => l.AgentConnectorId === a.ID);
    const credentials = (await credentialReader().get({ companyId, agentConnectorId })) ?? {};
    return {
      agentConnectorId,
      connectorType: a.ConnectorType,
      credentials,
      externalAccounts: links.map((l) => ({
        externalAccountId: l.ExternalAccountId,
        timeZone: a.ExternalAccounts.find((e) => e.ExternalAccountId === l.ExternalAccountId)?.TimeZone || undefined,
      })),
    };
  },

  async upsertCampaigns(companyId, _agentConnectorId, campaigns) {
    const rules = new Map<string, Promise<string>>();
    for (const c of campaigns) {
      // Ids are key parts: one that is not a platform id (digits, act_…) is not stored.
      if (!EXTERNAL_ID_PATTERN.test(c.externalAccountId) || !EXTERNAL_ID_PATTERN.test(c.externalCampaignId)) continue;
      const source = `${c.connectorType}#${c.externalAccountId}`;
      if (!rules.has(source))
        rules.set(
          source,
          namingRuleOf(companyId, c.connectorType, c.externalAccountId).then(
            async (rule) => (await ruleEngineFor(rule), rule),
          ),
        );
      const name = normaliseText(c.name).slice(0, MAX_CAMPAIGN_NAME_LENGTH);
      await upsertDiscoveredCampaign(companyId, {
        ConnectorType: c.connectorType,
        ExternalAccountId: c.externalAccountId,
        ExternalCampaignId: c.externalCampaignId,
        Name: name,
        Status: (c.status ?? '').slice(0, 40),
        // Read for a campaign new to the table; an existing one's is re-read by remapByRule at the end of the sync.
        RuleLineId: lineIdByRule(await rules.get(source)!, name),
      });
    }
  },

  async flightsFrom(companyId, agentConnectorId, externalAccountId) {
    // The accounts the ad account reports to, and the earliest flight of each one's main account.
    const linked = (await listExternalLinks(companyId)).filter(
      (l) => l.AgentConnectorId === agentConnectorId && l.ExternalAccountId === externalAccountId,
    );
    const accounts = linked.length ? await getAccounts(companyId, [...new Set(linked.map((l) => l.AccountId))]) : [];
    const mains = [...new Set(accounts.map((a) => a.ParentId ?? a.ID))];
    const starts = (await Promise.all(mains.map((id) => earliestActivityStart(companyId, id)))).filter(
      (d): d is string => d !== undefined,
    );
    return starts.length ? starts.sort()[0] : undefined;
  },

  lineTargets: (companyId, campaigns) => lineTargetsOf(companyId, campaigns),

  async remapByRule(companyId, _agentConnectorId, ref) {
    await finishHistoryMoves({ companyId, ...ref }, { lineTargets: lineTargetsOf });
    return remapByRule(companyId, ref.connectorType, ref.externalAccountId);
  },

  async recordResult(companyId, agentConnectorId, _externalAccountId, result) {
    await recordAgentConnectorHealth(companyId, agentConnectorId, {
      Status: result.status,
      LastError: (result.error ?? '').slice(0, 500),
      ...(result.status === 'OK' ? { LastSyncAt: result.at } : {}),
      LastErrorKind: result.errorKind ?? '',
      LastErrorCode: (result.platformCode ?? '').slice(0, 64),
    });
  },
};
