/** @jest-environment jsdom */
import '../../testing/polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import type { Account } from '../../lib/api-types';
import { mockApi, ok, PROFILES, signInAs } from '../../testing/fixtures';
import { anAccount } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import { AccountsScreen } from './components/accounts-screen';
import { accountsFrame } from './first-frame';

const account = (ID: number, Name: string, extra: Partial<Account> = {}): Account =>
  anAccount(ID, Name, {
    Currency: ID % 2 ? 1 : 2,
    ManagementFeePct: ID * 1.25,
    ContactName: `Contact ${ID}`,
    ContactEmail: `c${ID}@example.com`,
    updatedAt: `2026-03-${String(ID).padStart(2, '0')}T10:00:00Z`,
    ...extra,
  });
// Out of order, with names that sort differently by code point and by collation, one archived.
const ITEMS = [
  account(3, 'beta'),
  account(1, 'Zulu'),
  account(12, 'alpha 10'),
  account(4, 'alpha 9', { Status: 'Archived' }),
  ...Array.from({ length: 11 }, (_, i) => account(20 + i, `Gamma ${20 - i}`)),
];

setUpScreenTests({ gridPageSize: 10, quiet: true });
const at = (pathname: string) => ({ pathname, search: '' });

describe("the accounts list's first frame", () => {
  it('asks for what the grid asks for first, and draws the rows the grid draws from its reply', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({ 'AccountsService/GetAccountsList': () => ok({ Items: ITEMS, NextToken: null }) });
    renderWithProviders(<AccountsScreen parentId={null} />, '/accounts/list');
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(10));

    const call = accountsFrame.call(at('/accounts/list'));
    const [url, init] = api.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`http://api.test/${call?.service}/${call?.method}`);
    expect(String(init.body)).toBe(JSON.stringify(call?.body));

    const grid = screen.getAllByTestId('account-row').map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((c) => ({ text: c.textContent, href: c.querySelector('a')?.getAttribute('href') ?? undefined })),
    );
    const frame = accountsFrame
      .rows({ Items: ITEMS, NextToken: null }, { locale: 'en', pageSize: 10 })
      .map((cells) => cells.slice(0, 7));
    expect(frame).toEqual(grid);
    expect(frame.map((r) => r[1])).toContainEqual({ text: 'alpha 9' });
  });

  it('is only the main accounts list', () => {
    expect(accountsFrame.call(at('/accounts/list/'))).not.toBeNull();
    expect(accountsFrame.call(at('/Accounts/List'))).not.toBeNull();
    expect(accountsFrame.call(at('/accounts/7/subAccounts/list'))).toBeNull();
    expect(accountsFrame.call(at('/payables/list'))).toBeNull();
  });

  it('draws no rows from a reply it does not understand', () => {
    expect(accountsFrame.rows(null, { locale: 'en', pageSize: 10 })).toEqual([]);
    expect(accountsFrame.rows({ Items: 'x' }, { locale: 'en', pageSize: 10 })).toEqual([]);
  });
});
