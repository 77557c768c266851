/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CHANNEL_GROUPS as SERVER_GROUPS,
  CONNECTOR_TYPES as SERVER_CONNECTORS,
} from '@server/shared/channel-type-lists';
import { fail, lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { CHANNEL_GROUPS, CONNECTOR_TYPES, type AccountChannelType } from '../api/channel-types-api';
import { AccountChannelTypesScreen } from './account-channel-types-screen';

const copy = (ID: number, Name: string, extra: Partial<AccountChannelType> = {}): AccountChannelType => ({
  ID,
  AccountId: 7,
  ChannelTypeId: ID + 100,
  Name,
  Group: 'Search',
  DefaultBuyType: 'CPC',
  ConnectorType: 'google_ads',
  ManagementFeePct: 10,
  SystemFeePct: 0,
  Active: true,
  DefaultVendorId: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'x',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'x',
  ...extra,
});
const ITEMS = [
  copy(1, 'Google Search'),
  copy(2, 'Meta Feed', { Group: 'Social', ConnectorType: 'meta_ads', DefaultBuyType: 'CPM' }),
  copy(3, 'YouTube', { Group: 'Video', DefaultBuyType: 'CPV' }),
];
const MAIN = {
  ID: 7,
  Name: 'Galil Foods',
  Currency: 2,
  SubAccountId: null,
  SubAccountName: null,
  AccessPermissions: ['view', 'edit'],
};

setUpScreenTests({ quiet: true, forgetAccounts: true });

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
/** The message a field announces (its helper text, tied to it by aria-describedby). */
const messageOf = (input: Element) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('account channel types', () => {
  it('the console lists the groups and connectors the server accepts', () => {
    expect(CHANNEL_GROUPS).toEqual(SERVER_GROUPS);
    expect(CONNECTOR_TYPES).toEqual(SERVER_CONNECTORS);
  });

  it('sets the management fee of the selected rows in one call (SaveAccountManagementFee with their ids)', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 7, Items: ITEMS }),
      'AccountsService/SaveAccountManagementFee': (b) =>
        ok({
          AccountId: 7,
          Changed: 2,
          Items: ITEMS.filter((c) => (b.ids as number[]).includes(c.ID)).map((c) => ({
            ...c,
            ManagementFeePct: b.management_fee,
            version: 2,
          })),
        }),
    });
    renderWithProviders(<AccountChannelTypesScreen accountId={7} />);
    await screen.findByText('Google Search');
    fireEvent.click(await screen.findByLabelText('Select Google Search'));
    fireEvent.click(screen.getByLabelText('Select YouTube'));
    expect(screen.getByTestId('bulk-toolbar').textContent).toContain('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Set management fee' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox');
    fireEvent.change(input, { target: { value: '101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(input)).toBe('A percentage from 0 to 100 with at most 2 decimals'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(lastCall(api, 'SaveAccountManagementFee')).toBeNull();
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved (2 changed)');
    expect(lastCall(api, 'SaveAccountManagementFee')).toEqual({
      body: { ids: [1, 3], management_fee: 12.5 },
      headers: expect.objectContaining({ 'x-account-id': '7' }),
    });
    await waitFor(() => expect(cellTexts(rowOf('YouTube'))).toContain('12.50%'));
    expect(cellTexts(rowOf('Google Search'))).toContain('12.50%');
    // Not selected: unchanged.
    expect(cellTexts(rowOf('Meta Feed'))).toContain('10.00%');
    expect(cellTexts(rowOf('Meta Feed'))).not.toContain('12.50%');
  });

  it("shows each copy's default vendor (an archived one by name) and sets it on the selection (SaveAccountChannelField DefaultVendorId)", async () => {
    signInAs(PROFILES.planner);
    const items = [copy(1, 'Google Search', { DefaultVendorId: 9 }), ...ITEMS.slice(1)];
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 7, Items: items }),
      'VendorsService/GetVendorsList': (b) =>
        ok({
          Items: b.archived
            ? [{ ID: 9, Name: 'Old Outdoor', Archived: true }]
            : [{ ID: 4, Name: 'Meta Platforms Ireland', Archived: false }],
          NextToken: null,
        }),
      'AccountsService/SaveAccountChannelField': (b) =>
        ok({
          AccountId: 7,
          Changed: 1,
          Items: items
            .filter((c) => (b.ids as number[]).includes(c.ID))
            .map((c) => ({ ...c, DefaultVendorId: b.fieldValue, version: 2 })),
        }),
    });
    renderWithProviders(<AccountChannelTypesScreen accountId={7} />);
    await screen.findByText('Google Search');
    await waitFor(() => expect(cellTexts(rowOf('Google Search'))).toContain('Old Outdoor'));
    expect(cellTexts(rowOf('Meta Feed'))).toContain('–');
    fireEvent.click(screen.getByLabelText('Select Meta Feed'));
    fireEvent.click(screen.getByRole('button', { name: 'Default vendor…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Meta Platforms Ireland' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cellTexts(rowOf('Meta Feed'))).toContain('Meta Platforms Ireland'));
    expect(lastCall(api, 'SaveAccountChannelField')).toEqual({
      body: { ids: [2], fieldName: 'DefaultVendorId', fieldValue: 4 },
      headers: expect.objectContaining({ 'x-account-id': '7' }),
    });
  });

  it('deactivates the selection; a refused bulk edit changes nothing and shows the server message', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 7, Items: ITEMS }),
      'AccountsService/SaveAccountChannelField': () =>
        fail(404, 'ids: account channel type 2 is not a channel type of account 7'),
    });
    renderWithProviders(<AccountChannelTypesScreen accountId={7} />);
    fireEvent.click(await screen.findByLabelText('Select all shown'));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('ids: account channel type 2 is not a channel type of account 7');
    expect(lastCall(api, 'SaveAccountChannelField')?.body).toEqual({
      ids: [1, 2, 3],
      fieldName: 'Active',
      fieldValue: false,
    });
    expect(ITEMS.map((i) => cellTexts(rowOf(i.Name)).includes('Active'))).toEqual(ITEMS.map(() => true));
  });

  it('an empty account offers to set up its channel types (InitAccountChannelTypes reload false)', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({
      'AccountsService/GetMainAccount': () => ok(MAIN),
      'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 7, Items: [] }),
      'AccountsService/InitAccountChannelTypes': () => ok({ AccountId: 7, Items: ITEMS, Added: 3 }),
    });
    renderWithProviders(<AccountChannelTypesScreen accountId={7} />);
    fireEvent.click(await screen.findByTestId('init-channel-types'));
    await screen.findByText('3 channel types added');
    expect(lastCall(api, 'InitAccountChannelTypes')).toEqual({
      body: { reload: false },
      headers: expect.objectContaining({ 'x-account-id': '7' }),
    });
    expect(screen.getAllByTestId('channel-type-row')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('reload-channel-types'));
    await waitFor(() => expect(lastCall(api, 'InitAccountChannelTypes')?.body).toEqual({ reload: true }));
  });

  it('a client user reads the list without selection or actions', async () => {
    signInAs(PROFILES.client);
    mockApi({
      'AccountsService/GetMainAccount': () => ok({ ...MAIN, AccessPermissions: ['view', 'clientSignOff'] }),
      'AccountsService/GetAccountChannelTypesList': () => ok({ AccountId: 7, Items: ITEMS }),
    });
    renderWithProviders(<AccountChannelTypesScreen accountId={7} />);
    await screen.findByText('Google Search');
    await waitFor(() => expect(screen.getAllByTestId('channel-type-row')).toHaveLength(3));
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('reload-channel-types')).toBeNull();
  });
});
