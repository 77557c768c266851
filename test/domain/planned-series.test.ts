import fc from 'fast-check';
import { monthlyPlan, plannedToDate, plannedToDateOf, type PacedLine } from '../../lambdas/shared/money';

/**
 * plannedToDateOf (by day number: the per-line series the activity performance chart reads for every day of the
 * flight) against an independent reference written from docs/domain.md: the plan's whole months
 * before the day's month plus that month's part pro rata by the line's days elapsed in it, rounded
 * half away from zero once. Every day from before the start to after the end, linear lines and
 * lines with a MonthlySplit, credits (negative budgets) included.
 */
const seed = Number(process.env.FC_SEED ?? 20_261_126);
const DAY = 86_400_000;
const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const dayOf = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
const dec = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

function refHalfUp(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return n < 0n ? -q : q;
}

function reference(line: PacedLine, plan: ReturnType<typeof monthlyPlan>, asOfDate: string): number {
  const asOf = dayOf(asOfDate);
  const [start, end] = [dayOf(line.startDate), dayOf(line.endDate)];
  let planned = 0n;
  for (const m of plan) {
    const [y, mo] = m.month.split('-').map(Number);
    const first = Math.max(Date.UTC(y, mo - 1, 1) / DAY, start);
    const last = Math.min(Date.UTC(y, mo, 0) / DAY, end);
    if (last - first + 1 !== m.days)
      throw new Error(`${m.month}: ${m.days} days, the reference counts ${last - first + 1}`);
    if (asOf >= last) planned += BigInt(m.amount);
    else if (asOf >= first) planned += refHalfUp(BigInt(m.amount) * BigInt(asOf - first + 1), BigInt(m.days));
  }
  return Number(planned);
}

function expectSameEveryDay(line: PacedLine): void {
  const byDay = plannedToDateOf(line);
  const of = (date: string) => byDay(dayOf(date));
  const plan = monthlyPlan(line);
  const [start, end] = [dayOf(line.startDate), dayOf(line.endDate)];
  for (let d = start - 3; d <= end + 3; d++) {
    const want = reference(line, plan, iso(d));
    if (of(iso(d)) !== want) expect({ day: iso(d), planned: of(iso(d)) }).toEqual({ day: iso(d), planned: want });
    if (d % 5 === 0 && plannedToDate(line, iso(d)) !== want)
      expect({ day: iso(d), plannedToDate: plannedToDate(line, iso(d)) }).toEqual({ day: iso(d), plannedToDate: want });
  }
}

const flightArb = fc.record({
  start: fc.integer({ min: 19_700, max: 21_000 }), // 2023-12 … 2027-07: month ends of 28–31 days, a leap February
  length: fc.integer({ min: 1, max: 250 }),
  budget: fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
});

describe('plannedToDateOf', () => {
  it('equals the reference every day of linear lines', () => {
    fc.assert(
      fc.property(flightArb, ({ start, length, budget }) => {
        expectSameEveryDay({ budget: dec(budget), startDate: iso(start), endDate: iso(start + length - 1) });
      }),
      { numRuns: 40, seed },
    );
  });

  it('equals the reference every day of lines with a monthly split (months left out get 0)', () => {
    fc.assert(
      fc.property(
        flightArb,
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 20 }),
        ({ start, length, budget }, weights) => {
          const months = monthlyPlan({ budget: '0', startDate: iso(start), endDate: iso(start + length - 1) }).map(
            (m) => m.month,
          );
          const w = months.map((_, i) => weights[i % weights.length]);
          const totalW = w.reduce((a, b) => a + b, 0) || 1;
          const parts = w.map((x) => Math.trunc((budget * x) / totalW));
          parts[parts.length - 1] += budget - parts.reduce((a, b) => a + b, 0);
          const monthlySplit = Object.fromEntries(months.map((m, i) => [m, dec(parts[i])]));
          expectSameEveryDay({
            budget: dec(budget),
            startDate: iso(start),
            endDate: iso(start + length - 1),
            monthlySplit,
          });
        },
      ),
      { numRuns: 40, seed },
    );
  });

  it('rounds half up inside a month and meets the month totals at month ends', () => {
    // 100.00 over 2026-01-30 … 2026-03-02: January 2 days, February 28, March 2 (32 days).
    const line = {
      budget: '100',
      startDate: '2026-01-30',
      endDate: '2026-03-02',
      monthlySplit: { '2026-01': '10.01', '2026-02': '89.99' },
    };
    const byDay = plannedToDateOf(line);
    const of = (date: string) => byDay(dayOf(date));
    expect(of('2026-01-29')).toBe(0);
    expect(of('2026-01-30')).toBe(501); // 1001 × 1/2 = 500.5 → 501
    expect(of('2026-01-31')).toBe(1001);
    expect(of('2026-02-01')).toBe(1001 + 321); // 8999 / 28 = 321.39 → 321
    expect(of('2026-02-28')).toBe(10_000);
    expect(of('2026-03-01')).toBe(10_000); // March plans 0
    expect(of('2026-03-02')).toBe(10_000);
    expect(of('2026-12-31')).toBe(10_000);
  });
});
