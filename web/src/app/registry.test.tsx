/** @jest-environment jsdom */
import '../testing/polyfills';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { filterMenu } from '../features/layout/menu-filter';
import type { MenuItem } from '../features/layout/navigation';
import { ACCESS, isAllowed } from '../lib/authorization';
import type { Feature, RouteLocation } from '../lib/feature';
import { i18n } from '../lib/i18n';
import { mockApi, ok, PROFILES, signInAs } from '../testing/fixtures';
import { renderRoutes } from '../testing/render';
import { setUpScreenTests } from '../testing/screen-tests';
import { FEATURES } from './features';
import { navigationOf } from './navigation';
import { createRoutes, routes } from './router';
import { AuthGuard, GuestGuard } from './routes/guards';

setUpScreenTests();
beforeEach(() => {
  mockApi({ 'AccountsService/GetAccountsList': () => ok({ Items: [], NextToken: null }) });
});

/** Every path of a route table, with the guard it sits behind ('guest', 'signed-in' or none). */
function pathsOf(table: readonly RouteObject[], zone: string | null = null): { path: string; zone: string | null }[] {
  return table.flatMap((r) => {
    const guard = (r.element as { type?: unknown } | undefined)?.type;
    const inner = guard === GuestGuard ? 'guest' : guard === AuthGuard ? 'signed-in' : zone;
    return [...(r.path ? [{ path: r.path, zone }] : []), ...pathsOf(r.children ?? [], inner)];
  });
}
const items = (menu: readonly MenuItem[]): MenuItem[] =>
  menu.flatMap((m) => [...(m.type === 'item' ? [m] : []), ...items(m.children ?? [])]);
const registered = FEATURES.flatMap((f) => f.routes);

describe('the feature registry (app/features.ts) is the one source of routes, menu and titles', () => {
  it('lists every feature folder that has an index.ts, once, by its folder name', () => {
    const dir = path.join(__dirname, '..', 'features');
    const folders = readdirSync(dir).filter((f) => existsSync(path.join(dir, f, 'index.ts')));
    expect(folders.length).toBeGreaterThan(5);
    expect(FEATURES.map((f) => f.id).sort()).toEqual(folders.sort());
  });

  it('each registered route is in the router once, behind its guard; the router has no other business route', () => {
    const inRouter = pathsOf(routes);
    for (const r of registered) {
      expect(inRouter.filter((p) => p.path === r.path)).toEqual([
        { path: r.path, zone: r.guest ? 'guest' : 'signed-in' },
      ]);
    }
    const guarded = inRouter.filter((p) => p.zone !== null).map((p) => p.path);
    expect(guarded.sort()).toEqual(registered.map((r) => r.path).sort());
  });

  it('each menu entry leads to its route and needs what the route needs; the menu has nothing else', () => {
    const menu = items(navigationOf(FEATURES).menu);
    const withEntry = registered.filter((r) => r.menu);
    expect(menu.map((m) => m.id).sort()).toEqual(withEntry.map((r) => r.menu?.id).sort());
    for (const r of withEntry) {
      const item = menu.find((m) => m.id === r.menu?.id);
      expect(item?.url).toBe(r.path);
      // Every profile sees the entry exactly when the route's guard lets it in.
      for (const [who, profile] of Object.entries(PROFILES)) {
        const shown = items(filterMenu(navigationOf(FEATURES).menu, profile)).some((m) => m.id === item?.id);
        expect([r.path, who, shown]).toEqual([r.path, who, isAllowed(profile, r.access ?? ACCESS.none)]);
      }
    }
  });

  it('every title, menu entry and breadcrumb label it names exists in Hebrew and English', () => {
    const nav = navigationOf(FEATURES);
    const keys = [
      ...items(nav.menu).map((m) => m.title),
      ...nav.menu.map((g) => g.title),
      ...nav.screens.map((s) => s.title),
      ...Object.values(nav.accountScreens),
    ];
    expect(keys.length).toBeGreaterThan(20);
    for (const locale of ['he', 'en'])
      expect(keys.filter((k) => !i18n.exists(k, { lng: locale, fallbackLng: false }))).toEqual([]);
  });
});

describe('a feature added to the list', () => {
  /** GetMainAccount of the account the fake account-area screen is opened on. */
  const GALIL = {
    ID: 7,
    Name: 'Galil Foods',
    Currency: 2,
    SubAccountId: null,
    SubAccountName: null,
    AccessPermissions: ['view'],
  };
  const prefetched: RouteLocation[] = [];
  const fake: Feature = {
    id: 'fake',
    routes: [
      {
        path: '/fake/list',
        access: ACCESS.generalSettings,
        screen: async () =>
          function FakeScreen() {
            return <p data-testid="fake-screen">fake</p>;
          },
        menu: { id: 'fakeThings', group: 'settings', order: 35, icon: 'TuneOutlined' },
        title: 'fakeArea.title',
      },
      {
        path: '/accounts/:accountId/fakes/list',
        screen: async () =>
          function FakeAccountScreen() {
            return <p data-testid="fake-account-screen">fake</p>;
          },
        prefetch: async () => (location) => prefetched.push(location),
      },
    ],
    breadcrumbs: { fakes: 'fakeArea.accountTitle' },
    catalogues: async () => ({
      fakeArea: {
        en: async () => ({ default: { fakeArea: { title: 'Fake things', accountTitle: 'Fakes' } } }),
        he: async () => ({ default: { fakeArea: { title: 'דברים מזויפים', accountTitle: 'מזויפים' } } }),
      },
    }),
  };
  const table = createRoutes([...FEATURES, fake]);

  it('is routed inside the layout, in the menu at its place, titled with its own strings', async () => {
    signInAs(PROFILES.admin);
    const { router } = renderRoutes(table, '/fake/list');
    await screen.findByTestId('fake-screen');
    expect(router.state.location.pathname).toBe('/fake/list');
    const menu = screen.getByTestId('side-menu');
    // The menu's entries are drawn once the page has painted.
    await waitFor(() =>
      expect(menu.querySelector('[aria-current="page"]')?.getAttribute('data-menu-id')).toBe('fakeThings'),
    );
    const settings = [...menu.querySelectorAll('[data-menu-group="settings"] [data-menu-id]')].map((e) =>
      e.getAttribute('data-menu-id'),
    );
    expect(settings).toEqual([
      'configurations',
      'agentConnectors',
      'exchangeRates',
      'customColumns',
      'fakeThings',
      'templates',
      'vendors',
      'users',
    ]);
    // The title comes from the feature's own catalogue, which arrived with its route.
    expect(screen.getByTestId('screen-title').textContent).toBe('Fake things');
  });

  it('names its account-area screen in the breadcrumbs', async () => {
    signInAs(PROFILES.admin);
    mockApi({ 'AccountsService/GetMainAccount': () => ok(GALIL) });
    renderRoutes(table, '/accounts/7/fakes/list');
    await screen.findByTestId('fake-account-screen');
    await waitFor(() => expect(screen.getByTestId('breadcrumbs').textContent).toBe('AccountsGalil FoodsFakes'));
    expect(screen.getByTestId('screen-title').textContent).toBe('Fakes');
  });

  it('has what its screen will ask for prefetched, with the address opened, on the first load and each navigation', async () => {
    signInAs(PROFILES.admin);
    mockApi({ 'AccountsService/GetMainAccount': () => ok(GALIL) });
    prefetched.length = 0;
    const { router } = renderRoutes(table, '/accounts/7/fakes/list?tab=2');
    await screen.findByTestId('fake-account-screen');
    await router.navigate('/accounts/8/fakes/list');
    await waitFor(() =>
      expect(prefetched).toEqual([
        { pathname: '/accounts/7/fakes/list', search: '?tab=2' },
        { pathname: '/accounts/8/fakes/list', search: '' },
      ]),
    );
  });

  it('is guarded by its access, and hidden from the menu of whoever lacks it', async () => {
    signInAs(PROFILES.planner);
    const { router } = renderRoutes(table, '/fake/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
    expect(items(filterMenu(navigationOf([...FEATURES, fake]).menu, PROFILES.planner)).map((m) => m.id)).not.toContain(
      'fakeThings',
    );
    // The console's own list does not have it.
    expect(pathsOf(routes).map((p) => p.path)).not.toContain('/fake/list');
  });
});
