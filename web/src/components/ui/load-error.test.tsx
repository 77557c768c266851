/** @jest-environment jsdom */
import '../../testing/polyfills';
import { act, cleanup, screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { chooseLocale, reloadSettings } from '../../lib/display/settings-store';
import { setLocale } from '../../lib/i18n';
import { renderWithProviders } from '../../testing/render';
import { stripIsolates } from '../../testing/bidi';
import { LoadError } from './load-error';

const refused = new ApiError(403, 'No access to account 10', 'AccountsService.GetAccountInfo', {
  Success: false,
  Response: null,
  ErrorMessage: 'No access to account 10',
  ErrorCode: 'ACCOUNT_NO_ACCESS',
  ErrorParams: { accountId: 10 },
} as never);

async function alertIn(locale: 'he' | 'en', error: unknown): Promise<string> {
  renderWithProviders(<LoadError error={error} onReload={() => undefined} />);
  await act(async () => {
    chooseLocale(locale);
    await setLocale(locale);
  });
  return stripIsolates((await screen.findByRole('alert')).textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
  reloadSettings();
});
afterEach(cleanup);

describe("a list that could not be read says why in the user's language", () => {
  it('shows the API refusal by its code, in Hebrew, never the server English', async () => {
    const text = await alertIn('he', refused);
    expect(text).toContain('10');
    expect(text).not.toContain('No access');
    expect(text).toMatch(/[\u0590-\u05FF]/);
  });

  it('shows the same refusal in English from the catalogue', async () => {
    expect(await alertIn('en', refused)).toContain('You have no access to account 10.');
  });

  it('shows a network failure as a general "could not load", not the thrown text', async () => {
    const text = await alertIn('he', new TypeError('Failed to fetch'));
    expect(text).not.toContain('Failed to fetch');
    expect(text).toContain('הטעינה נכשלה');
  });
});
