/** @jest-environment jsdom */
import '../testing/polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { i18n } from '../lib/i18n';
import { fail, mockApi, ok, PROFILES, signInAs, useTestConfig } from '../testing/fixtures';
import { renderRoutes } from '../testing/render';
import { routes } from './router';

const ACCOUNT = {
  ID: 1,
  Name: 'Hadar Insurance',
  ParentId: null,
  Currency: 2,
  ApplyVat: true,
  ManagementFeePct: 15,
  ContactName: '',
  ContactEmail: '',
  Phone: '',
  Website: '',
  Status: 'Active',
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'x',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'x',
};

beforeAll(() => useTestConfig());
beforeEach(() => {
  mockApi({
    'AccountsService/GetAccountsList': () => ok({ Items: [ACCOUNT], NextToken: null }),
    'AccountsService/GetMainAccount': () =>
      ok({
        ID: 1,
        Name: 'Hadar Insurance',
        Currency: 2,
        SubAccountId: null,
        SubAccountName: null,
        AccessPermissions: ['view', 'edit'],
      }),
  });
});
afterEach(() => {
  cleanup();
  signInAs(null);
});

const landsOn = async (router: { state: { location: { pathname: string } } }, path: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path));

describe('route guards', () => {
  it('a signed-out visitor of a business route goes to /login', async () => {
    const { router } = renderRoutes(routes, '/accounts/list');
    await landsOn(router, '/login');
  });

  it('a planner opening /Users/list or a global-settings route goes to /forbidden', async () => {
    signInAs(PROFILES.planner);
    const first = renderRoutes(routes, '/Users/list');
    await landsOn(first.router, '/forbidden');
    cleanup();
    const second = renderRoutes(routes, '/globalSettings/channelTypes/list');
    await landsOn(second.router, '/forbidden');
  });

  it('a user with the permission sees the screen inside the layout', async () => {
    signInAs(PROFILES.admin);
    const { router } = renderRoutes(routes, '/ai_analytics');
    await screen.findByTestId('ai-analytics-screen');
    expect(router.state.location.pathname).toBe('/ai_analytics');
    // Inside the layout: the side menu marks the page's own entry as the current one (its entries
    // are drawn once the page has painted).
    await waitFor(() =>
      expect(screen.getByTestId('side-menu').querySelector('[aria-current="page"]')?.getAttribute('data-menu-id')).toBe(
        'aiAnalytics',
      ),
    );
  });

  it('screens outside the account area are titled from their route: by their menu entry, after the list they belong to', async () => {
    signInAs(PROFILES.admin);
    renderRoutes(routes, '/agentSettings/connectors/list');
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe(i18n.t('menu.agentConnectors')));
    expect(screen.queryByTestId('breadcrumbs')).toBeNull();
    cleanup();
    // A user's page (features/users) comes after the users list.
    mockApi({
      'UsersService/GetUserInfo': () => fail(404, 'User 12 was not found', 'NOT_FOUND', { entity: 'User', id: '12' }),
    });
    renderRoutes(routes, '/users/12/maint');
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe(i18n.t('titles.user')));
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(crumbs.textContent).toBe(`${i18n.t('menu.users')}${i18n.t('titles.user')}`);
    expect(crumbs.querySelector('a')?.getAttribute('href')).toBe('/Users/list');
    expect(screen.getByTestId('screen-title').textContent).toBe(i18n.t('titles.user'));
  });

  it('exchange rates are a Settings entry (GeneralSettings), titled by it', async () => {
    mockApi({ 'ExchangeRatesService/GetExchangeRatesList': () => ok({ Items: [], NextToken: null }) });
    signInAs(PROFILES.admin);
    renderRoutes(routes, '/agentSettings/exchange_rates/list');
    await waitFor(() => expect(screen.getByTestId('screen-title').textContent).toBe(i18n.t('menu.exchangeRates')));
    const menu = screen.getByTestId('side-menu');
    await waitFor(() =>
      expect(menu.querySelector('[aria-current="page"]')?.getAttribute('data-menu-id')).toBe('exchangeRates'),
    );
    expect(menu.querySelector('[data-menu-group="settings"] [data-menu-id="exchangeRates"]')).not.toBeNull();
    cleanup();
    signInAs(PROFILES.planner);
    const { router } = renderRoutes(routes, '/agentSettings/exchange_rates/list');
    await landsOn(router, '/forbidden');
  });

  it("a signed-in user visiting /login is sent home: the profile where the company requires MFA and it is off, else their role's home", async () => {
    signInAs({ ...PROFILES.planner, MfaRequired: true }, false);
    const a = renderRoutes(routes, '/login');
    await landsOn(a.router, '/user/account-profile/profile2');
    cleanup();
    signInAs(PROFILES.planner, false);
    const b = renderRoutes(routes, '/register');
    await landsOn(b.router, '/dashboard/default');
    cleanup();
    signInAs(PROFILES.approver, true);
    const c = renderRoutes(routes, '/login');
    await landsOn(c.router, '/accounts/list');
  });

  it('an unknown route goes to /pages/error', async () => {
    const { router } = renderRoutes(routes, '/no/such/screen');
    await landsOn(router, '/pages/error');
  });

  it('the accounts list renders rows and the breadcrumbs name the account', async () => {
    signInAs(PROFILES.planner);
    renderRoutes(routes, '/accounts/1/subAccounts/list');
    // The rows (asked for by the route's prefetch) and the breadcrumbs (GetMainAccount) answer apart.
    await screen.findAllByText('Hadar Insurance');
    await waitFor(() => expect(screen.getByTestId('breadcrumbs').textContent).toContain('Hadar Insurance'));
  });

  it('a 401 from the API signs the user out and shows /login', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'AccountsService/GetAccountsList': () => fail(401, 'Not signed in') });
    const { router } = renderRoutes(routes, '/accounts/list');
    await landsOn(router, '/login');
  });
});
