/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { FEATURES } from '../../../app/features';
import { navigationOf } from '../../../app/navigation';
import { reloadSettings, updateSettings } from '../../../lib/display/settings-store';
import { mockApi, ok, PROFILES, signInAs, useTestConfig } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { MainLayout } from './main-layout';

/** The console's navigation, as the app hands it to the layout. */
const NAVIGATION = navigationOf(FEATURES);

/** jsdom applies no media queries: the window is "wide" (md and up) or a phone's. */
function windowIs(wide: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: wide && /min-width:\s*900/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** Renders the layout and lets its lazy parts (the app-bar widgets, a menu's pop-over) load. */
async function layoutAt(path: string) {
  let rendered: ReturnType<typeof renderWithProviders> | undefined;
  await act(async () => {
    rendered = renderWithProviders(<MainLayout navigation={NAVIGATION} />, path);
    await new Promise((r) => setTimeout(r, 0));
  });
  return rendered!;
}
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

const sideMenu = () => document.querySelector('[data-testid="side-menu"]');
const topMenu = () => document.querySelector('[data-testid="top-menu"]');

let logo: { ContentType: string; Data: string; Version: string } | null = null;
beforeAll(() => {
  useTestConfig();
  // The app-bar widgets' reads (the bell…) have no answer here.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
beforeEach(() => {
  localStorage.clear();
  reloadSettings();
  signInAs(PROFILES.otherAdmin);
  logo = null;
  mockApi({ 'ConfigurationsService/GetCompanyLogo': () => ok({ Logo: logo }) });
});
afterEach(() => {
  cleanup();
  signInAs(null);
});

describe('the menu type of the display settings', () => {
  it('vertical (the default): the side drawer and its toggle', async () => {
    windowIs(true);
    await layoutAt('/accounts/list');
    expect(sideMenu()).not.toBeNull();
    expect(topMenu()).toBeNull();
    expect(screen.getByTestId('drawer-toggle')).toBeTruthy();
  });

  it('horizontal on a wide screen: a top menu of the groups, each opening its entries; no drawer', async () => {
    windowIs(true);
    updateSettings({ menuType: 'horizontal' });
    const { router } = await layoutAt('/accounts/list');
    expect(sideMenu()).toBeNull();
    expect(screen.queryByTestId('drawer-toggle')).toBeNull();
    const bar = topMenu() as HTMLElement;
    const groups = [...bar.querySelectorAll('[data-menu-group]')].map((b) => b.getAttribute('data-menu-group'));
    expect(groups).toEqual(['campaignManagement', 'settings']);
    // The group of the current screen is marked.
    expect(bar.querySelector('[data-menu-group="campaignManagement"]')?.getAttribute('aria-current')).toBe('page');

    fireEvent.click(bar.querySelector('[data-menu-group="settings"]') as Element);
    await settle();
    const entries = await screen.findByTestId('top-menu-settings');
    expect(entries.querySelector('[data-menu-id="accounts"]')).toBeNull();
    fireEvent.click(entries.querySelector('[data-menu-id="users"]') as Element);
    expect(router.state.location.pathname).toBe('/Users/list');
  });

  it('horizontal on a phone: the drawer stays', async () => {
    windowIs(false);
    updateSettings({ menuType: 'horizontal' });
    await layoutAt('/accounts/list');
    expect(topMenu()).toBeNull();
    expect(screen.getByTestId('drawer-toggle')).toBeTruthy();
  });

  it('switching it applies at once', async () => {
    windowIs(true);
    await layoutAt('/accounts/list');
    expect(topMenu()).toBeNull();
    await act(async () => updateSettings({ menuType: 'horizontal' }));
    expect(topMenu()).not.toBeNull();
    expect(sideMenu()).toBeNull();
  });
});

describe('the company in the top bar', () => {
  it("shows the company's logo, with the company name as its text", async () => {
    logo = { ContentType: 'image/png', Data: 'iVBORw0KGgo=', Version: '1' };
    windowIs(true);
    await layoutAt('/accounts/list');
    const img = (await screen.findByTestId('company-logo')) as HTMLImageElement;
    expect(img.alt).toBe('Demo Agency');
    expect(img.src).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.queryByTestId('company-name')).toBeNull();
  });

  it('shows the name when the company has no logo', async () => {
    windowIs(true);
    await layoutAt('/accounts/list');
    await settle();
    expect(screen.getByTestId('company-name').textContent).toBe('Demo Agency');
    expect(screen.queryByTestId('company-logo')).toBeNull();
  });
});
