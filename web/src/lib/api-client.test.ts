/** @jest-environment jsdom */
import '../testing/polyfills';
import { fail, mockApi, ok, PROFILES, signInAs, useTestConfig } from '../testing/fixtures';
import { ApiError, callApi } from './api-client';
import { getSession } from './auth';

beforeAll(() => {
  useTestConfig();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => signInAs(null));

describe('api client (docs/domain.md)', () => {
  it('posts JSON to {apiUrl}/{Service}/{Method} with the bearer token and x-account-id', async () => {
    const session = signInAs(PROFILES.planner);
    const fetch = mockApi({ 'AccountsService/GetMainAccount': () => ok({ ID: 5 }) });
    await expect(callApi('AccountsService', 'GetMainAccount', { accountId: 5 }, { accountId: 5 })).resolves.toEqual({
      ID: 5,
    });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/AccountsService/GetMainAccount');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ accountId: 5 });
    expect(init.headers).toMatchObject({
      Authorization: `Bearer ${session?.accessToken}`,
      'x-account-id': '5',
      'Content-Type': 'application/json',
    });
  });

  it('sends no x-account-id when the page has no account', async () => {
    signInAs(PROFILES.planner);
    const fetch = mockApi({ 'AccountsService/GetAccountsList': () => ok({ Items: [], NextToken: null }) });
    await callApi('AccountsService', 'GetAccountsList', { mainAccountId: -1 });
    expect((fetch.mock.calls[0] as [string, RequestInit])[1].headers).not.toHaveProperty('x-account-id');
  });

  it('throws the server message with its status (403, 409, 400)', async () => {
    signInAs(PROFILES.planner);
    mockApi({
      'AccountsService/DeleteAccount': () => fail(403, 'Required permission missing'),
      'AccountsService/UpdateAccount': () =>
        fail(409, 'This record was changed by someone else; reload it and try again'),
      'AccountsService/CreateAccount': () => fail(400, 'account.Name: is required'),
    });
    const e403 = await callApi('AccountsService', 'DeleteAccount', { accountId: 1 }, { accountId: 1 }).catch((e) => e);
    expect(e403).toBeInstanceOf(ApiError);
    expect(e403.isForbidden).toBe(true);
    const e409 = await callApi(
      'AccountsService',
      'UpdateAccount',
      { account: { ID: 1, Name: 'x' } },
      { accountId: 1 },
    ).catch((e) => e);
    expect(e409.isConflict).toBe(true);
    const e400 = await callApi('AccountsService', 'CreateAccount', { account: { ID: 0, Name: '' } }).catch((e) => e);
    expect(e400.message).toBe('account.Name: is required');
    // None of these signs the user out (only a 401 does): still the same user.
    expect(getSession()?.profile).toEqual(PROFILES.planner);
  });

  it('a 401 signs the user out and clears what was stored', async () => {
    signInAs(PROFILES.planner);
    localStorage.setItem('CognitoIdentityServiceProvider.client.user.accessToken', 'x');
    mockApi({ 'AccountsService/GetAccountsList': () => fail(401, 'Not signed in') });
    await expect(callApi('AccountsService', 'GetAccountsList', {})).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('mixdesk-session')).toBeNull();
    expect(localStorage.getItem('CognitoIdentityServiceProvider.client.user.accessToken')).toBeNull();
  });

  it("keeps a reply's error code without the list of codes (not in the start-up bundle); anything else is no code", () => {
    const stale = new ApiError(409, 'changed', 'AccountsService.UpdateAccount', { ErrorCode: 'STALE_VERSION' });
    expect({ code: stale.code, isStale: stale.isStale }).toEqual({ code: 'STALE_VERSION', isStale: true });
    const exists = new ApiError(409, 'exists', 'ExchangeRatesService.SaveExchangeRate', { ErrorCode: 'RATE_EXISTS' });
    expect({ code: exists.code, isStale: exists.isStale }).toEqual({ code: 'RATE_EXISTS', isStale: false });
    for (const odd of ['Not a code', 'stale_version', '_X', 'A__B', 42]) {
      const err = new ApiError(409, 'conflict', 'r', { ErrorCode: odd as string });
      expect({ odd, code: err.code, isStale: err.isStale }).toEqual({ odd, code: undefined, isStale: true });
    }
  });

  it('a network failure is an ApiError with status 0', async () => {
    signInAs(PROFILES.planner);
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callApi('AccountsService', 'GetAccountsList', {})).rejects.toMatchObject({
      status: 0,
      isNetwork: true,
    });
  });
});
