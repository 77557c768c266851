import type { ConflictError } from '../../core/errors';
import type { ConnectorTypeName } from '../../shared/connectors';

/**
 * Campaigns discovered on the ad platforms (docs/domain.md). The item's key IS the
 * campaign's natural key (platform × external account × external campaign), so the sync's upsert is
 * idempotent and a platform's or an external account's campaigns are one Query; a locator by id
 * serves GetCampaignInfo / SaveCampaign. Only the explicit mapping (MediaChannelId) is a person's
 * edit (versioned, audited); names and statuses follow the platform, and RuleLineId follows the
 * naming rule (stored by the sync, which evaluates rules: modules/connectors/campaign-rule-mappings.ts).
 */
export interface StoredCampaign {
  ID: number;
  ConnectorType: ConnectorTypeName;
  ExternalAccountId: string;
  ExternalCampaignId: string;
  Name: string;
  Status: string;
  MediaChannelId: number | null;
  /**
   * The plan line id its account connector's naming rule reads from its name, as the sync last
   * evaluated it (null: no rule, no match). Absent on campaigns stored before rules were stored: the
   * next sync of their ad account fills it. Read as is by the campaign screens and the rollups.
   */
  RuleLineId?: number | null;
  /**
   * Set with a person's mapping to the version that made it, while its stored history is still being
   * moved to the new line by a job (sync/remap.ts); removed by that job when the move is done.
   */
  HistoryMoving?: number;
  FirstSeenAt: string;
  LastSeenAt: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
}

export interface DiscoveredCampaign {
  ConnectorType: ConnectorTypeName;
  ExternalAccountId: string;
  ExternalCampaignId: string;
  Name: string;
  Status: string;
  /** The naming rule's line id for a campaign seen for the first time (an existing one's is left to setRuleLineIds). */
  RuleLineId?: number | null;
}

/** What the campaigns need of storage; campaign-store.dynamodb.ts implements it. */
export interface CampaignStore {
  getCampaignById(companyId: number, id: number, consistent?: boolean): Promise<StoredCampaign | undefined>;
  /** The campaigns of a platform, or of one external account of it, or every campaign. */
  listCampaigns(companyId: number, type?: ConnectorTypeName, externalAccountId?: string): Promise<StoredCampaign[]>;
  /** The sync's upsert: created when seen for the first time, else its name, status and LastSeenAt. */
  upsertDiscoveredCampaign(companyId: number, c: DiscoveredCampaign, at?: string): Promise<StoredCampaign>;
  /** The naming rule's results, as the sync re-evaluated them (a campaign gone meanwhile is skipped). */
  setRuleLineIds(
    companyId: number,
    changes: readonly { campaign: StoredCampaign; ruleLineId: number | null }[],
  ): Promise<void>;
  /** A person's mapping: versioned, audited in the same transaction. */
  replaceCampaignMapping(
    companyId: number,
    before: StoredCampaign,
    after: StoredCampaign,
    stale: ConflictError,
  ): Promise<void>;
  /** The history move of the mapping saved as `version` is done: the mark goes, unless a later mapping set it again. */
  clearHistoryMoving(
    companyId: number,
    connectorType: ConnectorTypeName,
    externalAccountId: string,
    externalCampaignId: string,
    version: number,
  ): Promise<void>;
}
