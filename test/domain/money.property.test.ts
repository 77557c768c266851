import fc from 'fast-check';
import {
  convert,
  convertInverse,
  lineAmounts,
  plannedToDate,
  planTotals,
  proRataByDays,
  type LineInput,
  type PlanConfig,
  type PlanTotals,
} from '../../lambdas/shared/money';

/**
 * Properties of the money stack. A fixed seed keeps CI deterministic; a failure report prints the
 * seed and path, and FC_SEED=<n> replays or explores another seed.
 */
const seed = Number(process.env.FC_SEED ?? 20_250_301);
const runs = { numRuns: 500, seed };

/** Independent reference: half away from zero, written differently from divideHalfUp. */
function refHalfUp(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return n < 0n ? -q : q;
}

/** minor units → decimal text with 2 decimals, independent of formatMinor. */
const dec = (minor: number, places = 2): string => {
  const sign = minor < 0 ? '-' : '';
  const s = String(Math.abs(minor)).padStart(places + 1, '0');
  return `${sign}${s.slice(0, -places)}.${s.slice(-places)}`;
};

/** A decimal given as text or as a JS number, as handlers receive both. */
const decimalInput = (minor: number, places = 2) =>
  fc.boolean().map((asText) => (asText ? dec(minor, places) : minor / 10 ** places));

const pctArb = fc.integer({ min: 0, max: 10_000 }); // 0 %–100 % in basis points
const moneyArb = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }); // ±10^9 major, credits included

interface GenLine {
  line: LineInput;
  budget: number;
  mgmt: number;
  sys: number;
}
const lineArb: fc.Arbitrary<GenLine> = fc
  .record({ budget: moneyArb, mgmt: pctArb, sys: pctArb, images: fc.nat(50), videos: fc.nat(50) })
  .chain(({ budget, mgmt, sys, images, videos }) =>
    fc.tuple(decimalInput(budget), decimalInput(mgmt), decimalInput(sys)).map(([b, m, s]) => ({
      line: { budget: b, managementFeePct: m, systemFeePct: s, imageCreatives: images, videoCreatives: videos },
      budget,
      mgmt,
      sys,
    })),
  );

const configArb: fc.Arbitrary<PlanConfig> = fc.record({
  applyVat: fc.boolean(),
  vatPct: pctArb.map((b) => dec(b)),
  setupFee: fc.integer({ min: 0, max: 1_000_000 }).map((m) => dec(m)),
  imageSubmitFee: fc.integer({ min: 0, max: 10_000 }).map((m) => m / 100),
  videoSubmitFee: fc.integer({ min: 0, max: 10_000 }).map((m) => dec(m)),
});

const big = (n: number) => BigInt(n);
const amountsOf = (t: PlanTotals) => [
  t.net,
  t.managementFee,
  t.systemFee,
  t.creativeFee,
  t.setupFee,
  t.subtotal,
  t.vat,
  t.total,
  ...t.lines.flatMap((l) => [l.net, l.managementFee, l.systemFee, l.creativeFee, l.subtotal]),
];

describe('money stack properties', () => {
  it('plan totals are the sums of the shown line amounts, plus setup fee, plus VAT', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), configArb, (gen, config) => {
        const t = planTotals(
          gen.map((g) => g.line),
          config,
        );
        const sum = (k: keyof PlanTotals['lines'][number]) => t.lines.reduce((a, l) => a + l[k], 0);
        expect(t.net).toBe(sum('net'));
        expect(t.managementFee).toBe(sum('managementFee'));
        expect(t.systemFee).toBe(sum('systemFee'));
        expect(t.creativeFee).toBe(sum('creativeFee'));
        expect(t.setupFee).toBe(gen.length > 0 ? Math.round(Number(config.setupFee) * 100) : 0);
        expect(t.subtotal).toBe(sum('subtotal') + t.setupFee);
        expect(t.subtotal).toBe(t.net + t.managementFee + t.systemFee + t.creativeFee + t.setupFee);
        expect(t.total).toBe(t.subtotal + t.vat);
      }),
      runs,
    );
  });

  it('rounds each fee and the VAT once, half-up, from the exact product', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), configArb, (gen, config) => {
        const t = planTotals(
          gen.map((g) => g.line),
          config,
        );
        gen.forEach((g, i) => {
          const shown = t.lines[i];
          expect(shown.net).toBe(g.budget);
          expect(big(shown.managementFee)).toBe(refHalfUp(big(g.budget) * big(g.mgmt), 10_000n));
          expect(big(shown.systemFee)).toBe(refHalfUp(big(g.budget) * big(g.sys), 10_000n));
          expect(shown).toEqual(lineAmounts(g.line, config));
        });
        const vatBps = BigInt(Math.round(Number(config.vatPct) * 100));
        expect(big(t.vat)).toBe(config.applyVat ? refHalfUp(big(t.subtotal) * vatBps, 10_000n) : 0n);
      }),
      runs,
    );
  });

  it('does not depend on line order', () => {
    const arb = fc
      .array(lineArb, { maxLength: 8 })
      .chain((gen) =>
        fc.tuple(fc.constant(gen), fc.shuffledSubarray(gen, { minLength: gen.length, maxLength: gen.length })),
      );
    fc.assert(
      fc.property(arb, configArb, ([gen, shuffled], config) => {
        const { lines: a, ...totalsA } = planTotals(
          gen.map((g) => g.line),
          config,
        );
        const { lines: b, ...totalsB } = planTotals(
          shuffled.map((g) => g.line),
          config,
        );
        expect(totalsB).toEqual(totalsA);
        expect(b).toEqual(shuffled.map((g) => a[gen.indexOf(g)]));
      }),
      runs,
    );
  });

  it('gives every amount as a whole number of minor units', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), configArb, (gen, config) => {
        for (const v of amountsOf(
          planTotals(
            gen.map((g) => g.line),
            config,
          ),
        )) {
          expect(Number.isSafeInteger(v)).toBe(true);
        }
      }),
      runs,
    );
  });
});

describe('conversion properties (rates 0.01–1000, up to 6 decimals)', () => {
  const rateArb = fc.integer({ min: 10_000, max: 1_000_000_000 }); // millionths
  const amountArb = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

  it('comes back exact when the trip starts in the currency whose unit is worth more', () => {
    fc.assert(
      fc.property(amountArb, rateArb, fc.boolean(), (a, micro, asText) => {
        const rate = asText ? dec(micro, 6) : micro / 1e6;
        const back =
          micro >= 1_000_000 ? convertInverse(convert(a, rate), rate) : convert(convertInverse(a, rate), rate);
        expect(back).toBe(a);
      }),
      runs,
    );
  });

  it('comes back within one minor unit of the more valuable currency either way', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (a, micro) => {
        const rate = dec(micro, 6);
        const fromWorthMore = micro >= 1_000_000; // 1 From = rate To
        // From → To → From, off by this many From units; one From unit is micro/10^6 To units.
        const offFrom = big(Math.abs(convertInverse(convert(a, rate), rate) - a));
        expect(fromWorthMore ? offFrom <= 1n : offFrom * big(micro) <= 1_000_000n).toBe(true);
        // To → From → To, off by this many To units.
        const offTo = big(Math.abs(convert(convertInverse(a, rate), rate) - a));
        expect(fromWorthMore ? offTo * 1_000_000n <= big(micro) : offTo <= 1n).toBe(true);
      }),
      runs,
    );
  });
});

describe('pro rata properties', () => {
  const day0 = Date.UTC(2000, 0, 1) / 86_400_000;
  const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
  const flightArb = fc.record({
    start: fc.integer({ min: day0, max: day0 + 36_500 }),
    length: fc.integer({ min: 1, max: 800 }),
    budget: fc.integer({ min: -10_000_000_000, max: 1_000_000_000_000 }),
  });

  it('splits into months that sum exactly to the budget, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(flightArb, ({ start, length, budget }) => {
        const split = proRataByDays(budget, iso(start), iso(start + length - 1));
        expect(split.reduce((a, s) => a + s.amount, 0)).toBe(budget);
        expect(split.reduce((a, s) => a + s.days, 0)).toBe(length);
        for (const s of split) {
          const off = big(s.amount) * big(length) - big(budget) * big(s.days); // (amount − exact share) × days
          expect(off < big(length) && off > -big(length)).toBe(true);
        }
      }),
      runs,
    );
  });

  it('plans spend to date that only grows and ends at the budget', () => {
    fc.assert(
      fc.property(flightArb, fc.nat(900), fc.nat(900), ({ start, length, budget }, x, y) => {
        const line = { budget: dec(Math.abs(budget)), startDate: iso(start), endDate: iso(start + length - 1) };
        const [early, late] = x <= y ? [x, y] : [y, x];
        const a = plannedToDate(line, iso(start - 30 + early));
        const b = plannedToDate(line, iso(start - 30 + late));
        expect(a).toBeLessThanOrEqual(b);
        expect(plannedToDate(line, iso(start - 1))).toBe(0);
        expect(plannedToDate(line, iso(start + length - 1))).toBe(Math.abs(budget));
      }),
      runs,
    );
  });
});
