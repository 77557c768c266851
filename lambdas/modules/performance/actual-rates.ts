import { latestRateOnOrBefore, ratesOfPair } from '../exchange-rates';
import type { CalendarDay } from '../../shared/calendar';
import { RateBook, type RateRow } from './actuals-fx';

/**
 * The rates a set of actuals needs to convert into `currency` at the rate of each day (docs/domain.md):
 * for every foreign currency among the rows, both directions of its pair (a rate may be entered
 * either way), the latest rate on or before its first day and every rate up to its last. One read of
 * each, shared by activity performance, pacing alerts, the report and the billable statement.
 */
export async function rateBookFor(
  companyId: number,
  rows: readonly { Currency: string; Period: string }[],
  currency: string,
): Promise<RateBook> {
  const span = new Map<string, { first: CalendarDay; last: CalendarDay }>();
  for (const r of rows) {
    if (r.Currency === currency) continue;
    const s = span.get(r.Currency);
    if (!s) span.set(r.Currency, { first: r.Period, last: r.Period });
    else {
      if (r.Period < s.first) s.first = r.Period;
      if (r.Period > s.last) s.last = r.Period;
    }
  }
  const reads = [...span].flatMap(([other, s]) =>
    [
      [other, currency],
      [currency, other],
    ].map(async ([from, to]): Promise<RateRow[]> => {
      const [before, during] = await Promise.all([
        latestRateOnOrBefore(companyId, from, to, s.first),
        ratesOfPair(companyId, from, to, s.first, s.last, false),
      ]);
      return [...(before ? [before] : []), ...during];
    }),
  );
  return new RateBook((await Promise.all(reads)).flat());
}
