import type { CalendarDay } from '../../shared/calendar';
import type { AgentConnectorStatus } from '../../shared/connectors';

/**
 * The plain data the plan-vs-actual rules (pacing.ts, kpis.ts, actuals-fx.ts,
 * billable.ts) compute on. No DynamoDB: the readers of modules/performance-data/rollup-read-store.dynamodb.ts hand rows of
 * exactly this shape (RollupRow: one day of one plan line, activity or account in one currency,
 * summed over its sources), and the routes pass them in.
 */

/** One day's actuals in ONE currency, as a line's or an activity's rollup holds them (integers: exact sums). */
export interface ActualDay {
  /** The day, 'YYYY-MM-DD', in the ad account's own days. */
  Period: CalendarDay;
  /** The currency the platform reported (ISO code: 'USD', 'ILS', …). */
  Currency: string;
  Impressions: number;
  Clicks: number;
  /** Spend in millionths of the currency's major unit (1.5 USD → 1,500,000). */
  SpendMicros: number;
  /** Conversions in thousandths (platforms report fractional conversions). */
  ConversionsMilli: number;
  ConversionValueMicros: number;
  VideoViews: number;
}

/** One day's spend already in the plan's (account's) currency, in micros; a day without a row has no entry. */
export interface DaySpend {
  day: CalendarDay;
  spendMicros: number;
}

/** An agent connector feeding the figures, as its item says (docs/domain.md). */
export interface ConnectorState {
  id: number;
  name: string;
  status: AgentConnectorStatus;
  /** The last day its last successful sync read (the sync's `to`); null or absent: never synced. */
  lastSyncedTo?: CalendarDay | null;
}
