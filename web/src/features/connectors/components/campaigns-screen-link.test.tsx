/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { CampaignView } from '../api/connectors-api';
import { CampaignsScreen } from './campaigns-screen';

setUpScreenTests({ quiet: true });

const CAMPAIGN: CampaignView = {
  ID: 31,
  ConnectorType: 'meta_ads',
  ExternalAccountId: '1010000001',
  ExternalCampaignId: '9001',
  Name: 'Brand — exact',
  Status: 'ACTIVE',
  AccountId: 1,
  AccountName: 'Main Client',
  MediaChannelId: null,
  MappedBy: null,
  MappedLineId: null,
  MappedLineName: null,
  MappedActivityId: null,
  MappedVersion: null,
  HistoryMoving: false,
  LineRemovedInVersion: null,
  LastSeenAt: '',
  version: 1,
};

/** System monitoring's Map leads here by URL (no import between the features): the filters and the campaign come from the link. */
describe('<CampaignsScreen> opened from a link', () => {
  beforeEach(() => signInAs(PROFILES.admin));

  it("filters by the account, platform and mapping of the URL and opens the named campaign's line picker", async () => {
    const calls = mockApi({
      'ConnectorsService/GetCampaignsList': () => ok({ Items: [CAMPAIGN], NextToken: null }),
      'AccountsService/GetCampaignInfo': () => ok(CAMPAIGN),
      'ConnectorsService/GetMappableLines': () => ok({ Items: [] }),
      'ConnectorsService/GetLineActuals': () => ok({ Items: [] }),
    });
    const { router } = renderWithProviders(
      <CampaignsScreen />,
      '/campaigns/list?platform=meta_ads&mapped=no&account=1&campaign=31',
    );
    await waitFor(() => expect(callsTo(calls, 'GetCampaignsList').length).toBeGreaterThan(0));
    expect(lastCall(calls, 'GetCampaignsList')?.body).toMatchObject({
      accountId: 1,
      connectorType: 'meta_ads',
      mapped: false,
    });
    expect(lastCall(calls, 'GetCampaignInfo')).toMatchObject({
      body: { campaignId: 31 },
      headers: { 'x-account-id': '1' },
    });
    expect((screen.getByTestId('platform-filter') as HTMLSelectElement).value).toBe('meta_ads');
    expect(await screen.findByTestId('line-search')).toBeTruthy();

    // "All accounts" drops the account (and the campaign) from the URL and the list.
    fireEvent.click(screen.getByTestId('all-accounts'));
    await waitFor(() => expect(router.state.location.search).toBe('?platform=meta_ads&mapped=no'));
    await waitFor(() => expect(lastCall(calls, 'GetCampaignsList')?.body.accountId).toBeUndefined());
  });
});
