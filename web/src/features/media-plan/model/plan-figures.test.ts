/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { formatMinor, toMinor } from '@server/shared/money';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '../../../lib/format';
import { count, day, formatColumn, money, percent, planColumnsOf } from './plan-figures';

describe('plan figures', () => {
  it('money() writes what lib/format.ts formatCurrency writes, from minor units', () => {
    for (const locale of ['en', 'he']) {
      for (const minor of [0, 5, 1865403, -250, 123456789012, toMinor('0.1')]) {
        for (const currency of [1, 2])
          expect(money(minor, currency, locale)).toBe(formatCurrency(formatMinor(minor), currency, locale));
      }
    }
    expect(money(1865403, 2, 'en')).toBe('₪18,654.03');
  });

  it('counts, percentages and days as format.ts writes them', () => {
    expect(count(1234567, 'en')).toBe(formatNumber(1234567, 'en', { decimals: 0 }));
    expect(percent(12.5, 'he')).toBe(formatPercent(12.5, 'he'));
    expect(day('2026-03-01', 'en')).toBe(formatDate('2026-03-01T12:00:00Z', 'en'));
  });

  it('evaluates custom columns with formula.ts; a formula that no longer parses shows a dash', () => {
    const cols = planColumnsOf([
      {
        ID: 1,
        Name: 'CPM check',
        Formula: 'budget / impressions * 1000',
        Names: [],
        Format: 'currency',
        Scope: 'mediaPlan',
        Status: 'Active',
      },
      {
        ID: 2,
        Name: 'Fee share',
        Formula: 'managementFee / total',
        Names: [],
        Format: 'percent',
        Scope: 'mediaPlan',
        Status: 'Active',
      },
      {
        ID: 3,
        Name: 'Broken',
        Formula: 'spend / clicks',
        Names: [],
        Format: 'number',
        Scope: 'mediaPlan',
        Status: 'Active',
      },
      { ID: 4, Name: 'Perf only', Formula: 'ctr', Names: [], Format: 'number', Scope: 'performance', Status: 'Active' },
    ] as never);
    expect(cols.map((c) => c.Name)).toEqual(['CPM check', 'Fee share', 'Broken']);
    const values = { budget: 1000, impressions: 40000, managementFee: 150, total: 1200 };
    expect(formatColumn(cols[0], values, 2, 'en')).toBe('₪25.00');
    expect(formatColumn(cols[1], values, 2, 'en')).toBe('12.50%');
    expect(formatColumn(cols[2], values, 2, 'en')).toBe('–');
    expect(formatColumn(cols[0], { budget: 1000, impressions: 0 }, 2, 'en')).toBe('₪0.00');
  });
});
