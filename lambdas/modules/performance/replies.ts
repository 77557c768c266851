import type { AgentConnectorStatus } from '../../shared/connectors';
import type { VersionStatus } from '../../shared/version-status';
import type { BuyType } from '../../shared/money';

/**
 * Replies of PerformanceService: plan vs actual. Money is decimal in the account
 * (plan) currency, rounded half-up to 2 decimals once (docs/pacing-and-billing.md); "to date" is
 * through yesterday, the company's last complete day.
 */

/** Why a pacing % is null: nothing is planned to date yet. */
export type PacingNullReasonCode = 'NOT_STARTED' | 'ZERO_PLAN' | 'NOTHING_PLANNED_YET';
export type PacingStatusCode = 'under' | 'on_pace' | 'over';
export type PacingPhaseCode = 'not_started' | 'live' | 'ended';
/** What a reader of an alert should know about the figures behind it. */
export type BasisNoteCode =
  | 'NO_DATA'
  | 'MISSING_DAYS'
  | 'MOSTLY_PROVISIONAL'
  | 'ALL_PROVISIONAL'
  | 'CONNECTOR_UNHEALTHY';

/** The basis of a pacing figure: days of data, share provisional, connector health. */
export interface PacingBasisView {
  ElapsedDays: number;
  DaysOfData: number;
  /** Days of data inside the restatement window of today: they may still change. */
  ProvisionalDays: number;
  /** Percent, 2 decimals; null without data. */
  ProvisionalSharePct: number | null;
  /** The worst status of the feeding agent connectors; null when none feeds the account. */
  ConnectorHealth: AgentConnectorStatus | null;
  UnhealthyConnectors: string[];
  Notes: BasisNoteCode[];
  /** The elapsed flight days without data, earliest first (at most 31; ElapsedDays − DaysOfData of them in all). */
  MissingDays: string[];
}

/** Pacing of a line or of the whole plan (lambdas/modules/performance/pacing.ts). */
export interface PacingView {
  Phase: PacingPhaseCode;
  PlannedBudget: number;
  PlannedToDate: number;
  ActualToDate: number;
  /** Percent, 2 decimals (87.5 = 87.50 %); null when nothing is planned to date (PacingNullReason). */
  PacingPct: number | null;
  PacingNullReason: PacingNullReasonCode | null;
  Status: PacingStatusCode | null;
  /** Under- or over-pacing of a live line or plan; null otherwise. */
  Alert: 'under' | 'over' | null;
  /** Days from today (or the start) to the end date, both included; 0 once ended. */
  DaysLeft: number;
  AverageDailySpend: number;
  ProjectedEndSpend: number;
  /** Budget − actual to date; negative when over budget. */
  AmountLeft: number;
  /** What each day left must spend to land on the budget; null once ended. */
  DailySpendNeeded: number | null;
  Basis: PacingBasisView;
}

/**
 * KPIs (lambdas/modules/performance/kpis.ts): a division by zero is 0 (docs/domain.md); null = not known (a count the
 * line's buy type does not plan, and the ratios built on it).
 */
export interface KpiSetView {
  Impressions: number | null;
  Clicks: number | null;
  Conversions: number | null;
  Spend: number;
  /** Percent. */
  Ctr: number | null;
  Cpc: number | null;
  Cpm: number | null;
  Cpa: number | null;
  /** Percent. */
  Cvr: number | null;
  /** A ratio (3.2 = 3.20 returned per 1 spent). */
  Roas: number | null;
}

export interface KpiComparisonView {
  /** For the whole flight. */
  Planned: KpiSetView;
  /**
   * Planned through yesterday: the buy type's unit planned for the planned spend to date (the same
   * unit cost, pro rata by days or the monthly split as the pacing's planned to date), that spend,
   * and the ratios that follow; what the buy type does not plan is null.
   */
  PlannedToDate: KpiSetView;
  /** To date. */
  Actual: KpiSetView;
}

/** A performance-scope custom column shown beside the figures (its values are keyed by String(Id)). */
export interface CustomColumnHead {
  Id: number;
  Name: string;
  /** percent: the value is a ratio (0.05), shown × 100. */
  Format: 'number' | 'currency' | 'percent';
}

/** Each custom column's value by String(column id): 0 on a division by zero (docs/domain.md), null when not a finite number or the formula no longer parses. */
export type CustomValues = Record<string, number | null>;

/** The exchange-rate effect, apart from delivery: actuals at the days' rates − at the plan's fixed rate. */
export interface FxEffectView {
  AtDayRates: number;
  /** Null when the plan has no approved rate, or a currency is not of its pair (Gap). */
  AtPlanRate: number | null;
  Effect: number | null;
  Gap: 'NO_PLAN_RATE' | 'CURRENCY_NOT_IN_PLAN_RATE' | null;
  ForeignCurrencies: string[];
}

export interface PerformanceFigures {
  Pacing: PacingView;
  Kpis: KpiComparisonView;
  Fx: FxEffectView;
  /** The performance custom columns over the actual figures to date (the plan's: over the plan's sums). */
  Custom: CustomValues;
}

export interface PerformanceLine extends PerformanceFigures {
  LineId: number;
  Name: string;
  ChannelTypeName: string;
  BuyType: BuyType;
  StartDate: string;
  EndDate: string;
  /** The plan lines whose actuals are this line's: itself and its copies or sources in the version compared with (SourceLineId). */
  ActualLineIds: number[];
}

/** A series of the daily spend chart: a plan line, or the rest of the lines summed (LineId null). */
export interface PerformanceSeriesLine {
  LineId: number | null;
  Name: string;
}

/** One day of the plan's flight, for the charts and their tables. */
export interface PerformanceDay {
  Day: string;
  /** Inside the restatement window of today: the platforms may still restate it. */
  Provisional: boolean;
  /** The day's spend of all lines; null from today on (not complete yet). */
  Spend: number | null;
  /** Spend per series (SeriesLines, same order); empty from today on. */
  ByLine: number[];
  /** Planned spend to date as of the day (end of day), all lines. */
  CumulativePlanned: number;
  /** Actual spend through the day; null from today on. */
  CumulativeActual: number | null;
  /** The projection (spend to date + the last 7 days' average × days): from yesterday to the end; null before, and when the plan has ended. */
  Projection: number | null;
}

/** Which version's lines the actuals come from (campaigns map to the lines of the latest approved version). */
export interface ActualsSource {
  MediaMixId: number;
  Version: number;
  Status: VersionStatus;
}

/** The agent connectors feeding the account's actuals, with their health. */
export interface FeedingConnector {
  ID: number;
  Name: string;
  Status: AgentConnectorStatus;
  LastSyncAt: string | null;
  LastError: string;
}

/** PerformanceService.GetActivityPerformance: one version of an activity's plan against its actuals. */
export interface ActivityPerformance extends PerformanceFigures {
  AccountId: number;
  ActivityId: number;
  ActivityName: string;
  MediaMixId: number;
  Version: number;
  VersionName: string;
  VersionStatus: VersionStatus;
  /** The latest approved version, when it is not this one: the actuals come from its lines (followed through SourceLineId) as well as this version's own. Null when this version is the latest approved one, or none is approved. */
  ActualsAlsoFrom: ActualsSource | null;
  /** 1 USD, 2 ILS. */
  Currency: 1 | 2;
  CurrencyCode: string;
  /** The company's today; "to date" is through AsOf (yesterday). */
  Today: string;
  AsOf: string;
  /** The first provisional day (today − RestatementDays + 1). */
  ProvisionalFrom: string;
  RestatementDays: number;
  PacingLow: number;
  PacingHigh: number;
  /** The plan's flight: its first line's start to its last line's end (null without lines). */
  StartDate: string | null;
  EndDate: string | null;
  Lines: PerformanceLine[];
  SeriesLines: PerformanceSeriesLine[];
  Days: PerformanceDay[];
  Connectors: FeedingConnector[];
  /** The company's performance-scope custom columns (none for a client-only caller). */
  CustomColumns: CustomColumnHead[];
}

/** One under- or over-pacing alert (PerformanceService.GetPacingAlerts): a live line, or a live activity's whole plan (LineId null). */
export interface PacingAlert {
  /** The account to open the activity performance page with (the sub-account the activity is booked on, else its main account). */
  AccountId: number;
  AccountName: string;
  ActivityId: number;
  ActivityName: string;
  /** The latest approved version paced. */
  MediaMixId: number;
  Version: number;
  /** Null: the activity's whole plan. */
  LineId: number | null;
  LineName: string | null;
  CurrencyCode: string;
  Pacing: PacingView;
}

/** PerformanceService.GetPacingAlerts: the alerts of the live activities' latest approved plans the caller sees. */
export interface PacingAlerts {
  Today: string;
  PacingLow: number;
  PacingHigh: number;
  /** Plans first (per activity, by alert then activity), then lines. */
  Alerts: PacingAlert[];
  /** Live activities the caller sees (in the request's account, if one was sent). */
  LiveActivities: number;
  /** Live activities read (at most the cap, the ones ending soonest first). */
  ActivitiesRead: number;
  /** More live activities than the cap, or more alerts than the cap: some are not listed. */
  Truncated: boolean;
}
