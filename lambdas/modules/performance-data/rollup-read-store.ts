import type { Day } from '../../shared/connector-platforms';
import type { Measures } from './stat-keys';

export interface RollupRow extends Measures {
  /** A day (line, activity) or a month (account). */
  Period: string;
  Currency: string;
}

/** What the rules need of the rollups' storage (read only: the sync writes them); rollup-read-store.dynamodb.ts implements it. */
export interface RollupReadStore {
  /** A plan line's actuals by day and currency, for [from, to]. */
  readLineRollup(companyId: number, lineId: number, from: Day, to: Day): Promise<RollupRow[]>;
  /** An activity's actuals by day and currency. */
  readActivityRollup(companyId: number, activityId: number, from: Day, to: Day): Promise<RollupRow[]>;
  /** An account's actuals by month (YYYY-MM) and currency (its mapped campaigns'). */
  readAccountRollup(companyId: number, accountId: number, fromMonth: string, toMonth: string): Promise<RollupRow[]>;
}
