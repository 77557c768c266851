/** @jest-environment jsdom */
import { formatCurrency, formatDate, formatNumber, roundHalfUp } from './format';

describe('number formatting', () => {
  it('uses thousands separators and 2 decimals', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatNumber(0, 'en')).toBe('0.00');
    expect(formatNumber('15808.5', 'he')).toBe('15,808.50');
  });

  it('rounds half up to 2 places without binary drift', () => {
    expect(roundHalfUp(1.005)).toBe(1.01);
    expect(roundHalfUp(2845.5300000001)).toBe(2845.53);
    expect(roundHalfUp(-1.005)).toBe(-1.01);
    expect(formatNumber(1.005, 'en')).toBe('1.01');
  });

  it('gives "0" or the supplied default for invalid input', () => {
    expect(formatNumber('abc', 'en')).toBe('0');
    expect(formatNumber(undefined, 'en')).toBe('0');
    expect(formatNumber(Number.NaN, 'en', { fallback: '—' })).toBe('—');
  });

  it('shows currency signs per code: 2 shekel, 1 dollar', () => {
    expect(formatCurrency(1000, 2, 'he')).toContain('₪');
    expect(formatCurrency(1000, 2, 'he')).toContain('1,000.00');
    expect(formatCurrency(1000, 1, 'en')).toBe('$1,000.00');
  });

  it('formats dates per locale', () => {
    expect(formatDate('2026-03-01T10:00:00Z', 'en')).toMatch(/Mar 1, 2026/);
    expect(formatDate('2026-03-01T10:00:00Z', 'he')).toMatch(/2026/);
    expect(formatDate('', 'en')).toBe('');
  });

  it('one date format per locale: a moment with its time is the same date followed by the time; a calendar day is that day in any zone', () => {
    const day = formatDate('2026-11-23T16:35:00Z', 'en');
    expect(formatDate('2026-11-23T16:35:00Z', 'en', true).startsWith(day)).toBe(true);
    expect(formatDate('2026-11-23T16:35:00Z', 'he', true).startsWith(formatDate('2026-11-23T16:35:00Z', 'he'))).toBe(
      true,
    );
    // A calendar day never moves to the day before (UTC midnight in a zone west of Greenwich).
    expect(formatDate('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(formatDate('2026-03-01', 'en', true)).toBe('Mar 1, 2026');
  });
});
