import fc from 'fast-check';
import { checkLineFigures, lineFigureProblem } from '../../lambdas/modules/media-plans/figures';
import { ValidationError } from '../../lambdas/core/errors';
import { saveActivity } from '../../lambdas/modules/activities/schemas';
import { configurationsInput } from '../../lambdas/modules/configurations/schemas';
import { exchangeRateInput } from '../../lambdas/modules/exchange-rates/schemas';
import { applyTemplate, lineInput } from '../../lambdas/modules/media-plans/schemas/plans';
import { templateLineInput } from '../../lambdas/modules/templates/schemas';
import {
  BUY_TYPES,
  convert,
  convertInverse,
  MoneyRangeError,
  planTotals,
  plannedKpis,
  type BuyType,
  type LineInput,
  type PlanConfig,
} from '../../lambdas/shared/money';
import {
  MAX_ACTIVITY_BUDGET,
  MAX_CREATIVE_FEE,
  MAX_CREATIVES,
  MAX_FEE_PCT,
  MAX_LINE_BUDGET,
  MAX_LINES_PER_PLAN,
  MAX_PLAN_RATE,
  MAX_PLANNED_KPI,
  MAX_SETUP_FEE,
  MAX_UNIT_COST,
  MAX_VAT_PCT,
  MIN_PLAN_RATE,
  MIN_UNIT_COST,
} from '../../lambdas/shared/money-limits';

/**
 * The money limits (lambdas/shared/money-limits.ts, docs/money-limits.md) are chosen together: a
 * plan at every maximum at once still has every total, planned KPI and conversion (both directions)
 * within Number.MAX_SAFE_INTEGER minor units; and the schemas take exactly those maxima.
 */
const seed = Number(process.env.FC_SEED ?? 20_261_123);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const maxLine: LineInput = {
  budget: MAX_LINE_BUDGET,
  managementFeePct: MAX_FEE_PCT,
  systemFeePct: MAX_FEE_PCT,
  imageCreatives: MAX_CREATIVES,
  videoCreatives: MAX_CREATIVES,
};
const maxConfig: PlanConfig = {
  applyVat: true,
  vatPct: MAX_VAT_PCT,
  setupFee: MAX_SETUP_FEE,
  imageSubmitFee: MAX_CREATIVE_FEE,
  videoSubmitFee: MAX_CREATIVE_FEE,
};

/** Every conversion of every total, with the rate at each end of the plan-rate bounds. */
function convertAll(total: number) {
  for (const rate of [MIN_PLAN_RATE, MAX_PLAN_RATE]) {
    convert(total, rate);
    convertInverse(total, rate);
  }
}

describe('the worst case of docs/money-limits.md', () => {
  it('a plan of MAX_LINES_PER_PLAN lines at every maximum: totals and conversions stay safe integers', () => {
    const t = planTotals(
      Array.from({ length: MAX_LINES_PER_PLAN }, () => maxLine),
      maxConfig,
    );
    // The arithmetic of the doc, recomputed: line subtotal 3.2e10 minor, × 500 + setup, × (1 + VAT), × 100.
    const line =
      100n * BigInt(MAX_LINE_BUDGET) * (1n + (2n * BigInt(MAX_FEE_PCT)) / 100n) +
      2n * BigInt(MAX_CREATIVES) * 100n * BigInt(MAX_CREATIVE_FEE);
    const worst =
      ((line * BigInt(MAX_LINES_PER_PLAN) + 100n * BigInt(MAX_SETUP_FEE)) * (100n + BigInt(MAX_VAT_PCT))) / 100n;
    expect(BigInt(t.total)).toBe(worst);
    expect(worst * BigInt(Math.round(Math.max(MAX_PLAN_RATE, 1 / MIN_PLAN_RATE)))).toBeLessThan(MAX_SAFE);
    for (const v of [t.net, t.managementFee, t.systemFee, t.creativeFee, t.setupFee, t.subtotal, t.vat, t.total])
      convertAll(v);
    expect(convertInverse(t.total, MIN_PLAN_RATE)).toBe(t.total * 100);
  });

  it('the margin covers a race past the line limit: twice MAX_LINES_PER_PLAN lines still convert', () => {
    const t = planTotals(
      Array.from({ length: 2 * MAX_LINES_PER_PLAN }, () => maxLine),
      maxConfig,
    );
    expect(() => convertAll(t.total)).not.toThrow();
    // And convert exactly (integer rate, and 0.01 = ×100 the other way), not merely without throwing.
    expect(convert(t.total, MAX_PLAN_RATE)).toBe(t.total * MAX_PLAN_RATE);
    expect(convertInverse(t.total, MIN_PLAN_RATE)).toBe(t.total * 100);
    expect(Number.isSafeInteger(t.total * MAX_PLAN_RATE)).toBe(true);
  });

  it('a planned KPI at MAX_LINE_BUDGET and MIN_UNIT_COST is exactly MAX_PLANNED_KPI, for every buy type', () => {
    for (const buyType of BUY_TYPES) {
      const k = plannedKpis({ buyType, budget: MAX_LINE_BUDGET, unitCost: MIN_UNIT_COST });
      const v = Object.values(k).find((x) => x !== null) ?? 0;
      expect(v).toBeLessThanOrEqual(MAX_PLANNED_KPI);
    }
    expect(plannedKpis({ buyType: 'CPM', budget: MAX_LINE_BUDGET, unitCost: MIN_UNIT_COST }).impressions).toBe(
      MAX_PLANNED_KPI,
    );
    expect(MAX_PLANNED_KPI).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('the activity budget is what a full plan of maximal lines spends', () => {
    expect(MAX_ACTIVITY_BUDGET).toBe(MAX_LINES_PER_PLAN * MAX_LINE_BUDGET);
    expect(BigInt(MAX_ACTIVITY_BUDGET) * 100n).toBeLessThan(MAX_SAFE);
  });
});

describe('random plans AT and below the schema maxima never throw', () => {
  const atOrBelow = (max: number, decimals: number) =>
    fc.oneof(
      fc.constant(max),
      fc.integer({ min: 0, max: max * 10 ** decimals }).map((n) => n / 10 ** decimals),
    );
  const lineArb: fc.Arbitrary<LineInput & { buyType: BuyType; unitCost: number }> = fc.record({
    budget: atOrBelow(MAX_LINE_BUDGET, 2),
    managementFeePct: atOrBelow(MAX_FEE_PCT, 2),
    systemFeePct: atOrBelow(MAX_FEE_PCT, 2),
    imageCreatives: fc.oneof(fc.constant(MAX_CREATIVES), fc.nat(MAX_CREATIVES)),
    videoCreatives: fc.oneof(fc.constant(MAX_CREATIVES), fc.nat(MAX_CREATIVES)),
    buyType: fc.constantFrom(...BUY_TYPES),
    unitCost: fc.oneof(
      fc.constant(0),
      fc.constant(MIN_UNIT_COST),
      fc.constant(MAX_UNIT_COST),
      fc.integer({ min: 100, max: MAX_UNIT_COST * 1e6 }).map((n) => n / 1e6),
    ),
  });
  const configArb: fc.Arbitrary<PlanConfig> = fc.record({
    applyVat: fc.boolean(),
    vatPct: atOrBelow(MAX_VAT_PCT, 2),
    setupFee: atOrBelow(MAX_SETUP_FEE, 2),
    imageSubmitFee: atOrBelow(MAX_CREATIVE_FEE, 2),
    videoSubmitFee: atOrBelow(MAX_CREATIVE_FEE, 2),
  });
  const rateArb = fc.oneof(
    fc.constant(MIN_PLAN_RATE),
    fc.constant(MAX_PLAN_RATE),
    fc.integer({ min: MIN_PLAN_RATE * 1e6, max: MAX_PLAN_RATE * 1e6 }).map((n) => n / 1e6),
  );

  it('totals, KPIs and conversions of up to MAX_LINES_PER_PLAN lines', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: MAX_LINES_PER_PLAN }),
        configArb,
        rateArb,
        (sample, count, config, rate) => {
          // `count` lines drawn from the sample: a plan as large as the limit without 500 random draws.
          const lines = Array.from({ length: count }, (_, i) => sample[i % sample.length]);
          const t = planTotals(lines, config);
          for (const v of [t.net, t.subtotal, t.vat, t.total]) {
            convert(v, rate);
            convertInverse(v, rate);
          }
          for (const l of sample) {
            const k = plannedKpis(l);
            expect(Object.values(k).every((x) => x === null || x <= MAX_PLANNED_KPI)).toBe(true);
            expect(
              lineFigureProblem({
                BuyType: l.buyType,
                Budget: Number(l.budget),
                UnitCost: l.unitCost,
                ManagementFeePct: Number(l.managementFeePct),
                SystemFeePct: Number(l.systemFeePct),
                ImageCreatives: l.imageCreatives,
                VideoCreatives: l.videoCreatives,
              }),
            ).toBeUndefined();
          }
        },
      ),
      { numRuns: 200, seed },
    );
  });
});

describe('the schemas take exactly the limits', () => {
  const line = (extra: Record<string, unknown>) =>
    lineInput.safeParse({
      MediaMixId: 1,
      AccountChannelTypeId: 1,
      StartDate: '2026-01-01',
      EndDate: '2026-01-31',
      BuyType: 'CPM',
      UnitCost: 1,
      Budget: 1,
      ...extra,
    });
  const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

  it('a plan line: budget, unit cost, creatives and monthly split parts', () => {
    expect(
      line({
        Budget: MAX_LINE_BUDGET,
        UnitCost: MIN_UNIT_COST,
        ImageCreatives: MAX_CREATIVES,
        ManagementFeePct: MAX_FEE_PCT,
      }).success,
    ).toBe(true);
    expect(line({ UnitCost: 0 }).success).toBe(true);
    expect(issue(line({ Budget: MAX_LINE_BUDGET + 0.01 }))).toMatch(/^Budget: must be at most 100,000,000/);
    expect(issue(line({ UnitCost: 0.00009 }))).toMatch(/^UnitCost: must be 0 or at least 0.0001/);
    expect(issue(line({ UnitCost: MAX_UNIT_COST + 1 }))).toMatch(/^UnitCost: must be at most 1,000,000/);
    expect(issue(line({ MonthlySplit: { '2026-01': MAX_LINE_BUDGET + 1 } }))).toMatch(
      /^MonthlySplit.2026-01: must be at most/,
    );
  });

  it('templates, activities, configurations and exchange rates', () => {
    expect(applyTemplate.safeParse({ templateId: 1, mediaMixId: 1, totalBudget: MAX_LINE_BUDGET }).success).toBe(true);
    expect(applyTemplate.safeParse({ templateId: 1, mediaMixId: 1, totalBudget: MAX_LINE_BUDGET + 1 }).success).toBe(
      false,
    );
    const tl = (UnitCost: number) =>
      templateLineInput.safeParse({ ChannelTypeId: 1, SharePct: 100, BuyType: 'CPC', UnitCost });
    expect(tl(MIN_UNIT_COST).success).toBe(true);
    expect(tl(0.00001).success).toBe(false);
    const activity = (Budget: number) =>
      saveActivity.safeParse({
        activity: { AccountId: 1, Name: 'A', StartDate: '2026-01-01', EndDate: '2026-01-02', Budget },
      });
    expect(activity(MAX_ACTIVITY_BUDGET).success).toBe(true);
    expect(activity(MAX_ACTIVITY_BUDGET + 1).success).toBe(false);
    const config = (c: Record<string, unknown>) => configurationsInput.safeParse({ version: 0, ...c }).success;
    expect(
      config({
        VatPct: MAX_VAT_PCT,
        SetupFee: MAX_SETUP_FEE,
        ImageSubmitFee: MAX_CREATIVE_FEE,
        VideoSubmitFee: MAX_CREATIVE_FEE,
      }),
    ).toBe(true);
    expect(config({ ImageSubmitFee: MAX_CREATIVE_FEE + 1 })).toBe(false);
    expect(config({ SetupFee: MAX_SETUP_FEE + 1 })).toBe(false);
    expect(config({ VatPct: MAX_VAT_PCT + 1 })).toBe(false);
    const rate = (From: string, To: string, Rate: number) =>
      exchangeRateInput.safeParse({ Date: '2026-01-01', From, To, Rate }).success;
    expect(rate('USD', 'ILS', MAX_PLAN_RATE)).toBe(true);
    expect(rate('ILS', 'USD', MIN_PLAN_RATE)).toBe(true);
    expect(rate('USD', 'ILS', MAX_PLAN_RATE + 0.000001)).toBe(false);
    expect(rate('ILS', 'USD', MIN_PLAN_RATE - 0.000001)).toBe(false);
    expect(rate('USD', 'VND', 25_000)).toBe(true);
  });
});

describe('out of range is a typed error, and the domain check names the field', () => {
  it('the money module throws MoneyRangeError for a result beyond the safe range', () => {
    expect(() => convert(Number.MAX_SAFE_INTEGER, 2)).toThrow(MoneyRangeError);
    expect(() => plannedKpis({ buyType: 'CPM', budget: 10_000_000, unitCost: 0.000001 })).toThrow(MoneyRangeError);
  });

  it('checkLineFigures refuses a line planning more than MAX_PLANNED_KPI (data the schema would refuse today)', () => {
    const l = {
      BuyType: 'CPM' as const,
      Budget: 10_000_000,
      UnitCost: 0.000001,
      ManagementFeePct: 0,
      SystemFeePct: 0,
      ImageCreatives: 0,
      VideoCreatives: 0,
    };
    expect(() => checkLineFigures('mediaChannel', l)).toThrow(ValidationError);
    expect(() => checkLineFigures('mediaChannel', l)).toThrow(
      /^mediaChannel\.UnitCost: with this budget plans more than 1,000,000,000,000,000 impressions/,
    );
    // Beyond even the safe range (a 10^12 budget of before the limits): still a 400 naming the KPI.
    expect(() => checkLineFigures('mediaChannel', { ...l, BuyType: 'CPA', Budget: 1e12 })).toThrow(
      /more than 1,000,000,000,000,000 conversions/,
    );
  });
});
