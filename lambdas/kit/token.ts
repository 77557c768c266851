import { ACCESS_TOKEN_USE } from '../shared/access-token';
import { UnauthorizedError } from '../core/errors';
import type { HttpApiEvent } from './event';

const claim = (event: HttpApiEvent, name: string): string | undefined => {
  const v = event.requestContext?.authorizer?.jwt?.claims?.[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
};

/**
 * The Cognito subject of the verified token, refused unless the token is an ACCESS token: the cloud
 * authorizer would let an ID token of the same app client through (see shared/access-token.ts), and
 * an ID token is meant for the console, not as an API credential (it cannot be revoked by global
 * sign-out the way access tokens are). Checked here so the cloud and the local stack behave alike.
 */
export function accessTokenSubject(event: HttpApiEvent): string {
  if (claim(event, 'token_use') !== ACCESS_TOKEN_USE)
    throw new UnauthorizedError('Sign in again: the API accepts access tokens only', 'TOKEN_NOT_ACCESS');
  const sub = claim(event, 'sub');
  if (!sub) throw new UnauthorizedError('Token has no subject', 'NOT_SIGNED_IN');
  return sub;
}

/**
 * When the token's session began: `auth_time` (kept by refreshed tokens, so a refresh does not
 * outlive "sign out everywhere"), else `iat`; epoch seconds. Claims arrive as strings.
 */
export function sessionAuthTime(event: HttpApiEvent): number | undefined {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const n = Number(claims?.auth_time ?? claims?.iat);
  return n > 0 ? n : undefined;
}
