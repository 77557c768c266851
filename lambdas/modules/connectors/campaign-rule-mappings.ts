import type { ConnectorType } from './platform';
import { listCampaigns, setRuleLineIds } from './campaign-store.dynamodb';
import { getAccountConnector, listExternalLinks } from './connector-store.dynamodb';
import { retargetCampaigns } from './sync/remap';
import { lineTargetsOf } from './campaigns';
import { lineIdByRule, re2Refusal, ruleEngineFor } from './naming-rule';

/**
 * Naming rules evaluated where RE2 runs: in the sync. Each campaign stores the line
 * id its account connector's rule reads from its name (RuleLineId); the campaign screens and the
 * rollups read that (modules/connectors/campaigns.ts), so no route bundles the RE2 engine. A campaign seen for
 * the first time gets its RuleLineId when the sync creates it; on every sync of an ad account the
 * rule is evaluated again over ALL its stored campaigns (a changed rule, a renamed campaign), and a
 * campaign whose reading changed has its stored history moved to the new line's rollups
 * (lambdas/modules/connectors/sync/remap.ts).
 */

/** The naming rule of the account connector that links an ad account ('' when unlinked or none). */
export async function namingRuleOf(
  companyId: number,
  connectorType: ConnectorType,
  externalAccountId: string,
): Promise<string> {
  const link = (await listExternalLinks(companyId)).find(
    (l) => l.ConnectorType === connectorType && l.ExternalAccountId === externalAccountId,
  );
  if (!link) return '';
  const connector = await getAccountConnector(companyId, link.AccountConnectorId, true);
  return connector && !connector.Archived ? connector.NamingRule : '';
}

export interface RuleRemap {
  /** Campaigns whose stored RuleLineId changed. */
  changed: number;
  /** Stat days moved to other rollups. */
  moved: number;
  /** In the user's words: the rule RE2 refuses (nothing was changed then). */
  ruleError?: string;
}

/**
 * Re-evaluates the naming rule over every stored campaign of one ad account; stores what changed and
 * moves those campaigns' history (an explicitly mapped campaign's history stays: explicit wins, its
 * target does not change, and retargeting finds nothing to move). A rule RE2 refuses changes nothing
 * and is returned as `ruleError`, for the sync to record on the connector.
 */
export async function remapByRule(
  companyId: number,
  connectorType: ConnectorType,
  externalAccountId: string,
): Promise<RuleRemap> {
  const rule = await namingRuleOf(companyId, connectorType, externalAccountId);
  await ruleEngineFor(rule);
  const refusal = re2Refusal(rule);
  if (refusal !== undefined) {
    return {
      changed: 0,
      moved: 0,
      ruleError: `The naming rule of ad account ${externalAccountId} cannot be used (${refusal}); its campaigns keep their mapping until the rule is corrected`,
    };
  }
  const changes = [];
  for (const campaign of await listCampaigns(companyId, connectorType, externalAccountId)) {
    const ruleLineId = lineIdByRule(rule, campaign.Name);
    if (campaign.RuleLineId === undefined || campaign.RuleLineId !== ruleLineId) changes.push({ campaign, ruleLineId });
  }
  if (!changes.length) return { changed: 0, moved: 0 };
  await setRuleLineIds(companyId, changes);
  const ruled = changes.filter((c) => !c.campaign.MediaChannelId).map((c) => c.campaign.ExternalCampaignId);
  const moved = await retargetCampaigns(companyId, connectorType, externalAccountId, ruled, {
    lineTargets: lineTargetsOf,
  });
  return { changed: changes.length, moved };
}
