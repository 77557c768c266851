/** ReportsService replies. Shared with the console: no server imports. */
import type { CustomColumnHead, CustomValues } from '../../performance/replies';

export type { CustomColumnHead, CustomValues };

/** The figures of one row (or the totals): money in the report's currency, major units, 2 decimals; ratios 0 on a zero denominator (docs/domain.md). */
export interface ReportFigures {
  Spend: number;
  Impressions: number;
  Clicks: number;
  /** 2 decimals (platforms report fractions). */
  Conversions: number;
  ConversionValue: number;
  VideoViews: number;
  /** Percent (2.35 = 2.35 %). */
  Ctr: number;
  Cpc: number;
  Cpm: number;
  Cpa: number;
  /** Percent. */
  Cvr: number;
  Roas: number;
}

export interface ReportRow extends ReportFigures {
  /** The group's key: an account, activity, plan line or channel type id, a day 'YYYY-MM-DD' or a month 'YYYY-MM'. */
  Key: string;
  Label: string;
  /** The same group in the previous period (only when compare was asked; zeros when it had no data). */
  Previous?: ReportFigures;
  /**
   * Rows grouped by activity or plan line: where the activity performance page is
   * (/accounts/{AccountId}/activities/{ActivityId}/mediaMix/{MediaMixId}/stats) — the account the
   * activity is booked on (its sub-account, else its main account) and its latest approved version
   * (null when it has none: no page to link to). Absent on other groupings.
   */
  AccountId?: number;
  ActivityId?: number;
  MediaMixId?: number | null;
  /**
   * Grouped by account or activity: the spend of the account's (AccountId, Label its name) linked
   * ad accounts that no plan line owns (unmapped campaigns), one row per account, in the totals.
   */
  Unmapped?: true;
  /** Rows grouped by campaign: the platform (connector type), and the plan line the campaign's stats are on (its activity is ActivityId). */
  Platform?: string;
  LineId?: number;
  LineName?: string;
  /** The performance custom columns over this row's figures, by String(column id) (0 on a division by zero, null when not a finite number). Always sent ({} without columns). */
  Custom?: CustomValues;
}

/** The totals row: the figures summed, the custom columns over those sums (not a sum of the rows' values). */
export interface ReportTotals extends ReportFigures {
  /** Always sent ({} without columns). */
  Custom?: CustomValues;
}

export interface PerformanceReport {
  GroupBy: 'account' | 'activity' | 'line' | 'channelType' | 'campaign' | 'day' | 'month';
  /** ISO code of the currency every money figure is in. */
  Currency: string;
  From: string;
  To: string;
  /** The previous period (modules/reports/periods.ts previousPeriod), when compare was asked. */
  PreviousFrom: string | null;
  PreviousTo: string | null;
  Rows: ReportRow[];
  /** The sum of the rows (ratios from the summed counts). */
  Totals: ReportTotals;
  PreviousTotals: ReportFigures | null;
  /** More activities (or plan lines) were in scope than one report reads (REPORT_MAX_ACTIVITIES, REPORT_MAX_LINES): the figures cover the first ones only. */
  Truncated: boolean;
  ActivitiesRead: number;
  /** Read by plan line (grouped by line or channel type, or filtered by channel group or platform): the lines of each activity's latest approved version, whose rollups hold its mapped actuals; an activity with no approved version has none. Null otherwise. */
  LinesRead: number | null;
  /** Grouped by campaign: the stored daily stats read (the ad accounts linked to the activities' accounts, over the period); null otherwise. */
  CampaignStatsRead?: number | null;
  /** The company's performance-scope custom columns, in order (none for a client-only caller). Always sent. */
  CustomColumns?: CustomColumnHead[];
}
