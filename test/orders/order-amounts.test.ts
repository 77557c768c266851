import { convert, convertInverse } from '../../lambdas/shared/money';
import { convertParts, orderLineOf, periodTotals } from '../../lambdas/modules/orders/order-amounts';
import type { SourceLine } from '../../lambdas/modules/orders/source-lines';

// Every expected figure below is computed by hand (the arithmetic is in the comments).

const line = (o: Partial<SourceLine>): SourceLine => ({
  LineId: 7,
  SourceLineId: null,
  Name: 'Search',
  ChannelTypeName: 'Google Search',
  AccountChannelTypeId: 3,
  StartDate: '2026-01-01',
  EndDate: '2026-02-28',
  BudgetMinor: 100000,
  MonthlySplit: null,
  VendorId: 5,
  ...o,
});

const months = (l: { Months: { Month: string; AmountMinor: number }[] }) =>
  l.Months.map((m) => [m.Month, m.AmountMinor]);

describe('orderLineOf: the vendor in the plan currency', () => {
  it('takes the plan split by days as it is (1,000.00 over 31 + 28 days)', () => {
    // 100000 × 31 / 59 = 52542.37 → 52542 (rest 22); × 28 / 59 = 47457.63 → 47457 (rest 37);
    // the one unit left goes to February (larger rest): 525.42 + 474.58 = 1,000.00.
    const l = orderLineOf(line({}), { planCurrency: 2, vendorCurrency: 2, rate: null });
    expect(months(l)).toEqual([
      ['2026-01', 52542],
      ['2026-02', 47458],
    ]);
    expect(l.TotalMinor).toBe(100000);
  });

  it('takes the MonthlySplit when the line has one', () => {
    const l = orderLineOf(line({ MonthlySplit: { '2026-01': 200, '2026-02': 800 } }), {
      planCurrency: 1,
      vendorCurrency: 1,
      rate: null,
    });
    expect(months(l)).toEqual([
      ['2026-01', 20000],
      ['2026-02', 80000],
    ]);
  });
});

describe('orderLineOf: the vendor in the other currency, at the version fixed rate', () => {
  it('ILS plan, USD vendor, 1 USD = 3.7 ILS: 10,000.00 ILS over Jan–Mar by days', () => {
    // Plan months (90 days): 1,000,000 × 31/90 = 344444.4 (rest 40), × 28/90 = 311111.1 (rest 10),
    // × 31/90 = 344444.4 (rest 40) → the left unit to January: 344445, 311111, 344444.
    // ÷ 3.7: 93093.24, 84084.05, 93092.97 → floors 93093, 84084, 93092 (sum 270269);
    // total 1,000,000 ÷ 3.7 = 270270.27 → 270270: one unit left, to March (largest rest .97).
    const l = orderLineOf(line({ BudgetMinor: 1000000, EndDate: '2026-03-31' }), {
      planCurrency: 2,
      vendorCurrency: 1,
      rate: { Rate: 3.7, From: 'USD', To: 'ILS', Date: '2026-01-05' },
    });
    expect(months(l)).toEqual([
      ['2026-01', 93093],
      ['2026-02', 84084],
      ['2026-03', 93093],
    ]);
    expect(l.TotalMinor).toBe(270270);
    expect(l.TotalMinor).toBe(convertInverse(1000000, 3.7));
  });

  it('rounds once per line and keeps the remainder: three months of 0.01 USD at 3.5 are 0.04 + 0.04 + 0.03 ILS', () => {
    // Each month is exactly 3.5 agorot; the line 3 × 3.5 = 10.5 → 11 (half up). Rounding each month
    // would give 4 + 4 + 4 = 12. Floors 3 + 3 + 3 = 9: two units left, to the earlier months on the tie.
    const l = orderLineOf(
      line({
        BudgetMinor: 3,
        EndDate: '2026-03-31',
        MonthlySplit: { '2026-01': 0.01, '2026-02': 0.01, '2026-03': 0.01 },
      }),
      { planCurrency: 1, vendorCurrency: 2, rate: { Rate: 3.5, From: 'USD', To: 'ILS', Date: '2026-01-05' } },
    );
    expect(months(l)).toEqual([
      ['2026-01', 4],
      ['2026-02', 4],
      ['2026-03', 3],
    ]);
    expect(l.TotalMinor).toBe(11);
    expect(l.TotalMinor).toBe(convert(3, 3.5));
  });

  it('uses a rate quoted the other way round (1 ILS = 0.25 USD) by multiplying', () => {
    // 333.33 and 666.67 ILS × 0.25 = 83.3325 and 166.6675 USD: floors 8333 + 16666 = 24999;
    // total 1,000.00 × 0.25 = 250.00 → one unit left, to February (rest .6675 > .3325).
    const l = orderLineOf(line({ MonthlySplit: { '2026-01': 333.33, '2026-02': 666.67 } }), {
      planCurrency: 2,
      vendorCurrency: 1,
      rate: { Rate: 0.25, From: 'ILS', To: 'USD', Date: '2026-01-05' },
    });
    expect(months(l)).toEqual([
      ['2026-01', 8333],
      ['2026-02', 16667],
    ]);
    expect(l.TotalMinor).toBe(25000);
  });

  it('refuses to convert without the fixed rate, or with a rate of another pair', () => {
    expect(() => orderLineOf(line({}), { planCurrency: 2, vendorCurrency: 1, rate: null })).toThrow(/rate/);
    expect(() =>
      orderLineOf(line({}), {
        planCurrency: 2,
        vendorCurrency: 1,
        rate: { Rate: 4, From: 'EUR', To: 'ILS', Date: '2026-01-05' },
      }),
    ).toThrow(/does not convert ILS to USD/);
  });
});

describe('convertParts', () => {
  it('sums exactly to the total for negative parts too (half away from zero)', () => {
    // −1 × 2.5 = −2.5 → floor −3 (rest .5); 3 × 2.5 = 7.5 → 7 (rest .5); total 2 × 2.5 = 5.
    // Floors −3 + 7 = 4: one unit left, to the first part on the tie.
    expect(convertParts([-1, 3], 2_500_000n, 1_000_000n)).toEqual({ parts: [-2, 7], total: 5 });
  });

  it('names the line when a result passes the money range', () => {
    expect(() => convertParts([Number.MAX_SAFE_INTEGER], 2_000_000n, 1_000_000n, 'line 9')).toThrow(
      'line 9: amount is too large',
    );
  });
});

describe('periodTotals', () => {
  it('sums the lines per month, by month', () => {
    const a = {
      Months: [
        { Month: '2026-02', AmountMinor: 5 },
        { Month: '2026-03', AmountMinor: 1 },
      ],
    };
    const b = {
      Months: [
        { Month: '2026-01', AmountMinor: 2 },
        { Month: '2026-02', AmountMinor: 7 },
      ],
    };
    expect(periodTotals([a, b] as never)).toEqual([
      { Month: '2026-01', AmountMinor: 2 },
      { Month: '2026-02', AmountMinor: 12 },
      { Month: '2026-03', AmountMinor: 1 },
    ]);
  });
});
