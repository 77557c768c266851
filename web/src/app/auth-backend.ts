import { setAuthBackend } from '../lib/auth';

/** Token refresh and Cognito sign-out load Amplify only when they are needed. */
export function wireAuthBackend(): void {
  const cognito = () => import('../features/auth/api/cognito');
  setAuthBackend({
    refresh: async () => {
      const tokens = await (await cognito()).currentTokens(true);
      return tokens ? { accessToken: tokens.accessToken, idToken: tokens.idToken } : null;
    },
    signOut: async () => (await cognito()).cognitoSignOut(),
  });
}
