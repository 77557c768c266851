import type { ActualDay } from '../../lambdas/modules/performance/types';
import { VersionStatus } from '../../lambdas/shared/version-status';
import type {
  ActivityPerformance,
  KpiSetView,
  PacingView,
  PerformanceLine,
} from '../../lambdas/modules/performance/replies';

/**
 * A hand-made GetActivityPerformance reply for the AI analysis tests: "Summer Sale 2026", version
 * "V2", in ILS, three lines. Every figure is worked out by hand (the comments), consistent between the
 * lines and the plan, so a test's expected fact can be checked on paper.
 */

const basis = (over: Partial<PacingView['Basis']> = {}): PacingView['Basis'] => ({
  ElapsedDays: 12,
  DaysOfData: 12,
  ProvisionalDays: 0,
  ProvisionalSharePct: null,
  ConnectorHealth: 'OK',
  UnhealthyConnectors: [],
  Notes: [],
  MissingDays: [],
  ...over,
});

function pacing(
  budget: number,
  plannedToDate: number,
  actual: number,
  pct: number,
  projected: number,
  dailyNeeded: number,
  over: Partial<PacingView> = {},
): PacingView {
  const status = pct < 90 ? 'under' : pct > 110 ? 'over' : 'on_pace';
  return {
    Phase: 'live',
    PlannedBudget: budget,
    PlannedToDate: plannedToDate,
    ActualToDate: actual,
    PacingPct: pct,
    PacingNullReason: null,
    Status: status,
    Alert: status === 'on_pace' ? null : status,
    DaysLeft: 18,
    AverageDailySpend: 0,
    ProjectedEndSpend: projected,
    AmountLeft: budget - actual,
    DailySpendNeeded: dailyNeeded,
    Basis: basis(),
    ...over,
  };
}

const kpis = (
  Impressions: number,
  Clicks: number,
  Conversions: number,
  Spend: number,
  Ctr: number,
  Cpc: number,
  Cpm: number,
  Cpa: number,
  Cvr: number,
  Roas: number | null,
): KpiSetView => ({ Impressions, Clicks, Conversions, Spend, Ctr, Cpc, Cpm, Cpa, Cvr, Roas });

const NO_FX = { AtDayRates: 0, AtPlanRate: 0, Effect: 0, Gap: null, ForeignCurrencies: [] };

function line(
  LineId: number,
  Name: string,
  ChannelTypeName: string,
  p: PacingView,
  actual: KpiSetView,
): PerformanceLine {
  return {
    LineId,
    Name,
    ChannelTypeName,
    BuyType: 'CPC',
    StartDate: '2026-11-14',
    EndDate: '2026-12-13',
    ActualLineIds: [LineId],
    Pacing: p,
    Kpis: { Planned: actual, PlannedToDate: actual, Actual: actual },
    Fx: NO_FX,
    Custom: {},
  };
}

// Line 1 "Search 2026": budget 10,000, planned 4,000, actual 3,000 → 75 %; 100,000 impr., 5,000 clicks,
//   100 conv.: CTR 5, CPC 0.6, CPM 30, CPA 30, CVR 2, ROAS 4 (value 12,000). 7,000 left / 18 days = 388.89.
// Line 2 "Facebook Feed": budget 5,000, planned 2,000, actual 2,500 → 125 %; 500,000 impr., 2,500
//   clicks, 10 conv.: CTR 0.5, CPC 1, CPM 5, CPA 250, CVR 0.4, ROAS 1 (value 2,500). 2,500 / 18 = 138.89.
// Line 3 "Search Brand": budget 1,000, planned 400, actual 500 → 125 %; 10,000 impr., 1,000 clicks,
//   10 conv.: CTR 10, CPC 0.5, CPM 50, CPA 50, CVR 1, ROAS 2 (value 1,000). 500 / 18 = 27.78.
// Plan: budget 16,000, planned 6,400, actual 6,000 → 93.75 %; 610,000 impr., 8,500 clicks, 120 conv.,
//   spend 6,000: CTR 1.3934 → 1.39, CPC 0.7059 → 0.71, CPM 9.836 → 9.84, CPA 50, CVR 1.4118 → 1.41,
//   ROAS 15,500 / 6,000 = 2.5833 → 2.58. 10,000 / 18 = 555.56; projected 7,500 + 6,250 + 1,250 = 15,000.
export function performanceFixture(over: Partial<ActivityPerformance> = {}): ActivityPerformance {
  return {
    AccountId: 1,
    ActivityId: 7,
    ActivityName: 'Summer Sale 2026',
    MediaMixId: 3,
    Version: 2,
    VersionName: 'V2',
    VersionStatus: VersionStatus.Approved,
    ActualsAlsoFrom: null,
    Currency: 2,
    CurrencyCode: 'ILS',
    Today: '2026-11-26',
    AsOf: '2026-11-25',
    ProvisionalFrom: '2026-10-30',
    RestatementDays: 28,
    PacingLow: 90,
    PacingHigh: 110,
    StartDate: '2026-11-14',
    EndDate: '2026-12-13',
    Pacing: pacing(16_000, 6_400, 6_000, 93.75, 15_000, 555.56, {
      Basis: basis({
        DaysOfData: 10,
        ProvisionalDays: 10,
        ProvisionalSharePct: 100,
        ConnectorHealth: 'Error',
        UnhealthyConnectors: ['Meta Ads'],
        Notes: ['MISSING_DAYS', 'ALL_PROVISIONAL', 'CONNECTOR_UNHEALTHY'],
      }),
    }),
    Kpis: {
      Planned: kpis(610_000, 8_500, 120, 16_000, 1.39, 0.71, 9.84, 50, 1.41, null),
      PlannedToDate: kpis(244_000, 3_400, 48, 6_400, 1.39, 1.88, 26.23, 133.33, 1.41, null),
      Actual: kpis(610_000, 8_500, 120, 6_000, 1.39, 0.71, 9.84, 50, 1.41, 2.58),
    },
    Fx: NO_FX,
    Custom: {},
    CustomColumns: [],
    Lines: [
      line(
        1,
        'Search 2026',
        'Google Search',
        pacing(10_000, 4_000, 3_000, 75, 7_500, 388.89),
        kpis(100_000, 5_000, 100, 3_000, 5, 0.6, 30, 30, 2, 4),
      ),
      line(
        2,
        'Facebook Feed',
        'Facebook',
        pacing(5_000, 2_000, 2_500, 125, 6_250, 138.89),
        kpis(500_000, 2_500, 10, 2_500, 0.5, 1, 5, 250, 0.4, 1),
      ),
      line(
        3,
        'Search Brand',
        'Google Search',
        pacing(1_000, 400, 500, 125, 1_250, 27.78),
        kpis(10_000, 1_000, 10, 500, 10, 0.5, 50, 50, 1, 2),
      ),
    ],
    SeriesLines: [],
    Days: [],
    Connectors: [],
    ...over,
  };
}

export const GROUPS = { 'Google Search': 'Search', Facebook: 'Social' } as const;

/**
 * Day rows of the fixture's lines (already in ILS) for the previous-period comparison. The fixture's
 * flight starts 2026-11-14 and is as of 2026-11-25, so RECENT = 11-19..11-25 (7 days) and PREVIOUS =
 * 11-14..11-18 (5 days, clipped to the start); a row of 11-13 is before both and never counted.
 * - Line 1: PREVIOUS 100.00 a day, 2,000 impr., 40 clicks, 2 conv. → 500, 10,000, 200, 10 (CTR 2, CPA 50);
 *   RECENT 150.00 a day, 3,000 impr., 90 clicks, 2 conv. → 1,050, 21,000, 630, 14 (CTR 3, CPA 75).
 * - Line 2: PREVIOUS 200.00 a day, 10,000 impr., 50 clicks, 0 conv. → 1,000, 50,000, 250, 0 (CTR 0.5, no CPA);
 *   RECENT 200.00 a day, 10,000 impr., 60 clicks, 1 conv. → 1,400, 70,000, 420, 7 (CTR 0.6, CPA 200).
 * - Line 3: RECENT only, one day: 10.00, 100 impr., 5 clicks.
 * - Plan: PREVIOUS 1,500, 60,000 impr., 450 clicks (CTR 0.75), 10 conv. (CPA 150); RECENT 2,460, 91,100
 *   impr., 1,055 clicks (CTR 1.158 → 1.16), 21 conv. (CPA 117.142 → 117.14).
 */
export function fixtureRows(): { lineId: number; rows: ActualDay[] }[] {
  const day = (Period: string, spend: number, Impressions: number, Clicks: number, conversions: number): ActualDay => ({
    Period,
    Currency: 'ILS',
    Impressions,
    Clicks,
    SpendMicros: spend * 1_000_000,
    ConversionsMilli: conversions * 1000,
    ConversionValueMicros: 0,
    VideoViews: 0,
  });
  const span = (from: number, to: number, f: (p: string) => ActualDay) =>
    Array.from({ length: to - from + 1 }, (_, i) => f(`2026-11-${String(from + i).padStart(2, '0')}`));
  return [
    {
      lineId: 1,
      rows: [
        day('2026-11-13', 999, 9_999, 999, 9),
        ...span(14, 18, (p) => day(p, 100, 2_000, 40, 2)),
        ...span(19, 25, (p) => day(p, 150, 3_000, 90, 2)),
      ],
    },
    {
      lineId: 2,
      rows: [...span(14, 18, (p) => day(p, 200, 10_000, 50, 0)), ...span(19, 25, (p) => day(p, 200, 10_000, 60, 1))],
    },
    { lineId: 3, rows: [day('2026-11-22', 10, 100, 5, 0)] },
  ];
}
