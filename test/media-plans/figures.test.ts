import fc from 'fast-check';
import { sumAggregates, totalsOfAggregates, totalsOfLines } from '../../lambdas/modules/media-plans/figures';
import { splitByShares } from '../../lambdas/modules/media-plans/template-application';
import type { PlanLine, MixPricing } from '../../lambdas/modules/media-plans/store/plans';
import { illegalTransitionMessage, VersionStatus } from '../../lambdas/shared/version-status';

/** Pure parts of the media-plan code (no DynamoDB). */

const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => n / 100);
const line = fc
  .record({
    Budget: cents(100_000_000),
    ManagementFeePct: cents(10_000),
    SystemFeePct: cents(10_000),
    ImageCreatives: fc.integer({ min: 0, max: 50 }),
    VideoCreatives: fc.integer({ min: 0, max: 50 }),
  })
  .map((l) => ({ ...l, Archived: false }) as PlanLine);
const pricing = fc.record({
  VatPct: cents(10_000),
  ImageSubmitFee: cents(10_000),
  VideoSubmitFee: cents(10_000),
  SetupFee: cents(100_000),
  ApplyVat: fc.boolean(),
  Currency: fc.constantFrom(1 as const, 2 as const),
}) as fc.Arbitrary<MixPricing>;

describe('totals from the header aggregates', () => {
  it('equal planTotals over the lines, for any lines and pricing (so the list and the detail never disagree)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), pricing, (lines, p) => {
        const { lines: _l, ...fromLines } = totalsOfLines(lines, p);
        expect(totalsOfAggregates(sumAggregates(lines), p)).toEqual(fromLines);
      }),
      { numRuns: 300 },
    );
  });
});

describe('splitByShares (largest remainder)', () => {
  it('always adds up to the total, and each part is within one minor unit of its exact share', () => {
    const shares = fc
      .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 100 })
      .filter((s) => s.some((x) => x > 0));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), shares, (total, s) => {
        const parts = splitByShares(total, s);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const whole = s.reduce((a, b) => a + b, 0);
        parts.forEach((p, i) => expect(Math.abs(p - (total * s[i]) / whole)).toBeLessThan(1.000001));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the leftover units to the largest remainders, the earlier part first on a tie', () => {
    expect(splitByShares(100001, [3333, 3333, 3334])).toEqual([33330, 33330, 33341]);
    expect(splitByShares(2, [5000, 5000, 0])).toEqual([1, 1, 0]);
    expect(splitByShares(1, [5000, 5000])).toEqual([1, 0]);
  });
});

describe('transition messages', () => {
  it('name the state the version is in and the one the action needs', () => {
    expect(illegalTransitionMessage('approve', VersionStatus.Draft)).toBe(
      'Cannot approve a Draft version (only a Submitted version can be approved)',
    );
    expect(illegalTransitionMessage('sign off', VersionStatus.Submitted)).toBe(
      'Cannot sign off a Submitted version (only an Approved version can be signed off)',
    );
  });
});
