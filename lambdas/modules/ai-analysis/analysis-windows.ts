import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { KpiSetView } from '../performance/replies';
import { actualTotals, kpisOf, type KpiSet } from '../performance';
import type { ActualDay } from '../performance';

/**
 * The two windows of days an AI analysis compares ("changes vs the previous period",
 * docs/ai-analytics.md) and their KPIs, from each line's day rows. Pure: no clock, no I/O.
 */

/** The actual KPIs of one window of days. */
export interface PeriodKpis {
  /** 'YYYY-MM-DD', both included. */
  From: CalendarDay;
  To: CalendarDay;
  Plan: KpiSetView;
  /** By LineId; a line without an entry gets no change facts. */
  Lines?: Readonly<Record<number, KpiSetView>>;
}

/**
 * "Changes vs the previous period" (docs/ai-analytics.md): the PREVIOUS window's KPIs (From, To, Plan,
 * Lines) beside the RECENT window's (Recent), like with like — never the flight to date against a week.
 */
export interface PreviousPeriod extends PeriodKpis {
  Recent: PeriodKpis;
}

/** Days of [from, to], both included. */
export const daysIn = (from: CalendarDay, to: CalendarDay) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Days in each window of the comparison. */
export const WINDOW_DAYS = 7;

export interface AnalysisWindows {
  recent: { from: CalendarDay; to: CalendarDay };
  previous: { from: CalendarDay; to: CalendarDay };
}

/**
 * The two windows compared (docs/ai-analytics.md "Changes vs the previous period"): RECENT = the last
 * WINDOW_DAYS complete days through `asOf` (or the flight's end, when earlier), clipped to the flight's
 * start; PREVIOUS = the WINDOW_DAYS days just before it, clipped to the start. Null when the flight has
 * not started by `asOf`, or has no day before RECENT.
 */
export function analysisWindows(
  asOf: CalendarDay,
  start: CalendarDay | null,
  end: CalendarDay | null,
): AnalysisWindows | null {
  if (start === null) return null;
  const to = end !== null && end < asOf ? end : asOf;
  if (to < start) return null;
  const later = (a: CalendarDay, b: CalendarDay) => (a > b ? a : b);
  const from = later(addDaysTo(to, -(WINDOW_DAYS - 1)), start);
  if (from <= start) return null;
  const prevTo = addDaysTo(from, -1);
  return { recent: { from, to }, previous: { from: later(addDaysTo(prevTo, -(WINDOW_DAYS - 1)), start), to: prevTo } };
}

const setView = (k: KpiSet): KpiSetView => ({
  Impressions: k.impressions,
  Clicks: k.clicks,
  Conversions: k.conversions,
  Spend: k.spend,
  Ctr: k.ctr,
  Cpc: k.cpc,
  Cpm: k.cpm,
  Cpa: k.cpa,
  Cvr: k.cvr,
  Roas: k.roas,
});

/** The KPIs of rows already in the plan's currency, per line and summed, inside one window (kpis.ts, as the reply's). */
function windowKpis(
  lines: readonly { lineId: number; rows: readonly ActualDay[] }[],
  from: CalendarDay,
  to: CalendarDay,
): PeriodKpis {
  const inside = lines.map((l) => ({
    lineId: l.lineId,
    rows: l.rows.filter((r) => r.Period >= from && r.Period <= to),
  }));
  return {
    From: from,
    To: to,
    Plan: setView(kpisOf(actualTotals(inside.flatMap((l) => l.rows)))),
    Lines: Object.fromEntries(inside.map((l) => [l.lineId, setView(kpisOf(actualTotals(l.rows)))])),
  };
}

/**
 * The comparison of the two windows from each line's day rows, already in the plan's currency (the
 * same rows the performance reply summed: activity-performance.ts activityPerformanceWithRows).
 */
export function periodComparison(
  windows: AnalysisWindows,
  lines: readonly { lineId: number; rows: readonly ActualDay[] }[],
): PreviousPeriod {
  return {
    ...windowKpis(lines, windows.previous.from, windows.previous.to),
    Recent: windowKpis(lines, windows.recent.from, windows.recent.to),
  };
}
