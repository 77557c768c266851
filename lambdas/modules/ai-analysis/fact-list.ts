/**
 * A fact of an AI analysis (analysis-facts.ts): its subject, metric, value and unit, and the list that
 * numbers the facts F1, F2, … in the order they are added.
 */

export type FactUnit = 'currency' | 'percent' | 'count' | 'ratio' | 'days';
export type FactSubjectKind = 'plan' | 'line' | 'group';

export type FactMetric =
  | 'pacing_pct'
  | 'pacing_low'
  | 'pacing_high'
  | 'budget'
  | 'planned_to_date'
  | 'actual_to_date'
  | 'projected_end_spend'
  | 'projected_gap'
  | 'amount_left'
  | 'daily_spend_needed'
  | 'days_left'
  | 'ctr'
  | 'cpc'
  | 'cpm'
  | 'cpa'
  | 'cvr'
  | 'roas'
  | 'impressions'
  | 'clicks'
  | 'conversions'
  | 'spend'
  | 'recent_days'
  | 'previous_days'
  | 'recent_spend'
  | 'recent_ctr'
  | 'recent_cpa'
  | 'recent_conversions'
  | 'previous_spend'
  | 'previous_ctr'
  | 'previous_cpa'
  | 'previous_conversions'
  | 'change_spend_pct'
  | 'change_ctr_pct'
  | 'change_cpa_pct'
  | 'change_conversions_pct'
  | 'ctr_vs_plan'
  | 'cpa_vs_plan'
  | 'missing_days'
  | 'provisional_share_pct'
  | 'unhealthy_connectors';

export interface Fact {
  /** 'F1', 'F2', … in the order built. */
  Id: string;
  SubjectKind: FactSubjectKind;
  /** The plan's version name, the line's name, or the channel group. */
  Subject: string;
  /** The line's id when SubjectKind is 'line'. */
  LineId?: number;
  Metric: FactMetric;
  Value: number;
  Unit: FactUnit;
  /** ISO code of a 'currency' fact. */
  Currency?: string;
  /** An English label of the fact, without its figure. */
  Text: string;
}

/** Half-up to 2 decimals, symmetric for negatives; tolerant of binary noise (0.125 → 0.13). */
export function round2(x: number): number {
  const s = Math.sign(x);
  return (s * Math.floor(Math.abs(x) * 100 + 0.5 + 1e-7)) / 100 || 0;
}

export const cents = (x: number) => Math.round(x * 100);

export class FactList {
  readonly facts: Fact[] = [];
  constructor(private readonly currency: string) {}

  add(
    kind: FactSubjectKind,
    subject: string,
    metric: FactMetric,
    value: number | null | undefined,
    unit: FactUnit,
    text: string,
    lineId?: number,
  ): Fact | null {
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    const fact: Fact = {
      Id: `F${this.facts.length + 1}`,
      SubjectKind: kind,
      Subject: subject,
      Metric: metric,
      Value: value,
      Unit: unit,
      Text: `${subject}: ${text}`,
    };
    if (lineId !== undefined) fact.LineId = lineId;
    if (unit === 'currency') fact.Currency = this.currency;
    this.facts.push(fact);
    return fact;
  }
}
