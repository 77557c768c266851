/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lastCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ChannelType } from '../api/channel-types-api';
import { GlobalChannelTypesScreen } from './global-channel-types-screen';

const type = (ID: number, Name: string, extra: Partial<ChannelType> = {}): ChannelType => ({
  ID,
  Name,
  Group: 'Search',
  DefaultBuyType: 'CPC',
  ConnectorType: 'google_ads',
  Active: true,
  DefaultVendorId: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'x',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'x',
  ...extra,
});

setUpScreenTests();

const bodyOf = (api: jest.Mock, method: string) => lastCall(api, method)?.body ?? null;

describe('global channel types (system administrators)', () => {
  it('edits Active, Group and Name in place, one UpdateChannelTypesField each', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ChannelTypesService/GetChannelTypesList': () =>
        ok({ Items: [type(1, 'Google Search'), type(2, 'Meta Feed', { Group: 'Social' })] }),
      'AccountsService/UpdateChannelTypesField': (b) =>
        ok(
          type(b.Id as number, b.field_name === 'Name' ? String(b.field_value) : 'Google Search', {
            [b.field_name as string]: b.field_value,
            version: 2,
          }),
        ),
    });
    renderWithProviders(<GlobalChannelTypesScreen />);
    fireEvent.click(await screen.findByLabelText('Active Google Search'));
    await waitFor(() =>
      expect(bodyOf(api, 'UpdateChannelTypesField')).toEqual({ Id: 1, field_name: 'Active', field_value: false }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Active Google Search') as HTMLInputElement).checked).toBe(false),
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Group Google Search' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Display'));
    await waitFor(() =>
      expect(bodyOf(api, 'UpdateChannelTypesField')).toEqual({ Id: 1, field_name: 'Group', field_value: 'Display' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit Google Search' }));
    const input = screen.getByRole('textbox', { name: 'Edit Google Search' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required'),
    );
    // Refused in the console: the last call is still the group change.
    expect(bodyOf(api, 'UpdateChannelTypesField')).toEqual({ Id: 1, field_name: 'Group', field_value: 'Display' });
    fireEvent.change(input, { target: { value: 'Google Search Ads' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(bodyOf(api, 'UpdateChannelTypesField')).toEqual({
        Id: 1,
        field_name: 'Name',
        field_value: 'Google Search Ads',
      }),
    );
    await screen.findByText('Google Search Ads');
  });

  it('creates a channel type with SaveChannelType', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ChannelTypesService/GetChannelTypesList': () => ok({ Items: [] }),
      'ChannelTypesService/SaveChannelType': (b) => ok(type(9, (b.channelType as ChannelType).Name)),
    });
    renderWithProviders(<GlobalChannelTypesScreen />);
    await screen.findByText('The catalogue is empty');
    fireEvent.click(screen.getByTestId('create-channel-type'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="Name"]') as Element, { target: { value: 'Taboola Native' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Taboola Native');
    expect(bodyOf(api, 'SaveChannelType')).toEqual({
      channelType: {
        ID: 0,
        Name: 'Taboola Native',
        Group: 'Search',
        DefaultBuyType: 'CPC',
        ConnectorType: 'none',
        Active: true,
        defaultVendorId: null,
      },
    });
  });
});
