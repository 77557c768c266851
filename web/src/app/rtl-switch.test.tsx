/** @jest-environment jsdom */
import '../testing/polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { AppProviders } from './providers';
import { PROFILES, signInAs } from '../testing/fixtures';
import { chooseLocale, reloadSettings } from '../lib/display/settings-store';
import { effectiveLocale } from '../lib/display/use-locale';

function Probe() {
  const theme = useTheme();
  const { t } = useTranslation();
  return (
    <p data-testid="probe" data-direction={theme.direction}>
      {t('titles.accounts')}
    </p>
  );
}

const html = () => document.documentElement;
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});
afterEach(() => {
  cleanup();
  signInAs(null);
});

describe('language and direction', () => {
  it('Hebrew turns on right-to-left for the layout and the document; English turns it off', async () => {
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    await act(async () => chooseLocale('en'));
    await settle();
    expect(html().dir).toBe('ltr');
    expect(html().lang).toBe('en');
    expect(screen.getByTestId('probe').dataset.direction).toBe('ltr');
    expect(screen.getByTestId('probe').textContent).toBe('Accounts');

    await act(async () => chooseLocale('he'));
    await settle();
    expect(html().dir).toBe('rtl');
    expect(html().lang).toBe('he');
    expect(screen.getByTestId('probe').dataset.direction).toBe('rtl');
    expect(screen.getByTestId('probe').textContent).toBe('לקוחות');
    // Emotion's right-to-left cache is in use.
    expect(document.head.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
  });

  it("the default locale is the company's, then the user's saved choice", () => {
    expect(effectiveLocale({ locale: null }, 'he')).toBe('he');
    expect(effectiveLocale({ locale: null }, 'en')).toBe('en');
    expect(effectiveLocale({ locale: 'en' }, 'he')).toBe('en');
    expect(effectiveLocale({ locale: null }, 'xx')).toBe('he');
  });

  it('a signed-in user of a Hebrew company gets Hebrew until they choose', async () => {
    signInAs(PROFILES.planner);
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    await settle();
    expect(html().dir).toBe('rtl');
    await act(async () => chooseLocale('en'));
    await settle();
    expect(html().dir).toBe('ltr');
    expect(JSON.parse(localStorage.getItem('mixdesk-settings') ?? '{}').locale).toBe('en');
  });

  it('loads the French catalogue on demand', async () => {
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    await act(async () => chooseLocale('fr'));
    await settle();
    await settle();
    expect(html().lang).toBe('fr');
    expect(html().dir).toBe('ltr');
    expect(screen.getByTestId('probe').textContent).toBe('Comptes');
  });
});
