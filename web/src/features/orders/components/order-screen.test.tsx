/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { inHebrew } from '../../../testing/hebrew';
import { fakeStorage } from '../../../testing/fake-storage';
import type { OrderView } from '../api/orders-api';
import { OrderScreen } from './order-screen';

const order = (o: Partial<OrderView> = {}): OrderView => ({
  ID: 12,
  ActivityId: 7,
  ActivityName: 'Spring launch',
  AccountId: 3,
  AccountName: 'Hadar Insurance',
  SubAccountId: null,
  VendorId: 5,
  VendorName: 'Google',
  MediaMixId: 41,
  PlanVersion: 2,
  Version: 1,
  Status: 'draft',
  Currency: 1,
  CurrencyCode: 'USD',
  LineCount: 1,
  Total: 270.54,
  ApprovedBy: null,
  ApprovedAt: null,
  PlanCurrency: 2,
  Rate: { Rate: 3.7, From: 'USD', To: 'ILS', Date: '2026-01-05' },
  Lines: [
    {
      LineId: 90,
      Name: 'Search',
      ChannelTypeName: 'Google Search',
      AccountChannelTypeId: 7,
      StartDate: '2026-01-01',
      EndDate: '2026-02-28',
      Months: [
        { Month: '2026-01', Amount: 142.15 },
        { Month: '2026-02', Amount: 128.39 },
      ],
      Total: 270.54,
    },
  ],
  Periods: [
    { Month: '2026-01', Amount: 142.15 },
    { Month: '2026-02', Amount: 128.39 },
  ],
  RevokedBy: null,
  RevokedAt: null,
  RevokeReason: null,
  History: [],
  Changed: false,
  ChangedIn: null,
  Diff: [],
  Send: null,
  Offline: null,
  version: 1,
  createdAt: '2026-01-05T08:00:00.000Z',
  createdBy: 'p@x.test',
  updatedAt: '2026-01-05T08:00:00.000Z',
  updatedBy: 'p@x.test',
  ...o,
});

const show = () =>
  renderWithProviders(
    <Routes>
      <Route path="/orders/:accountId/:orderId/detail" element={<OrderScreen />} />
    </Routes>,
    '/orders/3/12/detail',
  );

describe('order screen', () => {
  setUpScreenTests({ quiet: true });

  it("shows the lines by month in the vendor's currency with the month totals, and approves with the version read", async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({
      'OrdersService/GetOrder': () => ok(order()),
      'OrdersService/ApproveOrder': () => ok(order({ Status: 'approved', version: 2 })),
    });
    show();
    const line = await screen.findByTestId('order-line');
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Search', 'Google Search', expect.any(String), '$142.15', '$128.39', '$270.54']);
    expect(screen.getByTestId('order-total').textContent).toBe('$270.54');
    expect(callsTo(api, 'GetOrder')[0].headers['x-account-id']).toBe('3');
    fireEvent.click(screen.getByTestId('approve-order'));
    await waitFor(() => expect(callsTo(api, 'ApproveOrder')).toHaveLength(1));
    expect(callsTo(api, 'ApproveOrder')[0].body).toEqual({ orderId: 12, version: 1 });
  });

  it('revokes an approved order with a reason; a planner sees neither button', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({
      'OrdersService/GetOrder': () =>
        ok(order({ Status: 'approved', version: 4, ApprovedAt: '2026-01-06T08:00:00.000Z' })),
      'OrdersService/RevokeOrder': () => ok(order({ version: 5 })),
    });
    show();
    fireEvent.click(await screen.findByTestId('revoke-order'));
    fireEvent.change(await screen.findByTestId('revoke-reason'), { target: { value: '  New dates ' } });
    fireEvent.click(screen.getByTestId('revoke-confirm'));
    await waitFor(() => expect(callsTo(api, 'RevokeOrder')).toHaveLength(1));
    expect(callsTo(api, 'RevokeOrder')[0].body).toEqual({ orderId: 12, version: 4, reason: 'New dates' });
  });

  it("names the plan's later changes line by line, in Hebrew", async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'OrdersService/GetOrder': () =>
        ok(
          order({
            Changed: true,
            ChangedIn: { MediaMixId: 44, PlanVersion: 3 },
            Diff: [
              {
                LineId: 91,
                Change: 'added',
                Before: null,
                After: { Name: 'Video', StartDate: '2026-01-01', EndDate: '2026-01-31', Total: 500 },
                Periods: [{ Month: '2026-01', Before: 0, After: 500 }],
              },
            ],
          }),
        ),
    });
    await inHebrew(async () => {
      show();
      const row = await screen.findByTestId('diff-row');
      expect(row.getAttribute('data-change')).toBe('added');
      expect(within(row).getByText('נוספה')).toBeTruthy();
      expect(screen.queryByTestId('approve-order')).toBeNull();
    });
  });

  it('sends an approved order to the chosen confirmed contacts with instructions and a language; an unconfirmed contact cannot be chosen', async () => {
    signInAs(PROFILES.approver);
    const approved = order({ Status: 'approved', version: 4, ApprovedAt: '2026-01-06T08:00:00.000Z' });
    const api = mockApi({
      'OrdersService/GetOrder': () => ok(approved),
      'VendorsService/GetVendor': () =>
        ok({
          ID: 5,
          Name: 'Google',
          Contacts: [
            { Name: 'Dana', Email: 'dana@v.example', Phone: '', Confirmed: true },
            { Name: 'Avi', Email: 'avi@v.example', Phone: '', Confirmed: false },
          ],
        }),
      'OrdersService/SendOrder': () => ok({ Order: approved, Mailed: ['dana@v.example'], NotMailed: [] }),
    });
    show();
    fireEvent.click(await screen.findByTestId('send-order'));
    const dana = (await screen.findByTestId('send-contact-dana@v.example')).querySelector('input')!;
    const avi = screen.getByTestId('send-contact-avi@v.example').querySelector('input')!;
    expect(avi.disabled).toBe(true);
    expect(screen.getByText('Avi <avi@v.example> (not confirmed)')).toBeTruthy();
    expect((screen.getByTestId('send-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(dana);
    fireEvent.change(screen.getByTestId('send-instructions'), { target: { value: ' Weekdays only ' } });
    fireEvent.click(screen.getByTestId('send-confirm'));
    await waitFor(() => expect(callsTo(api, 'SendOrder')).toHaveLength(1));
    expect(callsTo(api, 'SendOrder')[0].body).toEqual({
      orderId: 12,
      version: 4,
      contactEmails: ['dana@v.example'],
      instructions: 'Weekdays only',
      language: 'en',
    });
    expect((await screen.findByTestId('send-notice')).textContent).toBe('Sent to 1 contact(s).');
  });

  it("shows the vendor's answer: accepted by whom, in Hebrew", async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'OrdersService/GetOrder': () =>
        ok(
          order({
            Status: 'approved',
            Send: {
              OrderVersion: 1,
              SentAt: '2026-01-06T08:00:00.000Z',
              SentBy: 'a@x.test',
              Recipients: ['dana@v.example'],
              Language: 'he',
              Instructions: null,
              PdfSha256: 'a'.repeat(64),
              XlsxSha256: 'b'.repeat(64),
              ExpiresAt: '2026-01-20T08:00:00.000Z',
              Current: true,
              Decision: {
                Kind: 'accepted',
                By: 'dana@v.example',
                TypedName: 'Dana Levi',
                Reason: null,
                At: '2026-01-07T09:30:00.000Z',
                Ip: '203.0.113.7',
                DocumentSha256: 'a'.repeat(64),
              },
            },
          }),
        ),
    });
    await inHebrew(async () => {
      show();
      const status = await screen.findByTestId('order-send-status');
      // The values come wrapped in direction isolates (the console's i18n does that in Hebrew).
      expect(status.textContent!.replace(/[\u2066-\u2069]/g, '')).toContain('אושרה על ידי Dana Levi (dana@v.example)');
    });
  });

  it('downloads the sent PDF and Excel through GetOrderDocument and saves each under its name', async () => {
    signInAs(PROFILES.planner);
    const file = (name: string, type: string) => ({
      FileName: name,
      ContentType: type,
      ContentDisposition: `attachment; filename="${name}"`,
      Base64: btoa('%PDF-1.7'),
    });
    const api = mockApi({
      'OrdersService/GetOrder': () =>
        ok(
          order({
            Status: 'approved',
            Send: {
              OrderVersion: 1,
              SentAt: '2026-01-06T08:00:00.000Z',
              SentBy: 'a@x.test',
              Recipients: ['dana@v.example'],
              Language: 'en',
              Instructions: null,
              PdfSha256: 'a'.repeat(64),
              XlsxSha256: 'b'.repeat(64),
              ExpiresAt: '2026-01-20T08:00:00.000Z',
              Current: true,
              Decision: null,
            },
          }),
        ),
      'OrdersService/GetOrderDocument': (body) =>
        ok(
          body.format === 'pdf'
            ? file('IO-2026-0012.pdf', 'application/pdf')
            : file('IO-2026-0012.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        ),
    });
    const saved: Blob[] = [];
    (URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => {
      saved.push(b);
      return 'blob:order';
    };
    (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(names).toEqual(['IO-2026-0012.pdf']));
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(names).toEqual(['IO-2026-0012.pdf', 'IO-2026-0012.xlsx']));
    expect(callsTo(api, 'GetOrderDocument').map((c) => c.body)).toEqual([
      { orderId: 12, format: 'pdf' },
      { orderId: 12, format: 'xlsx' },
    ]);
    expect(saved.map((b) => b.type)).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    click.mockRestore();
  });

  it('shows no download before the order is sent', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'OrdersService/GetOrder': () => ok(order()) });
    show();
    await screen.findByTestId('order-screen');
    expect(screen.queryByTestId('order-download-pdf')).toBeNull();
    expect(screen.queryByTestId('order-download-xlsx')).toBeNull();
  });

  describe("the vendor's signed copy (offline acceptance)", () => {
    const recorded = {
      OrderVersion: 1,
      ContentType: 'application/pdf',
      Size: 1536,
      Sha256: 'c'.repeat(64),
      RecordedBy: 'a@x.test',
      RecordedAt: '2026-01-08T10:00:00.000Z',
      Current: true,
    };

    it('uploads the chosen PDF through the form, then records it with the upload key', async () => {
      signInAs(PROFILES.approver);
      const api = mockApi({
        'OrdersService/GetOrder': () => ok(order({ Status: 'approved', version: 2 })),
        'OrdersService/GetOfflineAcceptanceUploadUrl': () =>
          ok({
            UploadKey: 'uploads/orders/9/12/4.pdf',
            Url: 'http://s3.test/bucket',
            Fields: { key: 'uploads/orders/9/12/4.pdf', 'Content-Type': 'application/pdf' },
            MaxBytes: 10485760,
            ExpiresAt: '2026-01-08T10:15:00.000Z',
          }),
        'OrdersService/RecordOfflineAcceptance': () => ok(order({ Status: 'approved', version: 3, Offline: recorded })),
      });
      const sent = fakeStorage(204);
      show();
      const input = await screen.findByLabelText('Signed copy of the order (PDF, PNG or JPEG, up to 10 MB)');
      expect(screen.getByText('Record signed copy')).toBeTruthy();
      const pdf = new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' });
      fireEvent.change(input, { target: { files: [pdf] } });
      await waitFor(() => expect(callsTo(api, 'RecordOfflineAcceptance')).toHaveLength(1));
      expect(callsTo(api, 'GetOfflineAcceptanceUploadUrl')[0]).toMatchObject({
        body: { orderId: 12, contentType: 'application/pdf', size: 8 },
        headers: { 'x-account-id': '3' },
      });
      expect(sent[0].get('key')).toBe('uploads/orders/9/12/4.pdf');
      expect(callsTo(api, 'RecordOfflineAcceptance')[0].body).toEqual({
        orderId: 12,
        uploadKey: 'uploads/orders/9/12/4.pdf',
      });
      await waitFor(() => expect(screen.getByTestId('order-signed-state').textContent).toBe('Signed copy recorded.'));
    });

    it('refuses a file that is not a PDF, PNG or JPEG before any call', async () => {
      signInAs(PROFILES.approver);
      const api = mockApi({ 'OrdersService/GetOrder': () => ok(order({ Status: 'approved' })) });
      show();
      const input = await screen.findByTestId('order-signed-input');
      fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
      await waitFor(() =>
        expect(screen.getByTestId('order-signed-state').textContent).toBe('Choose a PDF, PNG or JPEG file.'),
      );
      expect(callsTo(api, 'GetOfflineAcceptanceUploadUrl')).toEqual([]);
    });

    it('shows the recorded copy (who, when, size) with its download; no second record while it is current', async () => {
      signInAs(PROFILES.approver);
      const api = mockApi({
        'OrdersService/GetOrder': () => ok(order({ Status: 'approved', Offline: recorded })),
        'OrdersService/GetOrderDocument': () =>
          ok({
            FileName: 'IO-2026-0012-signed.pdf',
            ContentType: 'application/pdf',
            ContentDisposition: 'attachment; filename="IO-2026-0012-signed.pdf"',
            Base64: btoa('%PDF-1.7'),
          }),
      });
      (URL as unknown as { createObjectURL: () => string }).createObjectURL = () => 'blob:signed';
      (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
      const names: string[] = [];
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
      show();
      const status = await screen.findByTestId('order-offline-status');
      expect(status.textContent).toMatch(/^Signed copy recorded by a@x\.test on .+ \(1\.5 KB, version 1\)\.$/);
      expect(screen.queryByTestId('order-signed-input')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Download signed copy' }));
      await waitFor(() => expect(names).toEqual(['IO-2026-0012-signed.pdf']));
      expect(callsTo(api, 'GetOrderDocument')[0].body).toEqual({ orderId: 12, format: 'offline' });
      click.mockRestore();
    });

    it('says an outdated copy no longer accepts the order; a planner may download it but not record one', async () => {
      signInAs(PROFILES.planner);
      mockApi({
        'OrdersService/GetOrder': () =>
          ok(order({ Status: 'approved', Version: 2, Offline: { ...recorded, Current: false } })),
      });
      show();
      const status = await screen.findByTestId('order-offline-status');
      expect(status.textContent).toContain('for version 1; the order changed since, so it no longer accepts it.');
      expect(screen.getByTestId('order-download-signed')).toBeTruthy();
      expect(screen.queryByTestId('order-signed-input')).toBeNull();
    });

    it('offers no record once the vendor accepted the current version online', async () => {
      signInAs(PROFILES.approver);
      mockApi({
        'OrdersService/GetOrder': () =>
          ok(
            order({
              Status: 'approved',
              Send: {
                OrderVersion: 1,
                SentAt: '2026-01-06T08:00:00.000Z',
                SentBy: 'a@x.test',
                Recipients: ['dana@v.example'],
                Language: 'en',
                Instructions: null,
                PdfSha256: 'a'.repeat(64),
                XlsxSha256: 'b'.repeat(64),
                ExpiresAt: '2026-01-20T08:00:00.000Z',
                Current: true,
                Decision: {
                  Kind: 'accepted',
                  By: 'dana@v.example',
                  TypedName: 'Dana Levi',
                  Reason: null,
                  At: '2026-01-07T09:30:00.000Z',
                  Ip: '203.0.113.7',
                  DocumentSha256: 'a'.repeat(64),
                },
              },
            }),
          ),
      });
      show();
      await screen.findByTestId('order-send-status');
      expect(screen.queryByTestId('order-signed-input')).toBeNull();
    });

    it('offers no record on a draft order', async () => {
      signInAs(PROFILES.approver);
      mockApi({ 'OrdersService/GetOrder': () => ok(order()) });
      show();
      await screen.findByTestId('approve-order');
      expect(screen.queryByTestId('order-signed-input')).toBeNull();
    });
  });
});
