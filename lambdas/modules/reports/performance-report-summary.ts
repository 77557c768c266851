import { readMonthSummaryItems, zeroMeasures, type MonthSummaryItem } from '../performance-data';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { ActualDay } from '../performance';

/**
 * The month report's fast read (docs/reports.md "How it reads"): a period of WHOLE calendar months
 * (or a month's 1st to today) is read from the company's month summaries (modules/performance-data/month-summary-store.dynamodb.ts:
 * one paged Query per month) instead of one activity rollup Query per activity. The items are summed
 * back into what the activity rollups hold — one row per activity, day and currency — so the report's
 * conversion (each day at its rate) and rounding are the rollup path's, and so are its figures:
 * spend and conversion value by day (DaySpend, DayValue), the other measures (not money) on the
 * item's first day, which is inside the period since the period holds the whole month.
 */

/** The months (YYYY-MM) of a period that starts on a month's 1st and ends on a month's last day or on `today`; else null. */
export function wholeMonthsOf(p: { from: CalendarDay; to: CalendarDay }, today: CalendarDay): string[] | null {
  if (p.from.slice(8) !== '01') return null;
  const nextFirst = `${addDaysTo(`${p.to.slice(0, 7)}-01`, 40).slice(0, 7)}-01`;
  if (p.to !== today && addDaysTo(nextFirst, -1) !== p.to) return null;
  const out: string[] = [];
  for (let m = p.from.slice(0, 7); m <= p.to.slice(0, 7); m = addDaysTo(`${m}-01`, 40).slice(0, 7)) out.push(m);
  return out;
}

/**
 * The summary items of `months`, kept on `activityIds`, as day rows per activity (the activity
 * rollups' shape). Only money in another currency than the report's needs its days (each converts
 * at its day's rate); an item in the report's currency becomes ONE row on its first day — the
 * period holds the whole month and the report groups by account, activity or month, so the day
 * inside the month changes no figure, and a company-month is ~6,000 items × ~30 days.
 */
export function activityRowsOfItems(
  items: readonly (MonthSummaryItem & { month: string })[],
  activityIds: ReadonlySet<number>,
  currency: string,
): Map<number, ActualDay[]> {
  // Per activity, per month and currency: its rows by day of month (1..31). Rows are made only for
  // days that hold money or the month's first day; nothing keyed by text per day (GC was an eighth
  // of the report's CPU).
  const byActivity = new Map<number, Map<string, (ActualDay | undefined)[]>>();
  for (const it of items) {
    if (it.ActivityId === undefined || !activityIds.has(it.ActivityId)) continue;
    let months = byActivity.get(it.ActivityId);
    if (!months) byActivity.set(it.ActivityId, (months = new Map()));
    const slot = `${it.month}#${it.Currency}`;
    let days = months.get(slot);
    if (!days) months.set(slot, (days = new Array<ActualDay | undefined>(32)));
    const row = (dd: string): ActualDay => {
      const d = Number(dd);
      return (days![d] ??= {
        Period: `${it.month}-${dd}`,
        Currency: it.Currency,
        ...zeroMeasures(),
      });
    };
    const spendDays = it.Currency === currency ? [] : Object.keys(it.DaySpend ?? {}).sort();
    const first = row(spendDays[0] ?? '01');
    if (it.Currency === currency) {
      first.SpendMicros += Number(it.SpendMicros ?? 0);
      first.ConversionValueMicros += Number(it.ConversionValueMicros ?? 0);
    } else {
      for (const dd of spendDays) row(dd).SpendMicros += Number(it.DaySpend[dd] ?? 0);
      if (it.DayValue) for (const dd in it.DayValue) row(dd).ConversionValueMicros += Number(it.DayValue[dd]);
      else first.ConversionValueMicros += Number(it.ConversionValueMicros ?? 0);
    }
    first.Impressions += Number(it.Impressions ?? 0);
    first.Clicks += Number(it.Clicks ?? 0);
    first.ConversionsMilli += Number(it.ConversionsMilli ?? 0);
    first.VideoViews += Number(it.VideoViews ?? 0);
  }
  const out = new Map<number, ActualDay[]>();
  for (const [id, months] of byActivity) {
    const rows: ActualDay[] = [];
    for (const days of months.values()) for (const r of days) if (r) rows.push(r);
    out.set(id, rows);
  }
  return out;
}

/** Every summary item of `months` (one partition read per month, side by side), each with its month; days decoded for money not in `currency` only. */
export async function readSummaryMonths(
  companyId: number,
  months: readonly string[],
  currency: string,
): Promise<(MonthSummaryItem & { month: string })[]> {
  const foreign = (c: string) => c !== currency;
  const pages = await Promise.all(
    months.map(async (month) =>
      (await readMonthSummaryItems(companyId, month, foreign)).map((it) => ({ ...it, month })),
    ),
  );
  return pages.flat();
}

/**
 * The activities' day rows from the month summaries' items, or null when they cannot give the
 * rollups' figures: an item in another currency than the report's with conversion value but no
 * DayValue (written before DayValue existed and not backfilled) — its value's days are unknown.
 */
export function activitiesFromSummaries(
  items: readonly (MonthSummaryItem & { month: string })[],
  activityIds: ReadonlySet<number>,
  currency: string,
): Map<number, ActualDay[]> | null {
  if (
    items.some(
      (it) =>
        it.Currency !== currency &&
        !it.DayValue &&
        Number(it.ConversionValueMicros ?? 0) !== 0 &&
        it.ActivityId !== undefined &&
        activityIds.has(it.ActivityId),
    )
  )
    return null;
  return activityRowsOfItems(items, activityIds, currency);
}
