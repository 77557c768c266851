/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { OrderSummary } from '../api/orders-api';
import { OrdersListScreen } from './orders-list-screen';

const summary = (ID: number, VendorId: number, VendorName: string): OrderSummary => ({
  ID,
  ActivityId: 7,
  ActivityName: 'Spring launch',
  AccountId: 3,
  AccountName: 'Hadar Insurance',
  SubAccountId: null,
  VendorId,
  VendorName,
  MediaMixId: 41,
  PlanVersion: 2,
  Version: 1,
  Status: 'draft',
  Currency: 2,
  CurrencyCode: 'ILS',
  LineCount: 1,
  Total: 1000,
  ApprovedBy: null,
  ApprovedAt: null,
  version: 1,
  createdAt: '2026-01-05T08:00:00.000Z',
  createdBy: 'p@x.test',
  updatedAt: '2026-01-05T08:00:00.000Z',
  updatedBy: 'p@x.test',
});

const ORDERS = [summary(1, 5, 'Keshet 12'), summary(2, 6, 'Ynet')];
const vendor = (ID: number, Name: string, Archived = false) => ({ ID, Name, Archived });

function Where() {
  return <span data-testid="where">{useLocation().search}</span>;
}

const show = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/orders/list"
        element={
          <>
            <OrdersListScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    path,
  );

function serve() {
  return mockApi({
    'OrdersService/GetOrdersList': (body) =>
      ok({ Items: ORDERS.filter((o) => body.vendorId === undefined || o.VendorId === body.vendorId), NextToken: null }),
    'VendorsService/GetVendorsList': (body) =>
      ok({
        Items: body.archived ? [vendor(9, 'Old radio', true)] : [vendor(6, 'Ynet'), vendor(5, 'Keshet 12')],
        NextToken: null,
      }),
  });
}

describe('orders list', () => {
  setUpScreenTests({ quiet: true });

  it("lists one vendor's orders from the URL and the vendor filter, which writes the vendor into the URL", async () => {
    signInAs(PROFILES.planner);
    const api = serve();
    show('/orders/list?vendor=6');
    await waitFor(() => expect(screen.getAllByText('Ynet').length).toBeGreaterThan(0));
    expect(screen.queryByText('Keshet 12')).toBeNull();
    expect(callsTo(api, 'GetOrdersList')[0].body.vendorId).toBe(6);

    // Every vendor, archived ones too, sorted by name; "All vendors" lifts the filter.
    fireEvent.mouseDown(within(screen.getByTestId('orders-vendor-filter')).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All vendors', 'Keshet 12', 'Old radio', 'Ynet']);
    fireEvent.click(options[0]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    await waitFor(() => expect(screen.getAllByText('Keshet 12').length).toBeGreaterThan(0));
    expect(callsTo(api, 'GetOrdersList').at(-1)?.body.vendorId).toBeUndefined();

    fireEvent.mouseDown(within(screen.getByTestId('orders-vendor-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Keshet 12' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?vendor=5'));
    expect(callsTo(api, 'GetOrdersList').at(-1)?.body.vendorId).toBe(5);
  });
});
