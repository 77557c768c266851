/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stripIsolates } from '../../../testing/bidi';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type {
  ConnectorHealth,
  DataHealth,
  PacingAlert,
  PacingAlerts,
  SyncRunView,
  UnmappedCampaign,
} from '../api/monitoring-api';
import { MONITORING_BUSY_REFRESH_MS, MONITORING_REFRESH_MS } from '../api/monitoring-queries';
import { MonitoringScreen } from './monitoring-screen';

setUpScreenTests({ quiet: true });

const connector = (over: Partial<ConnectorHealth> = {}): ConnectorHealth => ({
  AgentConnectorId: 7,
  Name: 'Meta — main',
  ConnectorType: 'meta_ads',
  Status: 'OK',
  LastError: '',
  LastSyncAt: '2026-05-01T08:00:00.000Z',
  FreshnessHours: 3,
  ExternalAccounts: [
    {
      ExternalAccountId: '1010000001',
      Name: 'Hadar',
      AccountId: 1,
      AccountName: 'Galil Foods',
      Status: 'OK',
      LastSyncAt: '2026-05-01T08:00:00.000Z',
      FreshnessHours: 3,
      RowsLastRun: 1234,
      LastRunAt: '2026-05-01T07:59:00.000Z',
      LastError: '',
    },
  ],
  ...over,
});

const HEALTH: DataHealth = {
  Connectors: [
    connector(),
    connector({
      AgentConnectorId: 8,
      Name: 'Google — brand',
      ConnectorType: 'google_ads',
      Status: 'Error',
      LastError: 'Google Ads: the token was revoked (AUTH)',
      FreshnessHours: 60,
      ExternalAccounts: [
        {
          ExternalAccountId: '555',
          Name: '',
          AccountId: 2,
          AccountName: 'Negev Tours',
          Status: 'Error',
          LastSyncAt: null,
          FreshnessHours: null,
          RowsLastRun: 0,
          LastRunAt: '2026-05-01T07:00:00.000Z',
          LastError: 'Google Ads: the token was revoked (AUTH)',
        },
      ],
    }),
  ],
  MissingData: [
    {
      ActivityId: 12,
      ActivityName: 'Spring launch',
      AccountId: 2,
      AccountName: 'Negev Tours',
      ConnectorType: 'google_ads',
    },
  ],
  NoDataDays: 7,
  AsOf: '2026-05-01T11:00:00.000Z',
};

const RUN: SyncRunView = {
  RunId: 'r1',
  AgentConnectorId: 8,
  AgentConnectorName: 'Google — brand',
  ConnectorType: 'google_ads',
  ExternalAccountId: '555',
  AccountId: 2,
  StartedAt: '2026-05-01T07:00:00.000Z',
  EndedAt: '2026-05-01T07:01:05.000Z',
  DurationSeconds: 65,
  From: '2026-04-03',
  To: '2026-05-01',
  RowsRead: 0,
  RowsWritten: 0,
  Status: 'Error',
  Error: 'Google Ads: the token was revoked (AUTH)',
};

const UNMAPPED: UnmappedCampaign = {
  CampaignId: 31,
  ExternalCampaignId: '9001',
  Name: 'Brand — exact',
  ConnectorType: 'meta_ads',
  ExternalAccountId: '1010000001',
  AccountId: 1,
  AccountName: 'Galil Foods',
  Currency: 'ILS',
  Spend: 1520.4,
  Impressions: 40000,
  Clicks: 800,
  Days: 12,
  LastDay: '2026-04-30',
};

const ALERT: PacingAlert = {
  AccountId: 3,
  AccountName: 'Galil Foods — North',
  ActivityId: 12,
  ActivityName: 'Spring launch',
  MediaMixId: 40,
  Version: 2,
  LineId: 77,
  LineName: 'Search brand',
  CurrencyCode: 'ILS',
  Pacing: {
    Phase: 'live',
    PlannedBudget: 4000,
    PlannedToDate: 3000,
    ActualToDate: 1500,
    PacingPct: 50,
    PacingNullReason: null,
    Status: 'under',
    Alert: 'under',
    DaysLeft: 10,
    AverageDailySpend: 50,
    ProjectedEndSpend: 2000,
    AmountLeft: 2500,
    DailySpendNeeded: 250,
    Basis: {
      ElapsedDays: 30,
      DaysOfData: 30,
      ProvisionalDays: 27,
      ProvisionalSharePct: 90,
      ConnectorHealth: 'Error',
      UnhealthyConnectors: ['Meta — main'],
      Notes: ['MOSTLY_PROVISIONAL', 'CONNECTOR_UNHEALTHY'],
      MissingDays: [],
    },
  },
};
const ALERTS: PacingAlerts = {
  Today: '2026-05-01',
  PacingLow: 90,
  PacingHigh: 110,
  LiveActivities: 600,
  ActivitiesRead: 500,
  Truncated: true,
  Alerts: [
    {
      ...ALERT,
      LineId: null,
      LineName: null,
      Pacing: { ...ALERT.Pacing, PacingPct: 120, Status: 'over', Alert: 'over', ProjectedEndSpend: 4800 },
    },
    ALERT,
  ],
};

function api() {
  return mockApi({
    'PerformanceService/GetPacingAlerts': () => ok(ALERTS),
    'MonitoringService/GetDataHealth': () => ok(HEALTH),
    'MonitoringService/GetSyncRuns': () => ok({ Items: [RUN], NextToken: null }),
    'MonitoringService/GetUnmappedCampaigns': () =>
      ok({ Items: [UNMAPPED], From: '2026-04-02', To: '2026-05-01', AccountsRead: 2, Truncated: false }),
    'ConnectorsService/SyncAgentConnectorNow': () =>
      ok({ AgentConnectorId: 8, Jobs: 1, ExternalAccountIds: ['555'], RequestedAt: '2026-05-01T11:00:00.000Z' }),
  });
}

const connectorRow = async (name: string) =>
  (await screen.findAllByTestId('connector-row')).find((r) => r.textContent?.includes(name))!;

describe('<MonitoringScreen>', () => {
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('opens on Data health: freshness in hours with its level in words, the error of a failing connection, Retry = Sync now, and the activities with no data', async () => {
    signInAs(PROFILES.admin);
    const calls = api();
    const { router } = renderWithProviders(<MonitoringScreen />, '/systemMonitoring');
    const healthy = await connectorRow('Meta — main');
    expect(within(healthy).getByTestId('freshness').textContent).toBe('3 h · Fresh');
    expect(within(healthy).getByTestId('freshness').getAttribute('data-level')).toBe('fresh');
    const failing = await connectorRow('Google — brand');
    expect(within(failing).getByTestId('sync-status').textContent).toBe('Error');
    expect(within(failing).getByTestId('connector-error').textContent).toBe('Google Ads: the token was revoked (AUTH)');
    expect(within(failing).getByTestId('freshness').textContent).toBe('60 h · Out of date');
    const accounts = screen.getAllByTestId('ad-account-row');
    expect(stripIsolates(accounts[0].textContent)).toContain('1,234');
    expect(within(accounts[1]).getByTestId('freshness').textContent).toBe('Never synced');
    expect(stripIsolates(screen.getByTestId('missing-row').textContent)).toBe('Spring launchNegev ToursGoogle Ads');

    fireEvent.click(within(failing).getByTestId('retry-sync'));
    await waitFor(() => expect(callsTo(calls, 'SyncAgentConnectorNow')).toHaveLength(1));
    expect(lastCall(calls, 'SyncAgentConnectorNow')?.body).toEqual({ agentConnectorId: 8 });
    expect(await screen.findByText('Sync started for 1 ad account')).toBeTruthy();
    // The health is read again after the retry.
    await waitFor(() => expect(callsTo(calls, 'GetDataHealth').length).toBeGreaterThanOrEqual(2));
    expect(router.state.location.search).toBe('');
  });

  it('an analyst (no GeneralSettings) sees the health without Retry', async () => {
    signInAs(PROFILES.analyst);
    api();
    renderWithProviders(<MonitoringScreen />, '/systemMonitoring');
    await connectorRow('Google — brand');
    expect(screen.queryByTestId('retry-sync')).toBeNull();
  });

  it('keeps the tab in the URL; Sync runs shows duration, rows and the error; Map on an unmapped campaign opens the campaigns screen filtered to it', async () => {
    signInAs(PROFILES.analyst);
    const calls = api();
    const { router } = renderWithProviders(<MonitoringScreen />, '/systemMonitoring?tab=runs');
    const run = await screen.findByTestId('run-row');
    expect(within(run).getByTestId('run-duration').textContent).toBe('1 min 5 s');
    expect(within(run).getByTestId('run-error').textContent).toBe('Google Ads: the token was revoked (AUTH)');
    expect(screen.getByTestId('tab-runs').getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByTestId('runs-status-filter'), { target: { value: 'Error' } });
    await waitFor(() => expect(lastCall(calls, 'GetSyncRuns')?.body).toMatchObject({ status: 'Error', pageSize: 50 }));

    fireEvent.click(screen.getByTestId('tab-unmapped'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=unmapped'));
    const row = await screen.findByTestId('unmapped-row');
    expect(stripIsolates(within(row).getByTestId('unmapped-spend').textContent)).toBe('₪1,520.40');
    fireEvent.click(within(row).getByTestId('map-unmapped'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/list'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      platform: 'meta_ads',
      mapped: 'no',
      account: '1',
      campaign: '31',
    });
  });

  it('lists the pacing alerts: the chip in words and colour, the projection, the basis, and a link to the activity performance page back to this tab', async () => {
    signInAs(PROFILES.analyst);
    api();
    const { router } = renderWithProviders(<MonitoringScreen />, '/systemMonitoring?tab=alerts');
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows).toHaveLength(2);
    const [plan, line] = rows;
    expect(stripIsolates(within(plan).getByTestId('alert-chip').textContent)).toBe('120.00% · Over-pacing');
    expect(within(plan).getByTestId('alert-chip').getAttribute('data-status')).toBe('over');
    expect(plan.textContent).toContain('Whole plan');
    expect(stripIsolates(within(line).getByTestId('alert-chip').textContent)).toBe('50.00% · Under-pacing');
    expect(stripIsolates(within(line).getByTestId('alert-projection').textContent)).toBe(
      '₪2,000.00of ₪4,000.00 budget',
    );
    expect(stripIsolates(within(line).getByTestId('alert-basis').textContent)).toBe(
      '30 of 30 days with data, 90% provisional.Based mostly on provisional days.A connection feeding this account is not healthy: Meta — main.',
    );
    expect(screen.getByTestId('alerts-truncated').textContent).toContain('500 of 600');
    fireEvent.click(within(line).getByTestId('alert-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/3/activities/12/mediaMix/40/stats'));
    expect(router.state.location.search).toBe('?from=monitoring&tab=alerts');
  });

  it('reads again every 2 seconds while a sync runs, so a failing platform shows within seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInAs(PROFILES.analyst);
    const running = {
      ...HEALTH,
      Connectors: HEALTH.Connectors.map((c, i) =>
        i === 0 ? { ...c, ExternalAccounts: c.ExternalAccounts.map((e) => ({ ...e, Status: 'Running' as const })) } : c,
      ),
    };
    const calls = mockApi({
      'PerformanceService/GetPacingAlerts': () => ok(ALERTS),
      'MonitoringService/GetDataHealth': () => ok(running),
      'MonitoringService/GetSyncRuns': () =>
        ok({ Items: [{ ...RUN, Status: 'Running', EndedAt: null, DurationSeconds: null }], NextToken: null }),
      'MonitoringService/GetUnmappedCampaigns': () =>
        ok({ Items: [], From: '2026-04-02', To: '2026-05-01', AccountsRead: 0, Truncated: false }),
    });
    renderWithProviders(<MonitoringScreen />, '/systemMonitoring');
    await connectorRow('Meta — main');
    const reads = () => callsTo(calls, 'GetDataHealth').length;
    const first = reads();
    await act(async () => {
      jest.advanceTimersByTime(MONITORING_BUSY_REFRESH_MS + 10);
    });
    await waitFor(() => expect(reads()).toBe(first + 1));
    expect(MONITORING_BUSY_REFRESH_MS).toBeLessThanOrEqual(2000);
  });

  it('reads again every 30 seconds while the browser tab is shown, not while it is hidden', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInAs(PROFILES.analyst);
    const calls = api();
    renderWithProviders(<MonitoringScreen />, '/systemMonitoring');
    await connectorRow('Meta — main');
    const reads = () => callsTo(calls, 'GetDataHealth').length;
    const first = reads();
    await act(async () => {
      jest.advanceTimersByTime(MONITORING_REFRESH_MS + 10);
    });
    await waitFor(() => expect(reads()).toBe(first + 1));

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(async () => {
      jest.advanceTimersByTime(MONITORING_REFRESH_MS * 3);
    });
    expect(reads()).toBe(first + 1);
  });

  it('speaks Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    try {
      signInAs(PROFILES.analyst);
      api();
      renderWithProviders(<MonitoringScreen />, '/systemMonitoring');
      const healthy = await connectorRow('Meta — main');
      expect(stripIsolates(within(healthy).getByTestId('freshness').textContent)).toBe('3 ש׳ · עדכני');
      expect(stripIsolates(screen.getByTestId('tab-health').textContent)).toBe('תקינות נתונים');
      fireEvent.click(screen.getByTestId('tab-alerts'));
      const rows = await screen.findAllByTestId('alert-row');
      expect(stripIsolates(within(rows[1]).getByTestId('alert-chip').textContent)).toBe('50.00% · קצב נמוך');
    } finally {
      cleanup();
      chooseLocale('en');
      await setLocale('en');
    }
  });
});
