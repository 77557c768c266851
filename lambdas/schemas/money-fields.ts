import { formatLimit, MAX_UNIT_COST, MIN_UNIT_COST } from '../shared/money-limits';
import { refine } from 'zod/mini';
import { decimal, hasAtMostDecimals } from './fields';

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
    refine((n) => n >= 0, 'must be 0 or more'),
    refine((n) => n <= max, `must be at most ${max.toLocaleString('en-US')}`),
    refine((n) => hasAtMostDecimals(n, 2), 'may have at most 2 decimals'),
  );

/**
 * A unit cost (a plan line's or a template line's): 0 (nothing planned), or MIN_UNIT_COST to
 * MAX_UNIT_COST with at most `decimals` decimals. The lower bound keeps every planned KPI (budget ÷
 * unit cost) within MAX_PLANNED_KPI (docs/money-limits.md).
 */
export const unitPrice = (decimals: number) =>
  decimal().check(
    refine((n) => n >= 0, 'must be 0 or more'),
    refine((n) => n === 0 || n >= MIN_UNIT_COST, `must be 0 or at least ${MIN_UNIT_COST} (a smaller price plans more than the most a line may plan)`),
    refine((n) => n <= MAX_UNIT_COST, `must be at most ${formatLimit(MAX_UNIT_COST)}`),
    refine((n) => hasAtMostDecimals(n, decimals), `may have at most ${decimals} decimals`),
  );
