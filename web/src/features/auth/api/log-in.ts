import { callApi } from '../../../lib/api-client';
import { setSession, updateSession, type Session } from '../../../lib/auth';
import { cognitoSignOut, currentTokens } from './cognito';

/**
 * After Cognito signs the user in: AuthService.LogInByAws with the access token, and keep the profile.
 * A failure signs out of Cognito again and throws "Error during LogInByAws".
 */
export async function completeSignIn(typedEmail: string, viaMfaCode: boolean): Promise<Session> {
  const tokens = await currentTokens();
  if (!tokens) throw new Error('Error during LogInByAws');
  const email = tokens.email || typedEmail;
  try {
    const profile = await callApi(
      'AuthService',
      'LogInByAws',
      { JwtToken: tokens.accessToken, Email: email },
      { token: tokens.accessToken },
    );
    const session: Session = { accessToken: tokens.accessToken, idToken: tokens.idToken, mfa: viaMfaCode, profile };
    setSession(session);
    return session;
  } catch (err) {
    await cognitoSignOut().catch(() => undefined);
    const reason = err instanceof Error && err.message ? `: ${err.message}` : '';
    // The cause keeps the API's code, so the sign-in screen can say why in the user's language.
    throw new Error(`Error during LogInByAws${reason}`, { cause: err });
  }
}

/** LogInByAws again with the current tokens (after turning MFA on), keeping the session. */
export async function refreshProfile(): Promise<void> {
  const tokens = await currentTokens();
  if (!tokens) throw new Error('Error during LogInByAws');
  const profile = await callApi(
    'AuthService',
    'LogInByAws',
    { JwtToken: tokens.accessToken, Email: tokens.email },
    { token: tokens.accessToken },
  );
  updateSession({ profile, mfa: true });
}
