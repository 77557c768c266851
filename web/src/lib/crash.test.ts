/** @jest-environment jsdom */
import '../testing/polyfills';
import { mockApi, ok, PROFILES, signInAs, useTestConfig } from '../testing/fixtures';
import { signOut } from './auth';
import { reportCrash } from './crash';

beforeAll(() => {
  useTestConfig();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => signInAs(null));

describe('crash reports (MainService.CrashSend)', () => {
  it('sends the error, info, component stack and page address', async () => {
    signInAs(PROFILES.planner);
    const api = mockApi({ 'MainService/CrashSend': () => ok(null) });
    await reportCrash(new TypeError('x is undefined'), 'render error (caught)', '\n    at AccountsTable');
    const body = JSON.parse(String((api.mock.calls[0] as [string, RequestInit])[1].body));
    expect(body).toEqual({
      Error: 'TypeError: x is undefined',
      Info: 'render error (caught)',
      ComponentStack: '\n    at AccountsTable',
      Url: window.location.href,
    });
  });

  it('sends nothing when nobody is signed in (the API would refuse it)', async () => {
    const api = mockApi({});
    await reportCrash(new Error('boom'));
    expect(api).not.toHaveBeenCalled();
  });

  it('a failing report is only logged', async () => {
    signInAs(PROFILES.planner);
    mockApi({});
    await expect(reportCrash(new Error('boom'))).resolves.toBeUndefined();
  });
});

describe('logout', () => {
  it('clears the session and everything Amplify stored, keeps the display settings', async () => {
    signInAs(PROFILES.planner);
    localStorage.setItem('CognitoIdentityServiceProvider.abc.LastAuthUser', 'u1');
    localStorage.setItem('mixdesk-settings', '{"locale":"en"}');
    await signOut();
    expect(localStorage.getItem('mixdesk-session')).toBeNull();
    expect(localStorage.getItem('CognitoIdentityServiceProvider.abc.LastAuthUser')).toBeNull();
    expect(localStorage.getItem('mixdesk-settings')).toBe('{"locale":"en"}');
  });
});
