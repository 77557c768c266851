import fc from 'fast-check';
import { keys } from '../../lambdas/aws/dynamodb/keys';

/**
 * The parsers of lambdas/aws/dynamodb/keys.ts against their builders: a parser answers the id of
 * exactly what its builder makes, and undefined for anything else.
 */
describe('keys.companyOfDashTilesPk', () => {
  it('answers the company of every key dashTilesPk makes', () => {
    expect(keys.companyOfDashTilesPk(keys.dashTilesPk(1))).toBe(1);
    expect(keys.companyOfDashTilesPk('C#42#DASH')).toBe(42);
    expect(keys.companyOfDashTilesPk(keys.dashTilesPk(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(keys.companyOfDashTilesPk(keys.dashTilesPk(id))).toBe(id);
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['no id', 'C##DASH'],
    ['not a number', 'C#x#DASH'],
    ['another suffix', 'C#1#DASHX'],
    ['a longer key', 'C#1#DASH#2'],
    ['a shorter key', 'C#1'],
    ['another partition', 'C#1#AUDIT'],
    ['another prefix', 'X#1#DASH'],
    ['a leading space', ' C#1#DASH'],
    ['zero', 'C#0#DASH'],
    ['negative', 'C#-1#DASH'],
    ['a fraction', 'C#1.5#DASH'],
    ['leading zeros', 'C#007#DASH'],
    ['an exponent', 'C#1e3#DASH'],
    ['hexadecimal', 'C#0x10#DASH'],
    ['padded', 'C# 1#DASH'],
    ['past the safe integers', `C#${Number.MAX_SAFE_INTEGER + 1}#DASH`],
    ['a huge number', `C#${'9'.repeat(400)}#DASH`],
  ])('answers undefined for %s', (_name, pk) => {
    expect(keys.companyOfDashTilesPk(pk)).toBeUndefined();
  });
});
