/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { routes } from '../../../app/router';
import { mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';

setUpScreenTests({ forgetAccounts: true });
beforeEach(() => {
  mockApi({
    'AccountsService/GetAccountsList': (b) =>
      ok({
        Items:
          b.mainAccountId === 7
            ? [
                {
                  ID: 8,
                  Name: 'Galil Dairy',
                  ParentId: 7,
                  Currency: 2,
                  ManagementFeePct: 10,
                  Status: 'Active',
                  updatedAt: '2026-01-01T00:00:00Z',
                },
              ]
            : [
                {
                  ID: 7,
                  Name: 'Galil Foods',
                  ParentId: null,
                  Currency: 2,
                  ManagementFeePct: 10,
                  Status: 'Active',
                  updatedAt: '2026-01-01T00:00:00Z',
                },
              ],
        NextToken: null,
      }),
    'AccountsService/GetMainAccount': () =>
      ok({
        ID: 7,
        Name: 'Galil Foods',
        Currency: 2,
        SubAccountId: 8,
        SubAccountName: 'Galil Dairy',
        AccessPermissions: ['view', 'edit'],
      }),
    'ActivitiesService/GetActivitiesList': () =>
      ok({
        Items: [
          {
            ID: 2,
            AccountId: 7,
            SubAccountId: 8,
            SubAccountName: 'Galil Dairy',
            Name: 'Dairy launch',
            Objective: '',
            StartDate: '2026-04-01',
            EndDate: '2026-04-30',
            Budget: 100,
            Status: 2,
            Archived: false,
            version: 1,
            createdAt: '',
            createdBy: '',
            updatedAt: '2026-01-01T00:00:00Z',
            updatedBy: '',
          },
        ],
        NextToken: null,
      }),
  });
});

describe('the activities route inside the layout', () => {
  it("a sub-account's activities: breadcrumbs Accounts > account > sub-account > Activities", async () => {
    signInAs(PROFILES.planner);
    renderRoutes(routes, '/accounts/7/subAccounts/8/activities/list');
    await screen.findByText('Dairy launch');
    await waitFor(() =>
      expect(screen.getByTestId('breadcrumbs').textContent).toBe('AccountsGalil FoodsGalil DairyActivities'),
    );
    expect(screen.getByTestId('screen-title').textContent).toBe('Activities');
  });

  it('account rows link to their activities and (main accounts) channel types', async () => {
    signInAs(PROFILES.client);
    renderRoutes(routes, '/accounts/list');
    await screen.findByText('Galil Foods');
    expect(screen.getByRole('link', { name: 'Activities', description: 'Galil Foods' }).getAttribute('href')).toBe(
      '/accounts/7/activities/list',
    );
    expect(screen.getByRole('link', { name: 'Channel Types', description: 'Galil Foods' }).getAttribute('href')).toBe(
      '/accounts/7/channelTypes/list',
    );
    cleanup();
    renderRoutes(routes, '/accounts/7/subAccounts/list');
    await screen.findAllByText('Galil Dairy');
    expect(screen.getByRole('link', { name: 'Activities', description: 'Galil Dairy' }).getAttribute('href')).toBe(
      '/accounts/7/subAccounts/8/activities/list',
    );
    expect(screen.queryByRole('link', { name: 'Channel Types' })).toBeNull();
  });

  it.each([
    '/templates/list',
    '/agentSettings/exchange_rates/list',
    '/agentSettings/configurations',
    '/customColumns/list',
    '/globalSettings/channelTypes/list',
  ])('a planner opening %s goes to /forbidden', async (path) => {
    signInAs(PROFILES.planner);
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/forbidden'));
  });
});
