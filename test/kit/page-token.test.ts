import { decodeKeyToken, decodeOffsetToken, encodeToken } from '../../lambdas/domain/page-token';

describe('pagination tokens', () => {
  const key = { pk: 'C#1', sk: 'ACCOUNT#0000000003', gsi1pk: 'C#1#PARENT#0', gsi1sk: 'A#acme#0000000003' };

  it('round-trips a key for the same list', () => {
    const token = encodeToken({ k: key })!;
    expect(decodeKeyToken(token, { gsi1pk: 'C#1#PARENT#0', pk: 'C#1' })).toEqual(key);
  });

  it('refuses a token of another list or another company', () => {
    const token = encodeToken({ k: key })!;
    expect(() => decodeKeyToken(token, { gsi1pk: 'C#1#PARENT#5', pk: 'C#1' })).toThrow(/nextToken/);
    const forged = encodeToken({ k: { ...key, pk: 'C#2', gsi1pk: 'C#2#PARENT#0' } })!;
    expect(() => decodeKeyToken(forged, { gsi1pk: 'C#1#PARENT#0', pk: 'C#1' })).toThrow(/nextToken/);
  });

  it('refuses garbage and wrong kinds', () => {
    expect(() => decodeKeyToken('%%%', { pk: 'C#1' })).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ k: key }))).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ o: -1 }))).toThrow(/nextToken/);
    expect(decodeOffsetToken(encodeToken({ o: 20 }))).toBe(20);
    expect(decodeOffsetToken(undefined)).toBe(0);
  });
});
