// Named imports, not the `z` namespace: the classic API ties every schema to all of zod.
import { _default, enum as oneOf, literal, nullable, object, optional, union, type output } from 'zod/mini';
import { amount } from '../../shared/money-fields';
import { MAX_BILL_AMOUNT } from '../../shared/money-limits';
import {
  id,
  int,
  isoDate,
  matches,
  nextToken,
  optionalDate,
  pageSize,
  requiredMultilineText,
  requiredText,
  rule,
  text,
} from '../../shared/schema-fields';

export const MAX_VENDOR_REF = 60;
export const MAX_BILL_NOTE = 1000;
export const MAX_BILL_FILE_NAME = 200;
/** The most a bill's PDF may weigh: a scanned invoice of a few pages. */
export const MAX_BILL_FILE_BYTES = 10 * 1024 * 1024;
/** Payables: open (not fully paid), overdue (open past its due date, by the company's today), paid. */
export const PAY_STATUSES = ['open', 'overdue', 'paid'] as const;
/** A service month, YYYY-MM. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Where a bill's upload waits for its bill, and where it is kept once checked (ids only, never a file name). */
export const BILL_UPLOAD_PREFIX = 'uploads/bills/';
export const BILL_KEPT_PREFIX = 'bills/';
export const FILE_KEY_PATTERN = /^(uploads\/bills|bills)\/\d{1,10}\/\d{1,10}$/;

const period = () => text(7).check(matches(PERIOD_PATTERN, 'MONTH_FORMAT'));
const money = () => amount(MAX_BILL_AMOUNT);

/**
 * SaveVendorBill: ID 0 creates, else the bill's row version (optimistic concurrency). The currency
 * is what the bill says (1 USD, 2 ILS): it must be the order's. `fileKey`: the key
 * GetVendorBillUploadUrl answered (or the bill's kept file), null for none yet.
 */
export const vendorBillInput = object({
  ID: _default(int(), 0),
  version: _default(int(), 0),
  OrderId: id(),
  Period: period(),
  VendorRef: requiredText(MAX_VENDOR_REF),
  BillDate: isoDate(),
  Net: money(),
  Vat: money(),
  Gross: money(),
  Currency: union([literal(1), literal(2)]),
  FileKey: _default(optional(nullable(text(60).check(matches(FILE_KEY_PATTERN, 'INVALID')))), null),
});
export const saveVendorBillInput = object({ vendorBill: vendorBillInput });
export type VendorBillInput = output<typeof vendorBillInput>;

/** GetVendorBillUploadUrl: what the browser says of the file (its content is checked when a bill takes it). */
export const billUploadInput = object({
  fileName: requiredText(MAX_BILL_FILE_NAME),
  size: int().check(
    rule((n: number) => n >= 1 && n <= 2_000_000_000, 'WHOLE_BETWEEN', { low: 1, limit: 2_000_000_000 }),
  ),
});

export const billIdInput = object({ billId: id() });
export const approveBillInput = object({ billId: id(), version: int() });
export const overrideBillInput = object({ billId: id(), version: int(), note: requiredMultilineText(MAX_BILL_NOTE) });
export const recordPaymentInput = object({
  billId: id(),
  version: int(),
  date: isoDate(),
  amount: money().check(rule((n: number) => n > 0, 'POSITIVE')),
});

/** GetVendorBillsList (payables): every filter optional; sorted by due date. */
export const vendorBillsListInput = object({
  status: optional(oneOf(PAY_STATUSES)),
  vendorId: optional(id()),
  accountId: optional(id()),
  period: optional(period()),
  dueFrom: optionalDate(),
  dueTo: optionalDate(),
  pageSize: pageSize(),
  nextToken: nextToken(),
});
export type VendorBillsListInput = output<typeof vendorBillsListInput>;

/** GetMissingBills: the periods of approved orders with delivery and no bill past the grace days. */
export const missingBillsInput = object({ vendorId: optional(id()), accountId: optional(id()) });
export type MissingBillsInput = output<typeof missingBillsInput>;
