import type { RollupRow } from '../performance-data';
import { readMonthSummary } from '../performance-data';
import type { LiveActivityRow } from './store';
import type { PlanLine } from '../media-plans';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { Period } from '../reports';
import type { ApprovedPlan } from './approved-plans';
import type { Act } from './dashboard-scope';
import { minDay } from './dashboard-math';

/**
 * The manager dashboard's actuals: every month its activities need, from the company's month
 * summaries (one paged Query per month, month-summaries.ts), as rollup rows per activity and per line.
 */

export interface Read {
  a: Act;
  live: boolean;
  plan: ApprovedPlan | null;
  rows: RollupRow[];
  /** Per line (mixed activities only): its rollup rows in the period. */
  lineRows: { line: PlanLine; rows: RollupRow[] }[] | null;
  /** Its lines differ in fee percentages or channel group. */
  mixed: boolean;
}

/** Per activity: its spend by day#currency, and per line. */
type Actuals = Map<number, { rows: Map<string, RollupRow>; lines: Map<number, Map<string, RollupRow>> }>;

const feeKey = (l: PlanLine, group: (l: PlanLine) => string | null) =>
  `${l.ManagementFeePct}|${l.SystemFeePct}|${group(l) ?? ''}`;

const byDay = (x: RollupRow, y: RollupRow) => x.Period.localeCompare(y.Period) || x.Currency.localeCompare(y.Currency);

const addRow = (into: Map<string, RollupRow>, day: string, currency: string, micros: number) => {
  const row = into.get(`${day}#${currency}`);
  if (row) row.SpendMicros += micros;
  else
    into.set(`${day}#${currency}`, {
      Period: day,
      Currency: currency,
      Impressions: 0,
      Clicks: 0,
      SpendMicros: micros,
      ConversionsMilli: 0,
      ConversionValueMicros: 0,
      VideoViews: 0,
    });
};

/** The months (YYYY-MM) from firstDay's through readTo's. Pure. */
function monthsFrom(firstDay: CalendarDay, readTo: CalendarDay): string[] {
  const months: string[] = [];
  for (let m = firstDay.slice(0, 7); m <= readTo.slice(0, 7); m = addDaysTo(`${m}-28`, 7).slice(0, 7)) months.push(m);
  return months;
}

/** The wanted activities' spend of those months through readTo, summed by day and currency. */
async function readActuals(
  companyId: number,
  months: string[],
  wanted: Set<number>,
  readTo: CalendarDay,
): Promise<Actuals> {
  const actuals: Actuals = new Map();
  await Promise.all(
    months.map(async (month) => {
      for (const item of await readMonthSummary(companyId, month)) {
        if (item.ActivityId === undefined || !wanted.has(item.ActivityId)) continue;
        let a = actuals.get(item.ActivityId);
        if (!a) actuals.set(item.ActivityId, (a = { rows: new Map(), lines: new Map() }));
        let line = a.lines.get(item.LineId);
        if (!line) a.lines.set(item.LineId, (line = new Map()));
        for (const [dd, micros] of Object.entries(item.DaySpend ?? {})) {
          const day = `${month}-${dd}`;
          if (day > readTo) continue;
          addRow(a.rows, day, item.Currency, Number(micros));
          addRow(line, day, item.Currency, Number(micros));
        }
      }
    }),
  );
  return actuals;
}

/**
 * The read activities with their plans and actuals: the period and the last 7 complete days
 * (from readFrom), and for live activities (pacing) back to their plan's first month.
 */
export async function activityReads(
  companyId: number,
  o: {
    read: Act[];
    plans: (ApprovedPlan | null)[];
    liveById: Map<number, LiveActivityRow>;
    period: Period;
    readFrom: CalendarDay;
    readTo: CalendarDay;
    groupOf: (l: PlanLine) => string | null;
  },
): Promise<Read[]> {
  const { read, plans, liveById, period, readFrom } = o;
  let firstDay = readFrom;
  read.forEach((a, i) => {
    if (liveById.has(a.ID) && plans[i]) firstDay = minDay(firstDay, plans[i]!.lines[0].StartDate);
  });
  const wanted = new Set(read.map((a) => a.ID));
  const actuals = await readActuals(companyId, monthsFrom(firstDay, o.readTo), wanted, o.readTo);
  return read.map((a, i) => {
    const isLive = liveById.has(a.ID);
    const plan = plans[i];
    const got = actuals.get(a.ID);
    // A live plan's pacing counts its spend from the first month this activity alone would read, so
    // its figures do not hang on which other activities the caller sees (the precomputed tiles rely on it).
    const from = isLive && plan ? `${minDay(readFrom, plan.lines[0].StartDate).slice(0, 7)}-01` : readFrom;
    const rows = [...(got?.rows.values() ?? [])].filter((x) => x.Period >= from).sort(byDay);
    const mixed = !!plan && new Set(plan.lines.map((l) => feeKey(l, o.groupOf))).size > 1;
    // Per line (exact fees and groups) when the lines differ and the activity spent in the period.
    const lineRows: Read['lineRows'] =
      mixed && rows.some((x) => x.Period >= period.from && x.Period <= period.to && x.SpendMicros !== 0)
        ? plan.lines.map((line) => ({
            line,
            rows: [...(got?.lines.get(line.ID)?.values() ?? [])]
              .filter((x) => x.Period >= period.from && x.Period <= period.to)
              .sort(byDay),
          }))
        : null;
    return { a: { ...a, Name: liveById.get(a.ID)?.Name }, live: isLive, plan, rows, lineRows, mixed };
  });
}
