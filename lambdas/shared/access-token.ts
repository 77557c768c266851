/**
 * What makes a token an API token. Cognito issues two JWTs at sign-in: the ID token (who the user
 * is, for the console) and the access token (what the API accepts). API Gateway's JWT authorizer
 * checks only issuer, audience and expiry, and an ID token's `aud` is the same app client id that
 * an access token carries in `client_id`, so both would pass it. Two guards close that gap:
 * - every route requires this scope (the CDK routes' `authorizationScopes`, and the local
 *   authorizer): only access tokens carry a `scope` claim;
 * - the handler kit requires `token_use = access` (lambdas/kit/token.ts), whatever the authorizer did.
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';
export const ACCESS_TOKEN_USE = 'access';

/** Does a `scope` claim (space-separated, as Cognito writes it) hold the API scope? */
export const hasApiScope = (scope: unknown): boolean =>
  typeof scope === 'string' && scope.split(/\s+/).includes(ACCESS_TOKEN_SCOPE);
