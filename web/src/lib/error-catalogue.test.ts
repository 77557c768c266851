/** @jest-environment jsdom */
import '../testing/polyfills';
import { fail, mockApi, PROFILES, signInAs, useTestConfig } from '../testing/fixtures';
import { stripIsolates } from '../testing/bidi';
import { ApiError, callApi } from './api-client';
import { apiErrorText } from './api-error-text';
import { i18n, setLocale } from './i18n';

/**
 * The API's error messages (apiErrors.*) are not in the start-up catalogue (~5 kB gzip off the
 * sign-in route and every screen): the API client loads them before it throws its first error, so
 * whoever catches it shows it in the user's language; a language chosen afterwards brings its own.
 */
const t = i18n.t.bind(i18n);
const noAccess = () => fail(403, 'No access to account 10', 'ACCOUNT_NO_ACCESS', { accountId: 10 });

beforeAll(() => {
  // testing/polyfills puts every catalogue in at once; this test is about when the error messages load.
  for (const locale of ['he', 'en']) delete (i18n.store.data[locale].translation as Record<string, unknown>).apiErrors;
  useTestConfig();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

it('are not there at start-up, and are there in Hebrew when the first call fails', async () => {
  await setLocale('he');
  expect(i18n.exists('apiErrors.codes.ACCOUNT_NO_ACCESS')).toBe(false);

  signInAs(PROFILES.planner);
  mockApi({ 'AccountsService/GetAccountInfo': noAccess });
  const err = await callApi('AccountsService', 'GetAccountInfo', { accountId: 10 }, { accountId: 10 }).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect(stripIsolates(apiErrorText(err as ApiError, t))).toBe('אין לך גישה לחשבון 10.');

  // A language chosen after the first error comes with its messages.
  await setLocale('en');
  expect(apiErrorText(err as ApiError, t)).toBe('You have no access to account 10.');
  await setLocale('he');
});
