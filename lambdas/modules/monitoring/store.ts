import type { ConnectorType, Day } from '../../shared/connector-platforms';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { SyncRun, SyncState } from '../connectors';

export type RunSummary = Pick<SyncRun, 'AgentConnectorId' | 'ExternalAccountId' | 'RowsRead' | 'StartedAt' | 'Status'>;

export interface LiveActivity {
  ID: number;
  AccountId: number;
  SubAccountId: number | null;
  Name: string;
}

/** A stored stat of an unmapped campaign, as the unmapped-spend read needs it. */
export interface UnmappedStat {
  Date: Day;
  CampaignId: string;
  CampaignName: string;
  Currency: string;
  SpendMicros: number;
  Impressions: number;
  Clicks: number;
}

/**
 * What the monitoring page needs of storage (reads only: the sync and the activities write these
 * items); store.dynamodb.ts implements it.
 */
export interface MonitoringStore {
  /** Every sync state of the company (one per agent connector × linked ad account). */
  listSyncStates(companyId: number): Promise<SyncState[]>;
  /** The latest run of each wanted `<agentConnectorId>#<externalAccountId>`, reading at most `maxItems` runs. */
  latestRunsOf(companyId: number, wanted: ReadonlySet<string>, maxItems?: number): Promise<Map<string, RunSummary>>;
  /** One page of the company's runs, newest first, filtered, keeping those `visible` accepts. */
  syncRunsPage(
    companyId: number,
    f: { agentConnectorId?: number; status?: string },
    limit: number,
    nextToken: string | null | undefined,
    visible: (run: SyncRun) => boolean,
    maxReads?: number,
  ): Promise<ListPage<SyncRun>>;
  /** The company's live activities that end on or after `today`. */
  listLiveActivities(companyId: number, today: Day): Promise<LiveActivity[]>;
  /** The platforms an account's rollups hold a day of within [from, to]. */
  platformsWithData(companyId: number, accountId: number, from: Day, to: Day): Promise<Set<string>>;
  /** The stats of one ad account for [from, to] that were rolled up to no plan line, and how many items were read. */
  readUnmappedStats(
    companyId: number,
    type: ConnectorType,
    externalAccountId: string,
    from: Day,
    to: Day,
  ): Promise<{ stats: UnmappedStat[]; scanned: number }>;
}
