/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, fail, firstCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { CompanyConfiguration } from '../api/configurations-api';
import { checkForm } from '../../../lib/forms/route-form';
import { verdicts } from '../../../testing/api-verdict';
import { CONFIGURATIONS_FORM, formFromConfiguration, toPayload, type ConfigurationsForm } from './configurations-form';
import { ConfigurationsScreen } from './configurations-screen';
import { stripIsolates } from '../../../testing/bidi';

/** The defaults (docs/domain.md), as GetConfigurations answers before the first save. */
const DEFAULTS: CompanyConfiguration = {
  VatPct: 18,
  ImageSubmitFee: 0.5,
  VideoSubmitFee: 1.3,
  SetupFee: 300,
  MaxImageBytes: 1_572_864,
  MaxVideoBytes: 7_864_320,
  PacingLow: 90,
  PacingHigh: 110,
  DefaultLocale: 'he',
  DefaultCurrency: 2,
  RequireMfa: false,
  ApproverMustDifferFromSubmitter: true,
  TimeZone: 'Asia/Jerusalem',
  SyncHour: 5,
  RestatementDays: 28,
  BackfillDays: 90,
  BillTolerancePct: 2,
  MissingBillDays: 15,
  version: 0,
};
const form = formFromConfiguration(DEFAULTS);

describe('configurations form', () => {
  it('shows the upload limits in MB and sends them back in bytes', () => {
    expect(form.MaxImageMb).toBe('1.5');
    expect(form.MaxVideoMb).toBe('7.5');
    expect(checkForm(CONFIGURATIONS_FORM, form).ok).toBe(true);
    expect(toPayload(form)).toEqual({ ...DEFAULTS });
    expect(toPayload({ ...form, MaxImageMb: '2' }).MaxImageBytes).toBe(2 * 1024 * 1024);
    // A limit that is no round MB figure is kept as read unless the MB figure is changed.
    const odd = formFromConfiguration({ ...DEFAULTS, MaxImageBytes: 1_500_000 });
    expect(odd.MaxImageMb).toBe('1.43');
    expect(toPayload(odd).MaxImageBytes).toBe(1_500_000);
  });

  it.each([
    ['VAT 17.5', 'accepted', { VatPct: '17.5' }],
    ['VAT 101', 'FIELD_INVALID', { VatPct: '101' }],
    ['VAT with 3 decimals', 'FIELD_INVALID', { VatPct: '17.555' }],
    ['a negative fee', 'FIELD_INVALID', { ImageSubmitFee: '-0.5' }],
    // The old check let a creative fee reach 1,000,000; the API's most is 1,000 (shared/money-limits.ts).
    ['an image fee of 5,000', 'FIELD_INVALID', { ImageSubmitFee: '5000' }],
    ['a setup fee over 1,000,000', 'FIELD_INVALID', { SetupFee: '1000001' }],
    ['a limit of 0 MB', 'FIELD_INVALID', { MaxImageMb: '0' }],
    ['a limit of 1,025 MB', 'FIELD_INVALID', { MaxVideoMb: '1025' }],
    // …and refused 1.125 MB (3 decimals), which is a whole number of bytes the API takes.
    ['a limit of 1.125 MB', 'accepted', { MaxImageMb: '1.125' }],
    ['pacing over 1,000 %', 'FIELD_INVALID', { PacingLow: '1001' }],
    ['a time zone the API does not know', 'FIELD_INVALID', { TimeZone: 'Mars/Olympus' }],
    ['a restatement of 90 days', 'accepted', { RestatementDays: '90' }],
    ['no restatement days', 'FIELD_INVALID', { RestatementDays: '0' }],
    ['half a day re-read', 'FIELD_INVALID', { RestatementDays: '1.5' }],
    ['a backfill of two years', 'accepted', { BackfillDays: '730' }],
    ['a backfill of three years', 'FIELD_INVALID', { BackfillDays: '1095' }],
    ['a bill tolerance of 50 %', 'accepted', { BillTolerancePct: '50' }],
    ['a bill tolerance over 50 %', 'FIELD_INVALID', { BillTolerancePct: '50.5' }],
    ['bills missing after 181 days', 'FIELD_INVALID', { MissingBillDays: '181' }],
    ['a sync at 23:00', 'accepted', { SyncHour: 23 }],
    ['a sync at 24:00', 'FIELD_INVALID', { SyncHour: 24 }],
  ] as const)('%s: the form and the API both say %s, on the same field', (_, expected, patch) => {
    const { api, form: verdict } = verdicts(
      CONFIGURATIONS_FORM,
      { ...form, ...patch },
      'ConfigurationsService',
      'SaveConfigurations',
    );
    expect(verdict).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(Object.keys(patch)[0]);
  });

  it('the domain\'s pacing order (PACING_ORDER) and the console\'s "no empty setting" are checked too, once the schema accepts', () => {
    const issues = (patch: Partial<ConfigurationsForm>) => {
      const r = checkForm(CONFIGURATIONS_FORM, { ...form, ...patch });
      return r.ok ? {} : Object.fromEntries([...r.issues].map(([f, i]) => [f, i.code]));
    };
    expect(issues({ PacingHigh: '90' })).toEqual({ PacingHigh: 'PACING_ORDER' });
    expect(issues({ PacingHigh: '80' })).toEqual({ PacingHigh: 'PACING_ORDER' });
    // The API keeps a setting left out; this screen shows them all, so an emptied one is refused.
    expect(issues({ VatPct: ' ', MaxVideoMb: '' })).toEqual({ VatPct: 'FIELD_REQUIRED', MaxVideoMb: 'FIELD_REQUIRED' });
  });
});

describe('<ConfigurationsScreen>', () => {
  setUpScreenTests({ quiet: true });
  const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  const messageOf = (name: string) =>
    stripIsolates(document.getElementById(input(name).getAttribute('aria-describedby') ?? '')?.textContent);

  it('refuses invalid values, then saves every setting with the version read', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConfigurationsService/GetConfigurations': () => ok(DEFAULTS),
      'ConfigurationsService/SaveConfigurations': (b) =>
        ok({ ...(b.configurations as object), version: 1, updatedAt: '2026-03-01T10:00:00Z', updatedBy: 'dana@demo' }),
    });
    renderWithProviders(<ConfigurationsScreen />);
    await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
    expect(input('MaxVideoMb').value).toBe('7.5');
    expect(screen.getByTestId('configurations-saved').textContent).toBe('Default values (never saved)');

    fireEvent.change(input('PacingLow'), { target: { value: '120' } });
    fireEvent.change(input('VatPct'), { target: { value: '17.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf('PacingHigh')).toBe(
        'The high pacing threshold must be greater than the low one (120 < 110 does not hold).',
      ),
    );
    expect(input('PacingHigh').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(api, 'SaveConfigurations')).toHaveLength(0);

    fireEvent.change(input('PacingLow'), { target: { value: '85' } });
    fireEvent.change(input('MaxImageMb'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Require two-factor sign-in for every user'));
    fireEvent.change(input('RestatementDays'), { target: { value: '14' } });
    fireEvent.change(input('BackfillDays'), { target: { value: '365' } });
    fireEvent.change(input('BillTolerancePct'), { target: { value: '2.5' } });
    fireEvent.change(input('MissingBillDays'), { target: { value: '30' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Daily sync at' }));
    fireEvent.click(await screen.findByRole('option', { name: '02:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    const call = firstCall(api, 'SaveConfigurations');
    expect(call?.body).toEqual({
      configurations: {
        ...DEFAULTS,
        VatPct: 17.5,
        PacingLow: 85,
        MaxImageBytes: 2_097_152,
        RequireMfa: true,
        SyncHour: 2,
        RestatementDays: 14,
        BackfillDays: 365,
        BillTolerancePct: 2.5,
        MissingBillDays: 30,
        version: 0,
      },
    });
    expect(call?.headers).not.toHaveProperty('x-account-id');
    await waitFor(() => expect(screen.getByTestId('configurations-saved').textContent).toContain('dana@demo'));

    // The saved configuration is the cached answer: the screen shown again starts from it, without reading it again.
    cleanup();
    renderWithProviders(<ConfigurationsScreen />);
    expect(input('VatPct').value).toBe('17.5');
    expect(screen.getByTestId('configurations-saved').textContent).toContain('dana@demo');
    expect(callsTo(api, 'GetConfigurations')).toHaveLength(1);
  });

  it('a configuration that cannot be read says why with a Reload that reads it again', async () => {
    signInAs(PROFILES.admin);
    let down = true;
    const api = mockApi({
      'ConfigurationsService/GetConfigurations': () => (down ? fail(500, 'Internal error', 'INTERNAL') : ok(DEFAULTS)),
    });
    renderWithProviders(<ConfigurationsScreen />);
    const reload = await screen.findByRole('button', { name: 'Reload' });
    expect(screen.queryByTestId('configurations-form')).toBeNull();
    down = false;
    fireEvent.click(reload);
    await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
    expect(callsTo(api, 'GetConfigurations')).toHaveLength(2);
  });

  it('in Hebrew, an upload limit is refused in MB (the route takes bytes), naming the field', async () => {
    signInAs(PROFILES.admin);
    mockApi({ 'ConfigurationsService/GetConfigurations': () => ok(DEFAULTS) });
    await inHebrew(async () => {
      renderWithProviders(<ConfigurationsScreen />);
      await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
      fireEvent.change(input('MaxVideoMb'), { target: { value: '2048' } });
      fireEvent.change(input('MaxImageMb'), { target: { value: '0' } });
      fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() =>
        expect(messageOf('MaxVideoMb')).toBe('הערך בשדה גודל וידאו מרבי אינו תקין: צריך להיות 1,024 לכל היותר'),
      );
      expect(messageOf('MaxImageMb')).toBe('הערך בשדה גודל תמונה מרבי אינו תקין: צריך להיות גדול מ-0');
    });
  });

  it('a refusal of the server on a setting (FIELD_INVALID on configurations.TimeZone) lands on that setting', async () => {
    signInAs(PROFILES.admin);
    mockApi({
      'ConfigurationsService/GetConfigurations': () => ok(DEFAULTS),
      'ConfigurationsService/SaveConfigurations': () =>
        fail(400, 'configurations.TimeZone: must be a time zone', 'FIELD_INVALID', {
          field: 'configurations.TimeZone',
          detail: 'must be a time zone such as Asia/Jerusalem or Europe/London',
          reason: 'TIME_ZONE',
        }),
    });
    renderWithProviders(<ConfigurationsScreen />);
    await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const zone = screen.getByRole('combobox', { name: 'Time zone of the company day' });
    const helper = () => zone.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;
    await waitFor(() =>
      expect(helper()).toBe(
        'Time zone of the company day is not valid: must be a time zone such as Asia/Jerusalem or Europe/London',
      ),
    );
  });

  it('a 409 offers to reload the configuration', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'ConfigurationsService/GetConfigurations': () => ok(DEFAULTS),
      'ConfigurationsService/SaveConfigurations': () =>
        fail(409, 'This record was changed by someone else; reload it and try again'),
    });
    renderWithProviders(<ConfigurationsScreen />);
    await waitFor(() => expect(input('VatPct')?.value).toBe('18'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload', hidden: true }));
    await waitFor(() => expect(callsTo(api, 'GetConfigurations')).toHaveLength(2));
  });
});
