/**
 * The money stack of docs/domain.md, shared by the Lambda handlers and the console so that the server
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
 * out of range instead of failing (modules/media-plans/figures.ts).
 */

// The one import path of the money stack (the console imports it too). Its parts: money-primitives.ts
// (parsing, the one rounding step, display), money-plan.ts (a line's amounts, a plan's footer),
// money-conversion.ts, money-kpis.ts (planned KPIs) and money-calendar.ts (monthly spread, pacing).
export {
  divideHalfUp,
  formatMinor,
  minorToNumber,
  MoneyInputError,
  MoneyRangeError,
  parsePct,
  parseRate,
  percentOf,
  toMinor,
} from './money-primitives';
export type { DecimalInput, Minor } from './money-primitives';
export { lineAmounts, planTotals } from './money-plan';
export type { CreativeFees, LineAmounts, LineInput, PlanConfig, PlanTotals } from './money-plan';
export { convert, convertInverse } from './money-conversion';
export { BUY_TYPES, plannedKpis } from './money-kpis';
export type { BuyType, KpiLine, PlannedKpis } from './money-kpis';
export { monthlyPlan, plannedToDate, plannedToDateOf, proRataByDays } from './money-calendar';
export type { MonthShare, PacedLine } from './money-calendar';
