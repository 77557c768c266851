import {
  convert,
  convertInverse,
  divideHalfUp,
  formatMinor,
  lineAmounts,
  minorToNumber,
  MoneyInputError,
  monthlyPlan,
  parsePct,
  parseRate,
  percentOf,
  plannedKpis,
  plannedToDate,
  planTotals,
  proRataByDays,
  toMinor,
  type LineInput,
  type PlanConfig,
} from '../../lambdas/shared/money';

/** The worked example of docs/domain.md. */
const exampleLines: LineInput[] = [
  { budget: 10000, managementFeePct: 15, systemFeePct: 2.5, imageCreatives: 4, videoCreatives: 2 },
  { budget: '3333.33', managementFeePct: '12.5', systemFeePct: 0, imageCreatives: 0, videoCreatives: 3 },
];
const ils: PlanConfig = { applyVat: true, vatPct: 18, imageSubmitFee: 0.5, videoSubmitFee: 1.3, setupFee: 300 };

describe('the worked example of docs/domain.md', () => {
  it('reproduces every figure exactly', () => {
    const t = planTotals(exampleLines, ils);
    expect(t.lines).toEqual([
      { net: 1_000_000, managementFee: 150_000, systemFee: 25_000, creativeFee: 460, subtotal: 1_175_460 },
      { net: 333_333, managementFee: 41_667, systemFee: 0, creativeFee: 390, subtotal: 375_390 },
    ]);
    const shown = Object.fromEntries(
      Object.entries(t)
        .filter(([k]) => k !== 'lines')
        .map(([k, v]) => [k, formatMinor(v as number)]),
    );
    expect(shown).toEqual({
      net: '13333.33',
      managementFee: '1916.67',
      systemFee: '250.00',
      creativeFee: '8.50',
      setupFee: '300.00',
      subtotal: '15808.50',
      vat: '2845.53',
      total: '18654.03',
    });
    expect(minorToNumber(t.total)).toBe(18654.03);
  });

  it('gives one line the same amounts alone as inside the plan', () => {
    expect(lineAmounts(exampleLines[1], ils)).toEqual(planTotals(exampleLines, ils).lines[1]);
  });

  it('charges no VAT when the account does not apply it', () => {
    const t = planTotals(exampleLines, { ...ils, applyVat: false });
    expect(t.vat).toBe(0);
    expect(t.total).toBe(t.subtotal);
    expect(t.subtotal).toBe(1_580_850);
  });
});

describe('setup fee rule', () => {
  it('is charged once per plan, whatever the number of lines', () => {
    const one = planTotals([exampleLines[0]], ils);
    const three = planTotals([exampleLines[0], exampleLines[0], exampleLines[1]], ils);
    expect(one.setupFee).toBe(30_000);
    expect(three.setupFee).toBe(30_000);
    expect(three.subtotal).toBe(1_175_460 * 2 + 375_390 + 30_000);
  });

  it('is not charged on a plan without lines', () => {
    expect(planTotals([], ils)).toEqual({
      lines: [],
      net: 0,
      managementFee: 0,
      systemFee: 0,
      creativeFee: 0,
      setupFee: 0,
      subtotal: 0,
      vat: 0,
      total: 0,
    });
  });

  it('can be waived with 0', () => {
    expect(planTotals(exampleLines, { ...ils, setupFee: 0 }).subtotal).toBe(1_550_850);
  });
});

describe('rounding: half-up once, away from zero for negatives', () => {
  it.each([
    // [n, d, expected]
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [5n, 3n, 2n],
    [-5n, 3n, -2n],
    [0n, 7n, 0n],
    [1n, 2n, 1n],
    [-1n, 2n, -1n],
    [49n, 100n, 0n],
    [50n, 100n, 1n],
    [-50n, 100n, -1n],
  ])('divideHalfUp(%s, %s) = %s', (n, d, expected) => {
    expect(divideHalfUp(n, d)).toBe(expected);
  });

  it.each([
    // [amount minor, basis points, expected minor, why]
    [333_333, 1250, 41_667, '4166.6625 → .6625 rounds up'],
    [1, 5000, 1, '0.005 → 0.01'],
    [-1, 5000, -1, '−0.005 → −0.01 (credit mirrors the charge)'],
    [3, 5000, 2, '0.015 → 0.02'],
    [-3, 5000, -2, '−0.015 → −0.02'],
    [1, 4999, 0, '0.004999 → 0.00'],
    [1, 5001, 1, '0.005001 → 0.01'],
    [1005, 5000, 503, '10.05 × 50 % = 5.025 → 5.03 (float gives 5.02)'],
    [0, 1800, 0, 'zero'],
    [1_580_850, 1800, 284_553, 'the example VAT'],
    [1_000_000_000_000, 1800, 180_000_000_000, '10^12 minor units'],
    [999_999_999_999, 5000, 500_000_000_000, '10^12 − 1 at 50 %: .5 up'],
    [-999_999_999_999, 5000, -500_000_000_000, 'and its credit'],
    [1_000_000_000_001, 11_500, 1_150_000_000_001, '115 % of 10^12 + 1'],
  ])('percentOf(%d, %d bps) = %d (%s)', (amount, bps, expected) => {
    expect(percentOf(amount, bps)).toBe(expected);
  });

  it('keeps 10^12 minor units exact through a whole plan', () => {
    const t = planTotals(
      [{ budget: '9999999999.99', managementFeePct: 12.5, systemFeePct: 2.25, imageCreatives: 1, videoCreatives: 1 }],
      ils,
    );
    expect(t.lines[0]).toEqual({
      net: 999_999_999_999,
      managementFee: 125_000_000_000,
      systemFee: 22_500_000_000,
      creativeFee: 180,
      subtotal: 1_147_500_000_179,
    });
    // subtotal + setup 1 147 500 030 179 × 18 % = 206 550 005 432.22 → .22 down
    expect(t.vat).toBe(206_550_005_432);
    expect(t.total).toBe(1_147_500_030_179 + 206_550_005_432);
  });
});

describe('parsing decimals exactly', () => {
  it.each([
    ['3333.33', 333_333],
    [3333.33, 333_333],
    ['12.50', 1250],
    ['12.500', 1250],
    ['-0.05', -5],
    ['+7', 700],
    [' 7.1 ', 710],
    [0, 0],
    [-0, 0],
    [1e12, 100_000_000_000_000],
    ['0.01', 1],
  ])('toMinor(%p) = %d', (input, expected) => {
    expect(toMinor(input)).toBe(expected);
  });

  it.each([
    ['1.234', /budget: '1.234' has more than 2 decimals/],
    [1.005, /budget: '1.005' has more than 2 decimals/],
    [0.1 + 0.2, /has more than 2 decimals/],
    [Number.NaN, /budget: must be a finite number/],
    [Number.POSITIVE_INFINITY, /budget: must be a finite number/],
    ['1e3', /budget: '1e3' is not a decimal number/],
    ['1,000.00', /is not a decimal number/],
    ['', /is not a decimal number/],
    ['abc', /is not a decimal number/],
    ['.5', /is not a decimal number/],
    ['5.', /is not a decimal number/],
    [1e-7, /budget: 1e-7 has more than 2 decimals/],
    [1e21, /budget: 1e\+21 is too large/],
    ['99999999999999999', /budget: amount is too large/],
  ])('toMinor(%p) is refused', (input, message) => {
    expect(() => toMinor(input, 'budget')).toThrow(message);
    expect(() => toMinor(input, 'budget')).toThrow(MoneyInputError);
  });

  it('reads percentages as basis points and rates as millionths', () => {
    expect(parsePct(15)).toBe(1500);
    expect(parsePct('12.5')).toBe(1250);
    expect(parsePct(2.25)).toBe(225);
    expect(() => parsePct('2.255', 'vatPct')).toThrow(/vatPct: '2.255' has more than 2 decimals/);
    expect(parseRate('3.7125')).toBe(3_712_500);
    expect(parseRate(0.000001)).toBe(1);
    expect(() => parseRate('1.0000001')).toThrow(/rate: '1.0000001' has more than 6 decimals/);
  });

  it('names the line and field of a bad plan input', () => {
    const bad = [exampleLines[0], { ...exampleLines[1], systemFeePct: '2.555' }];
    expect(() => planTotals(bad, ils)).toThrow(/^lines\[1\]\.systemFeePct: '2.555' has more than 2 decimals$/);
    expect(() => lineAmounts({ ...exampleLines[0], imageCreatives: 1.5 }, ils)).toThrow(
      /imageCreatives: must be a whole number/,
    );
    expect(() => lineAmounts({ ...exampleLines[0], videoCreatives: -1 }, ils)).toThrow(/videoCreatives/);
    expect(() => planTotals(exampleLines, { ...ils, vatPct: 'x' })).toThrow(/vatPct/);
    expect(() => planTotals(exampleLines, { ...ils, imageSubmitFee: 0.505 })).toThrow(/imageSubmitFee/);
  });
});

describe('formatting', () => {
  it.each([
    [1_865_403, '18654.03'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [-100, '-1.00'],
    [100_000_000_000_000, '1000000000000.00'],
  ])('formatMinor(%d) = %s', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
    expect(toMinor(text)).toBe(minor);
  });

  it('refuses a fractional minor amount', () => {
    expect(() => formatMinor(1.5)).toThrow(/whole number of minor units/);
    expect(minorToNumber(-5)).toBe(-0.05);
  });
});

describe('currency conversion', () => {
  it.each([
    [10_000, '3.7125', 37_125],
    [1, '3.7125', 4],
    [133, 3.7125, 494],
    [1, 0.5, 1],
    [-1, 0.5, -1],
    [37, 0.01, 0],
  ])('convert(%d, %p) = %d', (amount, rate, expected) => {
    expect(convert(amount, rate)).toBe(expected);
  });

  it('divides by the rate for the inverse', () => {
    expect(convertInverse(37_125, '3.7125')).toBe(10_000);
    expect(convertInverse(100, 3)).toBe(33);
    expect(convertInverse(200, 3)).toBe(67);
  });

  it('refuses a rate that is not a positive decimal with up to 6 decimals', () => {
    expect(() => convert(100, 0)).toThrow(/rate: must be greater than 0/);
    expect(() => convert(100, -1)).toThrow(/rate: must be greater than 0/);
    expect(() => convert(100, '3.1234567')).toThrow(/rate: .* more than 6 decimals/);
    expect(() => convertInverse(100, 'abc')).toThrow(/rate/);
  });
});

describe('planned KPIs', () => {
  it.each([
    ['CPM', 1000, 12.5, { impressions: 80_000 }],
    ['CPM', 100, 3, { impressions: 33_333 }],
    ['CPC', 100, 0.35, { clicks: 285 }],
    ['CPC', 20, 3, { clicks: 6 }], // 6.67 rounds down
    ['CPC', 0.3, 0.1, { clicks: 3 }], // float division gives 2.9999999999999996
    ['CPA', 5000, 45, { conversions: 111 }],
    ['CPV', 1000, 0.02, { views: 50_000 }],
    ['CPV', 1000, '0.015', { views: 66_666 }],
    ['CPM', 1000, 0, { impressions: 0 }], // unit cost 0: no division by zero
    ['CPC', 0, 0.5, { clicks: 0 }],
    ['CPC', -50, 0.5, { clicks: 0 }], // a credit plans nothing
    ['CPM', '10000000000.00', '0.01', { impressions: 1_000_000_000_000_000 }],
    ['Flat', 1000, 0, {}],
  ] as const)('%s budget %p at %p → %p', (buyType, budget, unitCost, expected) => {
    expect(plannedKpis({ buyType, budget, unitCost })).toEqual({
      impressions: null,
      clicks: null,
      conversions: null,
      views: null,
      ...expected,
    });
  });

  it('refuses unknown buy types and negative unit costs', () => {
    expect(() => plannedKpis({ buyType: 'CPX' as never, budget: 1, unitCost: 1 })).toThrow(
      /buyType: must be one of CPM, CPC, CPA, CPV, Flat/,
    );
    expect(() => plannedKpis({ buyType: 'constructor' as never, budget: 1, unitCost: 1 })).toThrow(/buyType/);
    expect(() => plannedKpis({ buyType: 'CPC', budget: 1, unitCost: -1 })).toThrow(/unitCost: must not be negative/);
  });
});

describe('pro rata by days', () => {
  it('splits by days and gives the leftover unit to the largest remainder', () => {
    // 55 days: Jan 17, Feb 28, Mar 10 → 30909.09, 50909.09, 18181.82 → the spare unit goes to March
    expect(proRataByDays(100_000, '2025-01-15', '2025-03-10')).toEqual([
      { month: '2025-01', days: 17, amount: 30_909 },
      { month: '2025-02', days: 28, amount: 50_909 },
      { month: '2025-03', days: 10, amount: 18_182 },
    ]);
    expect(proRataByDays(-100_000, '2025-01-15', '2025-03-10').map((s) => s.amount)).toEqual([
      -30_909, -50_909, -18_182,
    ]);
  });

  it('breaks a tie in favour of the earlier month, across a year end', () => {
    expect(proRataByDays(1, '2024-12-31', '2025-01-01')).toEqual([
      { month: '2024-12', days: 1, amount: 1 },
      { month: '2025-01', days: 1, amount: 0 },
    ]);
    expect(proRataByDays(3, '2024-12-31', '2025-01-01').map((s) => s.amount)).toEqual([2, 1]);
  });

  it('handles one day, a leap February and a zero budget', () => {
    expect(proRataByDays(12_345, '2025-06-30', '2025-06-30')).toEqual([{ month: '2025-06', days: 1, amount: 12_345 }]);
    expect(proRataByDays(2_900, '2024-02-01', '2024-02-29')).toEqual([{ month: '2024-02', days: 29, amount: 2_900 }]);
    expect(proRataByDays(0, '2025-01-01', '2025-02-28').map((s) => s.amount)).toEqual([0, 0]);
  });

  it('sums exactly to the budget over a long flight', () => {
    const split = proRataByDays(1_000_000_007, '2024-03-17', '2026-11-02');
    expect(split).toHaveLength(33);
    expect(split.reduce((a, s) => a + s.amount, 0)).toBe(1_000_000_007);
  });

  it('refuses bad dates', () => {
    expect(() => proRataByDays(100, '2025-03-10', '2025-03-09')).toThrow(/endDate: must be on or after startDate/);
    expect(() => proRataByDays(100, '2025-02-30', '2025-03-09')).toThrow(/startDate: '2025-02-30' is not a real date/);
    expect(() => proRataByDays(100, '2025-2-1', '2025-03-09')).toThrow(/startDate: must be a date as YYYY-MM-DD/);
    expect(() => proRataByDays(1.5, '2025-01-01', '2025-03-09')).toThrow(/budget/);
  });
});

describe('planned spend to date', () => {
  const line = { budget: 1000, startDate: '2025-01-15', endDate: '2025-03-10' };

  it.each([
    ['2025-01-14', 0],
    ['2025-01-15', 1_818], // 30909 × 1/17 = 1818.18
    ['2025-01-31', 30_909],
    ['2025-02-14', 30_909 + 25_455], // + 50909 × 14/28 = 25454.5 → up
    ['2025-02-28', 81_818],
    ['2025-03-10', 100_000],
    ['2026-01-01', 100_000],
  ])('pro rata by days as of %s = %d', (asOf, expected) => {
    expect(plannedToDate(line, asOf)).toBe(expected);
  });

  it('follows a monthly split when the line has one', () => {
    const split = { ...line, monthlySplit: { '2025-01': 500, '2025-02': '300.00', '2025-03': 200 } };
    expect(plannedToDate(split, '2025-02-28')).toBe(80_000);
    expect(plannedToDate(split, '2025-03-05')).toBe(90_000); // + 200 × 5/10
    expect(plannedToDate({ ...line, monthlySplit: { '2025-01': 1000 } }, '2025-01-31')).toBe(100_000);
    expect(monthlyPlan({ ...line, monthlySplit: { '2025-01': 1000 } }).map((s) => s.amount)).toEqual([100_000, 0, 0]);
  });

  it('refuses a split that does not fit the line', () => {
    expect(() => monthlyPlan({ ...line, monthlySplit: { '2025-01': 500, '2025-02': 400 } })).toThrow(
      /monthlySplit: parts sum to 900.00, the budget is 1000.00/,
    );
    expect(() => monthlyPlan({ ...line, monthlySplit: { '2025-04': 1000 } })).toThrow(
      /monthlySplit: 2025-04 is not a month of the line's dates/,
    );
    expect(() => monthlyPlan({ ...line, monthlySplit: { '2025-01': 999.999 } })).toThrow(/monthlySplit.2025-01/);
    expect(() => plannedToDate(line, 'yesterday')).toThrow(/asOfDate/);
  });
});
