/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, fail, firstCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { anAccount as account } from '../../../testing/records';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { AccountsScreen } from './accounts-screen';
import { setDate } from '../../../testing/dates';

const MANY = Array.from({ length: 25 }, (_, i) => account(i + 1, `Account ${String(i + 1).padStart(2, '0')}`));

setUpScreenTests({ gridPageSize: 10, quiet: true });

const rows = () => screen.queryAllByTestId('account-row');
const names = () => rows().map((r) => within(r).getAllByRole('cell')[1].textContent);
/** What the pager under the grid says ("1–10 of 25"). */
const pagerText = () => screen.queryByTestId('table-pager')?.querySelector('[aria-live="polite"]')?.textContent;

describe('accounts list', () => {
  it('loads every page with NextToken, pages 10 at a time and sorts', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetAccountsList': (body) =>
        body.nextToken
          ? ok({ Items: MANY.slice(20), NextToken: null })
          : ok({ Items: MANY.slice(0, 20), NextToken: 'more' }),
    });
    renderWithProviders(<AccountsScreen parentId={null} />, '/accounts/list');
    await waitFor(() => expect(pagerText()).toBe('1–10 of 25'));
    expect(api).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String((api.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({
      mainAccountId: -1,
      activityStatus: -1,
      status: 'active',
    });
    expect(names()[0]).toBe('Account 01');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()[0]).toBe('Account 11');
    expect(pagerText()).toBe('11–20 of 25');
    fireEvent.click(screen.getByText('Name'));
    expect(names()[0]).toBe('Account 25');
    fireEvent.click(screen.getByText('ID'));
    expect(names()[0]).toBe('Account 01');
  });

  it('filters with the quick filter; shows the empty state', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'AccountsService/GetAccountsList': () => ok({ Items: MANY, NextToken: null }) });
    renderWithProviders(<AccountsScreen parentId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(document.querySelector('input[name="quick"]') as Element, { target: { value: 'Account 2' } });
    await waitFor(() =>
      expect(names()).toEqual(['Account 20', 'Account 21', 'Account 22', 'Account 23', 'Account 24', 'Account 25']),
    );
    fireEvent.change(document.querySelector('input[name="quick"]') as Element, { target: { value: 'zzz' } });
    await screen.findByTestId('accounts-empty');
  });

  it('sends the date range and activity status to the server', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({ 'AccountsService/GetAccountsList': () => ok({ Items: [], NextToken: null }) });
    renderWithProviders(<AccountsScreen parentId={null} />);
    await screen.findByTestId('accounts-empty');
    await setDate('fromDate', '2026-01-01');
    await setDate('toDate', '2026-01-31');
    await waitFor(() => {
      const last = JSON.parse(String((api.mock.calls.at(-1) as [string, RequestInit])[1].body));
      expect(last).toMatchObject({ fromDate: '2026-01-01', toDate: '2026-01-31' });
    });
  });

  it('a planner may edit but not create or archive', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'AccountsService/GetAccountsList': () => ok({ Items: [account(1, 'Galil Foods')], NextToken: null }) });
    renderWithProviders(<AccountsScreen parentId={null} />);
    await screen.findByText('Galil Foods');
    expect(screen.queryByTestId('create-account')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Galil Foods' })).toBeNull();
    // Edit works: it opens the account in the dialog.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Galil Foods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account' });
    expect((dialog.querySelector('input[name="Name"]') as HTMLInputElement).value).toBe('Galil Foods');
  });

  it('a client sees no actions', async () => {
    signInAs(PROFILES.client);
    mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [account(1, 'Hadar Insurance')], NextToken: null }),
    });
    renderWithProviders(<AccountsScreen parentId={null} />);
    await screen.findByText('Hadar Insurance');
    expect(screen.queryByTestId('create-account')).toBeNull();
    expect(within(rows()[0]).queryAllByRole('button')).toHaveLength(0);
  });

  it('links a main account to its billable statement for a reports user only', async () => {
    const billingLinks = () => screen.queryAllByTestId('account-billing').map((l) => l.getAttribute('href'));
    mockApi({
      'AccountsService/GetAccountsList': () =>
        ok({ Items: [account(1, 'Galil Foods'), account(2, 'Galil North', { ParentId: 1 })], NextToken: null }),
    });
    signInAs(PROFILES.analyst);
    const first = renderWithProviders(<AccountsScreen parentId={null} />);
    await screen.findByText('Galil Foods');
    expect(billingLinks()).toEqual(['/accounts/1/billing']);
    expect(screen.getByTestId('account-billing').getAttribute('aria-label')).toBe('Billable amounts');
    first.unmount();
    signInAs(PROFILES.planner);
    renderWithProviders(<AccountsScreen parentId={null} />);
    await screen.findByText('Galil Foods');
    expect(billingLinks()).toEqual([]);
  });

  it('archives after confirmation, with x-account-id of the account', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [account(4, 'TechNova')], NextToken: null }),
      'AccountsService/DeleteAccount': () => ok(account(4, 'TechNova', { Status: 'Archived' })),
    });
    renderWithProviders(<AccountsScreen parentId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive TechNova' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Account archived');
    const call = firstCall(api, 'DeleteAccount');
    expect(call?.body).toEqual({ accountId: 4 });
    expect(call?.headers).toMatchObject({ 'x-account-id': '4' });
  });

  it('shows "Required permission missing" for a 403 and the server message otherwise', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [account(4, 'TechNova')], NextToken: null }),
      'AccountsService/DeleteAccount': () => fail(403, 'No access to account 4'),
      'AccountsService/CreateAccount': () => fail(400, 'account.Name: must be at most 200 characters'),
    });
    renderWithProviders(<AccountsScreen parentId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive TechNova' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Required permission missing');

    fireEvent.click(screen.getByTestId('create-account'));
    await screen.findByRole('dialog', { name: 'New account' });
    fireEvent.change(document.querySelector('[role="dialog"] input[name="Name"]') as Element, {
      target: { value: 'New one' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('account.Name: must be at most 200 characters');
    // Refused: the dialog stays open with what the user typed, and the row is still there.
    expect(firstCall(api, 'CreateAccount')?.body).toMatchObject({ account: { Name: 'New one' } });
    expect((document.querySelector('[role="dialog"] input[name="Name"]') as HTMLInputElement).value).toBe('New one');
    expect(rows().map((r) => r.querySelectorAll('td')[1].textContent)).toEqual(['TechNova']);
  });

  it('a 409 on save says someone else changed it and offers a reload', async () => {
    signInAs(PROFILES.approver);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok({ Items: [account(4, 'TechNova')], NextToken: null }),
      'AccountsService/UpdateAccount': () => fail(409, 'stale'),
    });
    renderWithProviders(<AccountsScreen parentId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit TechNova' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    const listCalls = () => callsTo(api, 'GetAccountsList').length;
    const before = listCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Reload', hidden: true }));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('sub-accounts: sent with x-account-id of the main account; actions from AccessPermissions', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () =>
        ok({
          ID: 7,
          Name: 'Galil Foods',
          Currency: 2,
          SubAccountId: null,
          SubAccountName: null,
          AccessPermissions: ['view', 'edit', 'createDelete'],
        }),
      'AccountsService/GetAccountsList': () =>
        ok({ Items: [account(8, 'Galil Dairy', { ParentId: 7 })], NextToken: null }),
    });
    renderWithProviders(<AccountsScreen parentId={7} />);
    await screen.findByText('Galil Dairy');
    await screen.findByTestId('create-account');
    const call = firstCall(api, 'GetAccountsList');
    expect(call?.body).toMatchObject({ mainAccountId: 7 });
    expect(call?.headers).toMatchObject({ 'x-account-id': '7' });
  });
});
