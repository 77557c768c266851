import {
  expectedAmount,
  lastDayOf,
  marginOf,
  missingBills,
  reconcile,
  reconcileBill,
  vatMatches,
} from '../../lambdas/modules/vendor-bills';

// Amounts in minor units (agorot / cents); tolerance and VAT in basis points (2 % = 200).
describe('expected amount', () => {
  it('is the ordered amount for offline media (no actuals)', () => {
    expect(expectedAmount({ orderedMinor: 1_000_000, deliveredMinor: null })).toBe(1_000_000);
  });
  it('is capped by delivery below the order', () => {
    expect(expectedAmount({ orderedMinor: 1_000_000, deliveredMinor: 812_345 })).toBe(812_345);
  });
  it('is the order when delivery ran over', () => {
    expect(expectedAmount({ orderedMinor: 1_000_000, deliveredMinor: 1_040_000 })).toBe(1_000_000);
  });
  it('counts a negative restatement as nothing delivered', () => {
    expect(expectedAmount({ orderedMinor: 500_00, deliveredMinor: -12_00 })).toBe(0);
  });
});

describe('reconcile against the tolerance', () => {
  const ordered = { orderedMinor: 10_000_00, deliveredMinor: null };

  it('matches a bill exactly at the tolerance edge (2 % of 10,000.00 = 200.00)', () => {
    const r = reconcile(ordered, 10_200_00, 200);
    expect(r).toEqual({
      ExpectedMinor: 10_000_00,
      DifferenceMinor: 200_00,
      AllowedMinor: 200_00,
      Status: 'matched',
      Reason: null,
    });
    expect(reconcile(ordered, 9_800_00, 200).Status).toBe('matched');
  });

  it('disputes one agora past the edge, above the order', () => {
    const r = reconcile(ordered, 10_200_01, 200);
    expect(r.Status).toBe('disputed');
    expect(r.Reason).toBe('BILLED_ABOVE_ORDERED');
    expect(r.DifferenceMinor).toBe(200_01);
  });

  it('disputes a bill below the expected amount', () => {
    expect(reconcile(ordered, 9_799_99, 200).Reason).toBe('BILLED_BELOW_EXPECTED');
  });

  it('names under-delivery when the vendor bills the order but delivered less', () => {
    // Ordered 10,000.00, delivered 8,000.00: expected 8,000.00, allowed 160.00; billed 10,000.00.
    const r = reconcile({ orderedMinor: 10_000_00, deliveredMinor: 8_000_00 }, 10_000_00, 200);
    expect(r).toMatchObject({ ExpectedMinor: 8_000_00, AllowedMinor: 160_00, DifferenceMinor: 2_000_00 });
    expect(r.Reason).toBe('BILLED_ABOVE_DELIVERED');
  });

  it('rounds the allowance half up once (2 % of 333.33 is 6.6666 → 6.67)', () => {
    const cost = { orderedMinor: 333_33, deliveredMinor: null };
    expect(reconcile(cost, 340_00, 200)).toMatchObject({ AllowedMinor: 6_67, Status: 'matched' });
    expect(reconcile(cost, 340_01, 200).Status).toBe('disputed');
  });

  it('matches only a zero bill when nothing was delivered', () => {
    const none = { orderedMinor: 5_000_00, deliveredMinor: 0 };
    expect(reconcile(none, 0, 200).Status).toBe('matched');
    expect(reconcile(none, 1, 200)).toMatchObject({ Status: 'disputed', Reason: 'BILLED_ABOVE_DELIVERED' });
  });

  it('takes a tolerance set per company (5 %)', () => {
    expect(reconcile(ordered, 10_500_00, 500).Status).toBe('matched');
    expect(reconcile(ordered, 10_500_01, 500).Status).toBe('disputed');
  });
});

describe('VAT of the bill', () => {
  it('expects the rate on the net from a local vendor, within one major unit', () => {
    // 18 % of 10,000.00 is 1,800.00.
    expect(vatMatches(10_000_00, 1_800_00, 'local', 1800)).toBe(true);
    expect(vatMatches(10_000_00, 1_801_00, 'local', 1800)).toBe(true);
    expect(vatMatches(10_000_00, 1_801_01, 'local', 1800)).toBe(false);
  });
  it('expects none from a foreign or exempt vendor', () => {
    expect(vatMatches(10_000_00, 0, 'foreign', 1800)).toBe(true);
    expect(vatMatches(10_000_00, 1_800_00, 'exempt', 1800)).toBe(false);
  });
  it('disputes a matched amount with the wrong VAT, and keeps an amount dispute as it is', () => {
    const cost = { orderedMinor: 10_000_00, deliveredMinor: null };
    const rules = { toleranceBps: 200, treatment: 'local' as const, vatBps: 1800 };
    expect(reconcileBill(cost, { netMinor: 10_000_00, vatMinor: 0 }, rules).Reason).toBe('VAT_MISMATCH');
    expect(reconcileBill(cost, { netMinor: 10_000_00, vatMinor: 1_800_00 }, rules).Status).toBe('matched');
    expect(reconcileBill(cost, { netMinor: 12_000_00, vatMinor: 0 }, rules).Reason).toBe('BILLED_ABOVE_ORDERED');
  });
});

describe('missing bills', () => {
  const periods = [
    { orderId: 1, period: '2026-01', orderedMinor: 100_00, deliveredMinor: 90_00 },
    { orderId: 1, period: '2026-02', orderedMinor: 100_00, deliveredMinor: 0 },
    { orderId: 2, period: '2026-02', orderedMinor: 100_00, deliveredMinor: null },
    { orderId: 2, period: '2026-03', orderedMinor: 100_00, deliveredMinor: null },
  ];

  it('knows the last day of a month, leap February included', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });

  it('lists delivered periods without a bill past the grace days', () => {
    // Grace 10 days: January is due by 10 Feb, February by 10 March; today is 11 March.
    const out = missingBills(periods, new Set(), '2026-03-11', 10);
    expect(out.map((m) => [m.orderId, m.period, m.DueBy, m.DaysLate])).toEqual([
      [1, '2026-01', '2026-02-10', 29],
      [2, '2026-02', '2026-03-10', 1],
    ]);
  });

  it('skips billed periods, periods with nothing delivered, and periods still in their grace days', () => {
    const out = missingBills(periods, new Set(['1:2026-01']), '2026-03-10', 10);
    expect(out).toEqual([]);
  });
});

describe('margin of an account month', () => {
  it('uses the bill where there is one and the expected amount elsewhere', () => {
    // Billable 12,000.00; costs: a bill of 7,500.00 and an expected 2,000.00 → margin 2,500.00 = 20.83 %.
    const m = marginOf(12_000_00, [
      { billedMinor: 7_500_00, expectedMinor: 7_400_00 },
      { billedMinor: null, expectedMinor: 2_000_00 },
    ]);
    expect(m).toEqual({
      BillableMinor: 12_000_00,
      CostMinor: 9_500_00,
      MarginMinor: 2_500_00,
      MarginBps: 2083,
      Billed: 1,
      Expected: 1,
    });
  });
  it('can be negative, and has no percentage without anything billable', () => {
    expect(marginOf(1_000_00, [{ billedMinor: 1_500_00, expectedMinor: 0 }]).MarginBps).toBe(-5000);
    expect(marginOf(0, [{ billedMinor: null, expectedMinor: 10_00 }])).toMatchObject({
      MarginMinor: -10_00,
      MarginBps: null,
    });
  });
});
