/** @jest-environment jsdom */
import '../../testing/polyfills';
import { useTheme, type Theme } from '@mui/material/styles';
import { act, waitFor } from '@testing-library/react';
import { i18n, setLocale } from '../i18n';
import { chooseLocale, updateSettings } from './settings-store';
import { renderWithProviders } from '../../testing/render';
import { setUpScreenTests } from '../../testing/screen-tests';

setUpScreenTests();
afterEach(async () => {
  chooseLocale('en');
  await setLocale('en');
});

/** Every theme the page was rendered with, in order. */
function themesSeen() {
  const seen: Theme[] = [];
  function Probe() {
    const theme = useTheme();
    if (seen.at(-1) !== theme) seen.push(theme);
    return null;
  }
  return { seen, Probe };
}

describe('the theme', () => {
  it("stays the same object when a feature's strings are added", async () => {
    const { seen, Probe } = themesSeen();
    renderWithProviders(<Probe />);
    expect(seen).toHaveLength(1);
    await act(async () => {
      i18n.addResourceBundle('en', 'translation', { themeRootTest: { label: 'Added' } }, true, true);
    });
    expect(i18n.t('themeRootTest.label')).toBe('Added');
    expect(seen).toHaveLength(1);
  });

  it("is made again, with MUI's labels, when the language changes", async () => {
    const { seen, Probe } = themesSeen();
    renderWithProviders(<Probe />);
    await act(async () => {
      chooseLocale('he');
      await setLocale('he');
    });
    const last = seen.at(-1)!;
    expect(seen.length).toBeGreaterThan(1);
    expect(last.direction).toBe('rtl');
    expect(last.components?.MuiAlert?.defaultProps?.closeText).toBe(i18n.t('common.close', { lng: 'he' }));
  });

  it("turns <html lang> when the language's strings are in, and keeps a chosen direction", async () => {
    renderWithProviders(<p>{i18n.t('common.close')}</p>);
    await act(async () => updateSettings({ rtl: false }));
    expect(document.documentElement.dir).toBe('ltr');
    // The language alone changes (as the company's default does for a user without a choice of her own).
    act(() => updateSettings({ locale: 'he' }));
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(i18n.language).toBe('he'));
    await waitFor(() => expect(document.documentElement.lang).toBe('he'));
    // The chosen direction stays: the language's own is never written over it.
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });
});
