import type { PlanLine } from '../media-plans';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { plannedToDateOf } from '../../shared/money';
import type { PerformanceDay, PerformanceSeriesLine } from './replies';
import { microsToMinor } from './actuals-fx';
import type { Pacing } from './pacing-types';
import { money } from './performance-views';

/** The activity performance page's daily chart. Pure. */

/** Series of the daily spend chart: the lines with the most spend, the rest summed as one. */
const SERIES_LINES = 8;

/** A day's number (days since 1970-01-01), for differences without a Date per day. */
const dayNo = (d: CalendarDay) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

const daysBetween = (from: CalendarDay, to: CalendarDay): CalendarDay[] => {
  const out: CalendarDay[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) out.push(d);
  return out;
};

interface SeriesInput {
  lines: readonly PlanLine[];
  /** Per line (same order): each day's spend in the plan currency, micros. */
  spend: readonly Map<CalendarDay, number>[];
  paced: readonly Pacing[];
  today: CalendarDay;
  provisionalFrom: CalendarDay;
}

/**
 * The plan's days, first start to last end: the daily spend of the biggest lines (the rest summed),
 * the cumulative planned (plannedToDate of each line as of the day) and actual (each line's micros
 * to date rounded once, so the last actual point is the plan's actual to date), and the projection
 * from yesterday to the end: each line's actual + (its projected end − actual) × its days left
 * passed ÷ its days left, rounded once, so the last point is the plan's projected end spend.
 */
export function seriesOf(s: SeriesInput): { seriesLines: PerformanceSeriesLine[]; days: PerformanceDay[] } {
  if (!s.lines.length) return { seriesLines: [], days: [] };
  const start = s.lines.reduce((d, l) => (l.StartDate < d ? l.StartDate : d), s.lines[0].StartDate);
  const end = s.lines.reduce((d, l) => (l.EndDate > d ? l.EndDate : d), s.lines[0].EndDate);
  const asOf = addDaysTo(s.today, -1);
  const ranked = s.lines
    .map((l, i) => ({ i, actual: s.paced[i].actualToDate }))
    .sort((a, b) => b.actual - a.actual || s.lines[a.i].ID - s.lines[b.i].ID);
  const shown = ranked.slice(0, ranked.length > SERIES_LINES ? SERIES_LINES - 1 : SERIES_LINES).map((r) => r.i);
  const slot = new Map(shown.map((lineIndex, k) => [lineIndex, k]));
  const seriesLines: PerformanceSeriesLine[] = shown.map((i) => ({ LineId: s.lines[i].ID, Name: s.lines[i].Name }));
  const restSlot = shown.length < s.lines.length ? seriesLines.push({ LineId: null, Name: '' }) - 1 : -1;

  // Micros spent before the series' first day count in the cumulative actual (spend before a start is spend all the same).
  const cumulative = s.spend.map((byDay) => [...byDay].reduce((sum, [d, m]) => (d < start ? sum + m : sum), 0));
  // Each line's planned to date by day, its monthly plan built once (not once per line per day).
  const plannedOf = s.lines.map((l) =>
    plannedToDateOf({ budget: l.Budget, startDate: l.StartDate, endDate: l.EndDate, monthlySplit: l.MonthlySplit }),
  );
  // Each line's days left start today, or at its start; they end at its end date (as day numbers).
  const fromNo = s.lines.map((l) => dayNo(s.today > l.StartDate ? s.today : l.StartDate));
  const endNo = s.lines.map((l) => dayNo(l.EndDate));
  const days: PerformanceDay[] = [];
  for (const day of daysBetween(start, end)) {
    const dayNumber = dayNo(day);
    const complete = day <= asOf;
    const byLine = complete ? new Array<number>(seriesLines.length).fill(0) : [];
    let spendMinor = 0;
    let actual = 0;
    let planned = 0;
    let projection = 0;
    s.lines.forEach((l, i) => {
      // 0 before the start, the whole budget from the end date on: plannedToDate only in between.
      if (day >= l.EndDate) planned += l.BudgetMinor;
      else if (day >= l.StartDate) planned += plannedOf[i](dayNumber);
      if (complete) {
        const micros = s.spend[i].get(day) ?? 0;
        cumulative[i] += micros;
        const m = microsToMinor(micros);
        spendMinor += m;
        byLine[slot.get(i) ?? restSlot] += m;
        actual += microsToMinor(cumulative[i]);
      }
      const p = s.paced[i];
      // Days of the line's days left (from today, or its start) up to `day`.
      const to = dayNumber < endNo[i] ? dayNumber : endNo[i];
      const passed = to < fromNo[i] ? 0 : to - fromNo[i] + 1;
      projection +=
        p.daysLeft === 0 || passed === 0
          ? p.actualToDate
          : p.actualToDate + Math.round(((p.projectedEndSpend - p.actualToDate) * passed) / p.daysLeft);
    });
    days.push({
      Day: day,
      Provisional: complete && day >= s.provisionalFrom,
      Spend: complete ? money(spendMinor) : null,
      ByLine: byLine.map(money),
      CumulativePlanned: money(planned),
      CumulativeActual: complete ? money(actual) : null,
      Projection: day >= asOf && s.today <= end ? money(projection) : null,
    });
  }
  return { seriesLines, days };
}
