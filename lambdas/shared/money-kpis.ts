/** Planned KPIs of a plan line (docs/domain.md). */
import {
  MONEY_DECIMALS,
  MoneyInputError,
  parseScaled,
  RATE_DECIMALS,
  toSafe,
  type DecimalInput,
} from './money-primitives';

export const BUY_TYPES = ['CPM', 'CPC', 'CPA', 'CPV', 'Flat'] as const;
export type BuyType = (typeof BUY_TYPES)[number];

export interface KpiLine {
  buyType: BuyType;
  budget: DecimalInput;
  /** Up to 6 decimals: platforms price clicks and views below a cent. */
  unitCost: DecimalInput;
}

/** The one KPI a buy type plans; the others are null (not planned, which is not the same as 0). */
export interface PlannedKpis {
  impressions: number | null;
  clicks: number | null;
  conversions: number | null;
  views: number | null;
}

const KPI_OF: Record<Exclude<BuyType, 'Flat'>, { kpi: keyof PlannedKpis; per: bigint }> = {
  CPM: { kpi: 'impressions', per: 1000n },
  CPC: { kpi: 'clicks', per: 1n },
  CPA: { kpi: 'conversions', per: 1n },
  CPV: { kpi: 'views', per: 1n },
};

/**
 * budget ÷ unit cost (× 1000 for CPM), rounded down: a part-impression is never delivered.
 * A unit cost or budget of 0 (or a negative budget, i.e. a credit) plans 0; Flat plans nothing.
 */
export function plannedKpis(line: KpiLine): PlannedKpis {
  const kpis: PlannedKpis = { impressions: null, clicks: null, conversions: null, views: null };
  if (line.buyType === 'Flat') return kpis;
  // hasOwn, not a plain lookup: a posted 'constructor' must not find Object.prototype's.
  if (!Object.hasOwn(KPI_OF, line.buyType))
    throw new MoneyInputError(`buyType: must be one of ${BUY_TYPES.join(', ')}`);
  const spec = KPI_OF[line.buyType];
  const budget = parseScaled(line.budget, MONEY_DECIMALS, 'budget');
  const unitMicro = parseScaled(line.unitCost, RATE_DECIMALS, 'unitCost');
  if (unitMicro < 0n) throw new MoneyInputError('unitCost: must not be negative');
  // budget/100 ÷ unitMicro/10^6 = budget × 10^4 ÷ unitMicro; BigInt division truncates = floor here.
  const units = unitMicro === 0n || budget <= 0n ? 0n : (budget * 10_000n * spec.per) / unitMicro;
  kpis[spec.kpi] = toSafe(units, spec.kpi);
  return kpis;
}
