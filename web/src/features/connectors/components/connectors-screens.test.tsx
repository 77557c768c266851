/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { AgentConnector, CampaignView, GlobalConnector } from '../api/connectors-api';
import { AgentConnectorsScreen } from './agent-connectors-screen';
import { CampaignsScreen } from './campaigns-screen';

setUpScreenTests({ quiet: true });

const GOOGLE: GlobalConnector = {
  ID: 1, Type: 'google_ads', Name: 'Google Ads', Active: true, version: 0,
  CredentialFields: [{ Name: 'refreshToken', Required: true }, { Name: 'clientId', Required: true }, { Name: 'clientSecret', Required: true }],
};
const agent = (over: Partial<AgentConnector> = {}): AgentConnector => ({
  ID: 7, ConnectorId: 1, ConnectorType: 'google_ads', Name: 'Google — main', Status: 'NoAccess',
  LastError: 'the Google sign-in expired or was revoked; reconnect (invalid_grant)', LastTestedAt: null, LastSyncAt: null,
  ExternalAccounts: [{ ExternalAccountId: '1234567890', Name: 'Demo Agency — Israel', Currency: 'ILS', TimeZone: 'Asia/Jerusalem' }],
  CredentialsSet: ['refreshToken', 'clientId', 'clientSecret'], Archived: false,
  version: 3, createdAt: '', createdBy: '', updatedAt: '', updatedBy: '', ...over,
});

describe('<AgentConnectorsScreen>', () => {
  it('shows each connection\'s health with the platform\'s reason, and Test connection calls the API with its id', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConnectorsService/GetAgentConnectorsList': () => ok({ Items: [agent()], Connectors: [GOOGLE] }),
      'ConnectorsService/TestAgentConnection': () => ok(agent({ Status: 'OK', LastError: '' })),
    });
    renderWithProviders(<AgentConnectorsScreen />);
    const row = await screen.findByTestId('agent-connector-row');
    expect(within(row).getByTestId('agent-status').textContent).toBe('No access');
    expect(within(row).getByTestId('agent-error').textContent).toMatch(/expired/);
    fireEvent.click(within(row).getByTestId('test-connection'));
    await waitFor(() => expect(callsTo(api, 'TestAgentConnection')).toHaveLength(1));
    expect(lastCall(api, 'TestAgentConnection')?.body).toEqual({ agentConnectorId: 7 });
  });

  it('the credentials dialog never shows a stored value: fields read "set", and only what is typed is sent', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConnectorsService/GetAgentConnectorsList': () => ok({ Items: [agent()], Connectors: [GOOGLE] }),
      'ConnectorsService/SaveAgentConnector': () => ok(agent({ Status: 'Untested' })),
    });
    renderWithProviders(<AgentConnectorsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Google — main' }));
    const token = (await screen.findByTestId('credential-refreshToken')) as HTMLInputElement;
    expect(token.value).toBe('');
    expect(token.type).toBe('password');
    expect(token.placeholder).toMatch(/^set/);
    fireEvent.change(token, { target: { value: '1//new-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, 'SaveAgentConnector')).toHaveLength(1));
    expect(lastCall(api, 'SaveAgentConnector')?.body).toEqual({
      agentConnector: { ID: 7, ConnectorId: 1, Name: 'Google — main', Credentials: { refreshToken: '1//new-token' }, version: 3 },
    });
  });
});

const campaign = (over: Partial<CampaignView> = {}): CampaignView => ({
  ID: 11, ConnectorType: 'google_ads', ExternalAccountId: '1234567890', ExternalCampaignId: '1', Name: 'Search — brand', Status: 'ENABLED',
  AccountId: 1, MediaChannelId: null, MappedBy: null, MappedLineId: null, MappedLineName: null, MappedActivityId: null, MappedVersion: null,
  LineRemovedInVersion: null, LastSeenAt: '', version: 1, ...over,
});

describe('<CampaignsScreen>', () => {
  it('says how each campaign is mapped, filters unmapped on the server and maps one to a line id (Hebrew)', async () => {
    signInAs(PROFILES.admin);
    chooseLocale('he');
    await setLocale('he');
    try {
    const api = mockApi({
      'ConnectorsService/GetCampaignsList': () => ok({
        Items: [
          campaign({ ID: 11, MappedBy: 'rule', MappedLineId: 42, MappedLineName: 'Search', MappedVersion: 2 }),
          campaign({ ID: 12, Name: 'Video', MediaChannelId: 5, MappedBy: 'explicit', LineRemovedInVersion: 3 }),
          campaign({ ID: 13, Name: 'Display' }),
        ],
        NextToken: null,
      }),
      'AccountsService/SaveCampaign': () => ok(campaign({ ID: 13 })),
    });
    renderWithProviders(<CampaignsScreen />);
    const rows = await screen.findAllByTestId('campaign-row');
    expect(rows.map((r) => stripIsolates(within(r).getByTestId('campaign-mapping').textContent))).toEqual([
      'Search #42 · לפי כלל שמות (גרסה 2)', 'לא ממופה: שורת התוכנית שלו הוסרה בגרסה 3', 'לא ממופה',
    ]);
    fireEvent.change(screen.getByTestId('mapped-filter'), { target: { value: 'no' } });
    await waitFor(() => expect(lastCall(api, 'GetCampaignsList')?.body).toMatchObject({ mapped: false }));
    const display = (await screen.findAllByTestId('campaign-row'))[2];
    fireEvent.click(within(display).getByTestId('map-campaign'));
    fireEvent.change(screen.getByTestId('line-id'), { target: { value: '42' } });
    fireEvent.click(screen.getByTestId('save-mapping'));
    await waitFor(() => expect(callsTo(api, 'SaveCampaign')).toHaveLength(1));
    expect(lastCall(api, 'SaveCampaign')?.body).toEqual({ globalCampaign: { ID: 13, MediaChannelId: 42, version: 1 } });
    } finally {
      chooseLocale('en');
      await setLocale('en');
    }
  });
});
