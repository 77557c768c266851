import { decodeKeyToken, decodeOffsetToken, encodeToken } from '../../lambdas/domain/page-token';

describe('pagination tokens', () => {
  const KEY = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
  const key = { pk: 'C#1', sk: 'ACCOUNT#0000000003', gsi1pk: 'C#1#PARENT#0', gsi1sk: 'A#acme#0000000003' };

  it('round-trips a key for the same list', () => {
    const token = encodeToken({ k: key })!;
    expect(decodeKeyToken(token, { gsi1pk: 'C#1#PARENT#0', pk: 'C#1' }, KEY)).toEqual(key);
  });

  it('refuses a token of another list or another company', () => {
    const token = encodeToken({ k: key })!;
    expect(() => decodeKeyToken(token, { gsi1pk: 'C#1#PARENT#5', pk: 'C#1' }, KEY)).toThrow(/nextToken/);
    const forged = encodeToken({ k: { ...key, pk: 'C#2', gsi1pk: 'C#2#PARENT#0' } })!;
    expect(() => decodeKeyToken(forged, { gsi1pk: 'C#1#PARENT#0', pk: 'C#1' }, KEY)).toThrow(/nextToken/);
  });

  it('refuses a key with attributes the list does not have, or missing ones (never a malformed start key)', () => {
    const extra = encodeToken({ k: { ...key, extra: 'x' } })!;
    expect(() => decodeKeyToken(extra, { pk: 'C#1' }, KEY)).toThrow(/nextToken/);
    const missing = encodeToken({ k: { pk: 'C#1', sk: 'ACCOUNT#1' } })!;
    expect(() => decodeKeyToken(missing, { pk: 'C#1' }, KEY)).toThrow(/nextToken/);
    const numeric = encodeToken({ k: { ...key, sk: 5 } })!;
    expect(() => decodeKeyToken(numeric, { pk: 'C#1' }, KEY)).toThrow(/nextToken/);
  });

  it('refuses garbage and wrong kinds', () => {
    expect(() => decodeKeyToken('%%%', { pk: 'C#1' }, KEY)).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ k: key }))).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ o: -1 }))).toThrow(/nextToken/);
    expect(decodeOffsetToken(encodeToken({ o: 20 }))).toBe(20);
    expect(decodeOffsetToken(undefined)).toBe(0);
  });
});
