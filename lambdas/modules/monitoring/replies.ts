import type { AgentConnectorStatus, ConnectorTypeName } from '../../shared/connectors';
import type { Page } from '../../shared/replies/reply';

/** Replies of MonitoringService (/systemMonitoring). Plain TypeScript: the console imports it. */

/** How an ad account's last sync ended ('Never': no sync has started for it yet). */
export type SyncHealthStatus = 'Running' | 'OK' | 'NoAccess' | 'Error' | 'Never';

/** One ad account an agent connector syncs (linked to an account the caller may see). */
export interface ExternalAccountHealth {
  ExternalAccountId: string;
  /** As the platform named it at the connection's last test ('' when unknown). */
  Name: string;
  AccountId: number;
  AccountName: string;
  Status: SyncHealthStatus;
  /** The end of the last successful sync (ISO), or null. */
  LastSyncAt: string | null;
  /** Whole hours since LastSyncAt; null: never synced. */
  FreshnessHours: number | null;
  /** Rows read from the platform by its last run (null: no run kept). */
  RowsLastRun: number | null;
  /** When its last run started (ISO), or null. */
  LastRunAt: string | null;
  /** Why its last sync failed, in the user's words (the platform's reason as the sync recorded it); '' when none. */
  LastError: string;
}

/** An agent connector (a company's connection to a platform) and the ad accounts it syncs. */
export interface ConnectorHealth {
  AgentConnectorId: number;
  Name: string;
  ConnectorType: ConnectorTypeName;
  Status: AgentConnectorStatus;
  /** The connection's last error in the user's words; '' when OK. */
  LastError: string;
  LastSyncAt: string | null;
  /** Whole hours since its oldest ad account's last successful sync (the least fresh); null: one never synced or none linked. */
  FreshnessHours: number | null;
  ExternalAccounts: ExternalAccountHealth[];
}

/** A live activity whose account has no actuals from a platform it is linked to, within the last NoDataDays. */
export interface MissingDataRow {
  ActivityId: number;
  ActivityName: string;
  AccountId: number;
  AccountName: string;
  /** The platform with no data; null: the account is linked to no platform at all. */
  ConnectorType: ConnectorTypeName | null;
}

/** MonitoringService.GetDataHealth. */
export interface DataHealth {
  Connectors: ConnectorHealth[];
  MissingData: MissingDataRow[];
  NoDataDays: number;
  /** When it was read (ISO): freshness is counted to this. */
  AsOf: string;
}

/** One sync of one ad account (kept 90 days). */
export interface SyncRunView {
  RunId: string;
  AgentConnectorId: number;
  /** '' when the connection is gone. */
  AgentConnectorName: string;
  ConnectorType: ConnectorTypeName;
  ExternalAccountId: string;
  AccountId: number | null;
  StartedAt: string;
  EndedAt: string | null;
  /** Whole seconds; null while it runs. */
  DurationSeconds: number | null;
  /** The days it read. */
  From: string;
  To: string;
  RowsRead: number;
  RowsWritten: number;
  Status: 'Running' | 'OK' | 'NoAccess' | 'Error';
  /** In the user's words; '' when none. */
  Error: string;
}

export type SyncRunsPage = Page<SyncRunView>;

/** Spend of one campaign in one currency over the window that no plan line owns. */
export interface UnmappedCampaign {
  /** The campaign's id on the campaigns screen (null: its campaign item is not stored yet). */
  CampaignId: number | null;
  ExternalCampaignId: string;
  Name: string;
  ConnectorType: ConnectorTypeName;
  ExternalAccountId: string;
  AccountId: number;
  AccountName: string;
  Currency: string;
  /** Spend in Currency (decimal, from the stored micros). */
  Spend: number;
  Impressions: number;
  Clicks: number;
  /** Days with a stat in the window, and the last of them. */
  Days: number;
  LastDay: string;
}

/** MonitoringService.GetUnmappedCampaigns. */
export interface UnmappedCampaigns {
  Items: UnmappedCampaign[];
  From: string;
  To: string;
  /** Ad accounts whose stats were read; with Truncated, the rest (most of the window's reads left) were not. */
  AccountsRead: number;
  Truncated: boolean;
}
