import type { ConnectorType } from '../../shared/connector-platforms';
import type { LineMonth } from './daily-stat-store';
import type { Measures } from './stat-keys';

export interface MonthSummaryRow {
  LineId: number;
  ActivityId?: number;
  AccountId?: number;
  Currency: string;
  SpendMicros: number;
  /** Day of month ("01".."31") → spend (micros). */
  DaySpend: Record<string, number>;
}

/** A summary item with every measure (the month report, docs/reports.md "How it reads"). */
export interface MonthSummaryItem extends Measures {
  LineId: number;
  ActivityId?: number;
  AccountId?: number;
  Currency: string;
  DaySpend: Record<string, number>;
  /** Day of month → conversion value (micros); absent on items written before it existed (the backfill adds it). */
  DayValue?: Record<string, number>;
}

/** What the rules need of the month summaries' storage; month-summary-store.dynamodb.ts implements it. */
export interface MonthSummaryStore {
  /** Rewrites the month summaries of the (line, month) pairs a writer of ONE source account changed; returns the items written. */
  refreshMonthSummaries(
    companyId: number,
    type: ConnectorType,
    externalAccountId: string,
    touched: readonly LineMonth[],
    concurrency?: number,
  ): Promise<number>;
  /** Every summary item of a company's month (YYYY-MM), spend only. */
  readMonthSummary(companyId: number, month: string): Promise<MonthSummaryRow[]>;
  /** Every summary item of a company's month with all its measures, its days decoded where `daysFor` says so. */
  readMonthSummaryItems(
    companyId: number,
    month: string,
    daysFor?: (currency: string) => boolean,
  ): Promise<MonthSummaryItem[]>;
}
