/** @jest-environment jsdom */
import '../../testing/polyfills';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Permission } from '../../lib/authorization';
import { PROFILES, signInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { FEATURES } from '../../app/features';
import { navigationOf } from '../../app/navigation';
import { MenuList } from './components/menu-list';
import { filterMenu, findMenuItem, menuUrls } from './menu-filter';
import type { MenuItem } from './navigation';

/** The console's menu, as the app builds it from its features for the layout. */
const MENU_ITEMS = navigationOf(FEATURES).menu;

const ids = (items: MenuItem[]): string[] => items.flatMap((i) => [i.id, ...ids(i.children ?? [])]);

describe('menu filtering', () => {
  it('a planner sees Accounts, My plans, orders, payables and vendors; empty groups disappear', () => {
    expect(ids(filterMenu(MENU_ITEMS, PROFILES.planner))).toEqual([
      'campaignManagement',
      'plannerHome',
      'myPlans',
      'orders',
      'payables',
      'accounts',
      'campaigns',
      'settings',
      'vendors',
    ]);
  });

  it('an analyst sees the items of OperationalReports or ManagementReports', () => {
    expect(ids(filterMenu(MENU_ITEMS, PROFILES.analyst))).toEqual([
      'campaignManagement',
      'plannerHome',
      'managerDashboard',
      'systemMonitoring',
      'myPlans',
      'orders',
      'payables',
      'accounts',
      'campaigns',
      'reports',
      'settings',
      'vendors',
    ]);
  });

  it('an item shows when the user holds at least one of its permissions', () => {
    const menu: MenuItem[] = [
      {
        id: 'g',
        title: 'g',
        type: 'group',
        children: [
          {
            id: 'either',
            title: 'x',
            type: 'item',
            url: '/x',
            requeredPermission: [Permission.GeneralSettings, Permission.OperationalReports],
          },
        ],
      },
    ];
    expect(ids(filterMenu(menu, PROFILES.approver))).toEqual(['g', 'either']);
    expect(ids(filterMenu(menu, PROFILES.planner))).toEqual([]);
  });

  it('Admin implies every company permission but not system-admin items', () => {
    const seen = ids(filterMenu(MENU_ITEMS, PROFILES.otherAdmin));
    expect(seen).toEqual(expect.arrayContaining(['settings', 'users', 'templates', 'managerDashboard']));
    expect(seen).not.toEqual(expect.arrayContaining(['aiAnalytics']));
    expect(seen).not.toContain('globalSettings');
  });

  it('a system administrator sees AI analytics and Global Settings', () => {
    const seen = ids(filterMenu(MENU_ITEMS, PROFILES.admin));
    expect(seen).toEqual(expect.arrayContaining(['aiAnalytics', 'globalSettings', 'channelTypes', 'globalConnectors']));
  });

  it('"To approve" is for media plan approvers, "My plans" for agency staff: a client user sees neither', () => {
    expect(ids(filterMenu(MENU_ITEMS, PROFILES.approver))).toEqual(expect.arrayContaining(['toApprove', 'myPlans']));
    expect(ids(filterMenu(MENU_ITEMS, PROFILES.planner))).not.toContain('toApprove');
    expect(ids(filterMenu(MENU_ITEMS, PROFILES.client))).not.toEqual(expect.arrayContaining(['myPlans']));
    expect(ids(filterMenu(MENU_ITEMS, PROFILES.client))).not.toContain('toApprove');
  });

  it('signed out: nothing', () => {
    expect(filterMenu(MENU_ITEMS, null)).toEqual([]);
  });

  it("has the side menu's urls", () => {
    expect(menuUrls(MENU_ITEMS)).toEqual([
      '/dashboard/default',
      '/dashboard/managerdashboard',
      '/systemMonitoring',
      '/approvals/inbox',
      '/approvals/my-plans',
      '/orders/list',
      '/payables/list',
      '/accounts/list',
      '/ai_analytics',
      '/campaigns/list',
      '/performance/list',
      '/agentSettings/configurations',
      '/agentSettings/connectors/list',
      '/agentSettings/exchange_rates/list',
      '/customColumns/list',
      '/templates/list',
      '/vendors/list',
      '/Users/list',
      '/globalSettings/companies/list',
      '/globalSettings/channelTypes/list',
      '/globalSettings/connectors/list',
    ]);
    expect(findMenuItem(MENU_ITEMS, '/users/list')?.id).toBe('users');
  });
});

describe('<MenuList>', () => {
  afterEach(() => {
    cleanup();
    signInAs(null);
  });

  it('renders the visible items of the signed-in user', () => {
    signInAs(PROFILES.planner);
    renderWithProviders(<MenuList items={MENU_ITEMS} onSelect={() => undefined} />, '/accounts/list');
    expect(document.querySelector('[data-menu-id="accounts"]')).not.toBeNull();
    expect(document.querySelector('[data-menu-id="users"]')).toBeNull();
    expect(document.querySelector('[data-menu-id="accounts"]')?.getAttribute('aria-current')).toBe('page');
  });

  it('shows "Menu Items Error" for an unknown item type', () => {
    signInAs(PROFILES.admin);
    const items: MenuItem[] = [
      {
        id: 'g',
        title: 'menu.settings',
        type: 'group',
        children: [{ id: 'odd', title: 'x', type: 'widget', url: '/x' }],
      },
    ];
    renderWithProviders(<MenuList onSelect={() => undefined} items={items} />);
    // The unknown entry is named as an error and leads nowhere.
    expect(screen.getByText(/^(Menu Items Error|שגיאה בפריטי התפריט)$/).closest('a')).toBeNull();
    expect(document.querySelector('a[href="/x"]')).toBeNull();
    expect(document.querySelector('[data-menu-id="odd"]')).toBeNull();
  });

  it('a locked item shows a lock and does not navigate', () => {
    signInAs(PROFILES.admin);
    const onSelect = jest.fn();
    const items: MenuItem[] = [
      {
        id: 'g',
        title: 'menu.settings',
        type: 'group',
        children: [{ id: 'locked', title: 'menu.users', type: 'item', url: '/Users/list', locked: true }],
      },
    ];
    const { router } = renderWithProviders(<MenuList onSelect={onSelect} items={items} />, '/accounts/list');
    // Announced as locked (in the file's language, which it does not fix).
    expect(['Locked', 'נעול']).toContain(screen.getByTestId('menu-lock').getAttribute('aria-label'));
    expect(document.querySelector('[data-menu-id="locked"]')?.contains(screen.getByTestId('menu-lock'))).toBe(true);
    fireEvent.click(document.querySelector('[data-menu-id="locked"]') as Element);
    expect(router.state.location.pathname).toBe('/accounts/list');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('selecting an item navigates and reports the selection (the drawer closes on narrow screens)', () => {
    signInAs(PROFILES.analyst);
    const onSelect = jest.fn();
    const { router } = renderWithProviders(<MenuList items={MENU_ITEMS} onSelect={onSelect} />, '/accounts/list');
    fireEvent.click(document.querySelector('[data-menu-id="reports"]') as Element);
    expect(router.state.location.pathname).toBe('/performance/list');
    expect(onSelect).toHaveBeenCalled();
  });
});
