/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, screen, within } from '@testing-library/react';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { AccountMarginView } from '../api/margin-api';
import { MarginScreen } from './margin-screen';

setUpScreenTests({ quiet: true });

const text = (el: Element | null) => stripIsolates(el?.textContent ?? '').replace(/\u00a0/g, ' ');

const REPLY: AccountMarginView = {
  AccountId: 1,
  Currency: 2,
  CurrencyCode: 'ILS',
  Months: [
    {
      Month: '2026-01',
      CurrencyCode: 'ILS',
      Billable: 1200,
      Cost: 1055.96,
      Margin: 144.04,
      MarginPct: 12,
      Billed: 1,
      Expected: 1,
    },
    {
      Month: '2026-02',
      CurrencyCode: 'ILS',
      Billable: 0,
      Cost: 670,
      Margin: -670,
      MarginPct: null,
      Billed: 1,
      Expected: 1,
    },
  ],
  Totals: {
    CurrencyCode: 'ILS',
    Billable: 1200,
    Cost: 1725.96,
    Margin: -525.96,
    MarginPct: -43.83,
    Billed: 2,
    Expected: 2,
  },
};

const api = () =>
  mockApi({
    'AccountsService/GetAccountsList': (body) =>
      ok({ Items: body.mainAccountId === -1 ? [{ ID: 1, Name: 'Main Client' }] : [], NextToken: null }),
    'VendorBillsService/GetAccountMargin': () => ok(REPLY),
  });

describe('<MarginScreen>', () => {
  beforeEach(() => signInAs(PROFILES.analyst));

  it("asks for the URL's account and months, and shows each month and the totals", async () => {
    const calls = api();
    renderWithProviders(<MarginScreen />, '/performance/margin?account=1&from=2026-01&to=2026-02');
    const rows = await screen.findAllByTestId('margin-row');
    const call = lastCall(calls, 'GetAccountMargin');
    expect(call?.body).toEqual({ fromMonth: '2026-01', toMonth: '2026-02' });
    expect(call?.headers['x-account-id']).toBe('1');
    expect(rows.map(text)).toEqual([
      'January 2026₪1,200.00₪1,055.96₪144.0412.00%1 of 2',
      'February 2026₪0.00₪670.00-₪670.00—1 of 2',
    ]);
    expect(text(screen.getByTestId('margin-total'))).toBe('Total₪1,200.00₪1,725.96-₪525.96-43.83%2 of 4');
  });

  it('asks for an account before reading anything, and refuses a range over 12 months without a call', async () => {
    const calls = api();
    const { unmount } = renderWithProviders(<MarginScreen />, '/performance/margin');
    expect(await screen.findByTestId('margin-no-account')).toBeTruthy();
    unmount();
    renderWithProviders(<MarginScreen />, '/performance/margin?account=1&from=2025-01&to=2026-01');
    expect(await screen.findByTestId('margin-range-invalid')).toBeTruthy();
    expect(lastCall(calls, 'GetAccountMargin')).toBeNull();
  });

  it('speaks Hebrew, right to left', async () => {
    chooseLocale('he');
    await setLocale('he');
    api();
    renderWithProviders(<MarginScreen />, '/performance/margin?account=1&from=2026-01&to=2026-02');
    const table = await screen.findByTestId('margin-table');
    expect(text(within(table).getAllByRole('columnheader')[3])).toBe('רווח גולמי');
    expect(text(screen.getByTestId('margin-total'))).toContain('2 מתוך 4');
    expect(document.dir).toBe('rtl');
    await act(async () => {
      chooseLocale('en');
      await setLocale('en');
    });
  });
});
