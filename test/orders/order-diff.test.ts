import { ancestorsThrough, diffOrderLines } from '../../lambdas/modules/orders/order-diff';
import type { OrderLine } from '../../lambdas/modules/orders/store';

const line = (LineId: number, months: Record<string, number>, o: Partial<OrderLine> = {}): OrderLine => ({
  LineId,
  Name: `Line ${LineId}`,
  ChannelTypeName: 'Google Search',
  AccountChannelTypeId: 3,
  StartDate: '2026-01-01',
  EndDate: '2026-02-28',
  Months: Object.entries(months).map(([Month, AmountMinor]) => ({ Month, AmountMinor })),
  TotalMinor: Object.values(months).reduce((a, b) => a + b, 0),
  ...o,
});

describe('diffOrderLines', () => {
  const order = [
    line(11, { '2026-01': 10000, '2026-02': 10000 }),
    line(12, { '2026-01': 5000 }),
    line(13, { '2026-02': 2500 }),
    line(14, { '2026-01': 700 }),
  ];

  it('names added, removed and changed lines with their months before and after; an unchanged line is left out', () => {
    const newer = [
      line(21, { '2026-01': 10000, '2026-02': 15000 }), // from 11: February 100.00 → 150.00
      line(22, { '2026-01': 5000 }, { Name: 'Renamed' }), // from 12: only its name: no change
      line(24, { '2026-01': 700 }, { EndDate: '2026-01-31' }), // from 14: its dates only
      line(25, { '2026-03': 120 }, { StartDate: '2026-03-01', EndDate: '2026-03-31' }), // new
    ];
    const ancestors = new Map([
      [21, 11],
      [22, 12],
      [24, 14],
    ]);
    expect(diffOrderLines(order, newer, ancestors)).toEqual([
      {
        LineId: 11,
        Change: 'changed',
        Before: { Name: 'Line 11', StartDate: '2026-01-01', EndDate: '2026-02-28', Total: 200 },
        After: { Name: 'Line 21', StartDate: '2026-01-01', EndDate: '2026-02-28', Total: 250 },
        Periods: [{ Month: '2026-02', Before: 100, After: 150 }],
      },
      {
        LineId: 13,
        Change: 'removed',
        Before: { Name: 'Line 13', StartDate: '2026-01-01', EndDate: '2026-02-28', Total: 25 },
        After: null,
        Periods: [{ Month: '2026-02', Before: 25, After: 0 }],
      },
      {
        LineId: 14,
        Change: 'changed',
        Before: { Name: 'Line 14', StartDate: '2026-01-01', EndDate: '2026-02-28', Total: 7 },
        After: { Name: 'Line 24', StartDate: '2026-01-01', EndDate: '2026-01-31', Total: 7 },
        Periods: [],
      },
      {
        LineId: 25,
        Change: 'added',
        Before: null,
        After: { Name: 'Line 25', StartDate: '2026-03-01', EndDate: '2026-03-31', Total: 1.2 },
        Periods: [{ Month: '2026-03', Before: 0, After: 1.2 }],
      },
    ]);
  });

  it('a month that moves is a change in both months', () => {
    const newer = [line(21, { '2026-02': 10000, '2026-03': 10000 })];
    const d = diffOrderLines([order[0]], newer, new Map([[21, 11]]));
    expect(d[0].Periods).toEqual([
      { Month: '2026-01', Before: 100, After: 0 },
      { Month: '2026-03', Before: 0, After: 100 },
    ]);
  });

  it('is empty when the newer lines are the same', () => {
    expect(diffOrderLines(order, order, new Map(order.map((l) => [l.LineId, l.LineId])))).toEqual([]);
  });
});

describe('ancestorsThrough', () => {
  it("follows SourceLineId back through the versions to the order's lines", () => {
    // v3 line 31 ← v2 line 21 ← v1 line 11 (the order's); 33 was added in v3; 32 ← 22, added in v2.
    const v3 = new Map<number, number | null>([
      [31, 21],
      [32, 22],
      [33, null],
    ]);
    const v2 = new Map<number, number | null>([
      [21, 11],
      [22, null],
    ]);
    expect(ancestorsThrough([31, 32, 33], [v3, v2], new Set([11, 12]))).toEqual(new Map([[31, 11]]));
  });

  it('with no version between, a line is its own ancestor when the order has it', () => {
    expect(ancestorsThrough([11, 99], [], new Set([11]))).toEqual(new Map([[11, 11]]));
  });
});
