import { act } from '@testing-library/react';
import { chooseLocale } from '../lib/display/settings-store';
import { setLocale } from '../lib/i18n';
import type { Locale } from '../lib/locale';

/**
 * Runs a test's body with the console in another language (Hebrew: inHebrew), then back in English
 * (the screen tests' language). Both the display setting and the language change: the theme root
 * brings the language back to the setting's when a screen mounts.
 */
export async function inLocale(locale: Locale, body: () => Promise<void>): Promise<void> {
  await act(async () => {
    chooseLocale(locale);
    await setLocale(locale);
  });
  try {
    await body();
  } finally {
    await act(async () => {
      chooseLocale('en');
      await setLocale('en');
    });
  }
}

/** Runs a test's body with the console in Hebrew, then back in English. */
export const inHebrew = (body: () => Promise<void>): Promise<void> => inLocale('he', body);
