import { formatCurrency, formatDate } from '../../../lib/format';
import type { VendorBillSummary } from '../api/payables-api';

/**
 * The texts of a bill's row, column by column, the two status columns left out: the payables table
 * draws them, and so does the first frame (first-frame.ts).
 */
export function billTexts(b: VendorBillSummary, locale: string): string[] {
  return [
    b.VendorName,
    b.VendorRef,
    b.AccountName,
    b.Period,
    formatDate(b.DueDate, locale),
    formatCurrency(b.Gross, b.Currency, locale),
    formatCurrency(b.Balance, b.Currency, locale),
  ];
}
