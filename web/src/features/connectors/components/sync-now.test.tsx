/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { callsTo, fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { AgentConnector, GlobalConnector } from '../api/connectors-api';
import { AgentConnectorsScreen } from './agent-connectors-screen';
import { SYNC_POLL_MS, SYNC_WATCH_MS } from './sync-now';

setUpScreenTests({ quiet: true });

const META: GlobalConnector = {
  ID: 2,
  Type: 'meta_ads',
  Name: 'Meta Ads',
  Active: true,
  version: 0,
  CredentialFields: [{ Name: 'accessToken', Required: true }],
};
const CSV: GlobalConnector = {
  ID: 4,
  Type: 'csv_upload',
  Name: 'CSV upload',
  Active: true,
  version: 0,
  CredentialFields: [],
};
const agent = (over: Partial<AgentConnector> = {}): AgentConnector => ({
  ID: 7,
  ConnectorId: 2,
  ConnectorType: 'meta_ads',
  Name: 'Meta — main',
  Status: 'OK',
  LastError: '',
  LastTestedAt: null,
  LastSyncAt: null,
  ExternalAccounts: [{ ExternalAccountId: '1010000001', Name: 'Hadar', Currency: 'ILS', TimeZone: 'Asia/Jerusalem' }],
  CredentialsSet: ['accessToken'],
  Archived: false,
  version: 1,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
  ...over,
});

const readsOfList = (api: jest.Mock) => callsTo(api, 'GetAgentConnectorsList').length;

describe('Sync now on the connections screen', () => {
  afterEach(() => jest.useRealTimers());

  it('queues the sync, says for how many ad accounts, is disabled and reads the list again until LastSyncAt moves', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInAs(PROFILES.admin);
    let synced: string | null = null;
    const api = mockApi({
      'ConnectorsService/GetAgentConnectorsList': () =>
        ok({
          Items: [
            agent({ LastSyncAt: synced }),
            agent({ ID: 8, ConnectorId: 4, ConnectorType: 'csv_upload', Name: 'Files' }),
          ],
          Connectors: [META, CSV],
        }),
      'ConnectorsService/SyncAgentConnectorNow': () =>
        ok({
          AgentConnectorId: 7,
          Jobs: 2,
          ExternalAccountIds: ['1010000001', '1010000002'],
          RequestedAt: '2026-05-01T08:00:00.000Z',
        }),
    });
    renderWithProviders(<AgentConnectorsScreen />);
    const rows = await screen.findAllByTestId('agent-connector-row');
    expect(within(rows[1]).queryByTestId('sync-now')).toBeNull(); // a CSV upload connection is not synced
    const button = within(rows[0]).getByTestId('sync-now');
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(api, 'SyncAgentConnectorNow')).toHaveLength(1));
    expect(lastCall(api, 'SyncAgentConnectorNow')?.body).toEqual({ agentConnectorId: 7 });
    expect(await screen.findByText('Sync started for 2 ad accounts')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(screen.getAllByTestId('agent-connector-row')[0]).getByTestId('sync-now') as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect(within(screen.getAllByTestId('agent-connector-row')[0]).getByTestId('sync-now').textContent).toBe(
      'Syncing…',
    );

    // Still running: the list is read again every few seconds.
    await waitFor(() => expect(readsOfList(api)).toBeGreaterThanOrEqual(2));
    const before = readsOfList(api);
    await act(async () => {
      jest.advanceTimersByTime(SYNC_POLL_MS + 10);
    });
    await waitFor(() => expect(readsOfList(api)).toBe(before + 1));

    // The sync ended: LastSyncAt moved, the button is back and the polling stops.
    synced = '2026-05-01T08:00:30.000Z';
    await act(async () => {
      jest.advanceTimersByTime(SYNC_POLL_MS + 10);
    });
    await waitFor(() =>
      expect(
        (within(screen.getAllByTestId('agent-connector-row')[0]).getByTestId('sync-now') as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    const settled = readsOfList(api);
    await act(async () => {
      jest.advanceTimersByTime(SYNC_POLL_MS * 3);
    });
    expect(readsOfList(api)).toBe(settled);
  });

  it('stops waiting after two minutes even if the sync never reports', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConnectorsService/GetAgentConnectorsList': () => ok({ Items: [agent()], Connectors: [META] }),
      'ConnectorsService/SyncAgentConnectorNow': () =>
        ok({
          AgentConnectorId: 7,
          Jobs: 1,
          ExternalAccountIds: ['1010000001'],
          RequestedAt: '2026-05-01T08:00:00.000Z',
        }),
    });
    renderWithProviders(<AgentConnectorsScreen />);
    fireEvent.click(await screen.findByTestId('sync-now'));
    expect(await screen.findByText('Sync started for 1 ad account')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('sync-now') as HTMLButtonElement).disabled).toBe(true));
    await act(async () => {
      jest.advanceTimersByTime(SYNC_WATCH_MS + 10);
    });
    await waitFor(() => expect((screen.getByTestId('sync-now') as HTMLButtonElement).disabled).toBe(false));
    const reads = readsOfList(api);
    await act(async () => {
      jest.advanceTimersByTime(SYNC_POLL_MS * 3);
    });
    expect(readsOfList(api)).toBe(reads);
  });

  it("shows the API's refusal in the user's language, and the button stays usable (Hebrew)", async () => {
    signInAs(PROFILES.admin);
    chooseLocale('he');
    await setLocale('he');
    try {
      const api = mockApi({
        'ConnectorsService/GetAgentConnectorsList': () => ok({ Items: [agent()], Connectors: [META] }),
        'ConnectorsService/SyncAgentConnectorNow': () =>
          fail(
            409,
            'Meta — main has no ad account linked to an account yet; link accounts first',
            'SYNC_NO_LINKED_ACCOUNTS',
            { connector: 'Meta — main' },
          ),
      });
      renderWithProviders(<AgentConnectorsScreen />);
      const button = await screen.findByTestId('sync-now');
      expect(button.textContent).toBe('סנכרון עכשיו');
      fireEvent.click(button);
      await waitFor(() => expect(callsTo(api, 'SyncAgentConnectorNow')).toHaveLength(1));
      expect(await screen.findByText(/קשרו חשבונות תחילה/)).toBeTruthy();
      expect((screen.getByTestId('sync-now') as HTMLButtonElement).disabled).toBe(false);
    } finally {
      chooseLocale('en');
      await setLocale('en');
    }
  });
});
