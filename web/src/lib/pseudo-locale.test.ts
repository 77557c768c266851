import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from './pseudo-locale';

describe('the pseudo-locale', () => {
  it('accents, lengthens and brackets a catalogue string', () => {
    expect(pseudoText('Save changes', '<', '>')).toBe(`${PSEUDO_OPEN}Sávé çháñgés ····${PSEUDO_CLOSE}`);
  });

  it('leaves interpolated values as they are', () => {
    expect(pseudoText('Plan <Acme>', '<', '>')).toBe(`${PSEUDO_OPEN}Pláñ <Acme> ···${PSEUDO_CLOSE}`);
  });

  it('adds no filler to a string without letters', () => {
    expect(pseudoText('—', '<', '>')).toBe(`${PSEUDO_OPEN}—${PSEUDO_CLOSE}`);
  });
});
