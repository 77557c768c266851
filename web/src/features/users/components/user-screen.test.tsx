/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '../../../app/router';
import { stripIsolates } from '../../../testing/bidi';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderRoutes } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { UserInfo, UserView } from '../api/users-api';

const SUB = '11111111-1111-4111-8111-111111111111';
const PATH = `/users/${SUB}/maint`;

const userView = (extra: Partial<UserView> = {}): UserView => ({
  Sub: SUB,
  Email: 'dana@agency.example',
  Name: 'Dana Cohen',
  RoleId: 3,
  Permissions: [],
  AccountAccess: [7],
  IsSystemAdmin: false,
  Status: 'active',
  MfaEnabled: true,
  LastLoginAt: '2026-03-01T10:00:00Z',
  CreatedAt: '2026-02-01T10:00:00Z',
  Invited: false,
  TokensValidAfter: null,
  version: 3,
  ...extra,
});

const info = (user: UserView): UserInfo => ({
  User: user,
  History: [
    {
      At: '2026-03-02T09:00:00Z',
      By: 'admin@agency.example',
      ByName: 'Yoni Admin',
      Action: 'update',
      Changes: [
        { Field: 'roleId', Before: 4, After: 3 },
        { Field: 'permissions', Before: [4, 5], After: [] },
      ],
    },
    {
      At: '2026-02-01T10:00:00Z',
      By: 'admin@agency.example',
      ByName: 'Yoni Admin',
      Action: 'invite',
      Changes: [{ Field: 'status', Before: null, After: 'active' }],
    },
  ],
});

function api(user = userView()) {
  return mockApi({
    'AccountsService/GetAccountsList': () =>
      ok({
        Items: [
          { ID: 7, Name: 'Hadar Insurance' },
          { ID: 9, Name: 'Orion Foods' },
        ],
        NextToken: null,
      }),
    'NotificationsService/GetNotifications': () => ok({ Items: [], NextToken: null, UnreadCount: 0 }),
    'UsersService/GetUserInfo': () => ok(info(user)),
    'UsersService/DisableUser': () => ok({ ...user, Status: 'disabled', version: user.version + 1 }),
    'UsersService/ResetUserPassword': () =>
      ok({ User: { ...user, version: user.version + 1 }, TemporaryPassword: 'Tmp-Pass-2026!xyz' }),
    'UsersService/UpdateUser': (b) => ok({ ...user, ...(b.user as object), version: user.version + 1 }),
  });
}

const historyRows = () =>
  screen.getAllByTestId('history-row').map((r) =>
    within(r)
      .getAllByRole('cell')
      .slice(1)
      .map((c) => stripIsolates(c.textContent ?? '')),
  );

describe('the user page', () => {
  setUpScreenTests({ quiet: true });

  it('shows the user, their access by account name and their history, under Users in the breadcrumbs', async () => {
    signInAs(PROFILES.admin);
    api();
    renderRoutes(routes, PATH);
    expect((await screen.findByTestId('user-title')).textContent).toBe('Dana Cohen');
    await waitFor(() => expect(screen.getByTestId('user-access').textContent).toBe('Hadar Insurance'));
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('UsersUser');
    expect(historyRows()).toEqual([
      ['Yoni Admin', 'Edited', 'Role: Analyst → PlannerPermissions: Operational reports, Management reports → None'],
      ['Yoni Admin', 'Invited', 'Status: — → Active'],
    ]);
  });

  it('disables after the confirmation, with the version shown', async () => {
    signInAs(PROFILES.admin);
    const calls = api();
    renderRoutes(routes, PATH);
    fireEvent.click(await screen.findByTestId('DisableUser'));
    const dialog = await screen.findByRole('dialog', { hidden: false });
    expect(stripIsolates(dialog.textContent ?? '')).toContain(
      'Dana Cohen (dana@agency.example) will be signed out of Mixdesk at once',
    );
    expect(callsTo(calls, 'DisableUser')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(lastCall(calls, 'DisableUser')?.body).toEqual({ sub: SUB, version: 3 }));
    expect(await screen.findByText('Dana Cohen is disabled.')).toBeTruthy();
  });

  it('shows a reset password once, to pass on', async () => {
    signInAs(PROFILES.admin);
    api();
    renderRoutes(routes, PATH);
    fireEvent.click(await screen.findByTestId('ResetUserPassword'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { hidden: false })).getByRole('button', { name: 'Reset password' }),
    );
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Tmp-Pass-2026!xyz');
    fireEvent.click(screen.getByTestId('close-password'));
    await waitFor(() => expect(screen.queryByTestId('temporary-password')).toBeNull());
  });

  it('edits the role and permissions through UpdateUser', async () => {
    signInAs(PROFILES.admin);
    const calls = api();
    renderRoutes(routes, PATH);
    fireEvent.click(await screen.findByTestId('edit-user'));
    const dialog = await screen.findByRole('dialog', { hidden: false });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Analyst' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastCall(calls, 'UpdateUser')?.body).toEqual({
        user: {
          sub: SUB,
          name: 'Dana Cohen',
          roleId: 4,
          permissions: [4, 5],
          accountAccess: [7],
          isSystemAdmin: false,
          version: 3,
        },
      }),
    );
  });

  it('does not offer disabling oneself, and speaks Hebrew', async () => {
    signInAs({ ...PROFILES.admin, Email: 'dana@agency.example' });
    api();
    await inHebrew(async () => {
      renderRoutes(routes, PATH);
      const disable = await screen.findByTestId('DisableUser');
      expect((disable as HTMLButtonElement).disabled).toBe(true);
      expect(disable.textContent).toBe('השבתה');
      expect(historyRows()[0]).toEqual([
        'Yoni Admin',
        'נערך',
        'תפקיד: אנליסט ← מתכנן' + 'הרשאות: דוחות תפעוליים, דוחות ניהוליים ← אין',
      ]);
    });
  });
});
