import type { ConnectorType, Day } from '../../shared/connector-platforms';
import type { Measures } from './stat-keys';

/** Where a stored stat was rolled up (absent: its campaign was unmapped). */
export interface StoredTarget {
  LineId?: number;
  ActivityId?: number;
  AccountId?: number;
}

/** A stat as stored, compact: what the engine keeps of the window in memory to compute deltas. */
export interface StoredStat extends Measures, StoredTarget {
  Date: Day;
  CampaignId: string;
  CampaignName: string;
  CampaignStatus?: string;
  Currency: string;
  Reach?: number;
}

/** A plan line's month whose day rollups a writer changed (month: YYYY-MM; currencies: those it saw on them). */
export interface LineMonth {
  lineId: number;
  activityId?: number;
  accountId?: number;
  month: string;
  currencies: Set<string>;
}

/** What the rules need of the daily grain's storage; daily-stat-store.dynamodb.ts implements it. */
export interface DailyStatStore {
  /** The item a stat is stored as, in its external account's partition. */
  statItem(companyId: number, type: ConnectorType, externalAccountId: string, s: StoredStat): Record<string, unknown>;
  /** The stored stats of one external account for [from, to], page by page. */
  readStats(
    companyId: number,
    type: ConnectorType,
    externalAccountId: string,
    from: Day,
    to: Day,
    consistent?: boolean,
  ): AsyncGenerator<StoredStat[]>;
}
