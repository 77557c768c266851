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

/** The app name shown by authenticator apps (their "device name"). */
export const TOTP_ISSUER = 'Mixdesk';

export type SignInStep = SignInOutput['nextStep'];

export async function passwordSignIn(username: string, password: string): Promise<SignInStep> {
  ensureAmplify();
  // A stale Amplify user (e.g. after a crash) would make signIn fail with UserAlreadyAuthenticated.
  await signOut().catch(() => undefined);
  const out = await signIn({ username, password, options: { authFlowType: getConfig().authFlow } });
  return out.nextStep;
}

/** Answers the current challenge: a new password, a TOTP code, or the MFA type to use. */
export async function answerChallenge(challengeResponse: string): Promise<SignInStep> {
  ensureAmplify();
  const out = await confirmSignIn({ challengeResponse });
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

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  ensureAmplify();
  await updatePassword({ oldPassword, newPassword });
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
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, accountName).toString() };
}

export async function finishTotpSetup(code: string): Promise<void> {
  ensureAmplify();
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function disableTotp(): Promise<void> {
  ensureAmplify();
  await updateMFAPreference({ totp: 'DISABLED' });
}
