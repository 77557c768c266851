/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { PacingDigestSettingView } from '../api/pacing-digest';
import { PacingDigestCard } from './pacing-digest-card';

const DEFAULTS: PacingDigestSettingView = {
  Frequency: 'weekly',
  Lower: 90,
  Upper: 110,
  Language: null,
  Saved: false,
  version: 0,
};

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('<PacingDigestCard>', () => {
  setUpScreenTests({ quiet: true });

  it('shows the defaults, refuses a lower threshold out of 1–99 without saving, and saves a valid choice in the console language', async () => {
    signInAs(PROFILES.planner);
    let saved = DEFAULTS;
    const api = mockApi({
      'NotificationsService/GetPacingDigestSetting': () => ok(saved),
      'NotificationsService/SavePacingDigestSetting': (b) => {
        const s = b.setting as { frequency: 'daily'; lower: number; upper: number; language: string };
        saved = {
          Frequency: s.frequency,
          Lower: s.lower,
          Upper: s.upper,
          Language: s.language,
          Saved: true,
          version: 1,
        };
        return ok(saved);
      },
    });
    renderWithProviders(<PacingDigestCard />);
    await waitFor(() => expect(field('Under (%)').value).toBe('90'));
    expect(field('Over (%)').value).toBe('110');
    expect(screen.getByRole('combobox', { name: 'Send' }).textContent).toBe('Every Monday');

    fireEvent.change(field('Under (%)'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('digest-save'));
    expect(await screen.findByText(/must be a whole number from 1 to 99/)).toBeTruthy();
    expect(callsTo(api, 'SavePacingDigestSetting')).toHaveLength(0);

    fireEvent.change(field('Under (%)'), { target: { value: '80' } });
    fireEvent.change(field('Over (%)'), { target: { value: '125' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Every morning' }));
    fireEvent.click(screen.getByTestId('digest-save'));
    await waitFor(() =>
      expect(callsTo(api, 'SavePacingDigestSetting').map((c) => c.body)).toEqual([
        { setting: { frequency: 'daily', lower: 80, upper: 125, language: 'en' } },
      ]),
    );
  });
});
