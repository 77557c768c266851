import { listAccountsByParent } from '../lambdas/modules/tenancy/account-store.dynamodb';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { batchPut } from '../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { billKeys, rowOf } from '../lambdas/modules/vendor-bills/store.dynamodb';
import { payablesItemsOf } from '../lambdas/modules/vendor-bills/payables-store.dynamodb';
import type { BillRow, VendorBill } from '../lambdas/modules/vendor-bills/store';
import { saveVendorFor } from '../lambdas/modules/vendors/vendors';
import { vendorInput } from '../lambdas/modules/vendors/schemas';
import { dueDate } from '../lambdas/modules/vendors';
import type { PaymentTerms } from '../lambdas/modules/vendors/replies';
import type { Minor } from '../lambdas/shared/money';
import { fixtureVendor } from '../test/support/fixtures/vendors-service';

/**
 * The payables bench's world: one company's bills written as the store writes them (the bill, its
 * payables row by due date, its vendor-reference guard, and the open rows and counters of
 * docs/vendor-bills.md "Payables"), straight into DynamoDB Local with
 * BatchWriteItem, as test/vendor-bills/payables-at-scale.test.ts writes its rows: the list reads
 * the rows only, and saving 5,000 bills one transaction at a time would take minutes for nothing the
 * list reads. The vendors are real (saved through the vendors module); the bills spread over them,
 * the company's main accounts, 23 service months, three payment terms and both currencies; about
 * half are paid. Their orders are not stored: the list never reads an order.
 */
const VENDORS = 12;
const MONTHS = 23;
const TERMS: PaymentTerms[] = [
  { Kind: 'net', Days: 30 },
  { Kind: 'eom_plus', Days: 30 },
  { Kind: 'net', Days: 60 },
];

export interface SeededBills {
  bills: number;
  items: number;
  vendors: number;
  accounts: number;
}

const monthOf = (first: string, i: number) => {
  const [y, m] = first.split('-').map(Number);
  const n = y * 12 + m - 1 + i;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
};

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

const plusDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

/** Bill i: deterministic, so two runs read the same world. */
function billOf(
  i: number,
  vendor: { ID: number; Name: string; Currency: 1 | 2 },
  account: { ID: number; Name: string },
  by: string,
): VendorBill {
  const period = monthOf('2025-01', i % MONTHS);
  const billDate = plusDays(lastDay(period), i % 10);
  const terms = TERMS[i % TERMS.length];
  const net = (100_000 + ((i * 7_919) % 4_900_000)) as Minor;
  const vat = (vendor.Currency === 2 ? Math.round(net * 0.18) : 0) as Minor;
  const gross = (net + vat) as Minor;
  const paid = (i % 2 === 0 ? gross : i % 5 === 1 ? Math.floor(gross / 2) : 0) as Minor;
  const at = `${billDate}T08:00:00.000Z`;
  return {
    ID: i + 1,
    OrderId: 1 + (i % 400),
    VendorId: vendor.ID,
    VendorName: vendor.Name,
    AccountId: account.ID,
    SubAccountId: null,
    AccountName: account.Name,
    ActivityId: 1 + (i % 200),
    ActivityName: `Campaign flight ${1 + (i % 200)}`,
    Period: period,
    VendorRef: `INV-${period}-${String(i).padStart(5, '0')}`,
    BillDate: billDate,
    DueDate: dueDate(billDate, terms),
    PaymentTerms: terms,
    Currency: vendor.Currency,
    NetMinor: net,
    VatMinor: vat,
    GrossMinor: gross,
    OrderedMinor: net,
    DeliveredMinor: i % 3 === 0 ? null : net,
    ExpectedMinor: net,
    DifferenceMinor: 0 as Minor,
    AllowedMinor: Math.round(net * 0.02) as Minor,
    TolerancePct: 2,
    Status: i % 17 === 0 ? 'disputed' : 'matched',
    Reasons: [],
    Override: null,
    EnteredBy: by,
    EnteredAt: at,
    ApprovedBy: paid > 0 ? by : null,
    ApprovedAt: paid > 0 ? at : null,
    Payments: paid > 0 ? [{ Date: plusDays(billDate, 20), AmountMinor: paid, By: by, At: at }] : [],
    PaidMinor: paid,
    FileKey: null,
    version: paid > 0 ? 3 : 1,
    createdAt: at,
    createdBy: by,
    updatedAt: at,
    updatedBy: by,
  };
}

export async function seedBills(admin: UserProfile, count: number): Promise<SeededBills> {
  const companyId = admin.companyId;
  const vendors: { ID: number; Name: string; Currency: 1 | 2 }[] = [];
  for (let v = 0; v < VENDORS; v++) {
    const currency = v % 3 === 2 ? 1 : 2;
    const saved = await saveVendorFor(
      admin,
      vendorInput.parse({ ...fixtureVendor(`Bench vendor ${v + 1}`), Currency: currency, Contacts: [] }),
    );
    vendors.push({ ID: saved.ID, Name: saved.Name, Currency: currency });
  }
  const mains = (await listAccountsByParent(companyId, null, 'Active', 500)).items;
  if (!mains.length) throw new Error('the bench company has no main account');
  const items: Record<string, unknown>[] = [];
  const rows: BillRow[] = [];
  for (let i = 0; i < count; i++) {
    const b = billOf(i, vendors[i % VENDORS], mains[i % mains.length], admin.email);
    items.push({ ...billKeys.item(companyId, b.ID), entity: 'VendorBill', ...b });
    items.push({ ...billKeys.row(companyId, b), entity: 'VendorBillRow', ...rowOf(b) });
    rows.push(rowOf(b));
    items.push({ ...billKeys.guard(companyId, b.VendorId, b.VendorRef), entity: 'VendorBillRef', BillId: b.ID });
  }
  // The open rows and counters the store's transactions keep beside the rows.
  items.push(...payablesItemsOf(companyId, rows));
  await batchPut(items);
  return { bills: count, items: items.length, vendors: VENDORS, accounts: mains.length };
}
