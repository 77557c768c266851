import { writeStatsAndRollups } from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { RollupBook, statItem } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { OrderView } from '../../lambdas/modules/orders/replies';
import { fixClock } from '../../lambdas/shared/company-day';
import { Role } from '../../lambdas/shared/permissions';
import { postFile } from '../support/creatives';
import { approvedOrder, seedBill } from '../support/fixtures/vendor-bills-service';
import { invoke, makeCompany, makeUser, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * VendorBillsService on DynamoDB Local. Every order here is one ILS line of 1,000.00 from
 * 2026-01-01 to 2026-02-28 of an ILS vendor (eom_plus 30, local VAT 18 %): by days January is
 * 100,000 × 31/59 = 52,542.37 and February 47,457.63 agorot; floors 52,542 + 47,457 leave one
 * agora, which goes to February (larger rest): January 525.42, February 474.58. The company's
 * tolerance is the default 2 %: 2 % of 525.42 = 10.5084 → 10.51 allowed.
 */
const call = (co: Company, method: string, body: Record<string, unknown>, as = co.planner, accountId?: number) =>
  invoke('VendorBillsService', method, { as, body, accountId: accountId ?? co.accounts.main.ID });

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

const companyItems = async (co: Company) =>
  (await tableSnapshot()).filter((i) => i.includes(`"C#${co.companyId}"`) || i.includes(`"C#${co.companyId}#`));

const bill = (o: OrderView, over: Record<string, unknown> = {}) => ({
  vendorBill: {
    ID: 0,
    OrderId: o.ID,
    Period: '2026-01',
    VendorRef: 'INV-100',
    BillDate: '2026-02-10',
    Net: 530,
    Vat: 95.4,
    Gross: 625.4,
    Currency: 2,
    ...over,
  },
});

/** Platform spend of the order's line on a day of January (ILS micros). */
async function deliver(co: Company, o: OrderView, date: string, spendIls: number) {
  const stat = {
    LineId: o.Lines[0].LineId,
    ActivityId: o.ActivityId,
    AccountId: o.AccountId,
    Date: date,
    CampaignId: `c-${o.ID}`,
    CampaignName: 'Campaign',
    Currency: 'ILS',
    Impressions: 0,
    Clicks: 0,
    SpendMicros: spendIls * 1_000_000,
    ConversionsMilli: 0,
    ConversionValueMicros: 0,
    VideoViews: 0,
  };
  const book = new RollupBook(co.companyId, 'csv_upload', `acc-${o.ID}`);
  book.change(undefined, stat);
  await writeStatsAndRollups([statItem(co.companyId, 'csv_upload', `acc-${o.ID}`, stat)], book.takeWrites());
}

afterEach(() => fixClock(null));

describe('SaveVendorBill', () => {
  it('matches a bill within the tolerance: expected as ordered (no actuals), due by the vendor terms', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const out = ok(await call(co, 'SaveVendorBill', bill(o)));
    // eom_plus 30 from 2026-02-10: 2026-02-28 + 30 days = 2026-03-30. 530.00 − 525.42 = 4.58 ≤ 10.51.
    expect(out).toMatchObject({
      Period: '2026-01',
      DueDate: '2026-03-30',
      PaymentTerms: { Kind: 'eom_plus', Days: 30 },
      Ordered: 525.42,
      Delivered: null,
      Expected: 525.42,
      Difference: 4.58,
      Allowed: 10.51,
      Status: 'matched',
      Reasons: [],
      Gross: 625.4,
      Paid: 0,
      Balance: 625.4,
      CurrencyCode: 'ILS',
      Approved: false,
      EnteredBy: co.planner.email,
      version: 1,
    });
    const got = ok(await call(co, 'GetVendorBill', { billId: out.ID }));
    expect(got).toEqual({ ...out, PayStatus: got.PayStatus });
    // Audited in the same write: one create entry of the bill, by the planner.
    const audit = (await companyItems(co))
      .map((i) => JSON.parse(i) as Record<string, unknown>)
      .filter((i) => i.entity === 'VendorBill' && i.entityId === String(out.ID));
    expect(audit.map((i) => [i.action, i.who])).toEqual([['create', co.planner.email]]);
  });

  it('disputes a bill above what the platform delivered (delivery below ordered)', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    await deliver(co, o, '2026-01-10', 250);
    await deliver(co, o, '2026-01-20', 150);
    // Delivered 400.00 < ordered 525.42: expected 400.00, allowed 2 % = 8.00; billed 525.42 is 125.42 over.
    const out = ok(
      await call(co, 'SaveVendorBill', bill(o, { Net: 525.42, Vat: 94.58, Gross: 620, VendorRef: 'D-1' })),
    );
    expect(out).toMatchObject({
      Ordered: 525.42,
      Delivered: 400,
      Expected: 400,
      Difference: 125.42,
      Allowed: 8,
      Status: 'disputed',
      Reasons: ['BILLED_ABOVE_DELIVERED'],
    });
  });

  it('names a VAT that does not fit a local vendor beside the amount', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    // 18 % of 530.00 is 95.40; 0 VAT is more than one unit off.
    const out = ok(await call(co, 'SaveVendorBill', bill(o, { Vat: 0, Gross: 530 })));
    expect(out).toMatchObject({ Status: 'disputed', Reasons: ['VAT_MISMATCH'] });
  });

  it.each([
    [
      'a currency other than the order’s',
      { Currency: 1 },
      'CURRENCY_MISMATCH',
      { currency: 'USD', orderCurrency: 'ILS' },
    ],
    [
      'a month outside the order',
      { Period: '2026-03' },
      'PERIOD_OUTSIDE_ORDER',
      { period: '2026-03', months: '2026-01, 2026-02' },
    ],
    [
      'a gross that is not net + VAT',
      { Gross: 625.39 },
      'GROSS_NOT_NET_PLUS_VAT',
      { gross: '625.39', expected: '625.40' },
    ],
  ])('refuses %s (400) and writes nothing', async (_name, over, code, params) => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const before = await companyItems(co);
    const r = await call(co, 'SaveVendorBill', bill(o, over));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ErrorCode: code, ErrorParams: params });
    expect(await companyItems(co)).toEqual(before);
  });

  it("refuses a vendor's reference used before (case and spaces aside): 409, nothing written", async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    ok(await call(co, 'SaveVendorBill', bill(o, { VendorRef: 'INV 7' })));
    const before = await companyItems(co);
    const r = await call(co, 'SaveVendorBill', bill(o, { VendorRef: 'inv7', Period: '2026-02' }));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ErrorCode: 'DUPLICATE_VENDOR_REF', ErrorParams: { vendorRef: 'inv7' } });
    expect(await companyItems(co)).toEqual(before);
  });

  it('edits a bill (reconciled again) until it is approved, then refuses', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const first = ok(await call(co, 'SaveVendorBill', bill(o)));
    const edited = ok(
      await call(
        co,
        'SaveVendorBill',
        bill(o, { ID: first.ID, version: first.version, Net: 600, Vat: 108, Gross: 708 }),
      ),
    );
    // 600.00 − 525.42 = 74.58 above the order and above 10.51.
    expect(edited).toMatchObject({ ID: first.ID, version: 2, Status: 'disputed', Reasons: ['BILLED_ABOVE_ORDERED'] });
    const back = ok(await call(co, 'SaveVendorBill', bill(o, { ID: first.ID, version: 2 })));
    ok(await call(co, 'ApproveVendorBill', { billId: back.ID, version: back.version }, co.approver));
    const r = await call(co, 'SaveVendorBill', bill(o, { ID: first.ID, version: 4 }));
    expect(r.body.ErrorCode).toBe('BILL_APPROVED');
  });
});

describe("the bill's PDF", () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]);

  it('keeps an uploaded PDF under the company and links it; refuses content that is no PDF', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const form = ok(await call(co, 'GetVendorBillUploadUrl', { fileName: 'invoice.pdf', size: pdf.length }));
    expect(form.FileKey).toMatch(new RegExp(`^uploads/bills/${co.companyId}/\\d+$`));
    expect((await postFile(form, pdf)).status).toBeLessThan(300);
    const saved = ok(await call(co, 'SaveVendorBill', bill(o, { FileKey: form.FileKey })));
    expect(saved.FileKey).toBe(form.FileKey.replace('uploads/bills/', 'bills/'));
    const got = ok(await call(co, 'GetVendorBill', { billId: saved.ID }));
    expect(got.FileUrl).toContain(saved.FileKey);

    const text = ok(await call(co, 'GetVendorBillUploadUrl', { fileName: 'invoice.pdf', size: 100 }));
    await postFile(text, Buffer.alloc(100, 0x41));
    const before = await companyItems(co);
    const refused = await call(
      co,
      'SaveVendorBill',
      bill(o, { FileKey: text.FileKey, Period: '2026-02', VendorRef: 'P-2' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.ErrorCode).toBe('BILL_FILE_NOT_PDF');
    expect(await companyItems(co)).toEqual(before);
  });

  it('refuses a file key of another company and a declared size above the limit', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const foreign = await call(co, 'SaveVendorBill', bill(o, { FileKey: `uploads/bills/${co.companyId + 1}/1` }));
    expect(foreign.body).toMatchObject({ ErrorCode: 'FIELD_INVALID', ErrorParams: { field: 'vendorBill.FileKey' } });
    const big = await call(co, 'GetVendorBillUploadUrl', { fileName: 'scan.pdf', size: 10 * 1024 * 1024 + 1 });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ ErrorCode: 'BILL_FILE_TOO_LARGE', ErrorParams: { limit: '10 MB' } });
  });
});

describe('override, approval and payments', () => {
  it('approves only by another user; a dispute needs an override with a note first', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const disputed = await seedBill(co, o, { Net: 600, Vat: 108, Gross: 708 }, co.approver);
    const refused = await call(co, 'ApproveVendorBill', { billId: disputed.ID, version: 1 }, co.approver);
    expect(refused.body).toMatchObject({ ErrorCode: 'BILL_DISPUTED' });
    const over = ok(
      await call(
        co,
        'OverrideVendorBill',
        { billId: disputed.ID, version: 1, note: 'Bonus spots agreed by phone' },
        co.approver,
      ),
    );
    expect(over).toMatchObject({
      Status: 'matched',
      Reasons: ['BILLED_ABOVE_ORDERED'],
      Override: { Note: 'Bonus spots agreed by phone', By: co.approver.email },
    });
    const same = await call(co, 'ApproveVendorBill', { billId: disputed.ID, version: 2 }, co.approver);
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ ErrorCode: 'SAME_PERSON', ErrorParams: { who: co.approver.email } });
    const other = await makeUser(co.companyId, Role.MediaManager, [6]);
    const approved = ok(await call(co, 'ApproveVendorBill', { billId: disputed.ID, version: 2 }, other));
    expect(approved).toMatchObject({ Approved: true, ApprovedBy: other.email, version: 3 });
  });

  it('records a partial payment, refuses one above the gross, then the rest: paid', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    const b = await seedBill(co, o);
    const early = await call(
      co,
      'RecordVendorPayment',
      { billId: b.ID, version: 1, date: '2026-03-01', amount: 1 },
      co.approver,
    );
    expect(early.body.ErrorCode).toBe('BILL_NOT_APPROVED');
    const a = ok(await call(co, 'ApproveVendorBill', { billId: b.ID, version: 1 }, co.approver));
    const part = ok(
      await call(
        co,
        'RecordVendorPayment',
        { billId: b.ID, version: a.version, date: '2026-03-01', amount: 300 },
        co.approver,
      ),
    );
    expect(part).toMatchObject({ Paid: 300, Balance: 320, Payments: [{ Date: '2026-03-01', Amount: 300 }] });
    const before = await companyItems(co);
    const over = await call(
      co,
      'RecordVendorPayment',
      { billId: b.ID, version: part.version, date: '2026-03-20', amount: 320.01 },
      co.approver,
    );
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      ErrorCode: 'PAYMENTS_EXCEED_GROSS',
      ErrorParams: { gross: '620.00', paid: '300.00', amount: '320.01' },
    });
    expect(await companyItems(co)).toEqual(before);
    const full = ok(
      await call(
        co,
        'RecordVendorPayment',
        { billId: b.ID, version: part.version, date: '2026-03-20', amount: 320 },
        co.approver,
      ),
    );
    expect(full).toMatchObject({ Paid: 620, Balance: 0, PayStatus: 'paid' });
  });
});

describe('payables and missing bills', () => {
  it("is overdue past its due date by the company's today, open on it", async () => {
    const co = await makeCompany();
    const b = await seedBill(co, await approvedOrder(co));
    // Due 2026-03-30; the company's day is Asia/Jerusalem (UTC+3 in summer time).
    fixClock(Date.parse('2026-03-30T20:00:00Z'));
    expect(ok(await call(co, 'GetVendorBill', { billId: b.ID })).PayStatus).toBe('open');
    fixClock(Date.parse('2026-03-30T21:30:00Z'));
    expect(ok(await call(co, 'GetVendorBill', { billId: b.ID })).PayStatus).toBe('overdue');
    const list = ok(await call(co, 'GetVendorBillsList', { status: 'overdue' }));
    expect(list.Items.map((i: { ID: number }) => i.ID)).toEqual([b.ID]);
  });

  it('filters by vendor, account, period, status and due dates, sorted by due date, within account access', async () => {
    const co = await makeCompany();
    const o1 = await approvedOrder(co);
    const o2 = await approvedOrder(co);
    const jan = await seedBill(co, o1, { BillDate: '2026-02-10' }); // due 2026-03-30
    const feb = await seedBill(co, o1, {
      Period: '2026-02',
      BillDate: '2026-01-05',
      Net: 474.58,
      Vat: 85.42,
      Gross: 560,
    }); // due 2026-03-02
    const other = await seedBill(co, o2, { BillDate: '2026-03-10' }); // due 2026-04-30
    fixClock(Date.parse('2026-03-15T09:00:00Z'));
    const ids = async (body: Record<string, unknown>, as = co.planner, accountId?: number) =>
      ok(await call(co, 'GetVendorBillsList', body, as, accountId)).Items.map((i: { ID: number }) => i.ID);
    expect(await ids({})).toEqual([feb.ID, jan.ID, other.ID]);
    expect(await ids({ vendorId: o2.VendorId })).toEqual([other.ID]);
    expect(await ids({ period: '2026-02' })).toEqual([feb.ID]);
    expect(await ids({ status: 'overdue' })).toEqual([feb.ID]);
    expect(await ids({ status: 'open' })).toEqual([jan.ID, other.ID]);
    expect(await ids({ dueFrom: '2026-03-03', dueTo: '2026-04-30' })).toEqual([jan.ID, other.ID]);
    expect(await ids({ accountId: co.accounts.other.ID })).toEqual([]);
    const page1 = ok(await call(co, 'GetVendorBillsList', { pageSize: 2 }));
    expect(page1.Items).toHaveLength(2);
    expect(page1.Totals).toEqual([{ Currency: 2, CurrencyCode: 'ILS', Count: 3, Gross: 1800, Paid: 0, Balance: 1800 }]);
    const page2 = ok(await call(co, 'GetVendorBillsList', { pageSize: 2, nextToken: page1.NextToken }));
    expect(page2.Items.map((i: { ID: number }) => i.ID)).toEqual([other.ID]);
    // A planner who may open the other account only sees none of the main account's bills, and may not ask for it.
    const outsider = await makeUser(co.companyId, Role.Planner, [], { accountAccess: [co.accounts.other.ID] });
    expect(await ids({}, outsider, co.accounts.other.ID)).toEqual([]);
    expect((await call(co, 'GetVendorBillsList', {}, outsider)).status).toBe(403);
  });

  it('lists approved order months with delivery and no bill past the grace days', async () => {
    const co = await makeCompany();
    const o = await approvedOrder(co);
    // Today 2026-03-20: January was due by 2026-01-31 + 15 = 2026-02-15 (33 days late); February by 2026-03-15 (5).
    fixClock(Date.parse('2026-03-20T09:00:00Z'));
    const all = ok(await call(co, 'GetMissingBills', { vendorId: o.VendorId }));
    expect(all.Items).toEqual([
      expect.objectContaining({
        OrderId: o.ID,
        Period: '2026-01',
        Ordered: 525.42,
        Delivered: null,
        DueBy: '2026-02-15',
        DaysLate: 33,
      }),
      expect.objectContaining({ OrderId: o.ID, Period: '2026-02', Ordered: 474.58, DueBy: '2026-03-15', DaysLate: 5 }),
    ]);
    await seedBill(co, o);
    const left = ok(await call(co, 'GetMissingBills', { vendorId: o.VendorId }));
    expect(left.Items.map((i: { Period: string }) => i.Period)).toEqual(['2026-02']);
  });
});
