import { evaluateFormula, METRIC_NAMES, parseFormula, type FormulaNode } from '@server/shared/formula';
import {
  convert,
  convertInverse,
  formatMinor,
  MoneyRangeError,
  planTotals,
  type LineInput,
  type Minor,
  type PlanConfig,
  type PlanTotals,
} from '@server/shared/money';
import { CURRENCY_CODES } from '@server/shared/version-status';
import { formatCurrency, formatNumber, formatPercent, intlLocale } from '../../../lib/format';
import type { CustomColumn, VersionInfo } from '../api/media-plan-api';
import type { LineFigures } from './line-form';
import { decimalMoney, formatter } from './money-text';

/**
 * The plan's figures in the console, through the same money module as the API (docs/domain.md), so
 * the footer of a plan being edited equals what the server will answer to the agora.
 */

export type Pricing = VersionInfo['Pricing'];

export const planConfigOf = (p: Pricing): PlanConfig => ({
  applyVat: p.ApplyVat,
  vatPct: p.VatPct,
  setupFee: p.SetupFee,
  imageSubmitFee: p.ImageSubmitFee,
  videoSubmitFee: p.VideoSubmitFee,
});

export const creativeFeesOf = (p: Pricing) => ({ imageSubmitFee: p.ImageSubmitFee, videoSubmitFee: p.VideoSubmitFee });

/**
 * The plan's totals, or null when one is out of range: only a plan stored before the money limits
 * (docs/money-limits.md) gets there, and the screen then says so instead of failing.
 */
export function totalsOf(lines: readonly LineInput[], pricing: Pricing): PlanTotals | null {
  return orOutOfRange(() => planTotals(lines, planConfigOf(pricing)));
}

/** `compute()`, or null when its result is beyond the money module's safe range. */
function orOutOfRange<T>(compute: () => T): T | null {
  try {
    return compute();
  } catch (err) {
    if (err instanceof MoneyRangeError) return null;
    throw err;
  }
}

export type Rate = NonNullable<VersionInfo['ExchangeRateUsed']>;

/** An amount of the plan's currency in the other one with the plan's rate (as the API: one half-up rounding); null when out of range. */
export function convertMinor(minor: Minor, rate: Rate, planCurrency: 1 | 2): Minor | null {
  return orOutOfRange(() =>
    rate.From === CURRENCY_CODES[planCurrency] ? convert(minor, rate.Rate) : convertInverse(minor, rate.Rate),
  );
}

/** Minor units as the locale writes the account's currency (₪18,654.03): exact, no rounding needed. */
export function money(minor: Minor, currency: number, locale: string): string {
  return decimalMoney(Number(formatMinor(minor)), currency, locale);
}

/** A whole count (planned impressions) as the locale writes it. */
export const count = (n: number, locale: string) => formatter(locale, null, 0).format(n);

/** A percentage as formatPercent writes it (12.50%); the stored values have at most 2 decimals. */
export const percent = (n: number, locale: string) => `${formatter(locale, null, 2).format(n)}%`;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
/** A plan date ('2026-03-01') as the locale writes it (formatDate's style), read as a calendar day (UTC): never a day off. */
export function day(iso: string, locale: string): string {
  let f = dateFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormatters.set(locale, f);
  }
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : f.format(d);
}

const monthFormatters = new Map<string, Intl.DateTimeFormat>();
/** A calendar month ('2026-01') as the locale names it with its year ("January 2026", "ינואר 2026"). */
export function monthName(month: string, locale: string): string {
  let f = monthFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormatters.set(locale, f);
  }
  const d = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? month : f.format(d);
}

/** A unit cost: 2 to 6 decimals (platforms price a view below a cent: 0.045). */
export const unitCost = (n: number, locale: string) => formatter(locale, null, 2, 6).format(n);

// ---------------------------------------------------------------------------------------------
// Custom columns of the media-plan scope
// ---------------------------------------------------------------------------------------------

export interface PlanColumn {
  ID: number;
  Name: string;
  Format: CustomColumn['Format'];
  /** null when the saved formula no longer parses (the column shows a dash). */
  ast: FormulaNode | null;
}

/** Parses each column's formula once (formula.ts, never eval). */
export const planColumnsOf = (cols: readonly CustomColumn[]): PlanColumn[] =>
  cols
    .filter((c) => c.Scope === 'mediaPlan')
    .map((c) => {
      const parsed = parseFormula(c.Formula, METRIC_NAMES.mediaPlan);
      return { ID: c.ID, Name: c.Name, Format: c.Format, ast: parsed.ok ? parsed.ast : null };
    });

const major = (minor: Minor) => Number(formatMinor(minor));

/** The metric values a media-plan formula names, for one line (money in major units; total = the line's subtotal). */
export function lineMetrics(
  fig: LineFigures,
  line: { unitCost: number; imageCreatives: number; videoCreatives: number },
): Record<string, number> {
  const a = fig.amounts;
  return {
    budget: major(a.net),
    net: major(a.net),
    managementFee: major(a.managementFee),
    systemFee: major(a.systemFee),
    creativeFee: major(a.creativeFee),
    total: major(a.subtotal),
    impressions: fig.kpis.impressions ?? 0,
    clicks: fig.kpis.clicks ?? 0,
    conversions: fig.kpis.conversions ?? 0,
    views: fig.kpis.views ?? 0,
    unitCost: line.unitCost,
    imageCreatives: line.imageCreatives,
    videoCreatives: line.videoCreatives,
  };
}

export function formatColumn(
  col: PlanColumn,
  values: Record<string, number>,
  currency: number,
  locale: string,
): string {
  if (!col.ast) return '–';
  const v = evaluateFormula(col.ast, values);
  switch (col.Format) {
    case 'currency':
      return formatCurrency(v, currency, locale);
    // A ratio (clicks / impressions) shows as a percentage: × 100 (lambdas/shared/formula.ts).
    case 'percent':
      return formatPercent(v * 100, locale);
    default:
      return formatNumber(v, locale);
  }
}
