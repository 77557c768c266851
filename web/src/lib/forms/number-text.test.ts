import { INVALID_NUMBER, numberFieldValue, numberInputText, parseNumberInput } from './number-text';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('parseNumberInput in French and Romanian: a decimal comma, spaces or dots between thousands', () => {
  it.each([
    ['fr', '1 234,56', 1234.56],
    ['fr', `1${NBSP}234,56`, 1234.56],
    ['fr', `1${NNBSP}234${NNBSP}567,5`, 1234567.5],
    ['fr', '1.234,56', 1234.56],
    ['ro', '1.234,56', 1234.56],
    ['ro', '1.234.567', 1234567],
    ['ro', '1 234', 1234],
    ['fr', '12,5', 12.5],
    ['fr', ',5', 0.5],
    ['fr', '-3,25', -3.25],
    ['ro', '\u22123,25', -3.25],
    ['fr', '007', 7],
    ['fr', '0,05', 0.05],
    ['fr', ' 42 ', 42],
    ['fr', '1,234', 1.234],
  ])('%s %p is %p', (locale, text, n) => expect(parseNumberInput(text, locale)).toBe(n));

  it.each([
    ['fr', '1,2,3'],
    ['fr', '1.5'],
    ['ro', '1.5'],
    ['ro', '1,234.56'],
    ['fr', '1 234.5'],
    ['fr', '12,'],
    ['fr', '1.234 567'],
    ['fr', '12 34'],
    ['fr', 'abc'],
    ['fr', '12a'],
    ['ro', '1e2'],
    ['fr', '-'],
    ['fr', ','],
    ['fr', '--1'],
  ])('%s %p is no number', (locale, text) => expect(parseNumberInput(text, locale)).toBeNull());
});

describe('parseNumberInput in English, Hebrew and Chinese: a decimal dot, commas between thousands', () => {
  it.each([
    ['en', '1,234.56', 1234.56],
    ['he', '1,234,567', 1234567],
    ['zh', '12.5', 12.5],
    ['en', '1 250', 1250],
    ['en', `1${NBSP}250${NBSP}000`, 1250000],
    ['en', '.5', 0.5],
    ['en', '-0.75', -0.75],
    ['he', '0012', 12],
    ['zh', '1,234', 1234],
  ])('%s %p is %p', (locale, text, n) => expect(parseNumberInput(text, locale)).toBe(n));

  it.each([
    ['en', '1,5'],
    ['en', '1.234,56'],
    ['he', '10,00'],
    ['zh', '1.2.3'],
    ['en', '12.'],
    ['en', '0x10'],
    ['en', 'Infinity'],
    ['en', '1,234 567'],
    ['en', '+5'],
  ])('%s %p is no number', (locale, text) => expect(parseNumberInput(text, locale)).toBeNull());
});

describe('what a number field holds and shows', () => {
  it('nothing typed is undefined, and the field holds ""', () => {
    for (const locale of ['fr', 'en', 'ro']) {
      expect(parseNumberInput('', locale)).toBeUndefined();
      expect(parseNumberInput(`  ${NBSP}`, locale)).toBeUndefined();
      expect(numberFieldValue('', locale)).toBe('');
    }
  });

  it('the field holds the plain spelling, decimals as typed, or INVALID_NUMBER', () => {
    expect(numberFieldValue('1 234,50', 'fr')).toBe('1234.50');
    expect(numberFieldValue('1,234.50', 'en')).toBe('1234.50');
    expect(numberFieldValue('-,5', 'ro')).toBe('-0.5');
    expect(numberFieldValue('1,5', 'en')).toBe(INVALID_NUMBER);
    expect(numberFieldValue('1.5', 'fr')).toBe(INVALID_NUMBER);
  });

  it.each([
    [1234.5, 'fr', '1234,5'],
    [1234.5, 'ro', '1234,5'],
    [1234.5, 'en', '1234.5'],
    [1234.5, 'he', '1234.5'],
    [-0.25, 'fr', '-0,25'],
    [0.0000001, 'en', '0.0000001'],
    [12, 'fr', '12'],
    ['3100.00', 'fr', '3100,00'],
    ['3100.00', 'zh', '3100.00'],
    ['', 'fr', ''],
    [INVALID_NUMBER, 'fr', ''],
    [null, 'fr', ''],
  ])('numberInputText(%p, %s) is %p', (value, locale, text) => expect(numberInputText(value, locale)).toBe(text));

  it('what a field shows is read back as the same number, in every language', () => {
    for (const locale of ['he', 'en', 'fr', 'ro', 'zh'])
      for (const n of [0, 7, 1234.5, -99.99, 1e12, 0.000123])
        expect(parseNumberInput(numberInputText(n, locale), locale)).toBe(n);
  });
});
