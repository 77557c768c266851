/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACTIVITY_TRANSITIONS as SERVER_TRANSITIONS } from '@server/shared/activity-status';
import { callsTo, fail, firstCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ActivityView } from '../api/activities-api';
import { ACTIVITY_TRANSITIONS } from '../activity-status';
import { ActivitiesScreen } from './activities-screen';
import { setDate } from '../../../testing/dates';

const activity = (ID: number, Name: string, extra: Partial<ActivityView> = {}): ActivityView => ({
  ID,
  AccountId: 7,
  SubAccountId: null,
  SubAccountName: null,
  Name,
  Objective: '',
  StartDate: '2026-03-01',
  EndDate: '2026-03-31',
  Budget: 12500.5,
  Status: 1,
  Archived: false,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'x',
  updatedAt: '2026-02-01T00:00:00Z',
  updatedBy: 'x',
  ...extra,
});
const MAIN = {
  ID: 7,
  Name: 'Galil Foods',
  Currency: 2,
  SubAccountId: null,
  SubAccountName: null,
  AccessPermissions: ['view', 'edit', 'submitPlan'],
};
const SUB = { ...MAIN, SubAccountId: 8, SubAccountName: 'Galil Dairy' };

setUpScreenTests({ gridPageSize: 10, quiet: true, forgetAccounts: true });

const rows = () => screen.queryAllByTestId('activity-row');
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('activities list', () => {
  it('the console offers the moves the server allows', () => {
    expect(ACTIVITY_TRANSITIONS).toEqual(SERVER_TRANSITIONS);
  });

  it('renders the rows of the main account with sub-account, dates, budget in the account currency and status', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'ActivitiesService/GetActivitiesList': () =>
        ok({
          Items: [
            activity(1, 'Spring sale', { Status: 3 }),
            activity(2, 'Dairy launch', {
              SubAccountId: 8,
              SubAccountName: 'Galil Dairy',
              StartDate: '2026-04-01',
              EndDate: '2026-04-30',
            }),
          ],
          NextToken: null,
        }),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />, '/accounts/7/activities/list');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // Each fact in its own cell of its own row (not merely somewhere on the page).
    expect(cellTexts(rows()[0])).toEqual(
      expect.arrayContaining(['Dairy launch', 'Galil Dairy', 'Apr 1, 2026', 'Draft']),
    );
    await waitFor(() =>
      expect(cellTexts(rows()[1])).toEqual(expect.arrayContaining(['Spring sale', '₪12,500.50', 'Live'])),
    );
    expect(cellTexts(rows()[1])).not.toContain('Galil Dairy');
    expect(within(rows()[1]).getByRole('link', { name: 'Spring sale' }).getAttribute('href')).toBe(
      '/accounts/7/activities/1/mediaMix/list',
    );
    expect(screen.getByTestId('activities-summary').textContent).toBe('Activities: 2 · planned budget ₪25,001.00');
    const list = firstCall(api, 'GetActivitiesList');
    expect(list?.body).toMatchObject({ accountId: 7, activityStatus: -1, archived: false });
    expect(list?.headers).toMatchObject({ 'x-account-id': '7' });
  });

  it('sends the date range and status filters to the server; shows the empty state', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'ActivitiesService/GetActivitiesList': () => ok({ Items: [], NextToken: null }),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />);
    await screen.findByTestId('activities-empty');
    await setDate('fromDate', '2026-03-01');
    await setDate('toDate', '2026-03-31');
    await waitFor(() => {
      const last = JSON.parse(String((api.mock.calls.at(-1) as [string, RequestInit])[1].body));
      expect(last).toMatchObject({ fromDate: '2026-03-01', toDate: '2026-03-31' });
    });
  });

  it('a status action calls SetActivityStatus with the version read and shows the new status', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'ActivitiesService/GetActivitiesList': () =>
        ok({ Items: [activity(5, 'Spring sale', { Status: 1, version: 3 })], NextToken: null }),
      'ActivitiesService/SetActivityStatus': (b) =>
        ok(activity(5, 'Spring sale', { Status: b.status as number, version: 4 })),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change status Spring sale' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Mark as planned', 'Cancel activity']);
    fireEvent.click(within(menu).getByText('Mark as planned'));
    await screen.findByText('Status changed to Planned');
    const call = firstCall(api, 'SetActivityStatus');
    expect(call?.body).toEqual({ activityId: 5, status: 2, version: 3 });
    expect(call?.headers).toMatchObject({ 'x-account-id': '7' });
    await waitFor(() => expect(within(rows()[0]).getByTestId('activity-status').textContent).toBe('Planned'));
  });

  it('cancelling asks first; a 409 offers a reload', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'ActivitiesService/GetActivitiesList': () =>
        ok({ Items: [activity(5, 'Spring sale', { Status: 3 })], NextToken: null }),
      'ActivitiesService/SetActivityStatus': () =>
        fail(409, 'This record was changed by someone else; reload it and try again'),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change status Spring sale' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByText('Cancel activity'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('this cannot be undone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel activity' }));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    const lists = () => callsTo(api, 'GetActivitiesList').length;
    const before = lists();
    fireEvent.click(screen.getByRole('button', { name: 'Reload', hidden: true }));
    await waitFor(() => expect(lists()).toBe(before + 1));
  });

  it('archives after confirmation', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'ActivitiesService/GetActivitiesList': () => ok({ Items: [activity(5, 'Spring sale')], NextToken: null }),
      'ActivitiesService/DeleteActivity': () => ok(activity(5, 'Spring sale', { Archived: true })),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Spring sale' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await screen.findByText('Activity archived');
    expect(firstCall(api, 'DeleteActivity')).toMatchObject({
      body: { activityId: 5 },
      headers: { 'x-account-id': '7' },
    });
  });

  it('a sub-account page lists and saves with x-account-id of the sub-account', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(SUB),
      'ActivitiesService/GetActivitiesList': () =>
        ok({
          Items: [activity(2, 'Dairy launch', { SubAccountId: 8, SubAccountName: 'Galil Dairy' })],
          NextToken: null,
        }),
      'ActivitiesService/SaveActivity': (b) => ok({ ...activity(9, 'x'), ...(b.activity as object) }),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={8} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('Sub-account')).toBeNull();
    expect(firstCall(api, 'GetActivitiesList')).toMatchObject({
      body: { accountId: 8 },
      headers: { 'x-account-id': '8' },
    });

    fireEvent.click(await screen.findByTestId('create-activity'));
    await screen.findByRole('dialog', { name: 'New activity' });
    expect(document.querySelector('input[name="SubAccountId"]')).toBeNull();
    const field = (n: string) => document.querySelector(`[role="dialog"] [name="${n}"]`) as HTMLInputElement;
    fireEvent.change(field('Name'), { target: { value: 'Summer' } });
    await setDate('StartDate', '2026-06-01');
    await setDate('EndDate', '2026-06-30');
    fireEvent.change(field('Budget'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    expect(firstCall(api, 'SaveActivity')).toMatchObject({
      body: {
        activity: {
          ID: 0,
          AccountId: 7,
          SubAccountId: 8,
          Name: 'Summer',
          StartDate: '2026-06-01',
          EndDate: '2026-06-30',
          Budget: 5000,
        },
      },
      headers: { 'x-account-id': '8' },
    });
  });

  it('a client user sees the list without actions', async () => {
    signInAs(PROFILES.client);
    mockApi({
      'AccountsService/GetMainAccount': () => ok({ ...MAIN, AccessPermissions: ['view', 'clientSignOff'] }),
      'ActivitiesService/GetActivitiesList': () => ok({ Items: [activity(5, 'Spring sale')], NextToken: null }),
    });
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByTestId('create-activity')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });
});

describe('activities list: pacing chips', () => {
  const alert = (ActivityId: number, LineId: number | null, status: 'under' | 'over', PacingPct: number) => ({
    AccountId: 7,
    AccountName: 'Galil Foods',
    ActivityId,
    ActivityName: 'x',
    MediaMixId: 40 + ActivityId,
    Version: 1,
    LineId,
    LineName: LineId === null ? null : 'Line',
    CurrencyCode: 'ILS',
    Pacing: {
      Phase: 'live',
      PlannedBudget: 4000,
      PlannedToDate: 3000,
      ActualToDate: 1500,
      PacingPct,
      PacingNullReason: null,
      Status: status,
      Alert: status,
      DaysLeft: 10,
      AverageDailySpend: 50,
      ProjectedEndSpend: 2000,
      AmountLeft: 2500,
      DailySpendNeeded: 250,
      Basis: {
        ElapsedDays: 30,
        DaysOfData: 30,
        ProvisionalDays: 0,
        ProvisionalSharePct: 0,
        ConnectorHealth: 'OK',
        UnhealthyConnectors: [],
        Notes: [],
      },
    },
  });
  const api = () =>
    mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'ActivitiesService/GetActivitiesList': () =>
        ok({
          Items: [
            activity(1, 'Spring sale', { Status: 3 }),
            activity(2, 'Summer', { Status: 3 }),
            activity(3, 'Autumn', { Status: 3 }),
          ],
          NextToken: null,
        }),
      'PerformanceService/GetPacingAlerts': () =>
        ok({
          Today: '2026-03-20',
          PacingLow: 90,
          PacingHigh: 110,
          LiveActivities: 3,
          ActivitiesRead: 3,
          Truncated: false,
          Alerts: [
            alert(1, null, 'under', 50),
            alert(1, 11, 'under', 40),
            alert(2, 21, 'over', 150),
            alert(2, 22, 'under', 60),
          ],
        }),
    });
  const rowOf = (name: string) => rows().find((r) => r.textContent?.includes(name))!;

  it("shows each live activity's pacing alert in words and colour from the account's alerts, linking to its performance page", async () => {
    signInAs(PROFILES.analyst);
    const calls = api();
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />, '/accounts/7/activities/list');
    await waitFor(() => expect(screen.queryAllByTestId('activity-pacing')).toHaveLength(2));
    const spring = within(rowOf('Spring sale')).getByTestId('activity-pacing');
    expect(spring.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('50.00% · Under-pacing');
    expect(spring.getAttribute('data-status')).toBe('under');
    expect(spring.getAttribute('href')).toBe('/accounts/7/activities/1/mediaMix/41/stats');
    // No plan alert, two lines off pace.
    expect(within(rowOf('Summer')).getByTestId('activity-pacing').textContent).toBe('Lines off pace: 2');
    expect(within(rowOf('Autumn')).queryByTestId('activity-pacing')).toBeNull();
    expect(firstCall(calls, 'GetPacingAlerts')?.headers).toMatchObject({ 'x-account-id': '7' });
  });

  it('does not ask for alerts without the Operational reports permission', async () => {
    signInAs(PROFILES.planner);
    const calls = api();
    renderWithProviders(<ActivitiesScreen accountId={7} subAccountId={null} />, '/accounts/7/activities/list');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(callsTo(calls, 'GetPacingAlerts')).toHaveLength(0);
    expect(screen.queryByTestId('activity-pacing')).toBeNull();
  });
});
