/**
 * The money module's primitives (the representations are described in shared/money.ts): exact
 * decimal parsing, the one rounding step, percent of an amount, and display. The other money-*
 * modules compute on these; code outside shared/ imports shared/money.ts.
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

/**
 * Parses a decimal to an integer scaled by 10^decimals, exactly. Digits past `decimals` are
 * accepted only when they are zeros ("12.50" is 12.5; "12.505" is refused), because the value is
 * then still exact. No exponents, thousands separators or locale commas: the console sends plain
 * numbers and formats per locale itself.
 */
export function parseScaled(value: DecimalInput, decimals: number, field: string): bigint {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyInputError(`${field}: must be a finite number, got ${value}`);
    text = String(value);
    // String() switches to exponent notation below 1e-6 and from 1e21 on.
    if (/e/i.test(text)) {
      throw new MoneyInputError(
        Math.abs(value) < 1 ? `${field}: ${text} has more than ${decimals} decimals` : `${field}: ${text} is too large`,
      );
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

/** A BigInt result back into a safe JS number, or MoneyRangeError naming the field. */
export function toSafe(v: bigint, field: string): number {
  if (v > MAX_SAFE || v < -MAX_SAFE) throw new MoneyRangeError(`${field}: amount is too large`);
  return Number(v);
}

/** A minor-unit amount as a BigInt (it must be a safe integer). */
export function minorBig(minor: Minor, field: string): bigint {
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
