import { decodeKeyToken, decodeOffsetToken, encodeToken, MAX_OFFSET } from '../../lambdas/aws/dynamodb/page-token';
import { keyCondition, type KeyRange } from '../../lambdas/aws/dynamodb/query-page';

describe('pagination tokens', () => {
  const key = { pk: 'C#1', sk: 'ACCOUNT#0000000003', gsi1pk: 'C#1#PARENT#0', gsi1sk: 'A#acme#0000000003' };
  const active: KeyRange = {
    index: 'gsi1',
    keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    partition: { attr: 'gsi1pk', value: 'C#1#PARENT#0' },
    sort: { attr: 'gsi1sk', prefix: 'A#' },
    bound: { pk: { equals: 'C#1' }, sk: { prefix: 'ACCOUNT#' } },
  };
  const tok = (k: Record<string, unknown>) => encodeToken({ k })!;

  it('round-trips a key for the same list', () => {
    expect(decodeKeyToken(tok(key), active)).toEqual(key);
  });

  it('refuses a token of another list or another company', () => {
    expect(() => decodeKeyToken(tok(key), { ...active, partition: { attr: 'gsi1pk', value: 'C#1#PARENT#5' } })).toThrow(
      /nextToken/,
    );
    expect(() => decodeKeyToken(tok({ ...key, pk: 'C#2', gsi1pk: 'C#2#PARENT#0' }), active)).toThrow(/nextToken/);
    expect(() => decodeKeyToken(tok({ ...key, pk: 'C#2' }), active)).toThrow(/nextToken/);
    expect(() => decodeKeyToken(tok({ ...key, sk: 'ACTIVITY#1' }), active)).toThrow(/nextToken/);
  });

  it('refuses a sort key outside the key condition (another status, outside the dates)', () => {
    expect(() => decodeKeyToken(tok({ ...key, gsi1sk: 'X#acme#0000000003' }), active)).toThrow(/nextToken/);
    const dated: KeyRange = {
      keyAttributes: ['pk', 'sk'],
      partition: { attr: 'pk', value: 'P' },
      sort: { attr: 'sk', from: '2026-01-01', to: '2026-03-31#~' },
    };
    expect(decodeKeyToken(tok({ pk: 'P', sk: '2026-02-01#1' }), dated)).toEqual({ pk: 'P', sk: '2026-02-01#1' });
    // The upper bound itself is inside (inclusive).
    expect(decodeKeyToken(tok({ pk: 'P', sk: '2026-03-31#~' }), dated)).toEqual({ pk: 'P', sk: '2026-03-31#~' });
    expect(() => decodeKeyToken(tok({ pk: 'P', sk: '2026-04-01' }), dated)).toThrow(/nextToken/);
    expect(() => decodeKeyToken(tok({ pk: 'P', sk: '2025-12-31' }), dated)).toThrow(/nextToken/);
    // Ordered as DynamoDB orders (UTF-8 bytes): U+10000 sorts after U+FFFF there, before it in UTF-16.
    const upTo: KeyRange = {
      keyAttributes: ['pk', 'sk'],
      partition: { attr: 'pk', value: 'P' },
      sort: { attr: 'sk', to: 'a\uFFFF' },
    };
    expect(() => decodeKeyToken(tok({ pk: 'P', sk: 'a\u{10000}' }), upTo)).toThrow(/nextToken/);
  });

  it('refuses empty key strings, extra, missing and non-string attributes (never a malformed start key)', () => {
    for (const attr of Object.keys(key)) {
      expect(() => decodeKeyToken(tok({ ...key, [attr]: '' }), active)).toThrow(/nextToken/);
      expect(() => decodeKeyToken(tok({ ...key, [attr]: 5 }), active)).toThrow(/nextToken/);
    }
    expect(() => decodeKeyToken(tok({ ...key, extra: 'x' }), active)).toThrow(/nextToken/);
    expect(() => decodeKeyToken(tok({ pk: 'C#1', sk: 'ACCOUNT#1' }), active)).toThrow(/nextToken/);
    expect(() => decodeKeyToken(encodeToken({ k: [] as never }), active)).toThrow(/nextToken/);
  });

  it('refuses garbage and wrong kinds; bounds offsets', () => {
    expect(() => decodeKeyToken('%%%', active)).toThrow(/nextToken/);
    expect(() => decodeKeyToken(Buffer.from(JSON.stringify({ k: key, o: 1 })).toString('base64url'), active)).toThrow(
      /nextToken/,
    );
    expect(() => decodeOffsetToken(encodeToken({ k: key }))).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ o: -1 }))).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ o: MAX_OFFSET + 1 }))).toThrow(/nextToken/);
    expect(() => decodeOffsetToken(encodeToken({ o: 1e300 }))).toThrow(/nextToken/);
    expect(decodeOffsetToken(encodeToken({ o: 20 }))).toBe(20);
    expect(decodeOffsetToken(undefined)).toBe(0);
  });

  it('the key condition is spelled from the same range', () => {
    expect(keyCondition(active)).toEqual({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :kPk AND begins_with(gsi1sk, :kPrefix)',
      ExpressionAttributeValues: { ':kPk': 'C#1#PARENT#0', ':kPrefix': 'A#' },
    });
    expect(
      keyCondition({
        keyAttributes: ['pk', 'sk'],
        partition: { attr: 'pk', value: 'P' },
        sort: { attr: 'sk', from: 'a', to: 'b' },
      }).KeyConditionExpression,
    ).toBe('pk = :kPk AND sk BETWEEN :kFrom AND :kTo');
    expect(
      keyCondition({
        keyAttributes: ['pk', 'sk'],
        partition: { attr: 'pk', value: 'P' },
        sort: { attr: 'sk', to: 'b' },
      }).KeyConditionExpression,
    ).toBe('pk = :kPk AND sk <= :kTo');
  });
});
