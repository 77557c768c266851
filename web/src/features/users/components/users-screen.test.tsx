/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stripIsolates } from '../../../testing/bidi';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { UserView } from '../api/users-api';
import { UsersScreen } from './users-screen';

const userView = (extra: Partial<UserView> = {}): UserView => ({
  Sub: '11111111-1111-4111-8111-111111111111',
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

const ACCOUNTS = {
  Items: [
    { ID: 7, Name: 'Hadar Insurance' },
    { ID: 9, Name: 'Orion Foods' },
  ],
  NextToken: null,
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => stripIsolates(c.textContent ?? ''));

describe('<UsersScreen>', () => {
  setUpScreenTests({ quiet: true });

  it('lists users with role, permissions, access, status, MFA and last sign-in; searches on the server; pages', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok(ACCOUNTS),
      'UsersService/GetUsersList': (b) =>
        ok(
          b.nextToken
            ? {
                Items: [
                  userView({
                    Sub: '22222222-2222-4222-8222-222222222222',
                    Name: 'Yoni Admin',
                    Email: 'yoni@agency.example',
                    RoleId: 1,
                    Permissions: [1],
                    AccountAccess: 'all',
                    MfaEnabled: false,
                    LastLoginAt: null,
                    Invited: true,
                  }),
                ],
                NextToken: null,
              }
            : {
                Items: [
                  userView({ Permissions: [4, 5], RoleId: 4 }),
                  userView({
                    Sub: '33333333-3333-4333-8333-333333333333',
                    Name: 'Off Person',
                    Email: 'off@agency.example',
                    Status: 'disabled',
                  }),
                ],
                NextToken: 'next',
              },
        ),
    });
    renderWithProviders(<UsersScreen />);
    await screen.findByText('Dana Cohen');
    const [dana, off] = screen.getAllByTestId('user-row');
    await waitFor(() =>
      expect(cells(dana)).toEqual([
        'Dana Cohendana@agency.example',
        'Analyst',
        'Operational reportsManagement reports',
        'Hadar Insurance',
        'Active',
        'On',
        expect.stringMatching(/2026|3\/1/),
      ]),
    );
    expect(within(off).getByTestId('user-status').textContent).toBe('Disabled');
    expect(within(dana).getByTestId('open-user').getAttribute('href')).toBe(
      '/users/11111111-1111-4111-8111-111111111111/maint',
    );
    fireEvent.click(screen.getByTestId('more-users'));
    const yoni = (await screen.findByText('Yoni Admin')).closest('tr') as HTMLElement;
    expect(cells(yoni).slice(2)).toEqual(['Admin', 'All accounts', 'Invited', 'Off', 'Never']);
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'dana' } });
    await waitFor(() =>
      expect(lastCall(api, 'GetUsersList')?.body).toEqual({ search: 'dana', pageSize: 50, nextToken: null }),
    );
  });

  it("invites a user: the role fills its permissions, the access is chosen, and the server is sent the route's input", async () => {
    signInAs(PROFILES.otherAdmin);
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok(ACCOUNTS),
      'UsersService/GetUsersList': () => ok({ Items: [], NextToken: null }),
      'UsersService/InviteUser': (b) => ok(userView({ Email: (b.user as { email: string }).email, Invited: true })),
    });
    renderWithProviders(<UsersScreen />);
    await screen.findByTestId('users-empty');
    fireEvent.click(screen.getByTestId('invite-user'));
    const dialog = await screen.findByRole('dialog');
    // Not a system admin: no such choice.
    expect(within(dialog).queryByLabelText('System administrator')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('user-email'), { target: { value: 'noa@agency.example' } });
    fireEvent.change(within(dialog).getByTestId('user-name'), { target: { value: 'Noa Levi' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Media Manager' }));
    const checked = () =>
      within(dialog)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => (c as HTMLInputElement).name);
    expect(checked()).toEqual(expect.arrayContaining(['permission-3', 'permission-4', 'permission-6']));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Operational reports' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'All accounts' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Accounts' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Orion Foods' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(callsTo(api, 'InviteUser')).toHaveLength(1));
    expect(lastCall(api, 'InviteUser')?.body).toEqual({
      user: { email: 'noa@agency.example', name: 'Noa Levi', roleId: 2, permissions: [3, 6], accountAccess: [9] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Invitation sent to noa@agency.example.')).toBeTruthy();
  });

  it('keeps the dialog open and says why when the server refuses a grant, in Hebrew too', async () => {
    signInAs(PROFILES.otherAdmin);
    mockApi({
      'AccountsService/GetAccountsList': () => ok(ACCOUNTS),
      'UsersService/GetUsersList': () => ok({ Items: [], NextToken: null }),
      'UsersService/InviteUser': () =>
        fail(403, 'You cannot grant Admin: you do not hold it', 'CANNOT_GRANT', { permission: 'Admin' }),
    });
    await inHebrew(async () => {
      renderWithProviders(<UsersScreen />);
      await screen.findByTestId('users-empty');
      fireEvent.click(screen.getByTestId('invite-user'));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByTestId('user-email'), { target: { value: 'noa@agency.example' } });
      fireEvent.change(within(dialog).getByTestId('user-name'), { target: { value: 'נועה' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'שליחת הזמנה' }));
      expect(stripIsolates((await screen.findByText(/אי אפשר להעניק/)).textContent ?? '')).toBe(
        'אי אפשר להעניק Admin: ההרשאה הזו אינה שלך.',
      );
      expect(screen.getByRole('dialog')).toBeTruthy();
    });
  });

  it("invites from a CSV and shows each line's result; a refused file lists its lines", async () => {
    signInAs(PROFILES.admin);
    let refuse = true;
    const api = mockApi({
      'AccountsService/GetAccountsList': () => ok(ACCOUNTS),
      'UsersService/GetUsersList': () => ok({ Items: [], NextToken: null }),
      'UsersService/InviteUsersCsv': () =>
        refuse
          ? {
              status: 400,
              json: {
                Success: false,
                ErrorMessage: 'csv: line 3: role must be one of …',
                ErrorCode: 'CSV_LINE_INVALID',
                ErrorParams: {
                  line: 3,
                  column: 'role',
                  reason: 'NOT_ONE_OF',
                  values: 'Administrator, MediaManager, Planner, Analyst, Client, 1-5',
                  detail: 'role must be one of …',
                  count: 1,
                },
                ErrorIssues: [
                  {
                    line: 3,
                    field: 'role',
                    code: 'NOT_ONE_OF',
                    params: {
                      reason: 'NOT_ONE_OF',
                      column: 'role',
                      values: 'Administrator, MediaManager, Planner, Analyst, Client, 1-5',
                      detail: 'role must be one of …',
                    },
                  },
                ],
              },
            }
          : ok({
              Rows: [
                {
                  Line: 2,
                  Email: 'a@agency.example',
                  Outcome: 'invited',
                  Code: null,
                  Sub: '44444444-4444-4444-8444-444444444444',
                },
                { Line: 3, Email: 'b@agency.example', Outcome: 'exists', Code: 'USER_EXISTS', Sub: null },
              ],
              Invited: 1,
              NotInvited: 1,
            }),
    });
    renderWithProviders(<UsersScreen />);
    await screen.findByTestId('users-empty');
    fireEvent.click(screen.getByTestId('invite-csv'));
    const pick = async () =>
      fireEvent.change(await screen.findByTestId('csv-file'), {
        target: { files: [new File(['email,name,role,accounts\n'], 'team.csv', { type: 'text/csv' })] },
      });
    await pick();
    const errors = await screen.findByTestId('csv-errors');
    expect(stripIsolates(errors.textContent ?? '')).toContain(
      'Line 3: role: must be one of Administrator, MediaManager, Planner, Analyst, Client, 1-5',
    );
    refuse = false;
    await pick();
    const rows = await screen.findAllByTestId('csv-row');
    expect(rows.map((r) => cells(r))).toEqual([
      ['2', 'a@agency.example', 'Invited'],
      ['3', 'b@agency.example', 'Already a user'],
    ]);
    expect(screen.getByTestId('csv-summary').textContent).toBe('1 invited, 1 not invited.');
    expect(callsTo(api, 'InviteUsersCsv')).toHaveLength(2);
  });
});
