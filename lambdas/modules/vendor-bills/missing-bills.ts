import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { Minor } from '../../shared/money';

/**
 * "Missing bills": an order period that has cost the agency something and has no bill some days
 * after it ended (the company's grace days, docs/vendor-bills.md). Pure.
 */

export interface OrderPeriod {
  orderId: number;
  /** 'YYYY-MM'. */
  period: string;
  orderedMinor: Minor;
  /** Null: offline media, no actuals: the order stands for the delivery. */
  deliveredMinor: Minor | null;
}

export interface MissingBill extends OrderPeriod {
  /** The last day a bill was awaited before the period counted as missing. */
  DueBy: CalendarDay;
  DaysLate: number;
}

/** The last calendar day of a 'YYYY-MM' month. */
export function lastDayOf(period: string): CalendarDay {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The last day a period's bill is awaited: `graceDays` after the period's last day. */
export const billDueBy = (period: string, graceDays: number): CalendarDay => addDaysTo(lastDayOf(period), graceDays);

const daysBetween = (from: CalendarDay, to: CalendarDay) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * The periods with delivery (platform lines: delivered above zero; offline lines: ordered above
 * zero) whose bill is still absent more than `graceDays` after the period's last day, latest first
 * within an order. `billed` holds `${orderId}:${period}` of the periods that have a bill.
 */
export function missingBills(
  periods: readonly OrderPeriod[],
  billed: ReadonlySet<string>,
  today: CalendarDay,
  graceDays: number,
): MissingBill[] {
  const out: MissingBill[] = [];
  for (const p of periods) {
    const delivered = p.deliveredMinor === null ? p.orderedMinor : p.deliveredMinor;
    if (delivered <= 0 || billed.has(`${p.orderId}:${p.period}`)) continue;
    const dueBy = billDueBy(p.period, graceDays);
    if (today > dueBy) out.push({ ...p, DueBy: dueBy, DaysLate: daysBetween(dueBy, today) });
  }
  return out.sort((a, b) => a.orderId - b.orderId || b.period.localeCompare(a.period));
}
