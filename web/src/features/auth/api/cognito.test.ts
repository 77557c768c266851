/** @jest-environment jsdom */
import { setConfig } from '../../../lib/config';
import { errorMessage } from '../../../lib/api-error-text';
import { i18n, loadErrorCatalogue, setLocale } from '../../../lib/i18n';

/**
 * The Amplify calls of TOTP set-up and of a password change, with Amplify replaced: the fixed
 * device name reaches Cognito and the QR code, and a password change's session failures are the
 * catalogue's messages.
 */
const amplify = {
  configure: jest.fn(),
};
const auth = {
  setUpTOTP: jest.fn(),
  verifyTOTPSetup: jest.fn(),
  updateMFAPreference: jest.fn(),
  confirmSignIn: jest.fn(),
  updatePassword: jest.fn(),
};
jest.mock('aws-amplify', () => ({ Amplify: amplify }));
jest.mock('aws-amplify/auth', () => auth);
// Loaded after the mocks (the transform does not hoist jest.mock).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cognito = require('./cognito') as typeof import('./cognito');

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeAll(async () => {
  setConfig({
    apiUrl: 'http://api',
    region: 'us-east-1',
    userPoolId: 'p',
    userPoolClientId: 'c',
    authFlow: 'USER_SRP_AUTH',
  });
  await setLocale('en');
  await loadErrorCatalogue();
});
afterAll(() => setConfig(null));
beforeEach(() => jest.clearAllMocks());

describe('the authenticator device name', () => {
  it('is one fixed name', () => {
    expect(cognito.TOTP_DEVICE_NAME).toBe('Mixdesk');
  });

  it('names the QR code issuer and the verified token, on the profile page', async () => {
    const getSetupUri = jest.fn((issuer: string, account?: string) => new URL(`otpauth://totp/${issuer}:${account}`));
    auth.setUpTOTP.mockResolvedValue({ sharedSecret: 'ABC', getSetupUri });
    const setup = await cognito.beginTotpSetup('dana@agency.test');
    expect(getSetupUri).toHaveBeenCalledWith('Mixdesk', 'dana@agency.test');
    expect(setup).toEqual({ secret: 'ABC', uri: 'otpauth://totp/Mixdesk:dana@agency.test' });

    await cognito.finishTotpSetup('123456');
    expect(auth.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456', options: { friendlyDeviceName: 'Mixdesk' } });
  });

  it('names the token set up during sign-in too', async () => {
    auth.confirmSignIn.mockResolvedValue({ nextStep: { signInStep: 'DONE' } });
    await cognito.answerChallenge('654321');
    expect(auth.confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: '654321',
      options: { friendlyDeviceName: 'Mixdesk' },
    });
    const getSetupUri = jest.fn(() => new URL('otpauth://totp/x'));
    cognito.totpSetupUri({ getSetupUri }, 'dana@agency.test');
    expect(getSetupUri).toHaveBeenCalledWith('Mixdesk', 'dana@agency.test');
  });
});

describe('a password change that fails', () => {
  const failWith = async (err: Error) => {
    auth.updatePassword.mockRejectedValue(err);
    try {
      await cognito.changePassword('old-Pass1', 'new-Pass1');
    } catch (e) {
      return errorMessage(e, i18n.t.bind(i18n));
    }
    throw new Error('the change did not fail');
  };

  it('without a signed-in user says so', async () => {
    expect(
      await failWith(named('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.')),
    ).toBe('No user is currently signed in. Sign in again.');
  });

  it('with a session Cognito no longer accepts says the session is invalid', async () => {
    for (const message of ['Access Token has been revoked', 'Invalid Access Token', 'Access Token has expired'])
      expect(await failWith(named('NotAuthorizedException', message))).toBe('Session is invalid. Sign in again.');
  });

  it('with a wrong current password keeps Cognito’s own message', async () => {
    expect(await failWith(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect e-mail or password.',
    );
  });
});
