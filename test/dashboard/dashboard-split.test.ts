import { splitByPlanned } from '../../lambdas/modules/dashboards/approved-plans';

/** The manager dashboard's estimate past its line reads' budget: an activity's spend split by its lines' planned spend in the period. */
const line = (Budget: number, StartDate: string, EndDate: string) => ({
  Budget,
  BudgetMinor: Budget * 100,
  StartDate,
  EndDate,
  MonthlySplit: null,
});
const march = { from: '2026-03-01', to: '2026-03-10' };

describe('splitByPlanned', () => {
  it("splits by each line's planned spend inside the period, the parts adding up exactly", () => {
    // 100/day and 300/day over the period's 10 days: 1/4 and 3/4; a line that ended before the period gets nothing.
    const parts = splitByPlanned(
      [
        line(3100, '2026-03-01', '2026-03-31'),
        line(9300, '2026-03-01', '2026-03-31'),
        line(500, '2026-02-01', '2026-02-05'),
      ],
      1_000_000_001,
      march,
    );
    expect(parts).toEqual([250_000_000, 750_000_001, 0]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_000_000_001);
  });

  it('falls back to the budgets when nothing is planned in the period', () => {
    expect(
      splitByPlanned([line(100, '2026-04-01', '2026-04-30'), line(300, '2026-04-01', '2026-04-30')], 4_000, march),
    ).toEqual([1_000, 3_000]);
  });
});
