/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, fail, firstCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { CompanyConfiguration } from '../api/configurations-api';
import { formFromConfiguration, toPayload, validateConfigurations } from './configurations-form';
import { ConfigurationsScreen } from './configurations-screen';

/** DOMAIN.md §2 defaults, as GetConfigurations answers before the first save. */
const DEFAULTS: CompanyConfiguration = {
  VatPct: 18, ImageSubmitFee: 0.5, VideoSubmitFee: 1.3, SetupFee: 300, MaxImageBytes: 1_572_864, MaxVideoBytes: 7_864_320,
  PacingLow: 90, PacingHigh: 110, DefaultLocale: 'he', DefaultCurrency: 2, RequireMfa: false, ApproverMustDifferFromSubmitter: true, TimeZone: 'Asia/Jerusalem', version: 0,
};
const form = formFromConfiguration(DEFAULTS);

describe('configurations form', () => {
  it('shows the upload limits in MB and sends them back in bytes', () => {
    expect(form.MaxImageMb).toBe('1.5');
    expect(form.MaxVideoMb).toBe('7.5');
    expect(validateConfigurations(form)).toEqual({});
    expect(toPayload(form)).toEqual({ ...DEFAULTS });
    expect(toPayload({ ...form, MaxImageMb: '2' }).MaxImageBytes).toBe(2 * 1024 * 1024);
    // A limit that is no round MB figure is kept as read unless the MB figure is changed.
    const odd = formFromConfiguration({ ...DEFAULTS, MaxImageBytes: 1_500_000 });
    expect(odd.MaxImageMb).toBe('1.43');
    expect(toPayload(odd).MaxImageBytes).toBe(1_500_000);
  });

  it.each([
    ['VatPct', '101', 'validation.percent'],
    ['VatPct', '17.555', 'validation.percent'],
    ['ImageSubmitFee', '-0.5', 'configurations.errors.fee'],
    ['SetupFee', '1000001', 'configurations.errors.fee'],
    ['MaxImageMb', '0', 'configurations.errors.size'],
    ['MaxVideoMb', '1025', 'configurations.errors.size'],
    ['PacingLow', '1001', 'configurations.errors.pacing'],
    ['PacingHigh', '90', 'configurations.errors.pacingOrder'],
    ['PacingHigh', '80', 'configurations.errors.pacingOrder'],
  ] as const)('%s = %p → %s', (field, value, key) => {
    expect(validateConfigurations({ ...form, [field]: value })[field]).toBe(key);
  });
});

describe('<ConfigurationsScreen>', () => {
  setUpScreenTests({ quiet: true });
  const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

  it('refuses invalid values, then saves every setting with the version read', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConfigurationsService/GetConfigurations': () => ok(DEFAULTS),
      'ConfigurationsService/SaveConfigurations': (b) => ok({ ...(b.configurations as object), version: 1, updatedAt: '2026-03-01T10:00:00Z', updatedBy: 'dana@demo' }),
    });
    renderWithProviders(<ConfigurationsScreen />);
    await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
    expect(input('MaxVideoMb').value).toBe('7.5');
    expect(screen.getByTestId('configurations-saved').textContent).toBe('Default values (never saved)');

    fireEvent.change(input('PacingLow'), { target: { value: '120' } });
    fireEvent.change(input('VatPct'), { target: { value: '17.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.getElementById(input('PacingHigh').getAttribute('aria-describedby') ?? '')?.textContent).toBe('Must be above the under-pacing threshold'));
    expect(input('PacingHigh').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(api, 'SaveConfigurations')).toHaveLength(0);

    fireEvent.change(input('PacingLow'), { target: { value: '85' } });
    fireEvent.change(input('MaxImageMb'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Require two-factor sign-in for every user'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    const call = firstCall(api, 'SaveConfigurations');
    expect(call?.body).toEqual({
      configurations: { ...DEFAULTS, VatPct: 17.5, PacingLow: 85, MaxImageBytes: 2_097_152, RequireMfa: true, version: 0 },
    });
    expect(call?.headers).not.toHaveProperty('x-account-id');
    await waitFor(() => expect(screen.getByTestId('configurations-saved').textContent).toContain('dana@demo'));
  });

  it('a 409 offers to reload the configuration', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConfigurationsService/GetConfigurations': () => ok(DEFAULTS),
      'ConfigurationsService/SaveConfigurations': () => fail(409, 'This record was changed by someone else; reload it and try again'),
    });
    renderWithProviders(<ConfigurationsScreen />);
    await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload', hidden: true }));
    await waitFor(() => expect(callsTo(api, 'GetConfigurations')).toHaveLength(2));
  });
});
