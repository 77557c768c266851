/** @jest-environment jsdom */
import '../../testing/polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockApi, ok, PROFILES, signInAs } from '../../testing/fixtures';
import { aBillSummary } from '../../testing/records';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';
import type { VendorBillSummary } from './api/payables-api';
import { PayablesScreen } from './components/payables-screen';
import { payablesFrame } from './first-frame';

const bill = (ID: number, o: Partial<VendorBillSummary>): VendorBillSummary =>
  aBillSummary({
    ID,
    VendorName: `Vendor ${ID}`,
    VendorRef: `INV-${ID}`,
    DueDate: `2026-03-${String(ID).padStart(2, '0')}`,
    Currency: ID % 2 ? 1 : 2,
    CurrencyCode: ID % 2 ? 'USD' : 'ILS',
    Net: 100 * ID,
    Vat: 18 * ID,
    Gross: 118 * ID,
    Balance: 118 * ID - 0.5,
    ...o,
  });
const ITEMS = [
  bill(3, { PayStatus: 'overdue', Status: 'disputed' }),
  bill(1, {}),
  bill(12, { PayStatus: 'paid', Paid: 1416, Balance: 0 }),
];
const at = (pathname: string, search = '') => ({ pathname, search });

setUpScreenTests({ quiet: true });

describe("the payables' first frame", () => {
  it('asks for what the screen asks for first, and draws its rows from the reply, the statuses by value', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'VendorBillsService/GetVendorBillsList': () => ok({ Items: ITEMS, NextToken: null, Totals: [] }),
      'VendorsService/GetVendorsList': () => ok({ Items: [], NextToken: null }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/payables/list" element={<PayablesScreen />} />
      </Routes>,
      '/payables/list',
    );
    await waitFor(() => expect(screen.getAllByTestId('bill-row')).toHaveLength(3));

    const call = payablesFrame.call(at('/payables/list'));
    const first = api.mock.calls.find(([url]) => String(url).endsWith('/GetVendorBillsList')) as [string, RequestInit];
    expect(first[0]).toBe(`http://api.test/${call?.service}/${call?.method}`);
    expect(String(first[1].body)).toBe(JSON.stringify(call?.body));

    const grid = screen.getAllByTestId('bill-row').map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c, i) => (i < 7 ? { text: c.textContent } : { variant: c.getAttribute('data-frame-variant') })),
    );
    const frame = payablesFrame.rows({ Items: ITEMS, NextToken: null }, { locale: 'en', pageSize: 50 });
    expect(frame).toEqual(grid);
    expect(frame[0]?.slice(7)).toEqual([{ variant: 'disputed' }, { variant: 'overdue' }]);
  });

  it('is only the list as it opens, not a bill opened from an order', () => {
    expect(payablesFrame.call(at('/payables/list'))).not.toBeNull();
    expect(payablesFrame.call(at('/payables/list', '?account=3&order=12'))).toBeNull();
    expect(payablesFrame.call(at('/accounts/list'))).toBeNull();
  });
});
