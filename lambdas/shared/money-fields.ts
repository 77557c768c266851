import { MAX_UNIT_COST, MIN_UNIT_COST } from './money-limits';
import { decimal, hasAtMostDecimals, rule } from './schema-fields';

/**
 * Decimal field builders for money-like inputs, checked on the decimal spelling the caller sent
 * (String(n) is exact for any number JSON carried), so a float artefact such as
 * 0.30000000000000004 is refused instead of rounded. Kept out of the money module on purpose:
 * every Lambda bundle carries every schema, and these need only a regex.
 */
export { hasAtMostDecimals };

/** An amount in account currency: 0..max, at most 2 decimals (the money module turns it into minor units). */
export const amount = (max: number) =>
  decimal().check(
    rule((n: number) => n >= 0, 'NOT_NEGATIVE'),
    rule((n: number) => n <= max, 'AT_MOST', { limit: max }),
    rule((n: number) => hasAtMostDecimals(n, 2), 'DECIMALS', { places: 2 }),
  );

/**
 * A unit cost (a plan line's or a template line's): 0 (nothing planned), or MIN_UNIT_COST to
 * MAX_UNIT_COST with at most `decimals` decimals. The lower bound keeps every planned KPI (budget ÷
 * unit cost) within MAX_PLANNED_KPI (docs/money-limits.md).
 */
export const unitPrice = (decimals: number) =>
  decimal().check(
    rule((n: number) => n >= 0, 'NOT_NEGATIVE'),
    rule((n: number) => n === 0 || n >= MIN_UNIT_COST, 'UNIT_COST_TOO_SMALL', { low: MIN_UNIT_COST }),
    rule((n: number) => n <= MAX_UNIT_COST, 'AT_MOST', { limit: MAX_UNIT_COST }),
    rule((n: number) => hasAtMostDecimals(n, decimals), 'DECIMALS', { places: decimals }),
  );
