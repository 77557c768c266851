import { batchPut } from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { payablesItemsOf } from '../../lambdas/modules/vendor-bills/payables-store.dynamodb';
import { billKeys, rowOf } from '../../lambdas/modules/vendor-bills/store.dynamodb';
import type { BillRow, VendorBill } from '../../lambdas/modules/vendor-bills/store';
import { fixClock } from '../../lambdas/shared/company-day';
import { invoke, makeCompany } from '../support/world';

/**
 * The payables list with 1,000 bills (their payables rows written straight to DynamoDB Local: ~3.5 KB
 * each, so the company's rows span several 1 MB Query pages with a fifth of the writes 5,000 ordinary
 * bills would take): the first page is the 50 earliest due dates, the totals count every bill, the next
 * page follows on. No time is asserted (speed is the design's: docs/vendor-bills.md, "Payables";
 * 5,000 bills are the bench's).
 */
const N = 1000;
const GROSS = 118; // each bill's gross, ILS

function billRow(accountId: number, i: number): BillRow {
  const due = new Date(Date.UTC(2026, 0, 1) + (N - 1 - i) * 86_400_000).toISOString().slice(0, 10);
  const b = {
    ID: i + 1,
    OrderId: 1,
    VendorId: 1 + (i % 7),
    VendorName: `Vendor ${i % 7} ${'x'.repeat(1600)}`,
    AccountId: accountId,
    SubAccountId: null,
    AccountName: 'Main Client',
    ActivityId: 1,
    ActivityName: `Activity ${'y'.repeat(1300)}`,
    Period: '2026-01',
    VendorRef: `R-${i}`,
    BillDate: '2026-01-31',
    DueDate: due,
    Currency: 2,
    NetMinor: 10_000,
    VatMinor: 1_800,
    GrossMinor: 11_800,
    OrderedMinor: 10_000,
    DeliveredMinor: null,
    ExpectedMinor: 10_000,
    DifferenceMinor: 0,
    AllowedMinor: 200,
    TolerancePct: 2,
    Status: 'matched',
    EnteredBy: 'p@x.test',
    EnteredAt: '2026-02-01T08:00:00.000Z',
    ApprovedBy: null,
    ApprovedAt: null,
    PaidMinor: 0,
    FileKey: null,
    version: 1,
    createdAt: '2026-02-01T08:00:00.000Z',
    createdBy: 'p@x.test',
    updatedAt: '2026-02-01T08:00:00.000Z',
    updatedBy: 'p@x.test',
  } as unknown as VendorBill;
  return rowOf({ ...b, PaymentTerms: { Kind: 'net', Days: 30 }, Reasons: [], Override: null, Payments: [] });
}

/** The rows, and the open rows and counters the store's transactions keep beside them. */
function itemsOf(companyId: number, rows: BillRow[]): Record<string, unknown>[] {
  return [
    ...rows.map((r) => ({ ...billKeys.row(companyId, r), entity: 'VendorBillRow', ...r })),
    ...payablesItemsOf(companyId, rows),
  ];
}

afterAll(() => fixClock(null));

it('answers the first page of 1,000 large bills by due date, with totals over all of them', async () => {
  const co = await makeCompany();
  const rows = Array.from({ length: N }, (_, i) => billRow(co.accounts.main.ID, i));
  await batchPut(itemsOf(co.companyId, rows));
  fixClock(Date.parse('2026-01-15T09:00:00Z'));
  const r = await invoke('VendorBillsService', 'GetVendorBillsList', {
    as: co.planner,
    accountId: co.accounts.main.ID,
    body: {},
  });
  expect(r.status).toBe(200);
  const page = r.body.Response;
  // Bill i (id i + 1) is due N − 1 − i days after 2026-01-01: the last ids are due first, one a day.
  expect(page.Items).toHaveLength(50);
  expect(page.Items[0]).toMatchObject({ ID: N, DueDate: '2026-01-01', PayStatus: 'overdue' });
  const dues = page.Items.map((i: { DueDate: string }) => i.DueDate);
  expect(dues).toEqual([...dues].sort());
  expect(page.Totals).toEqual([
    { Currency: 2, CurrencyCode: 'ILS', Count: N, Gross: N * GROSS, Paid: 0, Balance: N * GROSS },
  ]);
  const next = await invoke('VendorBillsService', 'GetVendorBillsList', {
    as: co.planner,
    accountId: co.accounts.main.ID,
    body: { nextToken: page.NextToken },
  });
  expect(next.body.Response.Items[0].ID).toBe(N - 50);
  // Without the account header the list reads one page and the counters: the same page and totals.
  const all = await invoke('VendorBillsService', 'GetVendorBillsList', { as: co.planner, body: {} });
  expect(all.body.Response.Items).toEqual(page.Items);
  expect(all.body.Response.Totals).toEqual(page.Totals);
  const allNext = await invoke('VendorBillsService', 'GetVendorBillsList', {
    as: co.planner,
    body: { nextToken: all.body.Response.NextToken },
  });
  expect(allNext.body.Response.Items).toEqual(next.body.Response.Items);
  // Due 2026-01-01 to 2026-01-14 (the last 14 ids) are overdue on the 15th; the others are open.
  const overdue = await invoke('VendorBillsService', 'GetVendorBillsList', {
    as: co.planner,
    body: { status: 'overdue' },
  });
  expect(overdue.body.Response.Items.map((i: { ID: number }) => i.ID)).toEqual(
    Array.from({ length: 14 }, (_, k) => N - k),
  );
  expect(overdue.body.Response.Totals).toEqual([
    { Currency: 2, CurrencyCode: 'ILS', Count: 14, Gross: 14 * GROSS, Paid: 0, Balance: 14 * GROSS },
  ]);
  const open = await invoke('VendorBillsService', 'GetVendorBillsList', { as: co.planner, body: { status: 'open' } });
  expect(open.body.Response.Items[0]).toMatchObject({ ID: N - 14, DueDate: '2026-01-15', PayStatus: 'open' });
  expect(open.body.Response.Totals[0]).toMatchObject({ Count: N - 14, Gross: (N - 14) * GROSS });
});
