/**
 * The flowchart of a plan version (docs/flowchart.md): its lines as bars across months or weeks,
 * the amount of each line in each period, subtotals per group, totals per period and per line.
 * Pure and shared with the console; the amounts are minor units (shared/money.ts), so every row,
 * group and total adds up exactly. A month's amount is the line's monthly plan (monthlyPlan: its
 * MonthlySplit, else pro rata by days); a week takes the days' share of each month it touches.
 * Any rows with dates and a budget feed it (plan lines; an order's lines, whose months are a split).
 */
import { isCalendarDay } from './calendar';
import { monthlyPlan, type PacedLine } from './money-calendar';
import type { Minor } from './money-primitives';

export type FlowGrain = 'month' | 'week';
/** The first day of a week: 0 Sunday … 6 Saturday (as Date.getUTCDay). */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A row of the flowchart: an id and a name, and what the money calendar needs. */
export interface FlowLine extends PacedLine {
  id: number;
  name: string;
}

/** The group a line is shown in; groups are ordered by rank, then by their first line. */
export interface FlowGroupKey {
  key: string;
  label: string;
  rank: number;
}

export interface FlowOptions<L extends FlowLine> {
  grain: FlowGrain;
  /** The company's first day of the week (weeks only). */
  weekStart: WeekDay;
  groupOf: (line: L) => FlowGroupKey;
  /** The company's today ('YYYY-MM-DD'), marked by todayIndex. */
  today?: string | null;
  /** Days the columns cover even without a line in them (the activity's dates). */
  range?: { start: string; end: string } | null;
}

/** A column: a calendar month ('YYYY-MM') or a week (keyed by its first day), its days inclusive. */
export interface FlowPeriod {
  key: string;
  start: string;
  end: string;
  days: number;
}

/** A line in one period: its amount and how many of its days fall there (0: outside the bar). */
export interface FlowCell {
  amount: Minor;
  days: number;
}

export interface FlowRow<L extends FlowLine> {
  line: L;
  /** One per period. */
  cells: FlowCell[];
  /** The bar: the first and last periods holding days of the line. */
  first: number;
  last: number;
  total: Minor;
}

export interface FlowGroup<L extends FlowLine> {
  key: string;
  label: string;
  rows: FlowRow<L>[];
  /** Per period. */
  totals: Minor[];
  total: Minor;
}

export interface Flowchart<L extends FlowLine> {
  grain: FlowGrain;
  periods: FlowPeriod[];
  groups: FlowGroup<L>[];
  /** Per period, over every line. */
  totals: Minor[];
  total: Minor;
  /** The period holding today, -1 when none does. */
  todayIndex: number;
}

/**
 * Light fills, one per group in turn (RRGGBB): dark text stays readable on them, on screen, in
 * Excel and in the PDF. The period holding today is marked in TODAY_FILL.
 */
export const FLOW_GROUP_FILLS = [
  'BBDEFB',
  'C8E6C9',
  'FFE0B2',
  'E1BEE7',
  'D7CCC8',
  'B2EBF2',
  'F8BBD0',
  'DCEDC8',
] as const;
export const FLOW_TODAY_FILL = 'FFF59D';
export const flowFillOf = (groupIndex: number) => FLOW_GROUP_FILLS[groupIndex % FLOW_GROUP_FILLS.length];

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → days since 1970-01-01 (UTC). */
function dayOf(date: string, field: string): number {
  if (!isCalendarDay(date)) throw new RangeError(`${field}: '${String(date)}' is not a date as YYYY-MM-DD`);
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The periods covering [first, last] (day numbers): whole months, or whole weeks from weekStart. */
export function flowPeriods(grain: FlowGrain, weekStart: WeekDay, first: number, last: number): FlowPeriod[] {
  const out: FlowPeriod[] = [];
  if (grain === 'week') {
    const back = (new Date(first * DAY_MS).getUTCDay() - weekStart + 7) % 7;
    for (let s = first - back; s <= last; s += 7)
      out.push({ key: dateOf(s), start: dateOf(s), end: dateOf(s + 6), days: 7 });
    return out;
  }
  const d = new Date(first * DAY_MS);
  for (let y = d.getUTCFullYear(), m = d.getUTCMonth(); Date.UTC(y, m, 1) / DAY_MS <= last; m += 1) {
    const s = Date.UTC(y, m, 1) / DAY_MS;
    const e = Date.UTC(y, m + 1, 0) / DAY_MS;
    out.push({ key: dateOf(s).slice(0, 7), start: dateOf(s), end: dateOf(e), days: e - s + 1 });
  }
  return out;
}

/**
 * `amount` in parts proportional to `weights` by the largest remainder, as proRataByDays splits a
 * budget over months (floors, then one minor unit each to the largest remainders, the earlier on a
 * tie; a negative amount as the mirror image): the parts sum to the amount exactly.
 */
function spread(amount: bigint, weights: readonly number[]): bigint[] {
  const abs = amount < 0n ? -amount : amount;
  const total = BigInt(weights.reduce((a, w) => a + w, 0));
  if (total === 0n) return weights.map(() => 0n);
  const parts = weights.map((w, index) => {
    const exact = abs * BigInt(w);
    return { index, base: exact / total, rest: exact % total };
  });
  let left = abs - parts.reduce((acc, p) => acc + p.base, 0n);
  const byRest = [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const p of byRest) {
    if (left === 0n) break;
    p.base += 1n;
    left -= 1n;
  }
  return parts.map((p) => (amount < 0n ? -p.base : p.base));
}

/** The index of the period holding `day` (periods consecutive), -1 outside. */
function periodIndex(periods: readonly FlowPeriod[], starts: readonly number[], day: number): number {
  for (let i = periods.length - 1; i >= 0; i -= 1) {
    if (day >= starts[i]) return day <= starts[i] + periods[i].days - 1 ? i : -1;
  }
  return -1;
}

/** One line's cells: each month of its monthly plan into its month, or over its weeks by days. */
function lineCells(line: FlowLine, periods: readonly FlowPeriod[], starts: readonly number[]): FlowCell[] {
  const cells: FlowCell[] = periods.map(() => ({ amount: 0, days: 0 }));
  const amounts = periods.map(() => 0n);
  const start = dayOf(line.startDate, 'startDate');
  const end = dayOf(line.endDate, 'endDate');
  for (const share of monthlyPlan(line)) {
    const monthFirst = dayOf(`${share.month}-01`, 'month');
    const from = Math.max(start, monthFirst);
    const to = Math.min(end, from + share.days - 1);
    // The periods this month's days fall in, with the days of each.
    const hits: { index: number; days: number }[] = [];
    for (let day = from; day <= to; ) {
      const i = periodIndex(periods, starts, day);
      const periodEnd = starts[i] + periods[i].days - 1;
      const days = Math.min(periodEnd, to) - day + 1;
      hits.push({ index: i, days });
      day += days;
    }
    const parts = spread(
      BigInt(share.amount),
      hits.map((h) => h.days),
    );
    hits.forEach((h, k) => {
      amounts[h.index] += parts[k];
      cells[h.index].days += h.days;
    });
  }
  amounts.forEach((a, i) => (cells[i].amount = Number(a)));
  return cells;
}

const sum = (values: readonly Minor[]) => Number(values.reduce((acc, v) => acc + BigInt(v), 0n));

/** Per period, the sum of the rows' cells. */
function columnTotals(rows: readonly { cells: readonly FlowCell[] }[], periods: number): Minor[] {
  return Array.from({ length: periods }, (_, i) => sum(rows.map((r) => r.cells[i].amount)));
}

/** The day range the columns cover: every line's dates and the range asked for. */
function coveredDays(lines: readonly FlowLine[], range: FlowOptions<FlowLine>['range']): [number, number] | null {
  const starts = lines.map((l) => dayOf(l.startDate, 'startDate'));
  const ends = lines.map((l) => dayOf(l.endDate, 'endDate'));
  if (range) {
    starts.push(dayOf(range.start, 'range.start'));
    ends.push(dayOf(range.end, 'range.end'));
  }
  return starts.length ? [Math.min(...starts), Math.max(...ends)] : null;
}

/** The flowchart of `lines` (docs/flowchart.md). Throws MoneyInputError for a line money-calendar refuses. */
export function flowchart<L extends FlowLine>(lines: readonly L[], options: FlowOptions<L>): Flowchart<L> {
  const covered = coveredDays(lines, options.range);
  const periods = covered ? flowPeriods(options.grain, options.weekStart, covered[0], covered[1]) : [];
  const starts = periods.map((p) => dayOf(p.start, 'period'));
  const byKey = new Map<string, { group: FlowGroupKey; order: number; rows: FlowRow<L>[] }>();
  lines.forEach((line, order) => {
    const cells = lineCells(line, periods, starts);
    const bar = cells.map((c, i) => (c.days > 0 ? i : -1)).filter((i) => i >= 0);
    const row: FlowRow<L> = {
      line,
      cells,
      first: bar[0] ?? -1,
      last: bar[bar.length - 1] ?? -1,
      total: sum(cells.map((c) => c.amount)),
    };
    const group = options.groupOf(line);
    const entry = byKey.get(group.key) ?? { group, order, rows: [] };
    entry.rows.push(row);
    byKey.set(group.key, entry);
  });
  const groups = [...byKey.values()]
    .sort((a, b) => a.group.rank - b.group.rank || a.order - b.order)
    .map(({ group, rows }) => {
      const totals = columnTotals(rows, periods.length);
      return { key: group.key, label: group.label, rows, totals, total: sum(totals) };
    });
  const totals = periods.map((_, i) => sum(groups.map((g) => g.totals[i])));
  const today = options.today ? dayOf(options.today, 'today') : null;
  return {
    grain: options.grain,
    periods,
    groups,
    totals,
    total: sum(totals),
    todayIndex: today === null ? -1 : periodIndex(periods, starts, today),
  };
}
