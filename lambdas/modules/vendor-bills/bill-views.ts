import { minorToNumber } from '../../shared/money';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { PayStatus, VendorBillSummary, VendorBillView } from './replies';
import type { BillRow, VendorBill } from './store';

/** Paid once the payments reach the gross; else open, overdue once the company's today is past the due date. */
export function payStatusOf(b: Pick<BillRow, 'PaidMinor' | 'GrossMinor' | 'DueDate'>, today: string): PayStatus {
  if (b.PaidMinor >= b.GrossMinor) return 'paid';
  return today > b.DueDate ? 'overdue' : 'open';
}

export function summaryOf(b: BillRow, today: string): VendorBillSummary {
  return {
    ID: b.ID,
    OrderId: b.OrderId,
    VendorId: b.VendorId,
    VendorName: b.VendorName,
    AccountId: b.AccountId,
    SubAccountId: b.SubAccountId,
    AccountName: b.AccountName,
    ActivityId: b.ActivityId,
    ActivityName: b.ActivityName,
    Period: b.Period,
    VendorRef: b.VendorRef,
    BillDate: b.BillDate,
    DueDate: b.DueDate,
    Currency: b.Currency,
    CurrencyCode: CURRENCY_CODES[b.Currency],
    Net: minorToNumber(b.NetMinor),
    Vat: minorToNumber(b.VatMinor),
    Gross: minorToNumber(b.GrossMinor),
    Paid: minorToNumber(b.PaidMinor),
    Balance: minorToNumber(b.GrossMinor - b.PaidMinor),
    Status: b.Status,
    Approved: b.ApprovedAt !== null,
    PayStatus: payStatusOf(b, today),
    version: b.version,
    createdAt: b.createdAt,
    createdBy: b.createdBy,
    updatedAt: b.updatedAt,
    updatedBy: b.updatedBy,
  };
}

export function billView(b: VendorBill, today: string, fileUrl: string | null = null): VendorBillView {
  return {
    ...summaryOf(b, today),
    PaymentTerms: b.PaymentTerms,
    Ordered: minorToNumber(b.OrderedMinor),
    Delivered: b.DeliveredMinor === null ? null : minorToNumber(b.DeliveredMinor),
    Expected: minorToNumber(b.ExpectedMinor),
    Difference: minorToNumber(b.DifferenceMinor),
    Allowed: minorToNumber(b.AllowedMinor),
    TolerancePct: b.TolerancePct,
    Reasons: b.Reasons,
    Override: b.Override,
    EnteredBy: b.EnteredBy,
    EnteredAt: b.EnteredAt,
    ApprovedBy: b.ApprovedBy,
    ApprovedAt: b.ApprovedAt,
    Payments: b.Payments.map((p) => ({ Date: p.Date, Amount: minorToNumber(p.AmountMinor), By: p.By, At: p.At })),
    FileKey: b.FileKey,
    FileUrl: fileUrl,
  };
}
