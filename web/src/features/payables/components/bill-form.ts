import { numberInput } from '../../../lib/forms/number-input';
import type { BillInput, VendorBillView } from '../api/payables-api';

/**
 * The bill as its dialog holds it: the amounts as typed (number fields' plain spelling), and which
 * bill of which order it saves in the order's currency (a bill must be in it), which no field shows.
 */
export interface BillForm {
  ID: number;
  version: number;
  OrderId: number;
  Currency: 1 | 2;
  Period: string;
  VendorRef: string;
  BillDate: string;
  Net: string;
  Vat: string;
  Gross: string;
  FileKey: string | null;
}

/** What the dialog starts with: the bill's own values, or a new bill of the order (of `period`: a missing bill's month). */
export const billFormOf = (
  b: VendorBillView | undefined,
  order: { ID: number; Currency: 1 | 2 } | undefined,
  period = '',
): BillForm => ({
  ID: b?.ID ?? 0,
  version: b?.version ?? 0,
  OrderId: b?.OrderId ?? order?.ID ?? 0,
  Currency: order?.Currency ?? b?.Currency ?? 1,
  Period: b?.Period ?? period,
  VendorRef: b?.VendorRef ?? '',
  BillDate: b?.BillDate ?? '',
  Net: b ? String(b.Net) : '',
  Vat: b ? String(b.Vat) : '',
  Gross: b ? String(b.Gross) : '',
  FileKey: b?.FileKey ?? null,
});

/** The form as SaveVendorBill's `vendorBill`: what the dialog checks with the route's schema and sends. */
export const billInputOf = (f: BillForm): BillInput => ({
  ID: f.ID,
  version: f.version,
  OrderId: f.OrderId,
  Currency: f.Currency,
  Period: f.Period,
  VendorRef: f.VendorRef.trim(),
  BillDate: f.BillDate,
  Net: numberInput(f.Net) as number,
  Vat: numberInput(f.Vat) as number,
  Gross: numberInput(f.Gross) as number,
  FileKey: f.FileKey,
});
