/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { AgentConnector, GlobalConnector } from '../api/connectors-api';
import { AgentConnectorsScreen } from './agent-connectors-screen';

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
