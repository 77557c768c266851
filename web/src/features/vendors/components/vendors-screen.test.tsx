/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STALE_VERSION_MESSAGE } from '@server/core/errors';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { Vendor } from '../api/vendors-api';
import { VendorsScreen } from './vendors-screen';

setUpScreenTests({ quiet: true });

const vendor = (ID: number, Name: string, over: Partial<Vendor> = {}): Vendor => ({
  ID,
  Name,
  TaxId: '513456789',
  Address: '',
  Currency: 2,
  PaymentTerms: { Kind: 'eom_plus', Days: 30 },
  VatTreatment: 'local',
  Contacts: [{ Name: 'Dana', Email: 'dana@keshet.example', Phone: '', Confirmed: true }],
  Archived: false,
  Platform: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'x',
  updatedAt: '2026-01-02T00:00:00Z',
  updatedBy: 'x',
  ...over,
});
const KESHET = vendor(1, 'Keshet 12');
const YNET = vendor(2, 'Ynet', {
  PaymentTerms: { Kind: 'net', Days: 45 },
  Contacts: [
    { Name: 'Avi', Email: 'avi@ynet.example', Phone: '', Confirmed: true },
    { Name: 'Rina', Email: 'rina@ynet.example', Phone: '', Confirmed: false },
  ],
});
const OLD = vendor(3, 'Old Radio', { Archived: true, Contacts: [] });

/** GetVendorsList answering by its flag and search, as the server does. */
const listOf =
  (active: () => Vendor[], archived: () => Vendor[] = () => [OLD]) =>
  (b: Record<string, unknown>) =>
    ok({
      Items: (b.archived ? archived() : active()).filter((v) =>
        v.Name.toLowerCase().includes(String(b.search ?? '').toLowerCase()),
      ),
      NextToken: null,
    });

const rows = () => screen.queryAllByTestId('vendor-row');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 6).map((c) => c.textContent);
const chooseView = async (label: 'Active' | 'Archived') => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'View' }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: label }));
};
const field = (dialog: HTMLElement, name: string) => dialog.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(field(dialog, name), { target: { value } });

describe('<VendorsScreen> the list', () => {
  it('lists the active vendors with their terms, VAT and contacts awaiting confirmation; search reads by part of the name', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({ 'VendorsService/GetVendorsList': listOf(() => [KESHET, YNET]) });
    renderWithProviders(<VendorsScreen />);
    await screen.findByText('Keshet 12');
    expect(rows().map(cells)).toEqual([
      ['Keshet 12', '513456789', 'Israeli shekel', 'Current month + 30', 'Local VAT', '1'],
      ['Ynet', '513456789', 'Israeli shekel', 'Net 45', 'Local VAT', '2 (1 awaiting confirmation)'],
    ]);
    expect(lastCall(api, 'GetVendorsList')?.body).toEqual({
      search: '',
      archived: false,
      pageSize: 50,
      nextToken: null,
    });
    expect(lastCall(api, 'GetVendorsList')?.headers).not.toHaveProperty('x-account-id');

    fireEvent.change(screen.getByTestId('vendor-search'), { target: { value: 'yne' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastCall(api, 'GetVendorsList')?.body).toEqual({
      search: 'yne',
      archived: false,
      pageSize: 50,
      nextToken: null,
    });
    expect(cells(rows()[0])[0]).toBe('Ynet');
  });

  it('a planner (agency staff without GeneralSettings) reads the list with History only: no New, no Edit, no Archive', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'VendorsService/GetVendorsList': listOf(() => [KESHET]) });
    renderWithProviders(<VendorsScreen />);
    await screen.findByText('Keshet 12');
    expect(screen.queryByTestId('create-vendor')).toBeNull();
    expect(
      within(rows()[0])
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['History']);
  });
});

describe('<VendorsScreen> writes', () => {
  it('creates a vendor from the dialog: the payload as SaveVendor takes it, then the list again', async () => {
    signInAs(PROFILES.admin);
    let active = [KESHET];
    const api = mockApi({
      'VendorsService/GetVendorsList': listOf(() => active),
      'VendorsService/SaveVendor': (b) => {
        const saved = vendor(9, 'Reshet 13', { ...(b.vendor as Partial<Vendor>), ID: 9, version: 1 });
        active = [KESHET, saved];
        return ok(saved);
      },
    });
    renderWithProviders(<VendorsScreen />);
    await screen.findByText('Keshet 12');
    fireEvent.click(screen.getByTestId('create-vendor'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New vendor')).not.toBeNull();
    type(dialog, 'Name', ' Reshet 13 ');
    type(dialog, 'TaxId', '514000000');
    type(dialog, 'PaymentTerms.Days', '45');
    fireEvent.click(within(dialog).getByTestId('add-contact'));
    type(dialog, 'Contacts.0.Name', 'Yael');
    type(dialog, 'Contacts.0.Email', 'Yael@Reshet.example');
    expect(within(dialog).getByTestId('contact-chip').textContent).toBe('Awaiting confirmation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    expect(callsTo(api, 'SaveVendor').map((c) => c.body)).toEqual([
      {
        vendor: {
          ID: 0,
          Name: 'Reshet 13',
          TaxId: '514000000',
          Address: '',
          Currency: 2,
          PaymentTerms: { Kind: 'net', Days: 45 },
          VatTreatment: 'local',
          Contacts: [{ Name: 'Yael', Email: 'Yael@Reshet.example', Phone: '' }],
          platform: null,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Reshet 13');
  });

  it("names the vendor's ad platform; a platform another vendor has (PLATFORM_VENDOR_TAKEN) is said on that field", async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'VendorsService/GetVendorsList': listOf(() => []),
      'VendorsService/SaveVendor': () =>
        fail(409, 'taken', 'PLATFORM_VENDOR_TAKEN', { platform: 'Google Ads', vendor: 'Google Israel' }),
    });
    renderWithProviders(<VendorsScreen />);
    fireEvent.click(await screen.findByTestId('create-vendor'));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Name', 'Google');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Ad platform' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Google Ads' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, 'SaveVendor')).toHaveLength(1));
    expect(lastCall(api, 'SaveVendor')?.body).toMatchObject({ vendor: { Name: 'Google', platform: 'google_ads' } });
    await waitFor(() => expect(field(dialog, 'Platform').getAttribute('aria-invalid')).toBe('true'));
  });

  it('a form the route refuses is not sent: days past 180 and a bad address are said on their fields', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({ 'VendorsService/GetVendorsList': listOf(() => []) });
    renderWithProviders(<VendorsScreen />);
    fireEvent.click(await screen.findByTestId('create-vendor'));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Name', 'Kan 11');
    type(dialog, 'PaymentTerms.Days', '181');
    fireEvent.click(within(dialog).getByTestId('add-contact'));
    type(dialog, 'Contacts.0.Name', 'Moshe');
    type(dialog, 'Contacts.0.Email', 'not-an-address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(dialog, 'PaymentTerms.Days').getAttribute('aria-invalid')).toBe('true'));
    expect(field(dialog, 'Contacts.0.Email').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(api, 'SaveVendor')).toHaveLength(0);
  });

  it('edits the vendor as the server has it now (its version), and a stale save (409) says so with Reload; NAME_TAKEN lands on the name', async () => {
    signInAs(PROFILES.admin);
    let answer = fail(409, STALE_VERSION_MESSAGE, 'STALE_VERSION');
    const api = mockApi({
      'VendorsService/GetVendorsList': listOf(() => [KESHET]),
      'VendorsService/GetVendor': () => ok({ ...KESHET, version: 4 }),
      'VendorsService/SaveVendor': () => answer,
    });
    renderWithProviders(<VendorsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Keshet 12' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit vendor')).not.toBeNull();
    expect(field(dialog, 'Name').value).toBe('Keshet 12');
    expect(within(dialog).getByTestId('contact-chip').textContent).toBe('Confirmed');
    // A changed address is confirmed again.
    type(dialog, 'Contacts.0.Email', 'dana.new@keshet.example');
    expect(within(dialog).getByTestId('contact-chip').textContent).toBe('Awaiting confirmation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    expect(lastCall(api, 'SaveVendor')?.body).toMatchObject({
      vendor: { ID: 1, version: 4, Contacts: [{ Email: 'dana.new@keshet.example' }] },
    });
    expect(screen.getByRole('button', { name: 'Reload' })).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeNull();

    answer = fail(409, 'taken', 'NAME_TAKEN', { entity: 'Vendor', name: 'Keshet 12' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(dialog, 'Name').getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('An active Vendor named "Keshet 12" exists already. Choose another name.'),
    ).not.toBeNull();
  });

  it('offers "resend confirmation" for a saved contact awaiting confirmation only, and says the mail went', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'VendorsService/GetVendorsList': listOf(() => [YNET]),
      'VendorsService/GetVendor': () => ok(YNET),
      'VendorsService/ResendContactConfirmation': () => ok({ Sent: true, Confirmed: false }),
    });
    renderWithProviders(<VendorsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ynet' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByTestId('contact-chip')
        .map((c) => c.textContent),
    ).toEqual(['Confirmed', 'Awaiting confirmation']);
    expect(within(dialog).queryByRole('button', { name: 'Resend confirmation avi@ynet.example' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend confirmation rina@ynet.example' }));
    await screen.findByText('Confirmation mail sent to rina@ynet.example');
    expect(callsTo(api, 'ResendContactConfirmation').map((c) => c.body)).toEqual([
      { vendorId: 2, email: 'rina@ynet.example' },
    ]);
    // Once the address is changed in the form, the new one is mailed by the save: no resend.
    type(dialog, 'Contacts.1.Email', 'rina.k@ynet.example');
    expect(within(dialog).queryByRole('button', { name: /^Resend confirmation/ })).toBeNull();
  });

  it('archives after a confirmation, and restores from the archived view', async () => {
    signInAs(PROFILES.admin);
    let active = [KESHET];
    let archived = [OLD];
    const api = mockApi({
      'VendorsService/GetVendorsList': listOf(
        () => active,
        () => archived,
      ),
      'VendorsService/ArchiveVendor': () => {
        active = [];
        archived = [OLD, { ...KESHET, Archived: true }];
        return ok({ ...KESHET, Archived: true });
      },
      'VendorsService/RestoreVendor': (b) => {
        archived = archived.filter((v) => v.ID !== b.vendorId);
        return ok({ ...OLD, Archived: false });
      },
    });
    renderWithProviders(<VendorsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Keshet 12' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Archive vendor?')).not.toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(api, 'ArchiveVendor').map((c) => c.body)).toEqual([{ vendorId: 1 }]);
    expect((await screen.findByTestId('vendors-empty')).textContent).toBe('No vendors yet');

    await chooseView('Archived');
    await screen.findByText('Old Radio');
    expect(screen.queryByTestId('create-vendor')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore Old Radio' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Vendor restored');
    expect(callsTo(api, 'RestoreVendor').map((c) => c.body)).toEqual([{ vendorId: 3 }]);
    await waitFor(() => expect(rows().map((r) => cells(r)[0])).toEqual(['Keshet 12']));
  });

  it('in Hebrew, right to left: the terms and the confirmation in Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    try {
      signInAs(PROFILES.admin);
      mockApi({ 'VendorsService/GetVendorsList': listOf(() => [KESHET]) });
      renderWithProviders(<VendorsScreen />);
      await screen.findByText('Keshet 12');
      expect(document.documentElement.dir).toBe('rtl');
      // Hebrew isolates the interpolated number (FSI … PDI): compared without them.
      expect(stripIsolates(cells(rows()[0])[3] ?? '')).toBe('שוטף + 30');
      fireEvent.click(screen.getByRole('button', { name: 'העברה לארכיון Keshet 12' }));
      expect(within(await screen.findByRole('dialog')).getByText('להעביר את הספק לארכיון?')).not.toBeNull();
    } finally {
      chooseLocale('en');
      await setLocale('en');
    }
  });
});
