/** What other modules may use of vendor-bills: nothing else of this folder. */
export { expectedAmount, reconcile, reconcileBill, vatMatches } from './reconciliation';
export type { DisputeReason, PeriodCost, Reconciliation, VatTreatment } from './reconciliation';
export { lastDayOf, missingBills } from './missing-bills';
export type { MissingBill, OrderPeriod } from './missing-bills';
export { marginOf } from './margin';
export type { Margin, PeriodCostInAccount } from './margin';
export { payablesTotalsMissing, rebuildPayablesTotals } from './payables-rebuild.dynamodb';
