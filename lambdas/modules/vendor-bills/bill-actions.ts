import { ConflictError, staleVersion, ValidationError } from '../../core/errors';
import { formatMinor, toMinor } from '../../shared/money';
import type { UserProfile } from '../tenancy';
import { billView } from './bill-views';
import { billInScope, companyToday, notChangeable } from './bills';
import type { VendorBillView } from './replies';
import type { BillAction, VendorBill } from './store';
import { writeBill } from './store.dynamodb';

/**
 * What happens to an entered bill (docs/vendor-bills.md, "From entry to payment"): a dispute is
 * overridden with a note (who, when); a matched (or overridden) bill is approved by someone other
 * than the one who entered it; payments are recorded on an approved bill up to its gross.
 */

const stamp = (b: VendorBill, caller: UserProfile, at: string): VendorBill => ({
  ...b,
  version: b.version + 1,
  updatedAt: at,
  updatedBy: caller.email,
});

async function write(caller: UserProfile, before: VendorBill, after: VendorBill, action: BillAction) {
  // The reference does not move here, so the guard is not written: `duplicate` cannot happen.
  await writeBill(caller.companyId, before, after, action, { duplicate: staleVersion(), stale: staleVersion() });
  return billView(after, await companyToday(caller.companyId));
}

async function current(caller: UserProfile, scope: number, billId: number, version: number): Promise<VendorBill> {
  const b = await billInScope(caller, scope, billId);
  if (b.version !== version) throw staleVersion();
  return b;
}

/** OverrideVendorBill: a disputed bill becomes matched, with the note that says why (who, when). */
export async function overrideVendorBillFor(
  caller: UserProfile,
  scope: number,
  input: { billId: number; version: number; note: string },
): Promise<VendorBillView> {
  const before = await current(caller, scope, input.billId, input.version);
  if (before.ApprovedAt) throw notChangeable(before);
  if (before.Status !== 'disputed')
    throw new ConflictError(`Vendor bill ${before.ID} is not disputed`, 'BILL_NOT_DISPUTED', { billId: before.ID });
  const at = new Date().toISOString();
  const after = {
    ...stamp(before, caller, at),
    Status: 'matched' as const,
    Override: { Note: input.note, By: caller.email, At: at },
  };
  return write(caller, before, after, 'override');
}

/**
 * ApproveVendorBill: only a matched bill (reconciled, or a dispute overridden), and only by a user
 * other than the one who entered it (409 SAME_PERSON: the caller has the permission; the rule is
 * about this bill).
 */
export async function approveVendorBillFor(
  caller: UserProfile,
  scope: number,
  input: { billId: number; version: number },
): Promise<VendorBillView> {
  const before = await current(caller, scope, input.billId, input.version);
  if (before.ApprovedAt) throw notChangeable(before);
  if (before.Status !== 'matched')
    throw new ConflictError(`Vendor bill ${before.ID} is disputed; override it with a note first`, 'BILL_DISPUTED', {
      billId: before.ID,
    });
  if (before.EnteredBy === caller.email)
    throw new ConflictError(`${caller.email} entered this bill; someone else approves it`, 'SAME_PERSON', {
      who: caller.email,
    });
  const at = new Date().toISOString();
  return write(caller, before, { ...stamp(before, caller, at), ApprovedBy: caller.email, ApprovedAt: at }, 'approve');
}

/** RecordVendorPayment: a payment of an approved bill; the payments never sum above its gross. */
export async function recordVendorPaymentFor(
  caller: UserProfile,
  scope: number,
  input: { billId: number; version: number; date: string; amount: number },
): Promise<VendorBillView> {
  const before = await current(caller, scope, input.billId, input.version);
  if (!before.ApprovedAt)
    throw new ConflictError(`Vendor bill ${before.ID} is not approved yet`, 'BILL_NOT_APPROVED', { billId: before.ID });
  const amount = toMinor(input.amount, 'amount');
  if (before.PaidMinor + amount > before.GrossMinor)
    throw new ValidationError(
      `amount: paying ${formatMinor(amount)} on ${formatMinor(before.PaidMinor)} paid would exceed the gross ${formatMinor(before.GrossMinor)}`,
      'PAYMENTS_EXCEED_GROSS',
      { gross: formatMinor(before.GrossMinor), paid: formatMinor(before.PaidMinor), amount: formatMinor(amount) },
    );
  const at = new Date().toISOString();
  const after: VendorBill = {
    ...stamp(before, caller, at),
    Payments: [...before.Payments, { Date: input.date, AmountMinor: amount, By: caller.email, At: at }],
    PaidMinor: before.PaidMinor + amount,
  };
  return write(caller, before, after, 'payment');
}
