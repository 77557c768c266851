/** Spreading a budget over calendar months, and planned spend to date (pacing, docs/domain.md). */
import {
  divideHalfUp,
  formatMinor,
  minorBig,
  MoneyInputError,
  toMinor,
  toSafe,
  type DecimalInput,
  type Minor,
} from './money-primitives';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → days since 1970-01-01 (UTC, so no daylight-saving gaps). */
function dayNumber(date: string, field: string): number {
  const m = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) throw new MoneyInputError(`${field}: must be a date as YYYY-MM-DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new MoneyInputError(`${field}: '${date}' is not a real date`);
  }
  return ms / DAY_MS;
}

export interface MonthShare {
  /** 'YYYY-MM' */
  month: string;
  /** Days of the line that fall in this month (dates inclusive). */
  days: number;
  amount: Minor;
}

interface MonthSpan {
  month: string;
  first: number;
  last: number;
}

/** The calendar months a date range touches, each clipped to the range (inclusive days). */
function monthSpans(start: number, end: number): MonthSpan[] {
  const spans: MonthSpan[] = [];
  const d = new Date(start * DAY_MS);
  let y = d.getUTCFullYear();
  let mo = d.getUTCMonth();
  for (;;) {
    const monthFirst = Date.UTC(y, mo, 1) / DAY_MS;
    if (monthFirst > end) break;
    const monthLast = Date.UTC(y, mo + 1, 0) / DAY_MS;
    spans.push({
      month: `${String(y).padStart(4, '0')}-${String(mo + 1).padStart(2, '0')}`,
      first: Math.max(monthFirst, start),
      last: Math.min(monthLast, end),
    });
    mo += 1;
    if (mo === 12) {
      mo = 0;
      y += 1;
    }
  }
  return spans;
}

function lineDays(startDate: string, endDate: string): [number, number] {
  const start = dayNumber(startDate, 'startDate');
  const end = dayNumber(endDate, 'endDate');
  if (end < start) throw new MoneyInputError('endDate: must be on or after startDate');
  return [start, end];
}

/**
 * The budget spread over the calendar months of [startDate, endDate] in proportion to days, by the
 * largest-remainder method: each month gets the floor of its exact share, and the minor units left
 * over go one each to the months with the largest remainders (earlier month first on a tie), so
 * the parts always sum exactly to the budget. A negative budget splits as the mirror image.
 */
export function proRataByDays(budgetMinor: Minor, startDate: string, endDate: string): MonthShare[] {
  const [start, end] = lineDays(startDate, endDate);
  const budget = minorBig(budgetMinor, 'budget');
  const abs = budget < 0n ? -budget : budget;
  const spans = monthSpans(start, end);
  const total = BigInt(end - start + 1);
  const parts = spans.map((s, index) => {
    const exact = abs * BigInt(s.last - s.first + 1);
    return { index, base: exact / total, rest: exact % total };
  });
  let left = abs - parts.reduce((acc, p) => acc + p.base, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const p of byRemainder) {
    if (left === 0n) break;
    p.base += 1n;
    left -= 1n;
  }
  return spans.map((s, i) => ({
    month: s.month,
    days: s.last - s.first + 1,
    amount: toSafe(budget < 0n ? -parts[i].base : parts[i].base, 'budget'),
  }));
}

export interface PacedLine {
  budget: DecimalInput;
  startDate: string;
  endDate: string;
  /** Optional budget per calendar month ('YYYY-MM' → amount); must sum to the budget. */
  monthlySplit?: Readonly<Record<string, DecimalInput>> | null;
}

/**
 * The line's budget per calendar month: its MonthlySplit when it has one (checked: months inside
 * the line's dates, parts summing to the budget; a month it leaves out gets 0), else pro rata by days.
 * Handlers can call it at save time to validate a split.
 */
export function monthlyPlan(line: PacedLine): MonthShare[] {
  const budget = toMinor(line.budget, 'budget');
  const shares = proRataByDays(budget, line.startDate, line.endDate);
  if (!line.monthlySplit) return shares;
  const parts = new Map<string, Minor>();
  for (const [month, value] of Object.entries(line.monthlySplit)) {
    if (!shares.some((s) => s.month === month))
      throw new MoneyInputError(`monthlySplit: ${month} is not a month of the line's dates`);
    parts.set(month, toMinor(value, `monthlySplit.${month}`));
  }
  const sum = [...parts.values()].reduce((acc, v) => acc + BigInt(v), 0n);
  if (sum !== BigInt(budget)) {
    throw new MoneyInputError(
      `monthlySplit: parts sum to ${formatMinor(toSafe(sum, 'monthlySplit'))}, the budget is ${formatMinor(budget)}`,
    );
  }
  return shares.map((s) => ({ ...s, amount: parts.get(s.month) ?? 0 }));
}

/**
 * Planned spend to date (inclusive of asOfDate): whole months of monthlyPlan before asOfDate's
 * month, plus that month's part pro rata by the line's days elapsed in it (rounded half-up once).
 * Built on the monthly plan so that at each month end it equals the months' running total, and on
 * the end date it equals the budget exactly. Before the start it is 0.
 */
export function plannedToDate(line: PacedLine, asOfDate: string): Minor {
  const asOf = dayNumber(asOfDate, 'asOfDate');
  return plannedToDateOf(line)(asOf);
}

/**
 * plannedToDate of one line for many days (a chart's cumulative planned line), by the day's number
 * (days since 1970-01-01, UTC: Date.UTC(y, m − 1, d) ÷ 86,400,000): the monthly plan, its months
 * and their running totals are built once, and each day costs a lookup of its month and one
 * rounding. The same figures as plannedToDate(line, day) for every day.
 */
export function plannedToDateOf(line: PacedLine): (asOfDay: number) => Minor {
  const plan = monthlyPlan(line);
  const spans = monthSpans(...lineDays(line.startDate, line.endDate)); // the same months as plan, consecutive
  const amounts = plan.map((p) => BigInt(p.amount));
  // before[i]: the plan's months before month i, summed.
  const before: bigint[] = [];
  let sum = 0n;
  for (const a of amounts) {
    before.push(sum);
    sum += a;
  }
  const total = toSafe(sum, 'plannedToDate');
  const first = spans[0].first;
  const last = spans[spans.length - 1].last;
  return (asOf) => {
    if (asOf < first) return 0;
    if (asOf >= last) return total;
    let i = 0;
    while (asOf > spans[i].last) i += 1;
    const s = spans[i];
    const part =
      asOf >= s.last ? amounts[i] : divideHalfUp(amounts[i] * BigInt(asOf - s.first + 1), BigInt(s.last - s.first + 1));
    return toSafe(before[i] + part, 'plannedToDate');
  };
}
