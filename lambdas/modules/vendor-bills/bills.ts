import { nextId } from '../../aws/dynamodb/counters';
import { ConflictError, ForbiddenError, NotFoundError, staleVersion, ValidationError } from '../../core/errors';
import { todayIn } from '../../shared/company-day';
import { formatMinor, parsePct, toMinor, type Minor } from '../../shared/money';
import { CURRENCY_CODES } from '../../shared/version-status';
import { getActivity } from '../activities';
import { getCompanyConfiguration } from '../configurations';
import { getOrder, type Order } from '../orders';
import { cachedAccounts, type UserProfile } from '../tenancy';
import { dueDate, getVendor, type Vendor } from '../vendors';
import type { BillFiles } from './bill-files';
import { billFiles } from './bill-files.s3';
import { billView } from './bill-views';
import { orderActuals, orderMonths, periodFigures } from './expected';
import { reconcile, vatMatches } from './reconciliation';
import type { BillReason, VendorBillView } from './replies';
import type { VendorBillInput } from './schemas';
import type { VendorBill } from './store';
import { billWithRef, getBill, writeBill } from './store.dynamodb';
import { BILL_VIEW_SECONDS, checkFileKey, keepUpload } from './uploads';

/**
 * Entering a vendor's bill (docs/vendor-bills.md): every check first, so a refusal writes nothing;
 * then the expected amount of its order period and the reconciliation with the company's
 * tolerance; then one transaction (the bill, its payables row, its reference guard, its audit).
 */

const inScope = (o: Pick<Order, 'AccountId' | 'SubAccountId'>, scope: number) =>
  o.AccountId === scope || o.SubAccountId === scope;

async function orderInScope(companyId: number, scope: number, orderId: number): Promise<Order> {
  const o = await getOrder(companyId, orderId, true);
  if (!o) throw new NotFoundError(`Order ${orderId} was not found`, 'NOT_FOUND', { entity: 'Order', id: orderId });
  if (!inScope(o, scope))
    throw new ForbiddenError(`Order ${orderId} is not part of account ${scope}`, 'NOT_IN_ACCOUNT', {
      entity: 'Order',
      id: orderId,
      accountId: scope,
    });
  return o;
}

/** A bill of the page's account (its order's main account or sub-account); another company's id is not found. */
export async function billInScope(caller: UserProfile, scope: number, billId: number): Promise<VendorBill> {
  const b = await getBill(caller.companyId, billId, true);
  if (!b)
    throw new NotFoundError(`Vendor bill ${billId} was not found`, 'NOT_FOUND', { entity: 'VendorBill', id: billId });
  if (!inScope(b, scope))
    throw new ForbiddenError(`Vendor bill ${billId} is not part of account ${scope}`, 'NOT_IN_ACCOUNT', {
      entity: 'VendorBill',
      id: billId,
      accountId: scope,
    });
  return b;
}

export const notChangeable = (b: VendorBill) =>
  new ConflictError(`Vendor bill ${b.ID} is approved; it can no longer change`, 'BILL_APPROVED', { billId: b.ID });

export const companyToday = async (companyId: number) => todayIn((await getCompanyConfiguration(companyId)).TimeZone);

function checkAmounts(order: Order, input: VendorBillInput): { net: Minor; vat: Minor; gross: Minor } {
  const months = orderMonths(order);
  if (!months.includes(input.Period))
    throw new ValidationError(
      `vendorBill.Period: ${input.Period} is not a month of order ${order.ID}`,
      'PERIOD_OUTSIDE_ORDER',
      {
        period: input.Period,
        orderId: order.ID,
        months: months.join(', '),
      },
    );
  if (input.Currency !== order.Currency)
    throw new ValidationError(
      `vendorBill.Currency: the bill is in ${CURRENCY_CODES[input.Currency]}; order ${order.ID} is in ${CURRENCY_CODES[order.Currency]}`,
      'CURRENCY_MISMATCH',
      { currency: CURRENCY_CODES[input.Currency], orderCurrency: CURRENCY_CODES[order.Currency] },
    );
  const net = toMinor(input.Net, 'vendorBill.Net');
  const vat = toMinor(input.Vat, 'vendorBill.Vat');
  const gross = toMinor(input.Gross, 'vendorBill.Gross');
  if (gross !== net + vat)
    throw new ValidationError(
      `vendorBill.Gross: ${input.Gross} is not net plus VAT (${formatMinor(net + vat)})`,
      'GROSS_NOT_NET_PLUS_VAT',
      {
        gross: formatMinor(gross),
        expected: formatMinor(net + vat),
      },
    );
  return { net, vat, gross };
}

async function vendorOf(companyId: number, order: Order): Promise<Vendor> {
  const v = await getVendor(companyId, order.VendorId, true);
  if (!v)
    throw new NotFoundError(`Vendor ${order.VendorId} was not found`, 'NOT_FOUND', {
      entity: 'Vendor',
      id: order.VendorId,
    });
  return v;
}

async function refuseDuplicate(companyId: number, vendor: Vendor, ref: string, billId: number): Promise<ConflictError> {
  const taken = new ConflictError(`Vendor ${vendor.Name} has a bill ${ref} already`, 'DUPLICATE_VENDOR_REF', {
    vendorRef: ref,
    vendor: vendor.Name,
  });
  const holder = await billWithRef(companyId, vendor.ID, ref);
  if (holder !== undefined && holder !== billId) throw taken;
  return taken;
}

/** The reconciliation of the bill against its order period (docs/vendor-bills.md). */
async function reconciled(
  companyId: number,
  order: Order,
  vendor: Vendor,
  period: string,
  amounts: { net: Minor; vat: Minor },
) {
  const config = await getCompanyConfiguration(companyId, true);
  const actuals = await orderActuals(companyId, order, [period]);
  const figures = periodFigures(order, period, actuals.get(period) ?? new Map());
  const toleranceBps = parsePct(config.BillTolerancePct);
  const r = reconcile(figures.cost, amounts.net, toleranceBps);
  const reasons: BillReason[] = r.Reason ? [r.Reason] : [];
  if (!vatMatches(amounts.net, amounts.vat, vendor.VatTreatment, parsePct(config.VatPct))) reasons.push('VAT_MISMATCH');
  return {
    today: todayIn(config.TimeZone),
    fields: {
      OrderedMinor: figures.cost.orderedMinor,
      DeliveredMinor: figures.deliveredMinor,
      ExpectedMinor: r.ExpectedMinor,
      DifferenceMinor: r.DifferenceMinor,
      AllowedMinor: r.AllowedMinor,
      TolerancePct: config.BillTolerancePct,
      Status: reasons.length ? ('disputed' as const) : ('matched' as const),
      Reasons: reasons,
    },
  };
}

async function namesOf(companyId: number, order: Order) {
  const [activity, accounts] = await Promise.all([
    getActivity(companyId, order.ActivityId),
    cachedAccounts(companyId, [order.AccountId]),
  ]);
  return { ActivityName: activity?.Name ?? '', AccountName: accounts[0]?.Name ?? '' };
}

/** VendorBillsService.SaveVendorBill: creates (ID 0) or changes a bill that is not approved. */
export async function saveVendorBillFor(
  caller: UserProfile,
  scope: number,
  input: VendorBillInput,
  files: BillFiles = billFiles,
): Promise<VendorBillView> {
  const companyId = caller.companyId;
  const before = input.ID > 0 ? await billInScope(caller, scope, input.ID) : null;
  if (before?.ApprovedAt) throw notChangeable(before);
  if (before && before.version !== input.version) throw staleVersion();
  const order = await orderInScope(companyId, scope, input.OrderId);
  const amounts = checkAmounts(order, input);
  const vendor = await vendorOf(companyId, order);
  const due = dueDate(input.BillDate, vendor.PaymentTerms);
  const duplicate = await refuseDuplicate(companyId, vendor, input.VendorRef, before?.ID ?? 0);
  const newUpload = checkFileKey(companyId, input.FileKey, before?.FileKey ?? null);
  const [check, names] = await Promise.all([
    reconciled(companyId, order, vendor, input.Period, amounts),
    namesOf(companyId, order),
  ]);
  const fileKey = newUpload ? await keepUpload(input.FileKey!, files) : input.FileKey;
  const at = new Date().toISOString();
  const after: VendorBill = {
    ...(before ?? { Override: null, ApprovedBy: null, ApprovedAt: null, Payments: [], PaidMinor: 0 }),
    ID: before?.ID ?? (await nextId(companyId, 'VendorBill')),
    OrderId: order.ID,
    VendorId: vendor.ID,
    VendorName: vendor.Name,
    AccountId: order.AccountId,
    SubAccountId: order.SubAccountId,
    ...names,
    ActivityId: order.ActivityId,
    Period: input.Period,
    VendorRef: input.VendorRef,
    BillDate: input.BillDate,
    DueDate: due,
    PaymentTerms: vendor.PaymentTerms,
    Currency: order.Currency,
    NetMinor: amounts.net,
    VatMinor: amounts.vat,
    GrossMinor: amounts.gross,
    ...check.fields,
    // An edited bill is checked afresh: an earlier override does not carry over to other figures.
    Override: null,
    EnteredBy: before?.EnteredBy ?? caller.email,
    EnteredAt: before?.EnteredAt ?? at,
    FileKey: fileKey,
    version: (before?.version ?? 0) + 1,
    createdAt: before?.createdAt ?? at,
    createdBy: before?.createdBy ?? caller.email,
    updatedAt: at,
    updatedBy: caller.email,
  };
  try {
    await writeBill(companyId, before, after, before ? 'update' : 'create', { duplicate, stale: staleVersion() });
  } catch (err) {
    if (newUpload && fileKey) await files.discard(fileKey).catch(() => undefined);
    throw err;
  }
  if (newUpload) await files.discard(input.FileKey!).catch(() => undefined);
  return billView(after, check.today);
}

/** VendorBillsService.GetVendorBill: the bill, with a short-lived link to its PDF. */
export async function getVendorBillFor(
  caller: UserProfile,
  scope: number,
  billId: number,
  files: BillFiles = billFiles,
): Promise<VendorBillView> {
  const b = await billInScope(caller, scope, billId);
  const url = b.FileKey ? await files.viewUrl(b.FileKey, BILL_VIEW_SECONDS) : null;
  return billView(b, await companyToday(caller.companyId), url);
}
