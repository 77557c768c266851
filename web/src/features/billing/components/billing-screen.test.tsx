/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import { inHebrew } from '../../../testing/hebrew';
import type { BillableStatementView } from '../api/billing-api';
import { BillingScreen, lastMonth } from './billing-screen';

setUpScreenTests({ quiet: true });

const statement = (over: Partial<BillableStatementView> = {}): BillableStatementView => ({
  AccountId: 1,
  Month: '2026-03',
  Currency: 2,
  CurrencyCode: 'ILS',
  ApplyVat: true,
  VatPct: 18,
  Lines: [
    {
      LineId: 1,
      LineName: 'L1',
      ChannelTypeName: 'Google Search',
      MediaMixId: 10,
      ActivityId: 5,
      ActivityName: 'Spring',
      StartDate: '2026-03-01',
      Net: 10000.01,
      ManagementFee: 1500,
      SystemFee: 250,
      CreativeFee: 4.6,
      Subtotal: 11754.61,
      NetAtPlanRate: 10000.01,
      FxGap: null,
    },
    {
      LineId: 2,
      LineName: 'L2',
      ChannelTypeName: 'YouTube',
      MediaMixId: 10,
      ActivityId: 5,
      ActivityName: 'Spring',
      StartDate: '2026-02-15',
      Net: 3375.13,
      ManagementFee: 421.89,
      SystemFee: 0,
      CreativeFee: 0,
      Subtotal: 3797.02,
      NetAtPlanRate: 3244.86,
      FxGap: null,
    },
  ],
  Net: 13375.14,
  ManagementFee: 1921.89,
  SystemFee: 250,
  CreativeFee: 4.6,
  SetupFee: 0,
  SetupFeeMixIds: [],
  Subtotal: 15551.63,
  Vat: 2799.29,
  Total: 18350.92,
  Fx: { NetAtPlanRate: 13244.87, Effect: 130.27, Gap: null, ForeignCurrencies: ['USD'] },
  Today: '2026-11-25',
  RestatementDays: 28,
  Final: false,
  FinalizedBy: null,
  FinalizedByName: null,
  FinalizedAt: null,
  version: 0,
  CanMarkFinal: false,
  NotFinalReasons: [
    { Code: 'CONNECTOR_NOT_OK', ConnectorId: 3, Connector: 'Agency CSV', Status: 'Error' },
    { Code: 'SYNC_BEHIND', ConnectorId: 3, Connector: 'Agency CSV', LastSyncedTo: null, Needed: '2026-04-27' },
  ],
  ...over,
});

const render = () => renderWithProviders(<BillingScreen accountId={1} />, '/accounts/1/billing');
const text = (el: HTMLElement) => stripIsolates(el.textContent ?? '');

describe('<BillingScreen>', () => {
  it('reads last month by default and shows the lines, the totals, the FX effect apart and why it is not final; Mark final is disabled', async () => {
    signInAs(PROFILES.analyst);
    const api = mockApi({ 'BillingService/GetBillableStatement': () => ok(statement()) });
    render();
    await screen.findByTestId('billing-lines');
    expect(lastCall(api, 'GetBillableStatement')?.body).toEqual({ month: lastMonth() });
    expect(lastCall(api, 'GetBillableStatement')?.headers['x-account-id']).toBe('1');
    expect(screen.getAllByTestId('billing-line')).toHaveLength(2);
    const totals = screen.getByTestId('billing-totals');
    expect(
      text(
        within(totals)
          .getByText(/^Total/)
          .closest('tr')!,
      ),
    ).toContain('18,350.92');
    expect(text(within(totals).getByText(/^VAT/).closest('tr')!)).toMatch(/VAT \(18%\).*2,799\.29/);
    expect(text(screen.getByTestId('billing-fx'))).toContain('130.27');
    const reasons = screen.getAllByTestId('billing-reason').map(text);
    expect(reasons[0]).toMatch(/Agency CSV is in error/);
    expect(reasons[1]).toMatch(/Agency CSV has never synced/);
    expect((screen.getByTestId('billing-mark-final') as HTMLButtonElement).disabled).toBe(true);
    expect(text(screen.getByTestId('billing-mark-blocked'))).toMatch(/cannot be marked final yet/);
  });

  it('marks a final-able month final and shows the stored statement; a refusal shows its reason', async () => {
    signInAs(PROFILES.analyst);
    let final = false;
    const api = mockApi({
      'BillingService/GetBillableStatement': () =>
        ok(
          final
            ? statement({
                Final: true,
                FinalizedBy: 'noa@agency.test',
                FinalizedByName: 'Noa Levi',
                FinalizedAt: '2026-11-25T10:00:00Z',
                version: 1,
                NotFinalReasons: [],
              })
            : statement({ CanMarkFinal: true, NotFinalReasons: [] }),
        ),
      'BillingService/MarkBillableFinal': () => {
        final = true;
        return ok(statement({ Final: true, version: 1 }));
      },
    });
    render();
    const button = await screen.findByTestId('billing-mark-final');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    // A confirmation that states the month and the total first; nothing is sent before it.
    const dialog = await screen.findByRole('dialog');
    expect(text(dialog)).toMatch(/18,350\.92/);
    expect(text(dialog)).toContain(
      new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${lastMonth()}-01T00:00:00Z`),
      ),
    );
    expect(callsTo(api, 'MarkBillableFinal')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark final' }));
    await screen.findByTestId('billing-final');
    expect(callsTo(api, 'MarkBillableFinal')[0].body).toEqual({ month: lastMonth(), version: 0 });
    expect(text(screen.getByTestId('billing-final'))).toMatch(/Noa Levi/);
    expect(text(screen.getByTestId('billing-final'))).not.toMatch(/@/);
    expect((screen.getByTestId('billing-mark-final') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server refusal of Mark final in the user words', async () => {
    signInAs(PROFILES.analyst);
    mockApi({
      'BillingService/GetBillableStatement': () => ok(statement({ CanMarkFinal: true, NotFinalReasons: [] })),
      'BillingService/MarkBillableFinal': () =>
        fail(409, '2026-10 cannot be marked final yet', 'BILLABLE_NOT_FINAL', {
          month: '2026-10',
          reasons: 'PROVISIONAL',
        }),
    });
    render();
    const button = await screen.findByTestId('billing-mark-final');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark final' }));
    expect(await screen.findByText(/cannot be marked final yet \(PROVISIONAL\)/)).toBeTruthy();
  });

  it('lets an Admin reopen a final month with a reason, and no one else', async () => {
    signInAs(PROFILES.admin);
    let final = true;
    const api = mockApi({
      'BillingService/GetBillableStatement': () =>
        ok(
          final
            ? statement({
                Final: true,
                FinalizedBy: 'noa@agency.test',
                FinalizedByName: 'Noa Levi',
                FinalizedAt: '2026-11-25T10:00:00Z',
                version: 1,
                NotFinalReasons: [],
              })
            : statement(),
        ),
      'BillingService/ReopenBillableMonth': () => {
        final = false;
        return ok(statement());
      },
    });
    render();
    fireEvent.click(await screen.findByTestId('billing-reopen'));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByTestId('billing-reopen-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('billing-reopen-reason').querySelector('textarea')!, {
      target: { value: 'Client disputed a line' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(api, 'ReopenBillableMonth')).toHaveLength(1));
    expect(callsTo(api, 'ReopenBillableMonth')[0].body).toEqual({
      month: lastMonth(),
      reason: 'Client disputed a line',
      version: 1,
    });
    await waitFor(() => expect(screen.queryByTestId('billing-final')).toBeNull());
  });

  it('offers no reopen to a reader who is not an Admin', async () => {
    signInAs(PROFILES.analyst);
    mockApi({
      'BillingService/GetBillableStatement': () =>
        ok(
          statement({
            Final: true,
            FinalizedBy: 'noa@agency.test',
            FinalizedByName: 'Noa Levi',
            FinalizedAt: '2026-11-25T10:00:00Z',
            version: 1,
            NotFinalReasons: [],
          }),
        ),
    });
    render();
    await screen.findByTestId('billing-final');
    expect(screen.queryByTestId('billing-reopen')).toBeNull();
  });

  it('keeps Mark final from a reader without Management reports, saying why', async () => {
    signInAs(PROFILES.approver);
    mockApi({
      'BillingService/GetBillableStatement': () => ok(statement({ CanMarkFinal: true, NotFinalReasons: [] })),
    });
    render();
    await screen.findByTestId('billing-lines');
    expect((screen.getByTestId('billing-mark-final') as HTMLButtonElement).disabled).toBe(true);
    expect(text(screen.getByTestId('billing-mark-blocked'))).toMatch(/Management reports/);
  });

  it("names the month in the UI language, Hebrew included (not the browser's)", async () => {
    signInAs(PROFILES.analyst);
    mockApi({ 'BillingService/GetBillableStatement': () => ok(statement()) });
    const monthIn = (locale: string) =>
      new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
        new Date(`${lastMonth()}-01T00:00:00Z`),
      );
    await inHebrew(async () => {
      render();
      await screen.findByTestId('billing-lines');
      const field = screen.getByTestId('billing-month').querySelector('input')!;
      expect(field.value).toContain(monthIn('he-IL'));
      expect(field.value).not.toContain(monthIn('en-US'));
    });
  });

  it('exports the month through ExportBillableStatement in the user language', async () => {
    signInAs(PROFILES.analyst);
    const created = jest.fn(() => 'blob:x');
    (URL as unknown as { createObjectURL: unknown }).createObjectURL = created;
    (URL as unknown as { revokeObjectURL: unknown }).revokeObjectURL = jest.fn();
    const api = mockApi({
      'BillingService/GetBillableStatement': () => ok(statement()),
      'BillingService/ExportBillableStatement': () =>
        ok({
          FileName: 'billable-1-2026-03.xlsx',
          ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ContentDisposition: 'attachment',
          Base64: btoa('PK\u0003\u0004'),
        }),
    });
    render();
    await screen.findByTestId('billing-lines');
    fireEvent.click(screen.getByTestId('billing-export'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(callsTo(api, 'ExportBillableStatement')[0].body).toEqual({ month: lastMonth(), language: 'en' });
  });
});
