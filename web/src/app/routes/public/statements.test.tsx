/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import { getConfig, parseConfig, setConfig } from '../../../lib/config';
import { setLocale } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import { mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { routes } from '../../router';

setUpScreenTests({ quiet: true });
afterEach(async () => {
  chooseLocale('en');
  await setLocale('en');
});

/** The footer links to both statements, wherever the page is. */
async function expectStatementLinks() {
  const link = await screen.findByTestId('footer-accessibility', {}, { timeout: 4000 });
  expect(link.getAttribute('href')).toBe('/pages/accessibility');
  expect(link.closest('footer')).not.toBeNull();
  expect(screen.getByTestId('footer-legitimate-interest').getAttribute('href')).toBe('/pages/legitimate-interest');
  return link;
}

describe('the accessibility statement is linked from every page', () => {
  it.each(['/', '/pages/terms-of-service', '/pages/error', '/pages/accessibility'])(
    'on the public page %s',
    async (path) => {
      renderRoutes(routes, path);
      expect((await expectStatementLinks()).textContent).toBe('Accessibility statement');
    },
  );

  it.each(['/login', '/forgot'])('on the sign-in screen %s', async (path) => {
    renderRoutes(routes, path);
    await expectStatementLinks();
  });

  it('in the signed-in layout', async () => {
    signInAs(PROFILES.planner);
    mockApi({ 'DashboardService/GetPlannerDashboard': () => ok({ Items: [] }) });
    renderRoutes(routes, '/user/account-profile/profile2');
    await expectStatementLinks();
    // Outside the screen's main landmark: a footer of the page, under the screen.
    expect(screen.getByTestId('footer-accessibility').closest('main')).toBeNull();
  });
});

describe('the statements', () => {
  it('the accessibility statement, public: level, testing, limitations, review date and the coordinator', async () => {
    signInAs(null);
    const { router } = renderRoutes(routes, '/pages/accessibility');
    const page = await screen.findByTestId('accessibility-statement', {}, { timeout: 4000 });
    expect(router.state.location.pathname).toBe('/pages/accessibility');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Accessibility statement');
    expect(page.textContent).toContain('WCAG) 2.2 at level AA');
    expect(page.textContent).toContain('IS 5568');
    for (const h of [
      'Conformance level',
      'How we test it',
      'Known limitations',
      'Contact the accessibility coordinator',
    ])
      expect(within(page).getByRole('heading', { name: h, level: 2 })).toBeTruthy();
    expect(screen.getByTestId('a11y-reviewed').textContent).toBe(
      'This statement was last reviewed on December 3, 2026.',
    );
    expect(screen.getByTestId('a11y-coordinator').textContent).toBe("The agency's accessibility coordinator");
    expect(within(page).getByRole('link', { name: 'accessibility@mixdesk.example' }).getAttribute('href')).toBe(
      'mailto:accessibility@mixdesk.example',
    );
  });

  it('names the coordinator config.json names', async () => {
    const before = getConfig();
    setConfig(
      parseConfig({
        ...before,
        accessibilityContact: { name: 'Dana Levi', email: 'a11y@agency.example', phone: '+972 3 555 0199' },
      }),
    );
    try {
      renderRoutes(routes, '/pages/accessibility');
      expect((await screen.findByTestId('a11y-coordinator', {}, { timeout: 4000 })).textContent).toBe('Dana Levi');
      expect(screen.getByRole('link', { name: '+972 3 555 0199' }).getAttribute('href')).toBe('tel:+97235550199');
      expect(screen.getByRole('link', { name: 'a11y@agency.example' })).toBeTruthy();
    } finally {
      setConfig(before);
    }
  });

  it('in Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    renderRoutes(routes, '/pages/accessibility');
    const page = await screen.findByTestId('accessibility-statement', {}, { timeout: 4000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('הצהרת נגישות');
    await waitFor(() => expect(screen.getByTestId('footer-accessibility').textContent).toBe('הצהרת נגישות'));
  });

  it('the legitimate interest page, public', async () => {
    signInAs(null);
    renderRoutes(routes, '/pages/legitimate-interest');
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 4000 })).textContent).toBe(
      'Legitimate interest',
    );
    expect(screen.getByText(/legitimate interest in running its business relationships/)).toBeTruthy();
  });
});
