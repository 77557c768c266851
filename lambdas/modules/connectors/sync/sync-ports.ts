import type { ConnectorType, Day, PlatformCredentials } from '../platform';

/**
 * What the sync engine asks of the connector entities, and nothing more. The engine
 * (lambdas/modules/connectors/sync/*) takes a SyncPorts as a parameter; the connector repositories implement it
 * (agent connectors with their credential store, account connectors with their naming rule,
 * campaigns with their mapping to plan lines: `dynamoSyncPorts`, which the workers and `npm start`
 * use). The engine's tests and the bench use the in-memory ports of test/support/memory-sync-ports.ts.
 */

/** (a) One agent connector as the sync needs it: its type, its credentials and the external accounts to sync. */
export interface SyncConnector {
  agentConnectorId: number;
  connectorType: ConnectorType;
  /** Read from the credential store (Secrets Manager); never logged, never stored by the sync. */
  credentials: PlatformCredentials;
  externalAccounts: SyncExternalAccount[];
}

export interface SyncExternalAccount {
  externalAccountId: string;
  /** The IANA zone of the account's days (as the platform reports it); the company's when unknown. */
  timeZone?: string;
}

/** (b) A campaign a sync saw, to be created or refreshed in the campaigns list. */
export interface DiscoveredCampaign {
  connectorType: ConnectorType;
  externalAccountId: string;
  externalCampaignId: string;
  name: string;
  status?: string;
  currency: string;
  /** The first and last day this sync saw delivery for it. */
  firstDay: Day;
  lastDay: Day;
}

/** (c) Where a campaign's actuals roll up: its plan line (of the latest approved version), that line's activity and account. */
export interface LineTarget {
  lineId: number;
  activityId: number;
  /** The main account the activity belongs to (account-per-month rollups). */
  accountId: number;
}

/** A campaign's identity across platforms and accounts. */
export interface CampaignRef {
  connectorType: ConnectorType;
  externalAccountId: string;
  externalCampaignId: string;
}

export const campaignKey = (c: CampaignRef) => `${c.connectorType}|${c.externalAccountId}|${c.externalCampaignId}`;

/** How one external account's sync ended, recorded on it (the connector screen's status, LastSyncAt, LastError). */
export interface ExternalAccountResult {
  status: 'OK' | 'NoAccess' | 'Error';
  at: string;
  /** In the user's words (PlatformError messages carry no tokens). */
  error?: string;
  /** The platform error's kind and code, when the error is one platform error alone (the console translates it). */
  errorKind?: string;
  platformCode?: string;
}

export interface SyncPorts {
  /** The dispatcher's list: every active agent connector of the company with its external accounts (no credentials needed). */
  connectorsOf(
    companyId: number,
  ): Promise<{ agentConnectorId: number; connectorType: ConnectorType; externalAccountIds: string[] }[]>;
  /** (a) One agent connector with its credentials; undefined when it is gone or inactive (the message is dropped). */
  loadConnector(companyId: number, agentConnectorId: number): Promise<SyncConnector | undefined>;
  /** (b) Create or refresh the campaigns a sync discovered (name, status, the days seen); the naming rule may map new ones. */
  upsertCampaigns(companyId: number, agentConnectorId: number, campaigns: DiscoveredCampaign[]): Promise<void>;
  /** (c) The line each campaign maps to (explicit choice, else the naming rule); unmapped campaigns are absent from the map. */
  lineTargets(companyId: number, campaigns: CampaignRef[]): Promise<Map<string, LineTarget>>;
  /**
   * Optional: at the end of an external account's sync (its writes done), re-read the naming rule over
   * ALL its stored campaigns and move the history of those whose reading changed; a rule the engine
   * refuses comes back as `ruleError` (recorded on the connector; nothing changed).
   */
  remapByRule?(
    companyId: number,
    agentConnectorId: number,
    ref: { connectorType: ConnectorType; externalAccountId: string },
  ): Promise<{ ruleError?: string }>;
  /**
   * Optional: the earliest start of the flights (activities) of the accounts the ad account is linked
   * to, so a sync backfills them whole (sync-window.ts); undefined when it feeds none.
   */
  flightsFrom?(companyId: number, agentConnectorId: number, externalAccountId: string): Promise<Day | undefined>;
  /** Record how one external account's sync ended (never called with credentials). */
  recordResult(
    companyId: number,
    agentConnectorId: number,
    externalAccountId: string,
    result: ExternalAccountResult,
  ): Promise<void>;
}
