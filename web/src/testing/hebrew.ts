import { act } from '@testing-library/react';
import { chooseLocale } from '../lib/display/settings-store';
import { setLocale } from '../lib/i18n';

/**
 * Runs a test's body with the console in Hebrew, then back in English (the screen tests' language).
 * Both the display setting and the language change: the theme root brings the language back to the
 * setting's when a screen mounts.
 */
export async function inHebrew(body: () => Promise<void>): Promise<void> {
  await act(async () => {
    chooseLocale('he');
    await setLocale('he');
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
