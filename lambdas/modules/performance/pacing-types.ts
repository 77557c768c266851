import type { CalendarDay } from '../../shared/calendar';
import type { AgentConnectorStatus } from '../../shared/connectors';
import type { DecimalInput, Minor } from '../../shared/money';
import type { ConnectorState, DaySpend } from './types';

/** What pacing (pacing.ts) takes and gives: the rules, a line's input, and a pacing with its basis. */

/** The company's thresholds and restatement window (configuration PacingLow 90, PacingHigh 110, RestatementDays 28). */
export interface PacingRules {
  /** Percent, up to 2 decimals. */
  pacingLow: DecimalInput;
  pacingHigh: DecimalInput;
  /** The last N days (today included) are provisional: platforms restate them. */
  restatementDays: number;
}

export interface PacingContext {
  /** Today in the company's time zone, 'YYYY-MM-DD'. */
  today: CalendarDay;
  rules: PacingRules;
  /** The agent connectors feeding the plan's actuals, with their health: the alert says it relies on them. */
  connectors: readonly ConnectorState[];
}

/** A plan line as pacing needs it, with its actual spend per day (plan currency, micros). */
export interface PacingLineInput {
  lineId: number;
  /** Net media in the plan's currency. */
  budget: DecimalInput;
  startDate: CalendarDay;
  endDate: CalendarDay;
  monthlySplit?: Readonly<Record<string, DecimalInput>> | null;
  spend: readonly DaySpend[];
}

export type PacingStatus = 'under' | 'on_pace' | 'over';
/** Why a pacing % is null: nothing could be planned to date yet. */
export type PacingNullReason = 'NOT_STARTED' | 'ZERO_PLAN' | 'NOTHING_PLANNED_YET';
export type PacingPhase = 'not_started' | 'live' | 'ended';
/** What an alert's reader should know about the figures behind it. */
export type BasisNote = 'NO_DATA' | 'MISSING_DAYS' | 'MOSTLY_PROVISIONAL' | 'ALL_PROVISIONAL' | 'CONNECTOR_UNHEALTHY';

/** The basis of a pacing figure (days of data, share provisional, connector health). */
export interface PacingBasis {
  /** Days of the flight through yesterday. */
  elapsedDays: number;
  /** Of those, days with at least one row of actuals. */
  daysOfData: number;
  /** Of the days of data, those inside the restatement window of today (they may still change). */
  provisionalDays: number;
  /** provisionalDays ÷ daysOfData in percent, 2 decimals; null without data. */
  provisionalSharePct: number | null;
  /** The worst health of the feeding connectors (Error > NoAccess > Untested > OK); null when none feeds it. */
  connectorHealth: AgentConnectorStatus | null;
  /** Names of the feeding connectors that are not OK. */
  unhealthyConnectors: string[];
  notes: BasisNote[];
  /** The elapsed flight days without data, earliest first, at most MAX_MISSING_DAYS (the count is elapsedDays − daysOfData). */
  missingDays: CalendarDay[];
}

/** Missing days named at most (a month's worth: the reply stays bounded on a long flight). */
export const MAX_MISSING_DAYS = 31;

export interface Pacing {
  phase: PacingPhase;
  /** Minor units of the plan's currency, as every amount below. */
  plannedBudget: Minor;
  plannedToDate: Minor;
  actualToDate: Minor;
  /** Percent with 2 decimals (87.5 = 87.50 %); null when nothing is planned to date (pacingNullReason says why). */
  pacingPct: number | null;
  pacingNullReason: PacingNullReason | null;
  status: PacingStatus | null;
  /** Under- or over-pacing of a LIVE line or plan; null otherwise. */
  alert: 'under' | 'over' | null;
  /** Days from today (or the start, if later) to the end date, both included; 0 once ended. */
  daysLeft: number;
  /** Average daily spend of the last 7 complete days of the flight. */
  averageDailySpend: Minor;
  projectedEndSpend: Minor;
  /** Budget − actual to date; negative when over budget. */
  amountLeft: Minor;
  /** What each day left must spend to land on the budget (0 when nothing is left); null once ended. */
  dailySpendNeeded: Minor | null;
  basis: PacingBasis;
}

export interface LinePacing extends Pacing {
  lineId: number;
}

export interface PlanPacing {
  lines: LinePacing[];
  plan: Pacing;
}
