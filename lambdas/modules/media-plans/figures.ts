import { ConflictError, MONEY_LIMIT, NotFoundError, ValidationError } from '../../core/errors';
import type { PlanLine, PlanVersion, VersionAggregates, MixPricing } from './store';
import { CURRENCY_CODES, otherCurrency } from '../../shared/version-status';
import {
  convert,
  convertInverse,
  lineAmounts,
  MoneyInputError,
  MoneyRangeError,
  plannedKpis,
  type Minor,
  type PlanTotals,
  type PlannedKpis,
} from '../../shared/money';
import { formatLimit, MAX_PLANNED_KPI } from '../../shared/money-limits';
import type { CompanyConfiguration } from '../configurations';
import { lookupRate } from '../exchange-rates';
import { readCache } from '../../core/read-cache';
import type { LineAmountsView, PlannedKpisView, PlanRate, TotalsView } from './replies/plans';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/calendar';
import { clockNow, todayIn } from '../../shared/company-day';
import { lineInput, NO_CREATIVE_FEES, totalsOfAggregates, totalsView } from './plan-totals';

/**
 * The figures of a media plan, all through the shared money module (docs/domain.md) so the console
 * and the API show identical numbers: per line each amount rounded once; plan totals are sums of
 * the rounded line amounts (+ setup fee once), VAT once on the plan subtotal.
 */

// The amounts and totals live in plan-totals.ts; the module's files import them from here.
export {
  aggregateDelta,
  lineAmountsView,
  lineInput,
  sumAggregates,
  totalsOfAggregates,
  totalsOfLines,
  totalsView,
} from './plan-totals';

/** Totals, line amounts, KPIs and the rate as the API shows them (modules/media-plans/replies/plans.ts; decimal, account currency). */
export type { LineAmountsView, PlannedKpisView, PlanRate, TotalsView };

// ---------------------------------------------------------------------------------------------
// Figures out of range (docs/money-limits.md)
// ---------------------------------------------------------------------------------------------

/**
 * The names of the figures a reply could not show because they fall outside the money module's
 * safe range ("Lines[2].Kpis.Impressions", "Totals", "ConvertedTotals"). Only data stored before
 * the limits of shared/money-limits.ts (or a rate stored before its bounds) can get there: a read
 * shows such a figure as null and names it here instead of failing the whole version.
 */
export type OutOfRange = string[];

/** `compute()`, or null (and `field` noted) when its result is out of range. */
export function inRange<T>(out: OutOfRange, field: string, compute: () => T): T | null {
  try {
    return compute();
  } catch (err) {
    if (err instanceof MoneyRangeError) {
      out.push(field);
      return null;
    }
    throw err;
  }
}

/** The KPI each buy type plans, as the API names it (shared/money.ts plannedKpis). */
const KPI_OF_BUY_TYPE = { CPM: 'Impressions', CPC: 'Clicks', CPA: 'Conversions', CPV: 'Views' } as const;

const KPI_NAMES = { impressions: 'Impressions', clicks: 'Clicks', conversions: 'Conversions', views: 'Views' } as const;

/** The one KPI a buy type plans, with its name as the API shows it. */
function plannedKpiOf(l: Pick<PlanLine, 'BuyType' | 'Budget' | 'UnitCost'>): {
  name: string;
  value: number | null;
  kpis: PlannedKpis;
} {
  const kpis = plannedKpis({ buyType: l.BuyType, budget: l.Budget, unitCost: l.UnitCost });
  const key = (Object.keys(KPI_NAMES) as (keyof PlannedKpis)[]).find((k) => kpis[k] !== null);
  return { name: key ? KPI_NAMES[key] : '', value: key ? kpis[key] : null, kpis };
}

/**
 * Planned KPIs of a line (budget ÷ unit cost by buy type; the others null). A KPI beyond
 * MAX_PLANNED_KPI (only in data stored before the limits) shows as null and is named in `out`.
 */
export function kpisView(
  l: Pick<PlanLine, 'BuyType' | 'Budget' | 'UnitCost'>,
  out: OutOfRange = [],
  prefix = 'Kpis',
): PlannedKpisView {
  const view = {
    Impressions: null as number | null,
    Clicks: null as number | null,
    Conversions: null as number | null,
    Views: null as number | null,
  };
  const spec = l.BuyType === 'Flat' ? null : KPI_OF_BUY_TYPE[l.BuyType];
  const got = inRange(out, spec ? `${prefix}.${spec}` : prefix, () => plannedKpiOf(l));
  if (!got) return view;
  if (got.value !== null && got.value > MAX_PLANNED_KPI) {
    out.push(`${prefix}.${got.name}`);
    return view;
  }
  return {
    Impressions: got.kpis.impressions,
    Clicks: got.kpis.clicks,
    Conversions: got.kpis.conversions,
    Views: got.kpis.views,
  };
}

/**
 * Why a line's figures cannot be planned, or undefined when they can: its amounts and its planned KPI
 * within range. Written for a 400 after `field` ("mediaChannel.UnitCost: …"). Called BEFORE every
 * write that creates or changes lines, so nothing out of range is ever stored again.
 */
export function lineFigureProblem(
  l: Pick<
    PlanLine,
    'BuyType' | 'Budget' | 'UnitCost' | 'ManagementFeePct' | 'SystemFeePct' | 'ImageCreatives' | 'VideoCreatives'
  >,
): { field: string; message: string } | undefined {
  try {
    lineAmounts(lineInput(l), NO_CREATIVE_FEES);
  } catch (err) {
    if (err instanceof MoneyInputError)
      return { field: 'Budget', message: `the line's amounts are out of range (${err.message})` };
    throw err;
  }
  let planned: number | null;
  try {
    planned = plannedKpiOf(l).value;
  } catch (err) {
    if (!(err instanceof MoneyInputError)) throw err;
    planned = Infinity;
  }
  if (planned !== null && planned > MAX_PLANNED_KPI) {
    const what = l.BuyType === 'Flat' ? 'units' : KPI_OF_BUY_TYPE[l.BuyType].toLowerCase();
    return {
      field: 'UnitCost',
      message: `with this budget plans more than ${formatLimit(MAX_PLANNED_KPI)} ${what}, the most a line may plan; raise the unit cost or lower the budget`,
    };
  }
  return undefined;
}

/** lineFigureProblem as a 400 naming the field under `prefix` ("mediaChannel"). */
export function checkLineFigures(prefix: string, l: Parameters<typeof lineFigureProblem>[0]): void {
  const problem = lineFigureProblem(l);
  if (problem)
    throw lineFigureError(`${prefix}.${problem.field}`, problem, `${prefix}.${problem.field}: ${problem.message}`);
}

/** A lineFigureProblem as the 400 naming `field`: a planned KPI past its limit, or amounts out of range. */
export function lineFigureError(field: string, problem: { field: string }, message: string): ValidationError {
  return problem.field === 'UnitCost'
    ? new ValidationError(message, 'KPI_LIMIT', { field, max: formatLimit(MAX_PLANNED_KPI) })
    : new ValidationError(message, 'MONEY_OUT_OF_RANGE', { field, limit: MONEY_LIMIT });
}

/**
 * Every line of a version (Submit, a new version copied from one): a 409 naming the first lines
 * whose figures are out of range (stored before the limits), so a version nobody could read is
 * never submitted, approved or copied; the planner changes those lines first.
 */
export function checkPlanFigures(lines: readonly PlanLine[], what: string): void {
  const bad = lines.flatMap((l) => {
    const p = lineFigureProblem(l);
    return p ? [`line ${l.ID} (${l.Name}): ${p.field} ${p.message}`] : [];
  });
  const named = lines
    .filter((l) => lineFigureProblem(l))
    .slice(0, 5)
    .map((l) => `${l.ID} (${l.Name})`)
    .join(', ');
  if (bad.length)
    throw new ConflictError(
      `${what}: ${bad.slice(0, 5).join('; ')}${bad.length > 5 ? ` (and ${bad.length - 5} more)` : ''}`,
      'PLAN_LINES_OUT_OF_RANGE',
      { lines: named },
    );
}

/** The plan totals, or null (named "Totals" in `out`) when a sum is out of range. */
export const totalsInRange = <T extends Omit<PlanTotals, 'lines'>>(out: OutOfRange, compute: () => T): T | null =>
  inRange(out, 'Totals', compute);

// ---------------------------------------------------------------------------------------------
// Exchange rates
// ---------------------------------------------------------------------------------------------

/**
 * The company's calendar day now (configuration TimeZone): the day whose rate a plan shows and an
 * approval fixes. A stored zone this runtime does not know (the schema refuses them, but data
 * outlives runtimes) reads as the default rather than failing every plan of the company.
 */
export const companyToday = (config: Pick<CompanyConfiguration, 'TimeZone'>, now: number = clockNow()) =>
  todayIn(isTimeZone(config.TimeZone) ? config.TimeZone : DEFAULT_TIME_ZONE, now);

async function rateOrNull(companyId: number, from: string, to: string, date: string): Promise<PlanRate | null> {
  try {
    const r = await lookupRate(companyId, from, to, date);
    return { Rate: r.Rate, From: r.From, To: r.To, Date: r.Date };
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/**
 * The rate that converts a plan in `currency` into the other currency on `date`: the latest rate on
 * or before the date of either direction of the pair (an ILS plan converts with an ILS→USD rate, or
 * divides by a USD→ILS rate, as rates are usually quoted); on the same date the direct one wins.
 * Null when there is none — never a silent 1.0.
 */
export async function findPlanRate(companyId: number, currency: 1 | 2, date: string): Promise<PlanRate | null> {
  const from = CURRENCY_CODES[currency];
  const to = CURRENCY_CODES[otherCurrency(currency)];
  const [direct, inverse] = await Promise.all([
    rateOrNull(companyId, from, to, date),
    rateOrNull(companyId, to, from, date),
  ]);
  if (direct && (!inverse || direct.Date >= inverse.Date)) return direct;
  return inverse;
}

/** The pair a plan in `currency` converts with, and the day searched: what RateMissing names. */
export const missingRate = (currency: 1 | 2, date: string) => ({
  From: CURRENCY_CODES[currency],
  To: CURRENCY_CODES[otherCurrency(currency)],
  Date: date,
});

export const missingRateMessage = (currency: 1 | 2, date: string) => {
  const { From: from, To: to } = missingRate(currency, date);
  return `No exchange rate from ${from} to ${to} (or from ${to} to ${from}) on or before ${date}`;
};

/** An amount of the plan's currency in the other currency, with one half-up rounding. */
export function convertWith(rate: PlanRate, planCurrency: 1 | 2, minor: Minor): Minor {
  return rate.From === CURRENCY_CODES[planCurrency] ? convert(minor, rate.Rate) : convertInverse(minor, rate.Rate);
}

/** The plan's totals converted: each total converted once from its minor units (throws MoneyRangeError when one overflows). */
export function convertTotals(t: Omit<PlanTotals, 'lines'>, rate: PlanRate, currency: 1 | 2): TotalsView {
  const c = (minor: number) => convertWith(rate, currency, minor);
  return totalsView({
    net: c(t.net),
    managementFee: c(t.managementFee),
    systemFee: c(t.systemFee),
    creativeFee: c(t.creativeFee),
    setupFee: c(t.setupFee),
    subtotal: c(t.subtotal),
    vat: c(t.vat),
    total: c(t.total),
  });
}

/**
 * Approval fixes `rate` on the version: its converted totals must be computable before the approval
 * is written (a rate stored before the plan-rate bounds could overflow them): 409 naming the rate.
 */
export function checkApprovable(a: VersionAggregates, pricing: MixPricing, rate: PlanRate): void {
  let totals: Omit<PlanTotals, 'lines'>;
  try {
    totals = totalsOfAggregates(a, pricing);
  } catch (err) {
    if (!(err instanceof MoneyInputError)) throw err;
    throw new ConflictError(
      `Totals: the version's totals are out of range (${err.message}); create a new version and change its lines`,
      'PLAN_TOTALS_OUT_OF_RANGE',
    );
  }
  try {
    convertTotals(totals, rate, pricing.Currency);
  } catch (err) {
    if (!(err instanceof MoneyInputError)) throw err;
    throw new ConflictError(
      `ExchangeRate: at 1 ${rate.From} = ${rate.Rate} ${rate.To} (${rate.Date}) the plan's converted totals are out of range; ` +
        'correct the rate under Exchange rates and approve again',
      'RATE_OVERFLOWS_TOTALS',
      { from: rate.From, to: rate.To, rate: rate.Rate, date: rate.Date },
    );
  }
}

/** The rate an Approved version fixed at approval. */
export function fixedRateOf(m: PlanVersion): PlanRate | null {
  if (
    m.ExchangeRate === null ||
    m.ExchangeRate === undefined ||
    !m.ExchangeRateFrom ||
    !m.ExchangeRateTo ||
    !m.ExchangeRateDate
  )
    return null;
  return { Rate: m.ExchangeRate, From: m.ExchangeRateFrom, To: m.ExchangeRateTo, Date: m.ExchangeRateDate };
}

const rateCache = readCache<PlanRate | null>();

/** findPlanRate for showing figures (at most 30 s old; see read-cache.ts). Approvals call findPlanRate. */
export const cachedPlanRate = (companyId: number, currency: 1 | 2, date: string) =>
  rateCache.get(`${companyId}#${currency}#${date}`, () => findPlanRate(companyId, currency, date));
