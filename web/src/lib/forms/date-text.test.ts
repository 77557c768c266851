import { dateFromInputText, dateInputText, datePattern, INVALID_DATE } from './date-text';

describe('dates as typed in each console language', () => {
  it.each([
    ['he', '31.12.2026', 'dd.MM.yyyy'],
    ['en', '12/31/2026', 'MM/dd/yyyy'],
    ['fr', '31/12/2026', 'dd/MM/yyyy'],
    ['ro', '31.12.2026', 'dd.MM.yyyy'],
    ['zh', '2026-12-31', 'yyyy-MM-dd'],
  ])('%s writes %s (%s) and reads it back', (locale, typed, pattern) => {
    expect(dateInputText('2026-12-31', locale)).toBe(typed);
    expect(datePattern(locale)).toBe(pattern);
    expect(dateFromInputText(typed, locale)).toBe('2026-12-31');
  });

  it('reads short days and months, and any of the three separators', () => {
    expect(dateFromInputText('5/3/2026', 'fr')).toBe('2026-03-05');
    expect(dateFromInputText('5/3/2026', 'en')).toBe('2026-05-03');
    expect(dateFromInputText('2026.3.5', 'zh')).toBe('2026-03-05');
  });

  it('refuses what is no real day, or is in another order', () => {
    expect(dateFromInputText('31/02/2026', 'fr')).toBe(INVALID_DATE);
    expect(dateFromInputText('31.12.2026', 'zh')).toBe(INVALID_DATE);
    expect(dateFromInputText('2026-12-31', 'ro')).toBe(INVALID_DATE);
    expect(dateFromInputText('  ', 'ro')).toBe('');
  });
});
