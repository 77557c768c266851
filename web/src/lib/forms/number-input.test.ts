import { numberInput } from './number-input';

describe("numberInput: a number field's text as the route's input", () => {
  it.each([
    ['12.5', 12.5],
    [' 0 ', 0],
    ['-3', -3],
    ['10,000.5', 10000.5],
    ['1 250', 1250],
    ['1\u00a0250\u00a0000', 1250000],
    ['.5', 0.5],
  ])('%p is the number %p', (text, n) => expect(numberInput(text)).toBe(n));

  it('an empty field is absent (the schema says "required" or takes its default)', () => {
    expect(numberInput('')).toBeUndefined();
    expect(numberInput('   ')).toBeUndefined();
  });

  it.each(['1,5', '10,00', '1e2', '0x10', '12.', 'abc', 'Infinity', 'invalid-number'])(
    '%p stays text, which the schema refuses as not a number',
    (text) => {
      expect(numberInput(text)).toBe(text);
    },
  );
});
