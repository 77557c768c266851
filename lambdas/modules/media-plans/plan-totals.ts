import type { PlanLine, VersionAggregates, MixPricing } from './store';
import {
  formatMinor,
  lineAmounts,
  toMinor,
  minorToNumber,
  planTotals,
  type LineAmounts,
  type LineInput,
  type PlanTotals,
} from '../../shared/money';
import type { LineAmountsView, TotalsView } from './replies/plans';

/**
 * A plan's amounts and totals (figures.ts holds the rest of its figures): per line each amount
 * rounded once; plan totals are sums of the rounded line amounts (+ setup fee once), VAT once on
 * the plan subtotal; the header's aggregates are the same sums kept on every line write.
 */

export const lineInput = (
  l: Pick<PlanLine, 'Budget' | 'ManagementFeePct' | 'SystemFeePct' | 'ImageCreatives' | 'VideoCreatives'>,
): LineInput => ({
  budget: l.Budget,
  managementFeePct: l.ManagementFeePct,
  systemFeePct: l.SystemFeePct,
  imageCreatives: l.ImageCreatives,
  videoCreatives: l.VideoCreatives,
});

export const NO_CREATIVE_FEES = { imageSubmitFee: 0, videoSubmitFee: 0 };

export const EMPTY_AGGREGATES: VersionAggregates = Object.freeze({
  NetMinor: 0,
  ManagementFeeMinor: 0,
  SystemFeeMinor: 0,
  ImageCreatives: 0,
  VideoCreatives: 0,
  LineCount: 0,
});

/** What one live line contributes to its header's aggregates (nothing when absent or archived). */
export function lineAggregate(l: PlanLine | undefined): VersionAggregates {
  if (!l || l.Archived) return EMPTY_AGGREGATES;
  const a = lineAmounts(lineInput(l), NO_CREATIVE_FEES);
  return {
    NetMinor: a.net,
    ManagementFeeMinor: a.managementFee,
    SystemFeeMinor: a.systemFee,
    ImageCreatives: l.ImageCreatives,
    VideoCreatives: l.VideoCreatives,
    LineCount: 1,
  };
}

export function addAggregates(a: VersionAggregates, b: VersionAggregates, sign: 1 | -1 = 1): VersionAggregates {
  return {
    NetMinor: a.NetMinor + sign * b.NetMinor,
    ManagementFeeMinor: a.ManagementFeeMinor + sign * b.ManagementFeeMinor,
    SystemFeeMinor: a.SystemFeeMinor + sign * b.SystemFeeMinor,
    ImageCreatives: a.ImageCreatives + sign * b.ImageCreatives,
    VideoCreatives: a.VideoCreatives + sign * b.VideoCreatives,
    LineCount: a.LineCount + sign * b.LineCount,
  };
}

/** after − before: the header ADD of one line change. */
export const aggregateDelta = (before: PlanLine | undefined, after: PlanLine | undefined) =>
  addAggregates(lineAggregate(after), lineAggregate(before), -1);

export const sumAggregates = (lines: PlanLine[]) =>
  lines.reduce((acc, l) => addAggregates(acc, lineAggregate(l)), { ...EMPTY_AGGREGATES });

const moneyConfig = (p: MixPricing) => ({
  applyVat: p.ApplyVat,
  vatPct: p.VatPct,
  setupFee: p.SetupFee,
  imageSubmitFee: p.ImageSubmitFee,
  videoSubmitFee: p.VideoSubmitFee,
});

/** Plan totals from its lines (GetMediaMixInfo, the export). */
export const totalsOfLines = (lines: PlanLine[], pricing: MixPricing): PlanTotals =>
  planTotals(lines.map(lineInput), moneyConfig(pricing));

/**
 * The same totals from the header's aggregates (the list of versions): the aggregates are the sums
 * of the rounded line amounts and the creative counts, and creative fees are linear in the counts,
 * so this equals planTotals over the lines exactly. Built as one synthetic line through planTotals
 * so the setup fee and VAT rules live in one place: its net and fees are exact sums already (the
 * percentages are chosen so nothing rounds again).
 */
export function totalsOfAggregates(a: VersionAggregates, pricing: MixPricing): Omit<PlanTotals, 'lines'> {
  if (a.LineCount <= 0) {
    const { lines: _l, ...empty } = planTotals([], moneyConfig(pricing));
    return empty;
  }
  const config = moneyConfig(pricing);
  const imageFee = BigInt(toMinor(pricing.ImageSubmitFee, 'imageSubmitFee'));
  const videoFee = BigInt(toMinor(pricing.VideoSubmitFee, 'videoSubmitFee'));
  const creativeFee = Number(BigInt(a.ImageCreatives) * imageFee + BigInt(a.VideoCreatives) * videoFee);
  const subtotalNoSetup = a.NetMinor + a.ManagementFeeMinor + a.SystemFeeMinor + creativeFee;
  // planTotals over one line whose net is the whole subtotal without setup and no fees: the same
  // setup fee and VAT rounding as the lines would give.
  const t = planTotals(
    [
      {
        budget: formatMinor(subtotalNoSetup),
        managementFeePct: 0,
        systemFeePct: 0,
        imageCreatives: 0,
        videoCreatives: 0,
      },
    ],
    config,
  );
  return {
    net: a.NetMinor,
    managementFee: a.ManagementFeeMinor,
    systemFee: a.SystemFeeMinor,
    creativeFee,
    setupFee: t.setupFee,
    subtotal: t.subtotal,
    vat: t.vat,
    total: t.total,
  };
}

export const totalsView = (t: Omit<PlanTotals, 'lines'>): TotalsView => ({
  Net: minorToNumber(t.net),
  ManagementFee: minorToNumber(t.managementFee),
  SystemFee: minorToNumber(t.systemFee),
  CreativeFee: minorToNumber(t.creativeFee),
  SetupFee: minorToNumber(t.setupFee),
  Subtotal: minorToNumber(t.subtotal),
  Vat: minorToNumber(t.vat),
  Total: minorToNumber(t.total),
});

export const lineAmountsView = (a: LineAmounts): LineAmountsView => ({
  Net: minorToNumber(a.net),
  ManagementFee: minorToNumber(a.managementFee),
  SystemFee: minorToNumber(a.systemFee),
  CreativeFee: minorToNumber(a.creativeFee),
  Subtotal: minorToNumber(a.subtotal),
});
