import type {
  AgentConnectorStatus,
  ConnectorTypeName,
  CredentialFieldName,
  CredentialFieldSpec,
} from '../../../shared/connectors';
import type { LineActualsTotal } from './campaign-mapping';
import type { Stamped } from '../../../shared/replies/reply';

/** Replies of ConnectorsService and the campaign calls of AccountsService. */

/** A global connector (docs/domain.md): a platform type Mixdesk can read. */
export interface GlobalConnector {
  ID: number;
  Type: ConnectorTypeName;
  Name: string;
  CredentialFields: CredentialFieldSpec[];
  Active: boolean;
  version: number;
}

/** An external ad account an agent connector can see (as the platform described it at the last test). */
export interface ExternalAccountView {
  ExternalAccountId: string;
  Name: string;
  Currency: string;
  TimeZone: string;
}

/**
 * A company's connection to a platform. Credentials are write-only: the reply says which fields
 * are set (`CredentialsSet`), never a value.
 */
export interface AgentConnector extends Stamped {
  ID: number;
  ConnectorId: number;
  ConnectorType: ConnectorTypeName;
  Name: string;
  Status: AgentConnectorStatus;
  /** The platform's reason for the last NoAccess / Error, in our words plus its code; '' when OK. */
  LastError: string;
  /**
   * What kind of failure LastError is, for the console to say it in the user's language ('' or
   * absent: none, or one without a kind — LastError is shown as is): a platform error's kind (auth,
   * permission, throttled, transient, invalid, malformed), noAccounts or unexpected.
   */
  LastErrorKind?: string;
  /** The platform's own code of LastError ('' when none). */
  LastErrorCode?: string;
  LastTestedAt: string | null;
  LastSyncAt: string | null;
  ExternalAccounts: ExternalAccountView[];
  CredentialsSet: CredentialFieldName[];
  Archived: boolean;
}

export interface AgentConnectorsList {
  Items: AgentConnector[];
  /** The active global connectors a new agent connector may use (with the credential fields each needs). */
  Connectors: GlobalConnector[];
}

/** An account (or sub-account) linked to external ad accounts of an agent connector. */
export interface AccountConnector extends Stamped {
  ID: number;
  AccountId: number;
  AgentConnectorId: number;
  ConnectorType: ConnectorTypeName;
  AgentConnectorName: string;
  ExternalAccountIds: string[];
  /** A regular expression over campaign names whose first capture group is a plan line id; '' = none. */
  NamingRule: string;
  Archived: boolean;
}

/**
 * What a link save did about syncing: queued a sync of the ad accounts it changed; none (nothing to
 * sync); a sync of the connection is under way already; or left to the next scheduled sync (the
 * caller may not Sync now, the connector is off, the queue refused).
 */
export type LinkSync = 'queued' | 'none' | 'underWay' | 'nextScheduledRun';

/** SaveAccountConnector's reply: the link as stored, and what the save did about syncing. */
export interface SavedAccountConnector extends AccountConnector {
  Sync: LinkSync;
}

/** How a campaign reaches its plan line: chosen by a person, by the account connector's naming rule, or not at all. */
export type CampaignMappedBy = 'explicit' | 'rule' | null;

/** A campaign on an ad platform ("global campaign", docs/domain.md) and where it is mapped. */
export interface CampaignView {
  ID: number;
  ConnectorType: ConnectorTypeName;
  ExternalAccountId: string;
  ExternalCampaignId: string;
  Name: string;
  Status: string;
  /** The account whose account connector links the external account (null: linked to none). */
  AccountId: number | null;
  /** That account's name (the client the campaign reports to); null when linked to none. */
  AccountName: string | null;
  /** The explicit mapping as chosen (a line of the version it was chosen in), or null. */
  MediaChannelId: number | null;
  MappedBy: CampaignMappedBy;
  /** The line actuals go to: the chosen (or ruled) line followed into the latest approved version. */
  MappedLineId: number | null;
  MappedLineName: string | null;
  MappedActivityId: number | null;
  MappedVersion: number | null;
  /** The line was removed in this version: the campaign is unmapped and listed until mapped again. */
  LineRemovedInVersion: number | null;
  LastSeenAt: string;
  version: number;
  /** Its mapping was saved and its stored history is still being moved to the new line (a job): figures are under way. */
  HistoryMoving: boolean;
  /** The campaign's own actuals to date per currency (its stored stats), on the campaigns list only. */
  Actuals?: LineActualsTotal[];
}

/**
 * An ad account of a choice, and the link that holds it already (an ad account reports to one
 * account at a time): null when free; the account's id and name only to a caller who sees it.
 */
export interface ExternalAccountChoice extends ExternalAccountView {
  LinkedTo: { AccountConnectorId: number; AccountId: number | null; AccountName: string | null } | null;
}

/** An agent connector as an account's staff choose it (no credentials, no health detail). */
export interface AgentConnectorChoice {
  ID: number;
  Name: string;
  ConnectorType: ConnectorTypeName;
  ExternalAccounts: ExternalAccountChoice[];
}

/** GetAccountConnectorsList: the account's links, and the company's connections they may link to. */
export interface AccountConnectorsList {
  Items: AccountConnector[];
  AgentConnectors: AgentConnectorChoice[];
}

/**
 * What a naming rule does to one campaign (PreviewNamingRule): maps it to a line (`rule`); the
 * campaign is mapped by hand, which wins (`explicit`); the rule reads no line id from its name
 * (`noMatch`); the id read is no line of the link's account (`lineNotInAccount`); the line was
 * removed from the plan (`lineRemoved`).
 */
export type NamingRuleOutcome = 'rule' | 'explicit' | 'noMatch' | 'lineNotInAccount' | 'lineRemoved';

export interface NamingRulePreviewItem {
  ExternalAccountId: string;
  ExternalCampaignId: string;
  Name: string;
  Outcome: NamingRuleOutcome;
  /** The line id the rule reads from the name (null: none). */
  RuleLineId: number | null;
  /** Where the campaign's actuals would go: the line followed into the latest approved version. */
  MappedLineId: number | null;
  MappedLineName: string | null;
  MappedVersion: number | null;
  LineRemovedInVersion: number | null;
}

/** PreviewNamingRule's reply: the first campaigns by name (at most 200) of Total. */
export interface NamingRulePreview {
  Items: NamingRulePreviewItem[];
  Total: number;
  /** RE2 refuses the rule (its words): the sync would record it and map nothing by it. */
  RuleError: string | null;
}
