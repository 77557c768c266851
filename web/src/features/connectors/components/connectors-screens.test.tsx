/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import type { AccountConnector, AgentConnector, GlobalConnector } from '../api/connectors-api';
import { AccountConnectorsScreen } from './account-connectors-screen';
import { AgentConnectorsScreen } from './agent-connectors-screen';

setUpScreenTests({ quiet: true });

const GOOGLE: GlobalConnector = {
  ID: 1,
  Type: 'google_ads',
  Name: 'Google Ads',
  Active: true,
  version: 0,
  CredentialFields: [
    { Name: 'refreshToken', Required: true },
    { Name: 'clientId', Required: true },
    { Name: 'clientSecret', Required: true },
  ],
};
const agent = (over: Partial<AgentConnector> = {}): AgentConnector => ({
  ID: 7,
  ConnectorId: 1,
  ConnectorType: 'google_ads',
  Name: 'Google — main',
  Status: 'NoAccess',
  LastError: 'the Google sign-in expired or was revoked; reconnect (invalid_grant)',
  LastTestedAt: null,
  LastSyncAt: null,
  ExternalAccounts: [
    { ExternalAccountId: '1234567890', Name: 'Demo Agency — Israel', Currency: 'ILS', TimeZone: 'Asia/Jerusalem' },
  ],
  CredentialsSet: ['refreshToken', 'clientId', 'clientSecret'],
  Archived: false,
  version: 3,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
  ...over,
});

describe('<AgentConnectorsScreen>', () => {
  it("shows each connection's health with the platform's reason, and Test connection calls the API with its id", async () => {
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
      agentConnector: {
        ID: 7,
        ConnectorId: 1,
        Name: 'Google — main',
        Credentials: { refreshToken: '1//new-token' },
        version: 3,
      },
    });
  });
});

describe("Test connection and the platform's reason", () => {
  afterEach(async () => {
    chooseLocale('en');
    await setLocale('en');
  });

  it("a connection with no access warns (never a green success) and says the reason in the user's language, the code once", async () => {
    signInAs(PROFILES.admin);
    const expired = agent({
      Status: 'NoAccess',
      LastError: 'Meta Ads: the access token has expired (listing ad accounts; Meta error 190/463)',
      LastErrorKind: 'auth',
      LastErrorCode: '190/463',
    });
    mockApi({
      'ConnectorsService/GetAgentConnectorsList': () => ok({ Items: [expired], Connectors: [GOOGLE] }),
      'ConnectorsService/TestAgentConnection': () => ok(expired),
    });
    renderWithProviders(<AgentConnectorsScreen />);
    fireEvent.click(within(await screen.findByTestId('agent-connector-row')).getByTestId('test-connection'));
    const alert = await within(await screen.findByTestId('snackbar')).findByRole('alert');
    expect(alert.className).toMatch(/Warning/);
    expect(alert.className).not.toMatch(/Success/);
    cleanup();
    chooseLocale('he');
    await setLocale('he');
    renderWithProviders(<AgentConnectorsScreen />);
    const reason =
      within(await screen.findByTestId('agent-connector-row')).getByTestId('agent-error').textContent ?? '';
    expect(reason).not.toMatch(/expired|Meta error/);
    expect(reason.split('190/463')).toHaveLength(2);
  });
});

const LINK: AccountConnector = {
  ID: 5,
  AccountId: 1,
  AgentConnectorId: 7,
  ConnectorType: 'google_ads',
  AgentConnectorName: 'Google — main',
  ExternalAccountIds: ['1234567890'],
  NamingRule: '',
  Archived: false,
  version: 2,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
};
const CHOICE = {
  ID: 7,
  Name: 'Google — main',
  ConnectorType: 'google_ads' as const,
  ExternalAccounts: [
    {
      ExternalAccountId: '1234567890',
      Name: 'Israel',
      Currency: 'ILS',
      TimeZone: 'Asia/Jerusalem',
      LinkedTo: { AccountConnectorId: 5, AccountId: 1, AccountName: 'Main Client' },
    },
    {
      ExternalAccountId: '2345678901',
      Name: 'Cyprus',
      Currency: 'EUR',
      TimeZone: 'Asia/Nicosia',
      LinkedTo: { AccountConnectorId: 9, AccountId: 3, AccountName: 'Other Client' },
    },
    {
      ExternalAccountId: '3456789012',
      Name: 'Greece',
      Currency: 'EUR',
      TimeZone: 'Europe/Athens',
      LinkedTo: { AccountConnectorId: 11, AccountId: null, AccountName: null },
    },
  ],
};

describe('<AccountConnectorsScreen>', () => {
  it('offers ad accounts linked elsewhere disabled, saying where; a save that syncs nothing says the next scheduled sync brings it', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'ConnectorsService/GetAccountConnectorsList': () => ok({ Items: [LINK], AgentConnectors: [CHOICE] }),
      'ConnectorsService/SaveAccountConnector': () =>
        ok({ ...LINK, NamingRule: '\\[L(\\d+)\\]', version: 3, Sync: 'nextScheduledRun' }),
    });
    renderWithProviders(<AccountConnectorsScreen accountId={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Google — main' }));
    const boxes = within(await screen.findByTestId('external-accounts'));
    const box = (id: RegExp) => boxes.getByRole('checkbox', { name: id }) as HTMLInputElement;
    expect(box(/1234567890/).disabled).toBe(false);
    expect(box(/2345678901/).disabled).toBe(true);
    expect(boxes.getByText(/linked to Other Client/)).toBeTruthy();
    expect(box(/3456789012/).disabled).toBe(true);
    expect(boxes.getByText(/linked to another account/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Naming rule' }), { target: { value: '\\[L(\\d+)\\]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, 'SaveAccountConnector')).toHaveLength(1));
    expect(await within(await screen.findByTestId('snackbar')).findByText(/next scheduled sync/)).toBeTruthy();
  });
});

describe('the naming rule preview', () => {
  it('Preview sends the unsaved link and shows, per campaign, the line it would map to or why not; nothing is saved', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'ConnectorsService/GetAccountConnectorsList': () => ok({ Items: [LINK], AgentConnectors: [CHOICE] }),
      'ConnectorsService/PreviewNamingRule': () =>
        ok({
          Total: 3,
          RuleError: null,
          Items: [
            {
              ExternalAccountId: '1234567890',
              ExternalCampaignId: '1',
              Name: 'Search [L42]',
              Outcome: 'rule',
              RuleLineId: 42,
              MappedLineId: 42,
              MappedLineName: 'Search line',
              MappedVersion: 1,
              LineRemovedInVersion: null,
            },
            {
              ExternalAccountId: '1234567890',
              ExternalCampaignId: '2',
              Name: 'Brand',
              Outcome: 'noMatch',
              RuleLineId: null,
              MappedLineId: null,
              MappedLineName: null,
              MappedVersion: null,
              LineRemovedInVersion: null,
            },
          ],
        }),
    });
    renderWithProviders(<AccountConnectorsScreen accountId={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Google — main' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Naming rule' }), {
      target: { value: '\\[L(\\d+)\\]' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(callsTo(api, 'PreviewNamingRule')).toHaveLength(1));
    expect(lastCall(api, 'PreviewNamingRule')?.body).toEqual({
      accountConnector: {
        ID: 5,
        AccountId: 1,
        AgentConnectorId: 7,
        ExternalAccountIds: ['1234567890'],
        NamingRule: '\\[L(\\d+)\\]',
        version: 2,
      },
    });
    const rows = await screen.findAllByTestId('preview-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Search [L42]Search line (line 42)',
      'BrandNot mapped: the rule finds no line id in the name',
    ]);
    expect(screen.getByTestId('preview-count').textContent).toBe('The first 2 of 3 campaigns, by name:');
    expect(callsTo(api, 'SaveAccountConnector')).toHaveLength(0);
  });
});
