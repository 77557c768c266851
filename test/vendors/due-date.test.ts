import { dueDate } from '../../lambdas/modules/vendors';

const net = (Days: number) => ({ Kind: 'net', Days }) as const;
const eomPlus = (Days: number) => ({ Kind: 'eom_plus', Days }) as const;

// Expected dates computed by hand from the calendar, not by the code under test.
describe('dueDate: net N (N days after the bill)', () => {
  it.each([
    ['2026-03-10', 0, '2026-03-10'],
    ['2026-03-10', 30, '2026-04-09'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-01-31', 30, '2026-03-02'], // 28 days in February 2026
    ['2028-01-31', 30, '2028-03-01'], // 29 days in February 2028
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2028-02-29', 180, '2028-08-27'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-12-15', 180, '2027-06-13'],
    ['2026-03-28', 2, '2026-03-30'], // across the spring clock change: calendar days only
  ])('%s net %i → %s', (bill, days, due) => {
    expect(dueDate(bill, net(days))).toBe(due);
  });
});

describe('dueDate: eom_plus N (N days after the end of the bill’s month)', () => {
  it.each([
    ['2026-03-10', 0, '2026-03-31'],
    ['2026-03-31', 0, '2026-03-31'],
    ['2026-03-01', 30, '2026-04-30'],
    ['2026-01-15', 30, '2026-03-02'], // 31 Jan + 30: through a 28-day February
    ['2026-02-01', 30, '2026-03-30'], // 28 Feb + 30
    ['2028-02-01', 30, '2028-03-30'], // 29 Feb 2028 + 30
    ['2028-02-29', 0, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-12-05', 60, '2027-03-01'], // 31 Dec + 60: 31 Jan, 28 Feb, 1 Mar
    ['2026-06-30', 180, '2026-12-27'],
    ['2100-02-10', 0, '2100-02-28'], // 2100 is no leap year
    ['2000-02-10', 0, '2000-02-29'], // 2000 is one
  ])('%s current month + %i → %s', (bill, days, due) => {
    expect(dueDate(bill, eomPlus(days))).toBe(due);
  });
});

describe('dueDate: bounds', () => {
  it.each(['2026-02-29', '2027-13-01', '2026-04-31', '26-01-01', '2026-1-5', '', '2026-01-01T00:00:00Z'])(
    'refuses the bill date %j by name',
    (bill) => {
      expect(() => dueDate(bill, net(30))).toThrow(/^billDate: /);
    },
  );

  it.each([-1, 181, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d days', (days) => {
    expect(() => dueDate('2026-01-15', net(days))).toThrow(/^PaymentTerms\.Days: must be a whole number from 0 to 180/);
    expect(() => dueDate('2026-01-15', eomPlus(days))).toThrow(/^PaymentTerms\.Days/);
  });

  it('accepts 0 and 180 days', () => {
    expect(dueDate('2026-01-15', net(180))).toBe('2026-07-14');
    expect(dueDate('2026-01-15', eomPlus(180))).toBe('2026-07-30');
  });

  it('refuses an unknown kind', () => {
    expect(() => dueDate('2026-01-15', { Kind: 'eom' as 'net', Days: 30 })).toThrow(
      /^PaymentTerms\.Kind: must be one of net, eom_plus/,
    );
  });

  it('refuses a due date past the year 9999', () => {
    expect(dueDate('9999-06-01', net(180))).toBe('9999-11-28');
    expect(() => dueDate('9999-12-31', net(1))).toThrow(/after the year 9999/);
    expect(() => dueDate('9999-12-01', eomPlus(1))).toThrow(/after the year 9999/);
  });
});
