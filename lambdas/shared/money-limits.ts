/**
 * The limits of every money-like input, in ONE place, chosen TOGETHER so that no plan the API
 * accepts can overflow a total, a planned KPI or a conversion: every figure stays a safe integer of
 * minor units (Number.MAX_SAFE_INTEGER ≈ 9.007 × 10^15). The arithmetic, limit by limit, is in
 * docs/money-limits.md; test/domain/money-limits.test.ts recomputes the worst case from these
 * constants, so raising one without the others fails a test.
 *
 * Imported by the zod schemas, the domain checks and the console's forms (no dependencies beyond shared/).
 * Amounts are in major units of the account currency (shekels, dollars).
 */

import { CURRENCY_CODES } from './version-status';

/** Net media of one plan line; also each MonthlySplit part and ApplyTemplate's totalBudget. */
export const MAX_LINE_BUDGET = 100_000_000;
/** Lines (live, not deleted) one plan version holds: checked on line create and template application. */
export const MAX_LINES_PER_PLAN = 500;
/** An activity's budget: what a full plan of maximal lines could spend. */
export const MAX_ACTIVITY_BUDGET = MAX_LINES_PER_PLAN * MAX_LINE_BUDGET;
/** Management and system fee of a line, percent. */
export const MAX_FEE_PCT = 100;
/** VAT, percent. */
export const MAX_VAT_PCT = 100;
/** Image and video creatives per line, each. */
export const MAX_CREATIVES = 10_000;
/** Per-creative submit fee (ImageSubmitFee, VideoSubmitFee) in the configuration. */
export const MAX_CREATIVE_FEE = 1_000;
/** Setup fee, charged once per plan. */
export const MAX_SETUP_FEE = 1_000_000;
/** Unit cost (CPM, CPC, CPA, CPV): at most this, at most 6 decimals. */
export const MAX_UNIT_COST = 1_000_000;
/**
 * The smallest unit cost other than 0. Bounds every planned KPI from above without reading the
 * budget: MAX_LINE_BUDGET ÷ MIN_UNIT_COST × 1000 (CPM) = 10^15 = MAX_PLANNED_KPI. No platform
 * prices a thousand impressions, a click or a view below a hundredth of a cent.
 */
export const MIN_UNIT_COST = 0.0001;
/** A planned KPI is a count; the most any line may plan (checked again before every write). */
export const MAX_PLANNED_KPI = 1_000_000_000_000_000;
/**
 * A rate between two PLAN currencies (the currencies a media plan is kept and converted in: USD and
 * ILS): 1 From = Rate To with MIN_PLAN_RATE ≤ Rate ≤ MAX_PLAN_RATE. Converting multiplies by the
 * rate, converting back divides by it, so both ends bound how much a conversion can inflate a total
 * (× 100 at most). USD→ILS has moved between 3 and 5 for thirty years.
 */
export const MIN_PLAN_RATE = 0.01;
export const MAX_PLAN_RATE = 100;
/** Any other pair (never used to convert a plan): room for the weakest currencies. */
export const MAX_RATE = 10_000_000;
/**
 * A vendor bill's net, VAT, gross and each payment (major units of the order's currency): the most
 * an order can hold after conversion (a whole activity at the highest plan rate), so a bill for
 * any order fits, and every sum of bills stays far inside the safe integers (docs/vendor-bills.md).
 */
export const MAX_BILL_AMOUNT = MAX_ACTIVITY_BUDGET * MAX_PLAN_RATE;
/** The currencies media plans are kept in. */
export const PLAN_CURRENCIES: readonly string[] = Object.values(CURRENCY_CODES);

/** Whether a From→To rate converts plans, and so takes the plan-rate bounds. */
export const isPlanPair = (from: string, to: string) => PLAN_CURRENCIES.includes(from) && PLAN_CURRENCIES.includes(to);

/** 10^15 written for a message: "1,000,000,000,000,000". */
export const formatLimit = (n: number) => n.toLocaleString('en-US');
