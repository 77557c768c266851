import {
  convertOnDay,
  dailySpendIn,
  exchangeRateEffect,
  RateBook,
  rowsInCurrency,
} from '../../lambdas/modules/performance/actuals-fx';
import type { ActualDay } from '../../lambdas/modules/performance/types';
import { NotFoundError } from '../../lambdas/core/errors';
import type { PlanRate } from '../../lambdas/modules/media-plans/replies/plans';

/** Actuals in the account currency: the rate of each day, the plan's fixed rate, the effect between them. */

const spend = (Period: string, Currency: string, major: number): ActualDay => ({
  Period,
  Currency,
  SpendMicros: Math.round(major * 100) * 10_000,
  Impressions: 0,
  Clicks: 0,
  ConversionsMilli: 0,
  ConversionValueMicros: 0,
  VideoViews: 0,
});

const rates = new RateBook([
  { Date: '2026-03-10', From: 'USD', To: 'ILS', Rate: 3.8 },
  { Date: '2026-03-01', From: 'USD', To: 'ILS', Rate: 3.7 },
  { Date: '2026-03-01', From: 'EUR', To: 'ILS', Rate: 4 },
]);
const planRate: PlanRate = { Rate: 3.6, From: 'USD', To: 'ILS', Date: '2026-02-20' };

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('the rate of the day', () => {
  it('uses the latest rate on or before each day', () => {
    // Mar 5 → the Mar 1 rate 3.70; Mar 10 and Mar 12 → the Mar 10 rate 3.80.
    expect(convertOnDay(100_000_000, 'USD', 'ILS', '2026-03-05', rates)).toBe(370_000_000);
    expect(convertOnDay(100_000_000, 'USD', 'ILS', '2026-03-10', rates)).toBe(380_000_000);
    expect(convertOnDay(100_000_000, 'USD', 'ILS', '2026-03-12', rates)).toBe(380_000_000);
  });

  it('divides by the rate quoted the other way, and prefers the direct one on the same date', () => {
    // 370.00 ILS on Mar 5 into a USD account: 370 / 3.70 = 100.00 USD.
    expect(convertOnDay(370_000_000, 'ILS', 'USD', '2026-03-05', rates)).toBe(100_000_000);
    const both = new RateBook([
      { Date: '2026-03-01', From: 'USD', To: 'ILS', Rate: 4 },
      { Date: '2026-03-01', From: 'ILS', To: 'USD', Rate: 0.25 },
    ]);
    // ILS→USD direct 0.25 wins: 370 × 0.25 = 92.50 (the inverse of 4 would also give 92.50, so use a later inverse to tell them apart).
    expect(convertOnDay(370_000_000, 'ILS', 'USD', '2026-03-05', both)).toBe(92_500_000);
    const laterInverse = new RateBook([
      { Date: '2026-03-01', From: 'ILS', To: 'USD', Rate: 0.25 },
      { Date: '2026-03-03', From: 'USD', To: 'ILS', Rate: 3.7 },
    ]);
    expect(convertOnDay(370_000_000, 'ILS', 'USD', '2026-03-05', laterInverse)).toBe(100_000_000);
  });

  it('refuses a day without a rate with RATE_NOT_FOUND naming the pair and the day, never 1.0', () => {
    const err = caught(() => convertOnDay(100_000_000, 'USD', 'ILS', '2026-02-25', rates));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ code: 'RATE_NOT_FOUND', params: { from: 'USD', to: 'ILS', date: '2026-02-25' } });
    expect((err as Error).message).toContain('2026-02-25');
    // A currency with no rate at all, and a cross rate through a third currency is not made up (GBP→ILS).
    expect(caught(() => convertOnDay(1, 'GBP', 'ILS', '2026-03-05', rates))).toMatchObject({
      code: 'RATE_NOT_FOUND',
      params: { from: 'GBP', to: 'ILS' },
    });
  });

  it("sums a day's currencies into the account currency", () => {
    // Mar 5: 100.00 USD × 3.70 + 50.00 ILS = 420.00; Mar 12: 10.00 USD × 3.80 = 38.00.
    expect(
      dailySpendIn(
        [spend('2026-03-12', 'USD', 10), spend('2026-03-05', 'USD', 100), spend('2026-03-05', 'ILS', 50)],
        'ILS',
        rates,
      ),
    ).toEqual([
      { day: '2026-03-05', spendMicros: 420_000_000 },
      { day: '2026-03-12', spendMicros: 38_000_000 },
    ]);
  });
});

describe('rows in the account currency (for KPIs)', () => {
  it("converts spend and conversion value at the day's rate and keeps the counts", () => {
    // Mar 12: 200.00 USD spend and 500.00 USD value × 3.80 = 760.00 and 1,900.00 ILS; ROAS stays 2.5.
    const usd = { ...spend('2026-03-12', 'USD', 200), Clicks: 40, ConversionValueMicros: 500_000_000 };
    const ils = spend('2026-03-12', 'ILS', 50);
    expect(rowsInCurrency([usd, ils], 'ILS', rates)).toEqual([
      { ...usd, Currency: 'ILS', SpendMicros: 760_000_000, ConversionValueMicros: 1_900_000_000 },
      ils,
    ]);
  });
});

describe('the exchange-rate effect', () => {
  const rows = [spend('2026-03-05', 'USD', 100), spend('2026-03-12', 'USD', 200), spend('2026-03-12', 'ILS', 50)];

  it("is the actual at the days' rates minus the actual at the plan's fixed rate", () => {
    // Days' rates: 100 × 3.70 + 200 × 3.80 + 50 = 370 + 760 + 50 = 1,180.00 ILS.
    // Plan's rate 3.60: 100 × 3.60 + 200 × 3.60 + 50 = 360 + 720 + 50 = 1,130.00. Effect 50.00.
    expect(exchangeRateEffect(rows, 'ILS', rates, planRate)).toEqual({
      atDayRates: 118_000,
      atPlanRate: 113_000,
      effect: 5_000,
      gap: null,
      foreignCurrencies: ['USD'],
    });
  });

  it('works with the plan rate quoted from the account currency', () => {
    // ILS→USD 0.25 fixed: 300 USD = 300 / 0.25 = 1,200.00 ILS, + the 50.00 ILS = 1,250.00 at plan; effect 1180 − 1250 = −70.00.
    expect(
      exchangeRateEffect(rows, 'ILS', rates, { Rate: 0.25, From: 'ILS', To: 'USD', Date: '2026-02-20' }),
    ).toMatchObject({ atPlanRate: 125_000, effect: -7_000 });
  });

  it('is 0 when everything was spent in the account currency, even without a plan rate', () => {
    expect(exchangeRateEffect([spend('2026-03-05', 'ILS', 50)], 'ILS', rates, null)).toEqual({
      atDayRates: 5_000,
      atPlanRate: 5_000,
      effect: 0,
      gap: null,
      foreignCurrencies: [],
    });
  });

  it('is null, saying why, when the plan has no rate or not for that currency', () => {
    expect(exchangeRateEffect(rows, 'ILS', rates, null)).toMatchObject({
      atDayRates: 118_000,
      atPlanRate: null,
      effect: null,
      gap: 'NO_PLAN_RATE',
    });
    // EUR at 4.00: 10 EUR = 40.00 ILS at the day's rate; the plan fixed only USD↔ILS.
    expect(exchangeRateEffect([spend('2026-03-05', 'EUR', 10)], 'ILS', rates, planRate)).toEqual({
      atDayRates: 4_000,
      atPlanRate: null,
      effect: null,
      gap: 'CURRENCY_NOT_IN_PLAN_RATE',
      foreignCurrencies: ['EUR'],
    });
  });
});
