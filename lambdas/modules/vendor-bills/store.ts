import type { ConflictError } from '../../core/errors';
import type { Minor } from '../../shared/money';
import type { Stamped } from '../../shared/replies/reply';
import type { PaymentTerms } from '../vendors/replies';
import type { BillOverride, BillReason, BillStatus } from './replies';

/**
 * A vendor's bill as stored (docs/vendor-bills.md): amounts in minor units of its order's currency
 * (the replies show decimals). The names of its vendor, account and activity are copied when the
 * bill is saved, so the payables list never reads other items per row.
 */

export interface StoredPayment {
  Date: string;
  AmountMinor: Minor;
  By: string;
  At: string;
}

export interface VendorBill extends Stamped {
  ID: number;
  OrderId: number;
  VendorId: number;
  VendorName: string;
  AccountId: number;
  SubAccountId: number | null;
  AccountName: string;
  ActivityId: number;
  ActivityName: string;
  Period: string;
  VendorRef: string;
  BillDate: string;
  DueDate: string;
  PaymentTerms: PaymentTerms;
  Currency: 1 | 2;
  NetMinor: Minor;
  VatMinor: Minor;
  GrossMinor: Minor;
  OrderedMinor: Minor;
  DeliveredMinor: Minor | null;
  ExpectedMinor: Minor;
  DifferenceMinor: Minor;
  AllowedMinor: Minor;
  TolerancePct: number;
  Status: BillStatus;
  Reasons: BillReason[];
  Override: BillOverride | null;
  EnteredBy: string;
  EnteredAt: string;
  ApprovedBy: string | null;
  ApprovedAt: string | null;
  Payments: StoredPayment[];
  PaidMinor: Minor;
  FileKey: string | null;
}

/** The payables row of a bill: the list reads these only (docs/table-design.md). */
export type BillRow = Omit<VendorBill, 'PaymentTerms' | 'Reasons' | 'Override' | 'Payments'>;

export type BillAction = 'create' | 'update' | 'override' | 'approve' | 'payment';

/** What the bill rules need of storage; store.dynamodb.ts implements it. */
export interface VendorBillStore {
  getBill(companyId: number, id: number, consistent?: boolean): Promise<VendorBill | undefined>;
  /** Whether a bill of the vendor carries the reference (normalised: case and spaces ignored); its id, if so. */
  billWithRef(companyId: number, vendorId: number, vendorRef: string): Promise<number | undefined>;
  /** Every bill's payables row of the company, by due date then id. */
  allBillRows(companyId: number): Promise<BillRow[]>;
  /**
   * Writes a bill (new when `before` is null, else from the version read) with its payables row, its
   * vendor-reference guard (moved when the reference changes) and its audit entry, in one
   * transaction. `duplicate`: the reference is taken; `stale`: another write came first.
   */
  writeBill(
    companyId: number,
    before: VendorBill | null,
    after: VendorBill,
    action: BillAction,
    errors: { duplicate: ConflictError; stale: ConflictError },
  ): Promise<void>;
}
