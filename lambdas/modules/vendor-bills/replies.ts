import type { ListOf, Page, Stamped } from '../../shared/replies/reply';
import type { PaymentTerms } from '../vendors/replies';

/**
 * Replies of VendorBillsService: plain TypeScript shared with the console. Money is decimal, in the
 * bill's (= its order's) currency.
 */

/** The reconciliation of a bill: matched within the company's tolerance, else disputed (docs/vendor-bills.md). */
export type BillStatus = 'matched' | 'disputed';
/** Payables: open (not fully paid), overdue (open past its due date by the company's today), paid. */
export type PayStatus = 'open' | 'overdue' | 'paid';
export type BillReason = 'BILLED_ABOVE_DELIVERED' | 'BILLED_ABOVE_ORDERED' | 'BILLED_BELOW_EXPECTED' | 'VAT_MISMATCH';

export interface BillOverride {
  Note: string;
  By: string;
  At: string;
}

export interface BillPayment {
  Date: string;
  Amount: number;
  By: string;
  At: string;
}

/** A bill in the payables list. */
export interface VendorBillSummary extends Stamped {
  ID: number;
  OrderId: number;
  VendorId: number;
  VendorName: string;
  AccountId: number;
  SubAccountId: number | null;
  AccountName: string;
  ActivityId: number;
  ActivityName: string;
  /** The service month, YYYY-MM. */
  Period: string;
  VendorRef: string;
  BillDate: string;
  DueDate: string;
  Currency: 1 | 2;
  CurrencyCode: string;
  Net: number;
  Vat: number;
  Gross: number;
  Paid: number;
  /** Gross − paid. */
  Balance: number;
  Status: BillStatus;
  Approved: boolean;
  PayStatus: PayStatus;
}

/** GetVendorBill and every write's reply. */
export interface VendorBillView extends VendorBillSummary {
  /** The vendor's terms the due date was computed with. */
  PaymentTerms: PaymentTerms;
  /** What was ordered for the period, what the platform delivered (null: no actuals, offline media), and the expected amount. */
  Ordered: number;
  Delivered: number | null;
  Expected: number;
  /** Net − expected, and the largest difference still matched (the tolerance's share of the expected amount). */
  Difference: number;
  Allowed: number;
  TolerancePct: number;
  Reasons: BillReason[];
  Override: BillOverride | null;
  EnteredBy: string;
  EnteredAt: string;
  ApprovedBy: string | null;
  ApprovedAt: string | null;
  Payments: BillPayment[];
  /** The kept PDF's key (null: none yet), and a short-lived link to read it (GetVendorBill only). */
  FileKey: string | null;
  FileUrl: string | null;
}

/** The list's sums per currency, over every bill the filters keep (not only the page). */
export interface PayablesTotal {
  Currency: 1 | 2;
  CurrencyCode: string;
  Count: number;
  Gross: number;
  Paid: number;
  Balance: number;
}

/** GetVendorBillsList. */
export interface VendorBillsPage extends Page<VendorBillSummary> {
  Totals: PayablesTotal[];
}

/** GetVendorBillUploadUrl: POST the fields, then the file, to Url; then save the bill with FileKey. */
export interface BillUploadForm {
  FileKey: string;
  Url: string;
  Fields: Record<string, string>;
  MaxBytes: number;
  ExpiresAt: string;
}

/** GetMissingBills: one order period with delivery and no bill past the grace days. */
export interface MissingBillView {
  OrderId: number;
  VendorId: number;
  VendorName: string;
  AccountId: number;
  AccountName: string;
  ActivityId: number;
  ActivityName: string;
  Period: string;
  Currency: 1 | 2;
  CurrencyCode: string;
  Ordered: number;
  /** null: no actuals in the month (offline media: the order stands for the delivery). */
  Delivered: number | null;
  DueBy: string;
  DaysLate: number;
}

export type MissingBillsList = ListOf<MissingBillView>;
