import { listCampaigns } from './campaign-store.dynamodb';
import { linkedElsewhere, listExternalLinks } from './connector-store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { CampaignView, NamingRuleOutcome, NamingRulePreview } from './replies/connectors';
import { checkLinkInput, loadAccountConnector, type AccountConnectorInput } from './account-connector-input';
import { viewsUnderRule } from './campaigns';
import { lineIdByRule, re2Refusal, ruleEngineFor } from './naming-rule';
import { ValidationError } from '../../core/errors';

/**
 * ConnectorsService.PreviewNamingRule: an unsaved link's naming rule evaluated as the sync would
 * (RE2, naming-rule.ts) over the stored campaigns of the ad accounts the link would hold, read as
 * the campaigns screen reads them. The only route that bundles RE2 (its own bundle budget,
 * bench/handler-bundles.ts, and re2.wasm beside it, lib/lambda-bundling.ts). A read: nothing stored.
 */

/** Campaigns answered at most (the first by name); Total counts them all. */
export const PREVIEW_LIMIT = 200;

export async function previewNamingRuleFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: AccountConnectorInput,
): Promise<NamingRulePreview> {
  const { account, agent, ids } = await checkLinkInput(caller, scopeAccountId, input);
  if (input.ID > 0) {
    // Editing a link: it must be the request account's, on the same connection (as a save requires).
    const before = await loadAccountConnector(caller, scopeAccountId, input.ID);
    if (before.AgentConnectorId !== agent.ID)
      throw new ValidationError(
        'accountConnector.AgentConnectorId: cannot change; remove this link and make a new one',
        'FIELD_CANNOT_CHANGE',
        { field: 'accountConnector.AgentConnectorId' },
      );
  }
  // Only ad accounts this link holds or may take: one held by another link is refused as a save would be.
  const links = await listExternalLinks(caller.companyId);
  for (const id of ids) {
    const held = links.find((l) => l.ConnectorType === agent.ConnectorType && l.ExternalAccountId === id);
    if (held && held.AccountConnectorId !== input.ID) throw linkedElsewhere(agent.ConnectorType, id);
  }
  await ruleEngineFor(input.NamingRule);
  const refusal = re2Refusal(input.NamingRule);
  const campaigns = (
    await Promise.all(ids.map((id) => listCampaigns(caller.companyId, agent.ConnectorType, id)))
  ).flat();
  campaigns.sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID);
  const first = campaigns
    .slice(0, PREVIEW_LIMIT)
    .map((c) => ({ ...c, RuleLineId: refusal === undefined ? lineIdByRule(input.NamingRule, c.Name) : null }));
  const views = await viewsUnderRule(caller.companyId, account, first);
  return {
    Items: views.map((v, i) => ({
      ExternalAccountId: v.ExternalAccountId,
      ExternalCampaignId: v.ExternalCampaignId,
      Name: v.Name,
      Outcome: outcomeOf(v, first[i].RuleLineId),
      RuleLineId: first[i].RuleLineId,
      MappedLineId: v.MappedLineId,
      MappedLineName: v.MappedLineName,
      MappedVersion: v.MappedVersion,
      LineRemovedInVersion: v.LineRemovedInVersion,
    })),
    Total: campaigns.length,
    RuleError: refusal ?? null,
  };
}

function outcomeOf(v: CampaignView, ruleLineId: number | null): NamingRuleOutcome {
  if (v.MappedBy === 'explicit') return 'explicit';
  if (ruleLineId === null) return 'noMatch';
  if (v.MappedBy === 'rule' && v.LineRemovedInVersion !== null) return 'lineRemoved';
  return v.MappedBy === 'rule' && v.MappedLineId !== null ? 'rule' : 'lineNotInAccount';
}
