/**
 * The money stack of DOMAIN.md §3, shared by the Lambda handlers and the console so that the server
 * and the screen show the same figures. Dependency-free on purpose (esbuild and Vite bundle it).
 *
 * Representations (chosen so that no amount ever passes through binary floating point):
 * - `Minor`: an amount as an integer count of minor units (agorot/cents), held in a JS number that
 *   is always a safe integer. A number rather than a bigint because replies are JSON and React
 *   props, and JSON.stringify throws on bigint. Every product or quotient is computed in BigInt and
 *   checked back into the safe range, so 10^12 minor units × 100.00 % is still exact.
 * - Percentages: basis points, i.e. hundredths of a percent (12.5 % → 1250, 2.25 % → 225, 18 % → 1800).
 * - Exchange rates and unit costs: millionths (3.7125 → 3 712 500), as ad platforms bid in micros.
 * - Inputs (`DecimalInput`) are the decimal values as stored or posted: a number or a string such
 *   as 3333.33 or "12.5". They are parsed exactly from their decimal spelling, never multiplied as
 *   floats. A number's spelling is String(n), so 0.1 + 0.2 (0.30000000000000004) is refused as
 *   "more than 2 decimals" instead of being silently rounded: it means someone did float maths.
 *
 * Rounding: half-up to the minor unit, symmetric for negatives (half away from zero: 0.005 → 0.01,
 * −0.005 → −0.01), so a credit note is exactly the negation of the charge it cancels. Each shown
 * amount is rounded exactly once (see `percentOf` and `divideHalfUp`).
 *
 * Bad input throws `MoneyInputError` whose message starts with the field name; a result outside the
 * safe range throws its subclass `MoneyRangeError`. The handler kit maps both to 400, so neither is
 * ever a generic 500; the limits of shared/money-limits.ts keep every accepted plan in range
 * (docs/money-limits.md), and readers of stored figures catch MoneyRangeError to show a figure as
 * out of range instead of failing (domain/media-mix-figures.ts).
 */

export type Minor = number;
export type DecimalInput = number | string;

export class MoneyInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyInputError';
  }
}

/** A result (total, KPI, conversion) beyond Number.MAX_SAFE_INTEGER: the figure cannot be shown exactly. */
export class MoneyRangeError extends MoneyInputError {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyRangeError';
  }
}

export const MONEY_DECIMALS = 2;
export const PCT_DECIMALS = 2;
/** Basis points in 100 %: percentOf divides by this. */
export const BPS_PER_WHOLE = 10_000;
export const RATE_DECIMALS = 6;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// Parsing and rounding primitives
// ---------------------------------------------------------------------------------------------

/**
 * Parses a decimal to an integer scaled by 10^decimals, exactly. Digits past `decimals` are
 * accepted only when they are zeros ("12.50" is 12.5; "12.505" is refused), because the value is
 * then still exact. No exponents, thousands separators or locale commas: the console sends plain
 * numbers and formats per locale itself.
 */
function parseScaled(value: DecimalInput, decimals: number, field: string): bigint {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyInputError(`${field}: must be a finite number, got ${value}`);
    text = String(value);
    // String() switches to exponent notation below 1e-6 and from 1e21 on.
    if (/e/i.test(text)) {
      throw new MoneyInputError(Math.abs(value) < 1
        ? `${field}: ${text} has more than ${decimals} decimals`
        : `${field}: ${text} is too large`);
    }
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new MoneyInputError(`${field}: must be a decimal number`);
  }
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new MoneyInputError(`${field}: '${text}' is not a decimal number`);
  const [, sign, whole, frac = ''] = m;
  if (/[^0]/.test(frac.slice(decimals))) {
    throw new MoneyInputError(`${field}: '${text}' has more than ${decimals} decimals`);
  }
  const digits = whole + frac.slice(0, decimals).padEnd(decimals, '0');
  const scaled = BigInt(digits);
  return sign === '-' ? -scaled : scaled;
}

function toSafe(v: bigint, field: string): number {
  if (v > MAX_SAFE || v < -MAX_SAFE) throw new MoneyRangeError(`${field}: amount is too large`);
  return Number(v);
}

function minorBig(minor: Minor, field: string): bigint {
  if (!Number.isSafeInteger(minor)) throw new MoneyInputError(`${field}: must be a whole number of minor units`);
  return BigInt(minor);
}

/** Decimal amount (up to 2 decimals) → minor units: toMinor('3333.33') === 333333. */
export function toMinor(value: DecimalInput, field = 'amount'): Minor {
  return toSafe(parseScaled(value, MONEY_DECIMALS, field), field);
}

/** Percent (up to 2 decimals) → basis points: parsePct(12.5) === 1250. */
export function parsePct(value: DecimalInput, field = 'percent'): number {
  return toSafe(parseScaled(value, PCT_DECIMALS, field), field);
}

/** Exchange rate or unit cost (up to 6 decimals) → millionths: parseRate('3.7125') === 3712500. */
export function parseRate(value: DecimalInput, field = 'rate'): number {
  return toSafe(parseScaled(value, RATE_DECIMALS, field), field);
}

/**
 * n ÷ d rounded half away from zero, for d > 0. The only rounding step of the module: every
 * shown amount is one exact rational rounded once through here.
 */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divideHalfUp: the divisor must be positive');
  const q = n / d; // truncates toward zero
  const r = n % d; // has the sign of n
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** amount × pct, rounded half-up once (fees and VAT). `bps` is basis points (see parsePct). */
export function percentOf(amountMinor: Minor, bps: number, field = 'amount'): Minor {
  if (!Number.isSafeInteger(bps)) throw new MoneyInputError('percent: must be whole basis points (see parsePct)');
  return toSafe(divideHalfUp(minorBig(amountMinor, field) * BigInt(bps), BigInt(BPS_PER_WHOLE)), field);
}

// ---------------------------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------------------------

/** 1865403 → "18654.03", −5 → "-0.05". Plain, no grouping: the console formats per locale. */
export function formatMinor(minor: Minor): string {
  const v = minorBig(minor, 'amount');
  const abs = v < 0n ? -v : v;
  const s = abs.toString().padStart(MONEY_DECIMALS + 1, '0');
  return `${v < 0n ? '-' : ''}${s.slice(0, -MONEY_DECIMALS)}.${s.slice(-MONEY_DECIMALS)}`;
}

/**
 * Minor units → major units as a JSON number (18654.03). The double closest to the decimal; fine
 * for a reply, but never compute with it: parse it back with toMinor.
 */
export function minorToNumber(minor: Minor): number {
  return Number(formatMinor(minor));
}

// ---------------------------------------------------------------------------------------------
// One plan line and one plan (DOMAIN.md §3)
// ---------------------------------------------------------------------------------------------

export interface LineInput {
  /** Net media in the account currency, up to 2 decimals. */
  budget: DecimalInput;
  /** Percent, up to 2 decimals (15 means 15 %). */
  managementFeePct: DecimalInput;
  systemFeePct: DecimalInput;
  /** Whole counts ≥ 0. */
  imageCreatives: number;
  videoCreatives: number;
}

export interface CreativeFees {
  /** Per creative, in major units (SystemConfiguration ImageSubmitFee 0.5, VideoSubmitFee 1.3). */
  imageSubmitFee: DecimalInput;
  videoSubmitFee: DecimalInput;
}

export interface PlanConfig extends CreativeFees {
  applyVat: boolean;
  vatPct: DecimalInput;
  /** Charged once per media mix that has at least one line. */
  setupFee: DecimalInput;
}

/** Every field is minor units, rounded once; subtotal is the sum of the rounded parts. */
export interface LineAmounts {
  net: Minor;
  managementFee: Minor;
  systemFee: Minor;
  creativeFee: Minor;
  subtotal: Minor;
}

export interface PlanTotals {
  lines: LineAmounts[];
  net: Minor;
  managementFee: Minor;
  systemFee: Minor;
  creativeFee: Minor;
  setupFee: Minor;
  subtotal: Minor;
  vat: Minor;
  total: Minor;
}

interface ParsedFees { image: bigint; video: bigint }

function parseFees(config: CreativeFees): ParsedFees {
  return {
    image: parseScaled(config.imageSubmitFee, MONEY_DECIMALS, 'imageSubmitFee'),
    video: parseScaled(config.videoSubmitFee, MONEY_DECIMALS, 'videoSubmitFee'),
  };
}

function count(value: number, field: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new MoneyInputError(`${field}: must be a whole number ≥ 0`);
  return BigInt(value);
}

/** `prefix` lets planTotals name the line in errors ("lines[1].budget: …"). */
function computeLine(line: LineInput, fees: ParsedFees, prefix: string): LineAmounts {
  const f = (name: string) => `${prefix}${name}`;
  const net = parseScaled(line.budget, MONEY_DECIMALS, f('budget'));
  const whole = BigInt(BPS_PER_WHOLE);
  const managementFee = divideHalfUp(net * parseScaled(line.managementFeePct, PCT_DECIMALS, f('managementFeePct')), whole);
  const systemFee = divideHalfUp(net * parseScaled(line.systemFeePct, PCT_DECIMALS, f('systemFeePct')), whole);
  // Counts × fees with 2 decimals are already exact in minor units: nothing to round.
  const creativeFee = count(line.imageCreatives, f('imageCreatives')) * fees.image
    + count(line.videoCreatives, f('videoCreatives')) * fees.video;
  const subtotal = net + managementFee + systemFee + creativeFee;
  return {
    net: toSafe(net, f('budget')),
    managementFee: toSafe(managementFee, f('managementFee')),
    systemFee: toSafe(systemFee, f('systemFee')),
    creativeFee: toSafe(creativeFee, f('creativeFee')),
    subtotal: toSafe(subtotal, f('subtotal')),
  };
}

/** The amounts one plan line shows, each rounded half-up once. */
export function lineAmounts(line: LineInput, config: CreativeFees): LineAmounts {
  return computeLine(line, parseFees(config), '');
}

/**
 * Plan footer: sums of the rounded line amounts, so the footer always equals the sum of what the
 * lines show; the setup fee once per plan, but only when the plan has a line (an empty draft owes
 * nothing); VAT once on the plan subtotal, rounded half-up, 0 when the account does not apply VAT.
 * Sums are exact integers, so the result never depends on line order.
 */
export function planTotals(lines: readonly LineInput[], config: PlanConfig): PlanTotals {
  const fees = parseFees(config);
  const shown = lines.map((line, i) => computeLine(line, fees, `lines[${i}].`));
  const sum = (pick: (l: LineAmounts) => Minor) => shown.reduce((acc, l) => acc + BigInt(pick(l)), 0n);
  const setupFee = shown.length > 0 ? parseScaled(config.setupFee, MONEY_DECIMALS, 'setupFee') : 0n;
  const subtotal = sum((l) => l.subtotal) + setupFee;
  const vatBps = parseScaled(config.vatPct, PCT_DECIMALS, 'vatPct');
  const vat = config.applyVat ? divideHalfUp(subtotal * vatBps, BigInt(BPS_PER_WHOLE)) : 0n;
  return {
    lines: shown,
    net: toSafe(sum((l) => l.net), 'net'),
    managementFee: toSafe(sum((l) => l.managementFee), 'managementFee'),
    systemFee: toSafe(sum((l) => l.systemFee), 'systemFee'),
    creativeFee: toSafe(sum((l) => l.creativeFee), 'creativeFee'),
    setupFee: toSafe(setupFee, 'setupFee'),
    subtotal: toSafe(subtotal, 'subtotal'),
    vat: toSafe(vat, 'vat'),
    total: toSafe(subtotal + vat, 'total'),
  };
}

// ---------------------------------------------------------------------------------------------
// Currency conversion
// ---------------------------------------------------------------------------------------------

const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

function positiveRate(rate: DecimalInput): bigint {
  const micro = parseScaled(rate, RATE_DECIMALS, 'rate');
  if (micro <= 0n) throw new MoneyInputError('rate: must be greater than 0');
  return micro;
}

/** amount in From → To, where 1 From = rate To (e.g. USD→ILS 3.7125). One half-up rounding. */
export function convert(amountMinor: Minor, rate: DecimalInput): Minor {
  return toSafe(divideHalfUp(minorBig(amountMinor, 'amount') * positiveRate(rate), RATE_SCALE), 'amount');
}

/**
 * The inverse: amount in To → From with the same rate (divides by it). A round trip that starts
 * in the currency whose minor unit is worth more comes back exact; one that starts in the other
 * currency comes back within one minor unit of the more valuable currency, not of its own (at
 * rate 0.01, From 0.37 → To 0.00 → From 0.00): a finer amount cannot survive a coarser one.
 */
export function convertInverse(amountMinor: Minor, rate: DecimalInput): Minor {
  return toSafe(divideHalfUp(minorBig(amountMinor, 'amount') * RATE_SCALE, positiveRate(rate)), 'amount');
}

// ---------------------------------------------------------------------------------------------
// Planned KPIs (DOMAIN.md §2 Media channel)
// ---------------------------------------------------------------------------------------------

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
  if (!Object.hasOwn(KPI_OF, line.buyType)) throw new MoneyInputError(`buyType: must be one of ${BUY_TYPES.join(', ')}`);
  const spec = KPI_OF[line.buyType];
  const budget = parseScaled(line.budget, MONEY_DECIMALS, 'budget');
  const unitMicro = parseScaled(line.unitCost, RATE_DECIMALS, 'unitCost');
  if (unitMicro < 0n) throw new MoneyInputError('unitCost: must not be negative');
  // budget/100 ÷ unitMicro/10^6 = budget × 10^4 ÷ unitMicro; BigInt division truncates = floor here.
  const units = unitMicro === 0n || budget <= 0n ? 0n : (budget * 10_000n * spec.per) / unitMicro;
  kpis[spec.kpi] = toSafe(units, spec.kpi);
  return kpis;
}

// ---------------------------------------------------------------------------------------------
// Spreading a budget over calendar months, and planned spend to date (DOMAIN.md §4 pacing)
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → days since 1970-01-01 (UTC, so no daylight-saving gaps). */
function dayNumber(date: string, field: string): number {
  const m = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) throw new MoneyInputError(`${field}: must be a date as YYYY-MM-DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new MoneyInputError(`${field}: '${date}' is not a real date`);
  }
  return ms / DAY_MS;
}

export interface MonthShare {
  /** 'YYYY-MM' */
  month: string;
  /** Days of the line that fall in this month (dates inclusive). */
  days: number;
  amount: Minor;
}

interface MonthSpan { month: string; first: number; last: number }

/** The calendar months a date range touches, each clipped to the range (inclusive days). */
function monthSpans(start: number, end: number): MonthSpan[] {
  const spans: MonthSpan[] = [];
  const d = new Date(start * DAY_MS);
  let y = d.getUTCFullYear();
  let mo = d.getUTCMonth();
  for (;;) {
    const monthFirst = Date.UTC(y, mo, 1) / DAY_MS;
    if (monthFirst > end) break;
    const monthLast = Date.UTC(y, mo + 1, 0) / DAY_MS;
    spans.push({
      month: `${String(y).padStart(4, '0')}-${String(mo + 1).padStart(2, '0')}`,
      first: Math.max(monthFirst, start),
      last: Math.min(monthLast, end),
    });
    mo += 1;
    if (mo === 12) { mo = 0; y += 1; }
  }
  return spans;
}

function lineDays(startDate: string, endDate: string): [number, number] {
  const start = dayNumber(startDate, 'startDate');
  const end = dayNumber(endDate, 'endDate');
  if (end < start) throw new MoneyInputError('endDate: must be on or after startDate');
  return [start, end];
}

/**
 * The budget spread over the calendar months of [startDate, endDate] in proportion to days, by the
 * largest-remainder method: each month gets the floor of its exact share, and the minor units left
 * over go one each to the months with the largest remainders (earlier month first on a tie), so
 * the parts always sum exactly to the budget. A negative budget splits as the mirror image.
 */
export function proRataByDays(budgetMinor: Minor, startDate: string, endDate: string): MonthShare[] {
  const [start, end] = lineDays(startDate, endDate);
  const budget = minorBig(budgetMinor, 'budget');
  const abs = budget < 0n ? -budget : budget;
  const spans = monthSpans(start, end);
  const total = BigInt(end - start + 1);
  const parts = spans.map((s, index) => {
    const exact = abs * BigInt(s.last - s.first + 1);
    return { index, base: exact / total, rest: exact % total };
  });
  let left = abs - parts.reduce((acc, p) => acc + p.base, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const p of byRemainder) {
    if (left === 0n) break;
    p.base += 1n;
    left -= 1n;
  }
  return spans.map((s, i) => ({
    month: s.month,
    days: s.last - s.first + 1,
    amount: toSafe(budget < 0n ? -parts[i].base : parts[i].base, 'budget'),
  }));
}

export interface PacedLine {
  budget: DecimalInput;
  startDate: string;
  endDate: string;
  /** Optional budget per calendar month ('YYYY-MM' → amount); must sum to the budget. */
  monthlySplit?: Readonly<Record<string, DecimalInput>> | null;
}

/**
 * The line's budget per calendar month: its MonthlySplit when it has one (checked: months inside
 * the line's dates, parts summing to the budget; a month it leaves out gets 0), else pro rata by days.
 * Handlers can call it at save time to validate a split.
 */
export function monthlyPlan(line: PacedLine): MonthShare[] {
  const budget = toMinor(line.budget, 'budget');
  const shares = proRataByDays(budget, line.startDate, line.endDate);
  if (!line.monthlySplit) return shares;
  const parts = new Map<string, Minor>();
  for (const [month, value] of Object.entries(line.monthlySplit)) {
    if (!shares.some((s) => s.month === month)) throw new MoneyInputError(`monthlySplit: ${month} is not a month of the line's dates`);
    parts.set(month, toMinor(value, `monthlySplit.${month}`));
  }
  const sum = [...parts.values()].reduce((acc, v) => acc + BigInt(v), 0n);
  if (sum !== BigInt(budget)) {
    throw new MoneyInputError(`monthlySplit: parts sum to ${formatMinor(toSafe(sum, 'monthlySplit'))}, the budget is ${formatMinor(budget)}`);
  }
  return shares.map((s) => ({ ...s, amount: parts.get(s.month) ?? 0 }));
}

/**
 * Planned spend to date (inclusive of asOfDate): whole months of monthlyPlan before asOfDate's
 * month, plus that month's part pro rata by the line's days elapsed in it (rounded half-up once).
 * Built on the monthly plan so that at each month end it equals the months' running total, and on
 * the end date it equals the budget exactly. Before the start it is 0.
 */
export function plannedToDate(line: PacedLine, asOfDate: string): Minor {
  const asOf = dayNumber(asOfDate, 'asOfDate');
  const plan = monthlyPlan(line);
  const spans = monthSpans(...lineDays(line.startDate, line.endDate)); // the same months as plan
  let planned = 0n;
  spans.forEach((s, i) => {
    const amount = BigInt(plan[i].amount);
    if (asOf >= s.last) planned += amount;
    else if (asOf >= s.first) planned += divideHalfUp(amount * BigInt(asOf - s.first + 1), BigInt(s.last - s.first + 1));
  });
  return toSafe(planned, 'plannedToDate');
}
