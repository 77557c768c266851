import { fixClock } from '../../lambdas/shared/company-day';
import { approvedOrder, seedBill } from '../support/fixtures/vendor-bills-service';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * The payables counters (docs/vendor-bills.md, "Payables") against a recount of the rows: the
 * screen's default call (no account header, no filter but the pay status) reads a page and the
 * counters; a due-date filter that keeps every bill makes the list read and count every row. After
 * saves, an edit that moves the due date, approvals, payments and a refused payment, both answer
 * the same pages and totals, and the totals are the hand-counted ones.
 *
 * Bills of the order's January (ILS, gross 620.00): A due 2026-03-30 (billed 2026-02-10, eom_plus
 * 30); B billed 2026-03-05, so due 2026-04-30; C due 2026-03-30.
 */
const as = (co: Company, method: string, body: Record<string, unknown>, accountId?: number) =>
  invoke('VendorBillsService', method, { as: accountId ? co.approver : co.planner, body, accountId });

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

const ils = (count: number, gross: number, paid: number) => [
  {
    Currency: 2,
    CurrencyCode: 'ILS',
    Count: count,
    Gross: gross,
    Paid: paid,
    Balance: Math.round((gross - paid) * 100) / 100,
  },
];

type Status = 'open' | 'overdue' | 'paid' | undefined;

/** The list by the counters and by a recount of every row, for one pay status: the same. */
async function both(co: Company, status: Status) {
  const counted = ok(await as(co, 'GetVendorBillsList', { status }));
  const recount = ok(await as(co, 'GetVendorBillsList', { status, dueFrom: '2000-01-01' }));
  expect(counted.Items).toEqual(recount.Items);
  expect(counted.Totals).toEqual(recount.Totals);
  return counted;
}

afterEach(() => fixClock(null));

it('keeps the totals equal to a recount of the rows through saves, edits, approvals and payments', async () => {
  const co = await makeCompany();
  const o = await approvedOrder(co);
  const a = await seedBill(co, o);
  const b = await seedBill(co, o);
  const c = await seedBill(co, o);
  const main = o.AccountId;
  // B's new bill date moves its due date (and its row, open row and counter bucket) into April.
  const b2 = ok(
    await invoke('VendorBillsService', 'SaveVendorBill', {
      as: co.planner,
      accountId: main,
      body: {
        vendorBill: {
          ID: b.ID,
          version: b.version,
          OrderId: o.ID,
          Period: '2026-01',
          VendorRef: b.VendorRef,
          BillDate: '2026-03-05',
          Net: 525.42,
          Vat: 94.58,
          Gross: 620,
          Currency: 2,
        },
      },
    }),
  );
  expect(b2.DueDate).toBe('2026-04-30');
  const a1 = ok(await as(co, 'ApproveVendorBill', { billId: a.ID, version: a.version }, main));
  const a2 = ok(
    await as(co, 'RecordVendorPayment', { billId: a.ID, version: a1.version, date: '2026-03-01', amount: 300 }, main),
  );
  const refused = await as(
    co,
    'RecordVendorPayment',
    { billId: a.ID, version: a2.version, date: '2026-03-02', amount: 320.01 },
    main,
  );
  expect(refused.body.ErrorCode).toBe('PAYMENTS_EXCEED_GROSS');
  const c1 = ok(await as(co, 'ApproveVendorBill', { billId: c.ID, version: c.version }, main));
  ok(await as(co, 'RecordVendorPayment', { billId: c.ID, version: c1.version, date: '2026-03-01', amount: 620 }, main));

  // 2026-03-15 in Jerusalem: nothing overdue yet; A (300 paid) and B open; C paid.
  fixClock(Date.parse('2026-03-15T09:00:00Z'));
  expect((await both(co, undefined)).Totals).toEqual(ils(3, 1860, 920));
  expect((await both(co, 'open')).Items.map((i: { ID: number }) => i.ID)).toEqual([a.ID, b.ID]);
  expect((await both(co, 'open')).Totals).toEqual(ils(2, 1240, 300));
  expect((await both(co, 'overdue')).Totals).toEqual([]);
  expect((await both(co, 'paid')).Totals).toEqual(ils(1, 620, 620));
  // 2026-03-31: A is overdue (its due month is today's: read from the open rows), B still open.
  fixClock(Date.parse('2026-03-31T09:00:00Z'));
  expect((await both(co, 'overdue')).Totals).toEqual(ils(1, 620, 300));
  expect((await both(co, 'open')).Totals).toEqual(ils(1, 620, 0));
  // 2026-05-02: A (March) and B (April) are overdue by their months' counters.
  fixClock(Date.parse('2026-05-02T09:00:00Z'));
  expect((await both(co, 'overdue')).Items.map((i: { ID: number }) => i.ID)).toEqual([a.ID, b.ID]);
  expect((await both(co, 'overdue')).Totals).toEqual(ils(2, 1240, 300));
  expect((await both(co, 'open')).Totals).toEqual([]);
  expect((await both(co, undefined)).Totals).toEqual(ils(3, 1860, 920));
});

it('pages the open and overdue tabs by key, by due date then id', async () => {
  const co = await makeCompany();
  const o = await approvedOrder(co);
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push((await seedBill(co, o)).ID);
  fixClock(Date.parse('2026-04-01T09:00:00Z'));
  const first = ok(await as(co, 'GetVendorBillsList', { status: 'overdue', pageSize: 2 }));
  expect(first.Items.map((i: { ID: number }) => i.ID)).toEqual(ids.slice(0, 2));
  expect(first.Totals).toEqual(ils(3, 1860, 0));
  const next = ok(await as(co, 'GetVendorBillsList', { status: 'overdue', pageSize: 2, nextToken: first.NextToken }));
  expect(next.Items.map((i: { ID: number }) => i.ID)).toEqual(ids.slice(2));
  expect(next.NextToken).toBeNull();
  // A token of the overdue tab is not one of the open tab's.
  const other = await as(co, 'GetVendorBillsList', { status: 'open', pageSize: 2, nextToken: first.NextToken });
  expect(other.body.ErrorCode).toBe('PAGE_TOKEN_INVALID');
});
