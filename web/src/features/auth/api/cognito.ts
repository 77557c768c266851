import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
  type SignInOutput,
} from 'aws-amplify/auth';
import { getConfig } from '../../../lib/config';

/**
 * Every Amplify (Cognito) call of the console, in one module that only the sign-in screens, the
 * profile page and a token refresh load: the business routes do not carry Amplify.
 */
let configured = false;

export function ensureAmplify(): void {
  if (configured) return;
  const c = getConfig();
  Amplify.configure({
    Auth: {
      Cognito: { userPoolId: c.userPoolId, userPoolClientId: c.userPoolClientId, userPoolEndpoint: c.userPoolEndpoint },
    },
  });
  configured = true;
}

/**
 * The one fixed name of an authenticator set up for Mixdesk: the issuer (and label) of the
 * otpauth:// URI the QR code carries, which the app shows, and the friendly device name Cognito
 * keeps for the verified software token.
 */
export const TOTP_DEVICE_NAME = 'Mixdesk';

/** The otpauth:// URI of a TOTP secret, for the QR code: issued by TOTP_DEVICE_NAME to `accountName`. */
export function totpSetupUri(details: { getSetupUri: (issuer: string, account?: string) => URL }, accountName: string) {
  return details.getSetupUri(TOTP_DEVICE_NAME, accountName).toString();
}

export type SignInStep = SignInOutput['nextStep'];

export async function passwordSignIn(username: string, password: string): Promise<SignInStep> {
  ensureAmplify();
  // A stale Amplify user (e.g. after a crash) would make signIn fail with UserAlreadyAuthenticated.
  await signOut().catch(() => undefined);
  const out = await signIn({ username, password, options: { authFlowType: getConfig().authFlow } });
  return out.nextStep;
}

/**
 * Answers the current challenge: a new password, a TOTP code, or the MFA type to use. The device
 * name is used by Cognito only when the code finishes an authenticator set-up at sign-in.
 */
export async function answerChallenge(challengeResponse: string): Promise<SignInStep> {
  ensureAmplify();
  const out = await confirmSignIn({ challengeResponse, options: { friendlyDeviceName: TOTP_DEVICE_NAME } });
  return out.nextStep;
}

export async function currentTokens(
  forceRefresh = false,
): Promise<{ accessToken: string; idToken: string; email: string } | null> {
  ensureAmplify();
  const s = await fetchAuthSession({ forceRefresh });
  const access = s.tokens?.accessToken;
  const id = s.tokens?.idToken;
  if (!access || !id) return null;
  const email = typeof id.payload.email === 'string' ? id.payload.email : '';
  return { accessToken: access.toString(), idToken: id.toString(), email };
}

export async function cognitoSignOut(): Promise<void> {
  ensureAmplify();
  await signOut();
}

export async function register(email: string, name: string, password: string) {
  ensureAmplify();
  const out = await signUp({ username: email, password, options: { userAttributes: { email, name } } });
  return out.nextStep.signUpStep;
}

export async function confirmRegistration(email: string, code: string) {
  ensureAmplify();
  const out = await confirmSignUp({ username: email, confirmationCode: code });
  return out.nextStep.signUpStep;
}

export async function resendCode(email: string): Promise<void> {
  ensureAmplify();
  await resendSignUpCode({ username: email });
}

/** 1 done, 2 code sent; the code's mail in `locale` (the user pool's mail trigger reads it: lambdas/modules/users/user-pool-mail.ts). */
export async function startPasswordReset(email: string, locale: string): Promise<1 | 2> {
  ensureAmplify();
  const out = await resetPassword({ username: email, options: { clientMetadata: { locale } } });
  return out.nextStep.resetPasswordStep === 'DONE' ? 1 : 2;
}

export async function finishPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  ensureAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

/** Why a password change failed, named for the error catalogue (`apiErrors.cognito.<name>`). */
export class PasswordChangeError extends Error {
  constructor(name: 'NoSignedInUser' | 'SessionInvalid', cause: unknown) {
    super(name === 'NoSignedInUser' ? 'No user is currently signed in' : 'Session is invalid', { cause });
    this.name = name;
  }
}

/**
 * Cognito refuses a revoked, expired or foreign access token with NotAuthorizedException too, as it
 * does a wrong current password: its message tells them apart.
 */
const ACCESS_TOKEN_REFUSED = /access token/i;

/**
 * Changes the signed-in user's password. No Cognito session at all (Amplify's
 * UserUnAuthenticatedException) is NoSignedInUser; a session Cognito no longer accepts is
 * SessionInvalid; a wrong current password or a weak new one keep Cognito's own error.
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  ensureAmplify();
  try {
    await updatePassword({ oldPassword, newPassword });
  } catch (err) {
    const { name, message } = (err ?? {}) as { name?: string; message?: string };
    if (name === 'UserUnAuthenticatedException') throw new PasswordChangeError('NoSignedInUser', err);
    if (name === 'NotAuthorizedException' && ACCESS_TOKEN_REFUSED.test(message ?? ''))
      throw new PasswordChangeError('SessionInvalid', err);
    throw err;
  }
}

export async function totpEnabled(): Promise<boolean> {
  ensureAmplify();
  const pref = await fetchMFAPreference();
  return (pref.enabled ?? []).includes('TOTP');
}

/** Starts authenticator-app setup: the secret (as text) and the otpauth:// URI (as a QR code). */
export async function beginTotpSetup(accountName: string): Promise<{ secret: string; uri: string }> {
  ensureAmplify();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: totpSetupUri(details, accountName) };
}

export async function finishTotpSetup(code: string): Promise<void> {
  ensureAmplify();
  await verifyTOTPSetup({ code, options: { friendlyDeviceName: TOTP_DEVICE_NAME } });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function disableTotp(): Promise<void> {
  ensureAmplify();
  await updateMFAPreference({ totp: 'DISABLED' });
}
