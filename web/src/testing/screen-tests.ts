import { cleanup } from '@testing-library/react';
import { forgetMainAccounts } from '../lib/account-context';
import { setLocale } from '../lib/i18n';
import { chooseLocale, updateSettings } from '../lib/display/settings-store';
import { signInAs, useTestConfig } from './fixtures';

export interface ScreenTestOptions {
  /** Rows per grid page for the file (paging tests count on a size). */
  gridPageSize?: number;
  /** Silences console.warn for the file. */
  quiet?: boolean;
  /** Forgets the GetMainAccount answers (cached per account) after each test. */
  forgetAccounts?: boolean;
}

/**
 * The frame of a console test file (or describe block): the test API config and English before the
 * tests; after each one the DOM cleaned up and nobody signed in.
 */
export function setUpScreenTests({
  gridPageSize,
  quiet = false,
  forgetAccounts = false,
}: ScreenTestOptions = {}): void {
  beforeAll(async () => {
    useTestConfig();
    chooseLocale('en');
    await setLocale('en');
    if (gridPageSize !== undefined) updateSettings({ gridPageSize });
    if (quiet) jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    signInAs(null);
    if (forgetAccounts) forgetMainAccounts();
  });
}
