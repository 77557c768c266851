/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { inHebrew } from '../../../testing/hebrew';
import { fakeStorage } from '../../../testing/fake-storage';
import { aBillSummary as summary } from '../../../testing/records';
import type { VendorBillSummary, VendorBillView } from '../api/payables-api';
import { PayablesScreen } from './payables-screen';

const view = (o: Partial<VendorBillView> = {}): VendorBillView => ({
  ...summary(),
  PaymentTerms: { Kind: 'eom_plus', Days: 30 },
  Ordered: 525.42,
  Delivered: 400,
  Expected: 400,
  Difference: 130,
  Allowed: 8,
  TolerancePct: 2,
  Reasons: ['BILLED_ABOVE_DELIVERED'],
  Override: null,
  EnteredBy: 'p@x.test',
  EnteredAt: '2026-02-11T08:00:00.000Z',
  ApprovedBy: null,
  ApprovedAt: null,
  Payments: [],
  FileKey: null,
  FileUrl: null,
  Status: 'disputed',
  ...o,
});

const order = {
  ID: 12,
  AccountId: 3,
  VendorName: 'Keshet',
  ActivityName: 'Spring launch',
  Currency: 1,
  CurrencyCode: 'USD',
  Periods: [
    { Month: '2026-01', Amount: 525.42 },
    { Month: '2026-02', Amount: 474.58 },
  ],
};

const page = (items: VendorBillSummary[]) =>
  ok({
    Items: items,
    NextToken: null,
    Totals: [{ Currency: 1, CurrencyCode: 'USD', Count: items.length, Gross: 625.4, Paid: 0, Balance: 625.4 }],
  });

const show = (url = '/payables/list') =>
  renderWithProviders(
    <Routes>
      <Route path="/payables/list" element={<PayablesScreen />} />
    </Routes>,
    url,
  );

/** The screen opened on a new bill of `order` (the order screen's link), with SaveVendorBill and more answered by `more`. */
function newBillOfOrder(more: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    'VendorBillsService/GetVendorBillsList': () => page([]),
    'VendorsService/GetVendorsList': () => ok({ Items: [], NextToken: null }),
    'OrdersService/GetOrder': () => ok(order),
    ...more,
  });
  show('/payables/list?account=3&order=12');
  return api;
}

const setField = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Chooses the bill's month in its select. */
async function choosePeriod(month: string) {
  fireEvent.mouseDown(within(screen.getByTestId('bill-dialog')).getAllByRole('combobox')[0]);
  fireEvent.click(await screen.findByRole('option', { name: month }));
}

describe('payables screen', () => {
  setUpScreenTests({ quiet: true });

  it('lists the bills with totals, asks the server per status tab and filter', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'VendorBillsService/GetVendorBillsList': () => page([summary()]),
      'VendorsService/GetVendorsList': (body) =>
        ok({ Items: body.archived ? [] : [{ ID: 5, Name: 'Keshet' }], NextToken: null }),
    });
    show();
    const row = await screen.findByTestId('bill-row');
    expect(within(row).getByText('INV-100')).toBeTruthy();
    expect(within(row).getAllByText('$625.40')).toHaveLength(2);
    expect(screen.getByTestId('payables-total').textContent).toBe('1 bills · gross $625.40 · to pay $625.40');
    fireEvent.click(screen.getByTestId('tab-overdue'));
    await waitFor(() => expect(callsTo(api, 'GetVendorBillsList').some((c) => c.body.status === 'overdue')).toBe(true));
    fireEvent.change(screen.getByTestId('filter-period'), { target: { value: '2026-01' } });
    await waitFor(() =>
      expect(callsTo(api, 'GetVendorBillsList').at(-1)?.body).toMatchObject({ status: 'overdue', period: '2026-01' }),
    );
  });

  it('opens a disputed bill: figures and reasons; an approver accepts it with a note, then approves', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({
      'VendorBillsService/GetVendorBillsList': () => page([summary({ Status: 'disputed' })]),
      'VendorsService/GetVendorsList': () => ok({ Items: [], NextToken: null }),
      'VendorBillsService/GetVendorBill': () => ok(view()),
      'OrdersService/GetOrder': () => ok(order),
      'VendorBillsService/OverrideVendorBill': () =>
        ok(
          view({
            Status: 'matched',
            version: 2,
            Override: { Note: 'Agreed', By: 'a@x.test', At: '2026-02-12T08:00:00.000Z' },
          }),
        ),
      'VendorBillsService/ApproveVendorBill': () =>
        fail(409, 'a@x.test entered this bill; someone else approves it', 'SAME_PERSON', { who: 'a@x.test' }),
    });
    show();
    fireEvent.click(await screen.findByTestId('open-bill'));
    expect((await screen.findByTestId('bill-expected')).textContent).toBe('Expected: $400.00');
    expect(screen.getByTestId('bill-delivered').textContent).toBe('Delivered: $400.00');
    expect(screen.getByTestId('bill-reason').textContent).toBe('Billed above what the platform delivered');
    fireEvent.change(screen.getByTestId('override-note'), { target: { value: ' Agreed ' } });
    fireEvent.click(screen.getByTestId('override-bill'));
    await waitFor(() => expect(callsTo(api, 'OverrideVendorBill')).toHaveLength(1));
    expect(callsTo(api, 'OverrideVendorBill')[0]).toMatchObject({
      body: { billId: 31, version: 1, note: 'Agreed' },
      headers: { 'x-account-id': '3' },
    });
    fireEvent.click(await screen.findByTestId('approve-bill'));
    await waitFor(() => expect(callsTo(api, 'ApproveVendorBill')[0]?.body).toEqual({ billId: 31, version: 2 }));
    expect(await screen.findByText('a@x.test entered this bill; another user must approve it.')).toBeTruthy();
  });

  it("enters a new bill with its PDF for the order named by the order screen's link, in the order's currency", async () => {
    signInAs(PROFILES.planner);
    const api = newBillOfOrder({
      'VendorBillsService/SaveVendorBill': () => ok(view({ Status: 'matched', Reasons: [] })),
      'VendorBillsService/GetVendorBillUploadUrl': () =>
        ok({
          FileKey: 'uploads/bills/9/4',
          Url: 'https://bucket.example/',
          Fields: { key: 'uploads/bills/9/4' },
          MaxBytes: 10485760,
          ExpiresAt: '2026-02-10T08:15:00.000Z',
        }),
    });
    expect((await screen.findByTestId('bill-order')).textContent).toContain('Keshet');
    setField('bill-VendorRef', 'INV-100');
    setField('bill-BillDate', '2026-02-10');
    setField('bill-Net', '530');
    setField('bill-Vat', '95.4');
    setField('bill-Gross', '625.4');
    await choosePeriod('2026-01');
    const sent = fakeStorage(204);
    const pdf = new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('bill-file-input'), { target: { files: [pdf] } });
    await waitFor(() =>
      expect(screen.getByTestId('bill-file-state').textContent).toBe('PDF uploaded; save the bill to keep it.'),
    );
    expect(callsTo(api, 'GetVendorBillUploadUrl')[0].body).toEqual({ fileName: 'invoice.pdf', size: 8 });
    expect(sent[0].get('key')).toBe('uploads/bills/9/4');
    fireEvent.click(screen.getByTestId('save-bill'));
    await waitFor(() => expect(callsTo(api, 'SaveVendorBill')).toHaveLength(1));
    expect(callsTo(api, 'SaveVendorBill')[0]).toMatchObject({
      body: {
        vendorBill: {
          ID: 0,
          OrderId: 12,
          Period: '2026-01',
          VendorRef: 'INV-100',
          BillDate: '2026-02-10',
          Net: 530,
          Vat: 95.4,
          Gross: 625.4,
          Currency: 1,
          FileKey: 'uploads/bills/9/4',
        },
      },
      headers: { 'x-account-id': '3' },
    });
    expect(await screen.findByTestId('bill-review')).toBeTruthy();
  });

  it("checks the bill with the route's schema before sending it, and puts a reference the vendor has already on the reference", async () => {
    signInAs(PROFILES.planner);
    const api = newBillOfOrder({
      'VendorBillsService/SaveVendorBill': () =>
        fail(409, 'Vendor Keshet has a bill INV-7 already', 'DUPLICATE_VENDOR_REF', {
          vendorRef: 'INV-7',
          vendor: 'Keshet',
        }),
    });
    await screen.findByTestId('bill-order');
    setField('bill-VendorRef', 'INV-7');
    setField('bill-BillDate', '2026-02-10');
    setField('bill-Net', 'abc');
    setField('bill-Vat', '0');
    setField('bill-Gross', '100');
    await choosePeriod('2026-01');
    fireEvent.click(screen.getByTestId('save-bill'));
    // No number: refused here, on the field, and nothing is sent.
    await waitFor(() => expect(screen.getByTestId('bill-Net').getAttribute('aria-invalid')).toBe('true'));
    expect(callsTo(api, 'SaveVendorBill')).toHaveLength(0);
    setField('bill-Net', '100');
    fireEvent.click(screen.getByTestId('save-bill'));
    await waitFor(() => expect(callsTo(api, 'SaveVendorBill')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('bill-VendorRef').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('bill-dialog').textContent).toContain('INV-7');
  });

  it('records a payment of an approved bill, which then shows as paid and can no longer be edited', async () => {
    signInAs(PROFILES.approver);
    const approved = view({
      Status: 'matched',
      Reasons: [],
      Approved: true,
      ApprovedAt: '2026-02-12T08:00:00.000Z',
      version: 3,
    });
    const api = mockApi({
      'VendorBillsService/GetVendorBillsList': () => page([summary({ Approved: true })]),
      'VendorsService/GetVendorsList': () => ok({ Items: [], NextToken: null }),
      'VendorBillsService/GetVendorBill': () => ok(approved),
      'OrdersService/GetOrder': () => ok(order),
      'VendorBillsService/RecordVendorPayment': () =>
        ok({ ...approved, Paid: 625.4, Balance: 0, PayStatus: 'paid', version: 4 }),
    });
    show();
    fireEvent.click(await screen.findByTestId('open-bill'));
    fireEvent.change(await screen.findByTestId('payment-date'), { target: { value: '2026-03-30' } });
    fireEvent.change(screen.getByTestId('payment-amount'), { target: { value: '625.4' } });
    fireEvent.click(screen.getByTestId('record-payment'));
    await waitFor(() => expect(callsTo(api, 'RecordVendorPayment')).toHaveLength(1));
    expect(callsTo(api, 'RecordVendorPayment')[0].body).toEqual({
      billId: 31,
      version: 3,
      date: '2026-03-30',
      amount: 625.4,
    });
    expect((await screen.findAllByTestId('pay-status')).some((c) => c.textContent === 'Paid')).toBe(true);
    expect(screen.queryByTestId('save-bill')).toBeNull();
  });

  it('shows the missing bills in Hebrew', async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'VendorBillsService/GetVendorBillsList': () => page([]),
      'VendorsService/GetVendorsList': () => ok({ Items: [], NextToken: null }),
      'VendorBillsService/GetMissingBills': () =>
        ok({
          Items: [
            {
              OrderId: 12,
              VendorId: 5,
              VendorName: 'Keshet',
              AccountId: 3,
              AccountName: 'Hadar',
              ActivityId: 7,
              ActivityName: 'Spring',
              Period: '2026-01',
              Currency: 2,
              CurrencyCode: 'ILS',
              Ordered: 525.42,
              Delivered: null,
              DueBy: '2026-02-15',
              DaysLate: 33,
            },
          ],
        }),
    });
    await inHebrew(async () => {
      show();
      fireEvent.click(await screen.findByTestId('tab-missing'));
      const row = await screen.findByTestId('missing-row');
      expect(within(row).getByText('33')).toBeTruthy();
      expect(within(row).getByText('הזנת חשבונית')).toBeTruthy();
    });
  });
});
