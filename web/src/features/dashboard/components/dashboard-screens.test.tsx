/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, screen, within } from '@testing-library/react';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { DashboardActivity, ManagerDashboard, PlannerDashboard } from '../api/dashboard-api';
import { ManagerDashboardScreen } from './manager-dashboard-screen';
import { PlannerHomeScreen } from './planner-home-screen';

setUpScreenTests({ quiet: true });

// MUI X Charts' gesture layer clones its options with structuredClone, which jsdom's global does not hand on.
if (typeof globalThis.structuredClone !== 'function') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const v8 = require('node:v8') as typeof import('node:v8');
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}

const activity = (over: Partial<DashboardActivity>): DashboardActivity => ({
  AccountId: 1,
  AccountName: 'Main Client',
  ActivityId: 5,
  ActivityName: 'Spring',
  MediaMixId: 9,
  CurrencyCode: 'ILS',
  PlannedBudget: 8000,
  PlannedToDate: 6000,
  ActualToDate: 7500,
  PacingPct: 125,
  Status: 'over',
  Alert: 'over',
  ProjectedEndSpend: 10000,
  EndDate: '2026-03-20',
  ...over,
});

const REPLY: ManagerDashboard = {
  Currency: 'ILS',
  From: '2026-03-01',
  To: '2026-03-11',
  Today: '2026-03-11',
  AsOf: '2026-03-10',
  PacingLow: 90,
  PacingHigh: 110,
  CompleteDays: 10,
  PlannedToDate: 5500,
  ActualToDate: 2900,
  ActualSpend: 3100,
  ProjectedSpend: 9000,
  ProjectedTo: '2026-03-31',
  ManagementFees: 490,
  SystemFees: 100,
  FeesEarned: 590,
  LiveActivities: 2,
  PaceShare: {
    OnPace: 0,
    Under: 350,
    Over: 2500,
    NotPaced: 50,
    OnPacePct: 0,
    UnderPct: 12.07,
    OverPct: 86.21,
    NotPacedPct: 1.72,
  },
  DataHealth: { Ok: 2, Stale: 1, Error: 1 },
  TopOver: [activity({})],
  TopUnder: [
    activity({
      ActivityId: 6,
      ActivityName: 'Elsewhere',
      AccountId: 3,
      MediaMixId: 12,
      CurrencyCode: 'USD',
      PacingPct: 10,
      Status: 'under',
      Alert: 'under',
    }),
  ],
  SpendByChannelGroup: [
    { Key: 'Social', Label: 'Social', Spend: 2000, SharePct: 68.97 },
    { Key: 'Search', Label: 'Search', Spend: 900, SharePct: 31.03 },
  ],
  SpendByAccount: [
    { Key: '1', Label: 'Main Client', Spend: 2550, SharePct: 87.93 },
    { Key: null, Label: '', Spend: 350, SharePct: 12.07 },
  ],
  ActivitiesRead: 3,
  LinesRead: 2,
  EstimatedActivities: 0,
  Truncated: false,
};

const text = (el: Element | null) => stripIsolates(el?.textContent ?? '');
const tile = (id: string) => screen.getAllByTestId('dashboard-tile').find((t) => t.getAttribute('data-tile') === id)!;

describe('<ManagerDashboardScreen>', () => {
  beforeEach(() => signInAs(PROFILES.admin));

  it('shows the tiles with their figures, each linking to the report that explains it, the top lists and the tables beside the charts', async () => {
    const calls = mockApi({ 'DashboardService/GetManagerDashboard': () => ok(REPLY) });
    renderWithProviders(
      <ManagerDashboardScreen period="4" onPeriod={() => {}} />,
      '/dashboard/managerDashboard?period=4',
    );
    await screen.findAllByTestId('dashboard-tile');
    expect(lastCall(calls, 'GetManagerDashboard')).toMatchObject({ body: { period: '4' } });
    expect(text(within(tile('spend')).getByTestId('dashboard-tile-value'))).toBe('₪2,900.00 / ₪5,500.00');
    expect(text(tile('spend'))).toContain('with today so far: ₪3,100.00');
    expect(text(tile('projected'))).toContain('₪9,000.00');
    expect(within(tile('spend')).getByTestId('dashboard-tile-link').getAttribute('href')).toBe(
      '/performance/list?period=4&groupBy=activity',
    );
    expect(text(within(tile('fees')).getByTestId('dashboard-tile-value'))).toBe('₪590.00');
    expect(text(tile('pace'))).toContain('86.21%');
    expect(within(tile('health')).getByTestId('dashboard-tile-link').getAttribute('href')).toBe('/systemMonitoring');
    expect(text(tile('health'))).toContain('2 of 4 connectors OK');

    const over = within(screen.getByTestId('top-over')).getAllByTestId('top-activity');
    expect(within(over[0]).getByRole('link', { name: 'Spring' }).getAttribute('href')).toBe(
      '/accounts/1/activities/5/mediaMix/9/stats',
    );
    expect(text(within(screen.getByTestId('top-under')).getByTestId('pacing-chip'))).toBe('10.00% · Under');

    const groups = await screen.findAllByTestId('spend-by-group-row');
    expect(groups.map(text)).toEqual(['Social₪2,000.0068.97%', 'Search₪900.0031.03%']);
    expect(within(groups[0]).getByRole('link').getAttribute('href')).toBe(
      '/performance/list?period=4&channelGroup=Social&groupBy=channelType',
    );
    const accounts = screen.getAllByTestId('spend-by-account-row');
    expect(text(accounts[1])).toContain('Other accounts');
  });

  it('says "no complete day yet" on the 1st of the month instead of comparing, projecting or pacing nothing', async () => {
    const first: ManagerDashboard = {
      ...REPLY,
      From: '2026-12-01',
      To: '2026-12-01',
      Today: '2026-12-01',
      AsOf: '2026-11-30',
      CompleteDays: 0,
      PlannedToDate: 0,
      ActualToDate: 0,
      ActualSpend: 11597.13,
      ProjectedSpend: null,
      ProjectedTo: null,
      PaceShare: { OnPace: 0, Under: 0, Over: 0, NotPaced: 0, OnPacePct: 0, UnderPct: 0, OverPct: 0, NotPacedPct: 0 },
    };
    mockApi({ 'DashboardService/GetManagerDashboard': () => ok(first) });
    renderWithProviders(<ManagerDashboardScreen period="3" onPeriod={() => {}} />, '/dashboard/managerDashboard');
    await screen.findAllByTestId('dashboard-tile');
    for (const id of ['spend', 'projected', 'pace'])
      expect(text(within(tile(id)).getByTestId('dashboard-tile-value'))).toBe('No complete day yet');
    expect(text(tile('spend'))).toContain('with today so far: ₪11,597.13');
    expect(text(tile('pace'))).not.toContain('%');
  });

  it('speaks Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    mockApi({ 'DashboardService/GetManagerDashboard': () => ok(REPLY) });
    renderWithProviders(<ManagerDashboardScreen period="3" onPeriod={() => {}} />, '/dashboard/managerDashboard');
    await screen.findAllByTestId('dashboard-tile');
    expect(text(tile('fees'))).toContain('עמלות שנצברו');
    await act(async () => {
      chooseLocale('en');
      await setLocale('en');
    });
  });
});

describe('<PlannerHomeScreen>', () => {
  beforeEach(() => signInAs(PROFILES.planner));

  it('lists the live activities with a pacing chip, a link to the performance page and the open alerts', async () => {
    const reply: PlannerDashboard = {
      Today: '2026-03-11',
      Mine: true,
      LiveActivities: 1,
      Truncated: false,
      Activities: [{ ...activity({}), OpenAlerts: 3 }],
    };
    mockApi({ 'DashboardService/GetPlannerDashboard': () => ok(reply) });
    renderWithProviders(<PlannerHomeScreen />, '/dashboard/default');
    const rows = await screen.findAllByTestId('planner-activity');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByTestId('pacing-chip').getAttribute('data-status')).toBe('over');
    expect(within(rows[0]).getByRole('link', { name: 'Spring' }).getAttribute('href')).toBe(
      '/accounts/1/activities/5/mediaMix/9/stats',
    );
    expect(text(within(rows[0]).getByTestId('open-alerts'))).toBe('3 open');
    expect(screen.getByText('Your live activities')).toBeTruthy();
  });
});

describe('<ManagerDashboardScreen> gross margin tile', () => {
  beforeEach(() => signInAs(PROFILES.analyst));

  const margin = {
    AccountId: 7,
    Currency: 2,
    CurrencyCode: 'ILS',
    Months: [
      {
        Month: 'x',
        CurrencyCode: 'ILS',
        Billable: 1000,
        Cost: 750,
        Margin: 250,
        MarginPct: 25,
        Billed: 1,
        Expected: 2,
      },
    ],
    Totals: { CurrencyCode: 'ILS', Billable: 1000, Cost: 750, Margin: 250, MarginPct: 25, Billed: 1, Expected: 2 },
  };

  it("shows no margin until an account is chosen, then last month's margin of that account linking to Reports", async () => {
    const calls = mockApi({
      'DashboardService/GetManagerDashboard': () => ok(REPLY),
      'AccountsService/GetAccountsList': () => ok({ Items: [{ ID: 7, Name: 'Main Client' }], NextToken: null }),
      'VendorBillsService/GetAccountMargin': () => ok(margin),
    });
    const { unmount } = renderWithProviders(
      <ManagerDashboardScreen period="3" onPeriod={() => {}} />,
      '/dashboard/managerDashboard',
    );
    await screen.findAllByTestId('dashboard-tile');
    expect(screen.getByTestId('dashboard-margin-account')).toBeTruthy();
    expect(screen.getAllByTestId('dashboard-tile').some((t) => t.getAttribute('data-tile') === 'margin')).toBe(false);
    expect(lastCall(calls, 'GetAccountMargin')).toBeNull();
    unmount();

    renderWithProviders(
      <ManagerDashboardScreen period="3" onPeriod={() => {}} />,
      '/dashboard/managerDashboard?account=7',
    );
    await screen.findAllByTestId('dashboard-tile');
    const d = new Date();
    const last = new Date(Date.UTC(d.getFullYear(), d.getMonth() - 1, 1)).toISOString().slice(0, 7);
    await screen.findByText((_, el) => el?.getAttribute('data-tile') === 'margin' && text(el).includes('₪250.00'));
    const call = lastCall(calls, 'GetAccountMargin');
    expect(call?.body).toEqual({ fromMonth: last, toMonth: last });
    expect(call?.headers['x-account-id']).toBe('7');
    expect(text(tile('margin'))).toContain('Gross margin, last month');
    expect(text(tile('margin'))).toContain('(25.00%)');
    expect(text(tile('margin'))).toContain('1 of 3 costs from bills');
    expect(within(tile('margin')).getByTestId('dashboard-tile-link').getAttribute('href')).toBe(
      `/performance/margin?account=7&from=${last}&to=${last}`,
    );
  });

  it('offers no margin to a user who may not see vendor costs (a client user)', async () => {
    signInAs(PROFILES.client);
    mockApi({ 'DashboardService/GetManagerDashboard': () => ok(REPLY) });
    renderWithProviders(
      <ManagerDashboardScreen period="3" onPeriod={() => {}} />,
      '/dashboard/managerDashboard?account=1',
    );
    await screen.findAllByTestId('dashboard-tile');
    expect(screen.queryByTestId('dashboard-margin-account')).toBeNull();
  });
});
