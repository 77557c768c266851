import { NotFoundError } from '../../core/errors';
import type { CalendarDay } from '../../shared/calendar';
import { convert, convertInverse, divideHalfUp, type DecimalInput, type Minor } from '../../shared/money';
import { minorBig, toSafe } from '../../shared/money-primitives';
import type { PlanRate } from '../media-plans/replies/plans';
import type { ActualDay, DaySpend } from './types';

/**
 * Actual spend in the account's currency (docs/domain.md): an amount the
 * platform reported in another currency converts with the RATE OF ITS DAY (the latest rate on or
 * before that day); the plan's rate, fixed at approval, never moves; the exchange-rate effect is
 * what the actuals come to at the days' rates minus what they come to at the plan's rate, shown
 * apart from delivery. No rate → RATE_NOT_FOUND naming the pair and the day, never a silent 1.0.
 *
 * Amounts stay in micros (integers) through the conversion — `convert` rounds half-up to the micro,
 * a millionth of a unit — and are rounded half-up to minor units ONCE, where a figure is shown or
 * billed (microsToMinor). Pure: the rates come in as rows (RateBook), read by the caller.
 */

/** A stored exchange rate (docs/domain.md): 1 From = Rate To from Date on. */
export interface RateRow {
  Date: CalendarDay;
  From: string;
  To: string;
  Rate: DecimalInput;
}

const MICROS_PER_MINOR = 10_000n;

/** Micros → minor units (cents, agorot), half-up once. */
export function microsToMinor(micros: number): Minor {
  return toSafe(divideHalfUp(minorBig(micros, 'spendMicros'), MICROS_PER_MINOR), 'spend');
}

/**
 * The company's rates, indexed once for many day lookups. The lookup follows the plan's (media-plans
 * figures: findPlanRate): the latest rate on or before the day of EITHER direction of the pair (an
 * ILS→USD conversion may divide by a USD→ILS rate, as rates are usually quoted); on the same date the
 * direct one wins. Only the pair asked is used: no cross rate through a third currency.
 */
export class RateBook {
  private readonly byPair = new Map<string, RateRow[]>();

  constructor(rows: readonly RateRow[]) {
    for (const r of rows) {
      const key = `${r.From}>${r.To}`;
      const list = this.byPair.get(key);
      if (list) list.push(r);
      else this.byPair.set(key, [r]);
    }
    for (const list of this.byPair.values()) list.sort((a, b) => (a.Date < b.Date ? -1 : a.Date > b.Date ? 1 : 0));
  }

  /** The latest From→To row dated on or before `day` (binary search), or null. */
  private latest(from: string, to: string, day: CalendarDay): RateRow | null {
    const list = this.byPair.get(`${from}>${to}`);
    if (!list) return null;
    let lo = 0;
    let hi = list.length; // the first row dated after `day`
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].Date <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? list[lo - 1] : null;
  }

  /** The rate that converts `from` into `to` on `day` (either direction, see above), or null when there is none. */
  rateOn(from: string, to: string, day: CalendarDay): PlanRate | null {
    const direct = this.latest(from, to, day);
    const inverse = this.latest(to, from, day);
    const pick = direct && (!inverse || direct.Date >= inverse.Date) ? direct : inverse;
    return pick ? { Rate: Number(pick.Rate), From: pick.From, To: pick.To, Date: pick.Date } : null;
  }
}

/** An amount of `from` converted into `to` with `rate` (which joins the two, in either direction); one half-up rounding. */
function convertWithRate(amount: number, from: string, to: string, rate: PlanRate): number {
  if (rate.From === from && rate.To === to) return convert(amount, rate.Rate);
  if (rate.From === to && rate.To === from) return convertInverse(amount, rate.Rate);
  throw new RangeError(`rate ${rate.From}→${rate.To} does not join ${from} and ${to}`);
}

/**
 * `micros` of `from` on `day` in `to`, at the rate of that day. Same currency: unchanged. No rate:
 * RATE_NOT_FOUND (404) naming the pair and the day — the figures cannot be shown without it.
 */
export function convertOnDay(micros: number, from: string, to: string, day: CalendarDay, rates: RateBook): number {
  if (from === to) return micros;
  const rate = rates.rateOn(from, to, day);
  if (!rate) {
    throw new NotFoundError(
      `No exchange rate from ${from} to ${to} (or from ${to} to ${from}) on or before ${day}: add one under Exchange rates`,
      'RATE_NOT_FOUND',
      { from, to, date: day },
    );
  }
  return convertWithRate(micros, from, to, rate);
}

/**
 * Each day's spend in the account currency (micros), summed over the currencies reported that day;
 * sorted by day. A day whose rows all spent 0 is still a day of data.
 */
export function dailySpendIn(rows: readonly ActualDay[], accountCurrency: string, rates: RateBook): DaySpend[] {
  const byDay = new Map<CalendarDay, number>();
  for (const r of rows) {
    const micros = convertOnDay(r.SpendMicros, r.Currency, accountCurrency, r.Period, rates);
    byDay.set(r.Period, (byDay.get(r.Period) ?? 0) + micros);
  }
  return [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, spendMicros]) => ({ day, spendMicros }));
}

/**
 * The rows with their money (spend and conversion value) in the account currency at each day's rate,
 * so that KPIs over rows of several currencies (kpis.ts actualTotals) compare like with like; counts
 * are unchanged. The value converts at the spend's rate, so ROAS does not move with the currency.
 */
export function rowsInCurrency(rows: readonly ActualDay[], accountCurrency: string, rates: RateBook): ActualDay[] {
  return rows.map((r) =>
    r.Currency === accountCurrency
      ? r
      : {
          ...r,
          Currency: accountCurrency,
          SpendMicros: convertOnDay(r.SpendMicros, r.Currency, accountCurrency, r.Period, rates),
          ConversionValueMicros: convertOnDay(r.ConversionValueMicros, r.Currency, accountCurrency, r.Period, rates),
        },
  );
}

/** Why a plan-rate figure is missing: the plan has no approved rate, or a currency is not of its pair. */
export type PlanRateGap = 'NO_PLAN_RATE' | 'CURRENCY_NOT_IN_PLAN_RATE';

/** Spend at the days' rates and at the plan's fixed rate, exact (micros), before any rounding to minor units. */
export interface SpendAtRates {
  dayRatesMicros: number;
  /** Null when some spend in another currency cannot use the plan's rate (see `gap`). */
  planRateMicros: number | null;
  gap: PlanRateGap | null;
  /** The other currencies the spend was reported in, sorted. */
  foreignCurrencies: string[];
}

/**
 * Rows' spend in the account currency twice: each row at its day's rate, and at the plan's rate (an
 * account-currency row is the same both ways). `planRate` is the rate the approval fixed (null for a
 * plan never approved), between the account currency and one other.
 */
export function spendAtRates(
  rows: readonly ActualDay[],
  accountCurrency: string,
  rates: RateBook,
  planRate: PlanRate | null,
): SpendAtRates {
  let day = 0;
  let plan = 0;
  let gap: PlanRateGap | null = null;
  const foreign = new Set<string>();
  for (const r of rows) {
    day += convertOnDay(r.SpendMicros, r.Currency, accountCurrency, r.Period, rates);
    if (r.Currency === accountCurrency) {
      plan += r.SpendMicros;
      continue;
    }
    foreign.add(r.Currency);
    if (!planRate) gap ??= 'NO_PLAN_RATE';
    else if (
      ![planRate.From, planRate.To].includes(r.Currency) ||
      ![planRate.From, planRate.To].includes(accountCurrency)
    )
      gap ??= 'CURRENCY_NOT_IN_PLAN_RATE';
    else plan += convertWithRate(r.SpendMicros, r.Currency, accountCurrency, planRate);
  }
  return {
    dayRatesMicros: toSafe(BigInt(day), 'spend'),
    planRateMicros: gap ? null : toSafe(BigInt(plan), 'spend'),
    gap,
    foreignCurrencies: [...foreign].sort(),
  };
}

/** The exchange-rate effect as shown: both figures rounded to minor units once, the effect their difference. */
export interface FxEffect {
  /** Actual spend in the account currency at each day's rate. */
  atDayRates: Minor;
  /** The same spend at the plan's fixed rate; null when it cannot be (see `gap`). */
  atPlanRate: Minor | null;
  /** atDayRates − atPlanRate: positive when the currency moves made the spend dearer than planned. */
  effect: Minor | null;
  gap: PlanRateGap | null;
  foreignCurrencies: string[];
}

/** The exchange-rate effect of some actuals: 0 when all of it was spent in the account currency. */
export function exchangeRateEffect(
  rows: readonly ActualDay[],
  accountCurrency: string,
  rates: RateBook,
  planRate: PlanRate | null,
): FxEffect {
  return fxEffectOf(spendAtRates(rows, accountCurrency, rates, planRate));
}

/** The shown effect of figures already converted (a billable statement sums its lines' rounded ones). */
export function fxEffectOf(s: SpendAtRates): FxEffect {
  const atDayRates = microsToMinor(s.dayRatesMicros);
  const atPlanRate = s.planRateMicros === null ? null : microsToMinor(s.planRateMicros);
  return {
    atDayRates,
    atPlanRate,
    effect: atPlanRate === null ? null : atDayRates - atPlanRate,
    gap: s.gap,
    foreignCurrencies: s.foreignCurrencies,
  };
}
