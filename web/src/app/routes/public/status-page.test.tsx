/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getSession } from '../../../lib/auth';
import { PROFILES, signInAs } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { routes } from '../../router';

setUpScreenTests();

describe('the 403 page offers what fits who is looking', () => {
  it('a signed-in user is offered home and another user, never "sign in"', async () => {
    signInAs(PROFILES.planner, false);
    const { router } = renderRoutes(routes, '/forbidden');
    await screen.findByTestId('status-forbidden');
    expect(screen.queryByTestId('status-sign-in')).toBeNull();
    expect(screen.queryByTestId('header-sign-in')).toBeNull();
    expect(screen.queryByText('Sign in')).toBeNull();
    // Home is where this user belongs: a planner's home.
    expect(screen.getByTestId('status-home').getAttribute('href')).toBe('/dashboard/default');
    expect(screen.getByTestId('status-home').textContent).toBe('Back to home');
    expect(screen.getByTestId('header-home').getAttribute('href')).toBe('/dashboard/default');
    // Switching user signs out first, then asks for the other user's sign-in.
    fireEvent.click(screen.getByTestId('status-switch-user'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
  });

  it('a signed-in user with MFA goes home to the accounts', async () => {
    signInAs(PROFILES.admin, true);
    renderRoutes(routes, '/forbidden');
    await screen.findByTestId('status-forbidden');
    expect(screen.getByTestId('status-home').getAttribute('href')).toBe('/accounts/list');
  });

  it('a signed-out visitor is offered to sign in, not home', async () => {
    signInAs(null);
    renderRoutes(routes, '/forbidden');
    await screen.findByTestId('status-forbidden');
    expect(screen.getByTestId('status-sign-in').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('header-sign-in').getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('status-home')).toBeNull();
    expect(screen.queryByTestId('status-switch-user')).toBeNull();
  });
});
