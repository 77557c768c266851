/** Currency conversion at an exchange rate held in millionths (docs/domain.md). */
import {
  divideHalfUp,
  minorBig,
  MoneyInputError,
  parseScaled,
  RATE_DECIMALS,
  toSafe,
  type DecimalInput,
  type Minor,
} from './money-primitives';

const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

/**
 * The last rates parsed, by their input: a report converts thousands of day rows at a handful of
 * rates, and parsing the decimal each time was a tenth of its CPU. Only valid rates are kept.
 */
const parsedRates = new Map<DecimalInput, bigint>();

function positiveRate(rate: DecimalInput): bigint {
  const known = parsedRates.get(rate);
  if (known !== undefined) return known;
  const micro = parseScaled(rate, RATE_DECIMALS, 'rate');
  if (micro <= 0n) throw new MoneyInputError('rate: must be greater than 0');
  if (parsedRates.size >= 256) parsedRates.clear();
  parsedRates.set(rate, micro);
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
