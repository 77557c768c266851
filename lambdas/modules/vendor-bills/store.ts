import type { ConflictError } from '../../core/errors';
import type { Minor } from '../../shared/money';
import type { Stamped } from '../../shared/replies/reply';
import type { PaymentTerms } from '../vendors/replies';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { BillOverride, BillReason, BillStatus, PayStatus } from './replies';

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

/** One payables counter (docs/vendor-bills.md, "Payables"): the bills due in a month, paid or not, in a currency. */
export interface PayablesCounter {
  Month: string;
  Unpaid: boolean;
  Currency: 1 | 2;
  Bills: number;
  GrossMinor: number;
  PaidMinor: number;
}

export type BillAction = 'create' | 'update' | 'override' | 'approve' | 'payment';

/** What the bill rules need of storage; store.dynamodb.ts implements it. */
export interface VendorBillStore {
  getBill(companyId: number, id: number, consistent?: boolean): Promise<VendorBill | undefined>;
  /** Whether a bill of the vendor carries the reference (normalised: case and spaces ignored); its id, if so. */
  billWithRef(companyId: number, vendorId: number, vendorRef: string): Promise<number | undefined>;
  /** Every bill's payables row of the company, by due date then id. */
  allBillRows(companyId: number): Promise<BillRow[]>;
  /** One page of the rows of a pay status (undefined: all) by the company's today, by due date then id. */
  billRowsPage(
    companyId: number,
    status: PayStatus | undefined,
    today: string,
    nextToken: string | null | undefined,
    limit: number,
  ): Promise<ListPage<BillRow>>;
  /** The company's payables counters, kept in each bill's transaction. */
  payablesCounters(companyId: number): Promise<PayablesCounter[]>;
  /** The rows of the bills not fully paid that are due in the month (YYYY-MM). */
  openRowsDueIn(companyId: number, month: string): Promise<BillRow[]>;
  /**
   * Writes a bill (new when `before` is null, else from the version read) with its payables row, its
   * open row and counters, its vendor-reference guard (moved when the reference changes) and its audit entry, in one
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
