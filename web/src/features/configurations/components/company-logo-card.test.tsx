/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Permission } from '../../../lib/authorization';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import { CompanyLogoCard } from './company-logo-card';
import { ConfigurationsScreen } from './configurations-screen';

/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const png = () => new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], 'logo.png');
const LOGO = { ContentType: 'image/png', Data: PNG_BASE64, Version: '1700000000000' };

const pick = (file: File) => fireEvent.change(screen.getByTestId('company-logo-file'), { target: { files: [file] } });
const alertText = async () => stripIsolates((await screen.findByRole('alert')).textContent);

describe('<CompanyLogoCard>', () => {
  setUpScreenTests({ quiet: true });

  it('uploads a PNG as base64 and shows it, with the company name as its text', async () => {
    signInAs(PROFILES.otherAdmin);
    const api = mockApi({
      'ConfigurationsService/GetCompanyLogo': () => ok({ Logo: null }),
      'ConfigurationsService/SaveCompanyLogo': (b) => ok({ Logo: { ...LOGO, Data: b.Logo } }),
    });
    renderWithProviders(<CompanyLogoCard />);
    await screen.findByText('No logo');
    pick(png());
    await screen.findByText('Changes successfully saved');
    expect(callsTo(api, 'SaveCompanyLogo')[0].body).toEqual({ Logo: PNG_BASE64 });
    const preview = screen.getByTestId('company-logo-preview') as HTMLImageElement;
    expect(preview.alt).toBe('Demo Agency');
    expect(preview.src).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeTruthy();
  });

  it('refuses in the browser, in the API’s words, a file that is no PNG or JPEG whatever its name, and one over 200 KB', async () => {
    signInAs(PROFILES.otherAdmin);
    const api = mockApi({ 'ConfigurationsService/GetCompanyLogo': () => ok({ Logo: null }) });
    renderWithProviders(<CompanyLogoCard />);
    await screen.findByText('No logo');
    pick(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' }));
    expect(await alertText()).toBe(
      'The logo must be a PNG or JPEG image; this file is not one, whatever its name says.',
    );
    pick(new File([new Uint8Array(200 * 1024 + 1)], 'big.png'));
    await waitFor(async () => expect(await alertText()).toBe('The logo is 200 KB; a logo may be at most 200 KB.'));
    expect(callsTo(api, 'SaveCompanyLogo')).toHaveLength(0);
  });

  it('removes the logo after a confirmation', async () => {
    signInAs(PROFILES.otherAdmin);
    const api = mockApi({
      'ConfigurationsService/GetCompanyLogo': () => ok({ Logo: LOGO }),
      'ConfigurationsService/DeleteCompanyLogo': () => ok({ Logo: null }),
    });
    renderWithProviders(<CompanyLogoCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { hidden: false });
    expect(dialog.textContent).toContain('The top bar will show the company name instead.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(api, 'DeleteCompanyLogo')).toHaveLength(1);
    expect(await screen.findByText('No logo')).toBeTruthy();
  });

  it('is on the configurations screen for an Admin only', async () => {
    mockApi({
      'ConfigurationsService/GetConfigurations': () => ok({ VatPct: 18, version: 0 }),
      'ConfigurationsService/GetCompanyLogo': () => ok({ Logo: null }),
    });
    signInAs({ ...PROFILES.approver, Permissions: [Permission.GeneralSettings] });
    const { unmount } = renderWithProviders(<ConfigurationsScreen />);
    await screen.findByTestId('configurations-form');
    expect(screen.queryByText('Company logo')).toBeNull();
    unmount();
    signInAs(PROFILES.otherAdmin);
    renderWithProviders(<ConfigurationsScreen />);
    expect(await screen.findByText('Company logo')).toBeTruthy();
  });
});
