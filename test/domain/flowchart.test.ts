import { flowchart, type FlowLine, type FlowOptions } from '../../lambdas/shared/flowchart';

/**
 * The flowchart model (lambdas/shared/flowchart.ts), every figure computed by hand in the comments:
 * minor units, the largest remainder going to the larger rest (the earlier part on a tie).
 */
interface Line extends FlowLine {
  group: 'Search' | 'Social';
}
const RANK = { Search: 0, Social: 1 };
const byGroup: FlowOptions<Line>['groupOf'] = (l) => ({ key: l.group, label: l.group, rank: RANK[l.group] });
const line = (
  id: number,
  group: Line['group'],
  startDate: string,
  endDate: string,
  budget: number,
  split?: Record<string, number>,
): Line => ({
  id,
  name: `Line ${id}`,
  group,
  startDate,
  endDate,
  budget,
  monthlySplit: split ?? null,
});
const amounts = (cells: { amount: number }[]) => cells.map((c) => c.amount);
const days = (cells: { days: number }[]) => cells.map((c) => c.days);

describe('months', () => {
  it('splits a line across a month end by days, the extra unit to the larger rest', () => {
    // 2026-01-20..02-10: 12 days in January, 10 in February (22). 100000 × 12 / 22 = 54545 rest 10,
    // × 10 / 22 = 45454 rest 12: the one unit left goes to February.
    const chart = flowchart([line(1, 'Search', '2026-01-20', '2026-02-10', 1000)], {
      grain: 'month',
      weekStart: 0,
      groupOf: byGroup,
    });
    expect(chart.periods).toEqual([
      { key: '2026-01', start: '2026-01-01', end: '2026-01-31', days: 31 },
      { key: '2026-02', start: '2026-02-01', end: '2026-02-28', days: 28 },
    ]);
    const [row] = chart.groups[0].rows;
    expect(amounts(row.cells)).toEqual([54545, 45455]);
    // Partial first and last periods: 12 of 31 days, 10 of 28.
    expect(days(row.cells)).toEqual([12, 10]);
    expect([row.first, row.last, row.total]).toEqual([0, 1, 100000]);
  });

  it("takes a line's monthly split as it is, a month it leaves out at 0 and still under the bar", () => {
    const chart = flowchart([line(2, 'Social', '2026-01-15', '2026-03-31', 900, { '2026-01': 200, '2026-03': 700 })], {
      grain: 'month',
      weekStart: 0,
      groupOf: byGroup,
      range: { start: '2025-12-01', end: '2026-04-30' },
    });
    expect(chart.periods.map((p) => p.key)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04']);
    const [row] = chart.groups[0].rows;
    expect(amounts(row.cells)).toEqual([0, 20000, 0, 70000, 0]);
    expect(days(row.cells)).toEqual([0, 17, 28, 31, 0]);
    expect([row.first, row.last, row.total]).toEqual([1, 3, 90000]);
  });
});

describe('weeks', () => {
  // 2026-01-27 (Tue)..02-09 (Mon), 1000.00: January 5 days → 35714 (rest 4), February 9 days → 64285
  // (rest 10) + 1 = 64286.
  const flight = line(3, 'Search', '2026-01-27', '2026-02-09', 1000);

  it('weeks from Sunday: each month over its weeks by days', () => {
    const chart = flowchart([flight], { grain: 'week', weekStart: 0, groupOf: byGroup });
    expect(chart.periods).toEqual([
      { key: '2026-01-25', start: '2026-01-25', end: '2026-01-31', days: 7 },
      { key: '2026-02-01', start: '2026-02-01', end: '2026-02-07', days: 7 },
      { key: '2026-02-08', start: '2026-02-08', end: '2026-02-14', days: 7 },
    ]);
    const [row] = chart.groups[0].rows;
    // February's 64286 over 7 and 2 days: 50000 rest 2, 14285 rest 7 → 50000, 14286.
    expect(amounts(row.cells)).toEqual([35714, 50000, 14286]);
    expect(days(row.cells)).toEqual([5, 7, 2]);
    expect(row.total).toBe(100000);
  });

  it('weeks from Monday: a week across the month end takes a part of each month', () => {
    const chart = flowchart([flight], { grain: 'week', weekStart: 1, groupOf: byGroup });
    expect(chart.periods.map((p) => p.key)).toEqual(['2026-01-26', '2026-02-02', '2026-02-09']);
    const [row] = chart.groups[0].rows;
    // February's 64286 over 1, 7, 1 days: 7142 rest 8, 50000 rest 2, 7142 rest 8; the 2 units left
    // go to the two rests of 8. The first week: January's 35714 + 7143.
    expect(amounts(row.cells)).toEqual([42857, 50000, 7143]);
    expect(days(row.cells)).toEqual([6, 7, 1]);
    expect(row.total).toBe(100000);
  });

  it('a credit (negative budget) splits as the mirror image', () => {
    const chart = flowchart([{ ...flight, budget: -1000 }], { grain: 'week', weekStart: 1, groupOf: byGroup });
    expect(amounts(chart.groups[0].rows[0].cells)).toEqual([-42857, -50000, -7143]);
  });
});

describe('groups and totals', () => {
  const lines = [
    line(10, 'Social', '2026-03-01', '2026-03-31', 310),
    line(11, 'Search', '2026-03-16', '2026-04-15', 100.01),
    line(12, 'Social', '2026-04-01', '2026-04-30', 0.03),
  ];
  const chart = flowchart(lines, { grain: 'month', weekStart: 0, groupOf: byGroup, today: '2026-04-02' });

  it('orders groups by rank and keeps the lines in their order', () => {
    expect(chart.groups.map((g) => [g.key, g.rows.map((r) => r.line.id)])).toEqual([
      ['Search', [11]],
      ['Social', [10, 12]],
    ]);
  });

  it('sums exactly per group, per period and in all', () => {
    // Line 11: 10001 over 16 March days and 15 April days (31): 5161 rest 25, 4839 rest 6 →
    // 5162 + 4839.
    expect(amounts(chart.groups[0].rows[0].cells)).toEqual([5162, 4839]);
    expect(chart.groups[0].totals).toEqual([5162, 4839]);
    expect(chart.groups[1].totals).toEqual([31000, 3]);
    expect(chart.groups.map((g) => g.total)).toEqual([10001, 31003]);
    expect(chart.totals).toEqual([36162, 4842]);
    expect(chart.total).toBe(41004);
  });

  it("marks today's period, and none when today is outside", () => {
    expect(chart.todayIndex).toBe(1);
    const later = flowchart(lines, { grain: 'month', weekStart: 0, groupOf: byGroup, today: '2026-05-01' });
    expect(later.todayIndex).toBe(-1);
  });

  it('groups by any key: the same lines in one group give the same totals', () => {
    const one = flowchart(lines, {
      grain: 'week',
      weekStart: 0,
      groupOf: () => ({ key: 'all', label: 'All', rank: 0 }),
    });
    expect(one.groups).toHaveLength(1);
    expect(one.groups[0].rows.map((r) => r.total)).toEqual([31000, 10001, 3]);
    expect(one.total).toBe(41004);
    expect(one.totals.reduce((a, b) => a + b, 0)).toBe(41004);
  });

  it('has no periods without lines or a range', () => {
    const empty = flowchart([], { grain: 'month', weekStart: 0, groupOf: byGroup, today: '2026-04-02' });
    expect([empty.periods, empty.groups, empty.totals, empty.total, empty.todayIndex]).toEqual([[], [], [], 0, -1]);
  });
});
