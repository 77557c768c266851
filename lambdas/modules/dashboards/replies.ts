import type { PacingStatusCode } from '../performance/replies';

/**
 * Replies of DashboardService. Money is decimal, rounded half-up to 2 decimals once:
 * the manager dashboard's tiles in ITS currency (`Currency`: the asked account's, else the company's
 * default), the activities' pacing figures in each plan's own currency (`CurrencyCode`).
 */

/** An activity's plan-level pacing, as the top lists and the planner's home show it. */
export interface DashboardActivity {
  /** The account the activity is booked on (its sub-account, else its main account). */
  AccountId: number;
  AccountName: string;
  ActivityId: number;
  ActivityName: string;
  /** The latest approved version (the activity performance page's). */
  MediaMixId: number;
  CurrencyCode: string;
  PlannedBudget: number;
  PlannedToDate: number;
  ActualToDate: number;
  /** Percent, 2 decimals; null when nothing is planned to date yet. */
  PacingPct: number | null;
  Status: PacingStatusCode | null;
  Alert: 'under' | 'over' | null;
  ProjectedEndSpend: number;
  EndDate: string | null;
}

/** A slice of spend (a channel group, an account, or the rest). */
export interface SpendSlice {
  /** The channel group name, the account id as text; null for the rest ("other") or spend no plan line's group owns. */
  Key: string | null;
  Label: string;
  Spend: number;
  /** Share of the period's actual spend, percent with 2 decimals. */
  SharePct: number;
}

export interface PaceShare {
  /** Actual spend of the period through AsOf (the days the pacing judged), and its share in percent (2 decimals), by the current pacing of its activity's plan. */
  OnPace: number;
  Under: number;
  Over: number;
  /** Activities not live, not approved, or with nothing planned to date yet. */
  NotPaced: number;
  OnPacePct: number;
  UnderPct: number;
  OverPct: number;
  NotPacedPct: number;
}

export interface DataHealthSummary {
  /** Agent connectors the caller sees: OK and synced within FRESH_HOURS; OK but not (stale or never); not OK (Error, NoAccess, Untested). */
  Ok: number;
  Stale: number;
  Error: number;
}

export interface ManagerDashboard {
  Currency: string;
  From: string;
  To: string;
  Today: string;
  /** The last complete day ("to date" means through it). */
  AsOf: string;
  PacingLow: number;
  PacingHigh: number;
  /** Days of the period through AsOf; 0: the period has no complete day yet (the 1st of "this month"). */
  CompleteDays: number;
  /** Planned spend of the period through AsOf (the approved plans' lines: pro rata or monthly split). */
  PlannedToDate: number;
  /** Actual spend of the period through AsOf: the same days as PlannedToDate. */
  ActualToDate: number;
  /** Actual spend of the period through today (today's partial day included, as the report): the sum of SpendByAccount before it is cut to its top. */
  ActualSpend: number;
  /**
   * Spend projected at ProjectedTo: ActualToDate + average daily spend of the last 7 complete days
   * of the period × days left (today included); a period that has ended: its actual through AsOf.
   * Null when the period has no complete day yet (no basis).
   */
  ProjectedSpend: number | null;
  /** The day the projection runs to: the period's end, for this month its last day; null with no projection. */
  ProjectedTo: string | null;
  /** Management and system fees on the period's actual spend, each plan line's percentages (docs/domain.md). */
  ManagementFees: number;
  SystemFees: number;
  FeesEarned: number;
  LiveActivities: number;
  PaceShare: PaceShare;
  DataHealth: DataHealthSummary;
  TopOver: DashboardActivity[];
  TopUnder: DashboardActivity[];
  SpendByChannelGroup: SpendSlice[];
  /** The TOP_ACCOUNTS accounts with the most spend, then the rest as one slice (Key null). */
  SpendByAccount: SpendSlice[];
  ActivitiesRead: number;
  /** Line rollups read (activities whose lines differ in fees or channel group). */
  LinesRead: number;
  /**
   * Activities whose lines differ in fees or group and were not read line by line (past the line
   * reads' budget): their spend is split across their lines by planned spend, so their fees and
   * groups are estimates.
   */
  EstimatedActivities: number;
  Truncated: boolean;
}

export interface PlannerActivity extends DashboardActivity {
  /** Under- or over-pacing alerts open on the plan and its lines. */
  OpenAlerts: number;
}

export interface PlannerDashboard {
  Today: string;
  /** True when the activities are the ones the caller created; false: every live activity the caller sees. */
  Mine: boolean;
  Activities: PlannerActivity[];
  LiveActivities: number;
  Truncated: boolean;
}
