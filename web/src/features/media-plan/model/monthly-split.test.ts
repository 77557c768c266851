import { monthlyPlan } from '@server/shared/money';
import { checkSplit, parseAmount, proRataOf, splitOf } from './monthly-split';

const line = { Budget: 1000, StartDate: '2026-01-20', EndDate: '2026-03-10', MonthlySplit: null };
const months = ['2026-01', '2026-02', '2026-03'];

describe("monthly split (the money module's monthlyPlan)", () => {
  it('offers the pro-rata split by days when the line has none, to the agora as the server plans it', () => {
    const split = splitOf(line);
    expect(split).toEqual(
      monthlyPlan({ budget: 1000, startDate: '2026-01-20', endDate: '2026-03-10', monthlySplit: null }),
    );
    expect(split.map((m) => m.month)).toEqual(months);
    expect(split.reduce((a, m) => a + m.amount, 0)).toBe(100000);
  });

  it("offers the line's own split, and pro rata again when a stored one no longer fits", () => {
    expect(splitOf({ ...line, MonthlySplit: { '2026-01': 1000 } }).map((m) => m.amount)).toEqual([100000, 0, 0]);
    expect(splitOf({ ...line, MonthlySplit: { '2026-01': 999 } })).toEqual(proRataOf(line));
  });

  it('reads amounts: 0 or more, at most 2 decimals, blank is 0', () => {
    expect(parseAmount('1,234.5')).toBe(123450);
    expect(parseAmount(' ')).toBe(0);
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1.005')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });

  it('saves only a split that sums to the budget exactly, naming every month', () => {
    const ok = checkSplit(line, months, { '2026-01': '333.33', '2026-02': '333.33', '2026-03': '333.34' });
    expect(ok).toMatchObject({
      reason: null,
      left: 0,
      split: { '2026-01': 333.33, '2026-02': 333.33, '2026-03': 333.34 },
    });
    const short = checkSplit(line, months, { '2026-01': '333.33', '2026-02': '333.33', '2026-03': '333.33' });
    expect(short).toMatchObject({ reason: 'mediaPlan.split.reasonSum', sum: 99999, left: 1, split: null });
    const bad = checkSplit(line, months, { '2026-01': '1000', '2026-02': '0.001' });
    expect(bad.reason).toBe('mediaPlan.split.reasonInvalid');
    expect([...bad.invalid]).toEqual(['2026-02']);
    expect(checkSplit(line, months, { '2026-01': '1000' })).toMatchObject({
      reason: null,
      split: { '2026-01': 1000, '2026-02': 0, '2026-03': 0 },
    });
  });
});
