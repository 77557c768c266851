import { percentOf, type Minor } from '../../shared/money';

/**
 * How a vendor's bill for one order period is checked against what the agency expects to pay
 * (docs/vendor-bills.md). Pure: amounts are minor units of the ORDER's currency (a bill in another
 * currency is refused before it gets here), percentages basis points.
 */

/** What was ordered for the period, and what the platform delivered (null: offline media, no actuals). */
export interface PeriodCost {
  orderedMinor: Minor;
  deliveredMinor: Minor | null;
}

export type DisputeReason =
  /** Delivery came in below the order and the bill charges more than was delivered. */
  | 'BILLED_ABOVE_DELIVERED'
  /** The bill charges more than was ordered. */
  | 'BILLED_ABOVE_ORDERED'
  /** The bill charges less than expected (a missed flight, a credit the vendor owes, or a typo). */
  | 'BILLED_BELOW_EXPECTED'
  /** Local VAT that is not the rate's share of the net, or VAT on a foreign / exempt vendor. */
  | 'VAT_MISMATCH';

export interface Reconciliation {
  ExpectedMinor: Minor;
  /** Bill net − expected: positive when the vendor charges more. */
  DifferenceMinor: Minor;
  /** The largest difference still matched: the tolerance's share of the expected amount. */
  AllowedMinor: Minor;
  Status: 'matched' | 'disputed';
  Reason: DisputeReason | null;
}

/**
 * What the agency expects to pay for a period: the ordered amount, capped by delivery when the
 * platform reports it (an under-delivered campaign is not paid in full; over-delivery is the
 * vendor's gift, not a charge). Negative delivery (a platform's restatement) counts as none.
 */
export function expectedAmount(cost: PeriodCost): Minor {
  if (cost.deliveredMinor === null) return cost.orderedMinor;
  return Math.min(cost.orderedMinor, Math.max(0, cost.deliveredMinor));
}

/**
 * A bill's net amount against the expected amount: within the tolerance (basis points of the
 * expected amount, rounded half up once) it is matched; outside it is disputed with the reason
 * that explains it best. A period expected at zero matches only a zero bill.
 */
export function reconcile(cost: PeriodCost, billNetMinor: Minor, toleranceBps: number): Reconciliation {
  const expected = expectedAmount(cost);
  const allowed = percentOf(expected, toleranceBps, 'expected');
  const difference = billNetMinor - expected;
  const base = { ExpectedMinor: expected, DifferenceMinor: difference, AllowedMinor: allowed };
  if (Math.abs(difference) <= allowed) return { ...base, Status: 'matched', Reason: null };
  return { ...base, Status: 'disputed', Reason: overReason(cost, billNetMinor, toleranceBps, difference) };
}

function overReason(cost: PeriodCost, billNetMinor: Minor, toleranceBps: number, difference: Minor): DisputeReason {
  if (difference < 0) return 'BILLED_BELOW_EXPECTED';
  const overOrdered = billNetMinor - cost.orderedMinor > percentOf(cost.orderedMinor, toleranceBps, 'ordered');
  return overOrdered || cost.deliveredMinor === null ? 'BILLED_ABOVE_ORDERED' : 'BILLED_ABOVE_DELIVERED';
}

export type VatTreatment = 'local' | 'foreign' | 'exempt';

/**
 * The bill's VAT against the vendor's treatment: a local vendor charges the company's VAT rate on
 * the net (its invoice may round per line, so up to one major unit either way is accepted); a
 * foreign or exempt vendor charges none. A mismatch is a dispute, not a refusal: the bill is the
 * vendor's document and is entered as issued.
 */
export function vatMatches(netMinor: Minor, vatMinor: Minor, treatment: VatTreatment, vatBps: number): boolean {
  if (treatment !== 'local') return vatMinor === 0;
  return Math.abs(vatMinor - percentOf(netMinor, vatBps, 'net')) <= 100;
}

/** The whole check of one bill: the amounts first, then its VAT. */
export function reconcileBill(
  cost: PeriodCost,
  bill: { netMinor: Minor; vatMinor: Minor },
  rules: { toleranceBps: number; treatment: VatTreatment; vatBps: number },
): Reconciliation {
  const result = reconcile(cost, bill.netMinor, rules.toleranceBps);
  if (result.Status === 'disputed') return result;
  if (vatMatches(bill.netMinor, bill.vatMinor, rules.treatment, rules.vatBps)) return result;
  return { ...result, Status: 'disputed', Reason: 'VAT_MISMATCH' };
}
