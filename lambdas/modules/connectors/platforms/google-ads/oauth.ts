import type { PlatformCredentials } from '../../platform';
import type { IdleTimer } from '../../http/idle-timer';
import { platformError } from './errors';
import { tokenOf } from './wire';

/** One HTTP exchange of the client (ads-http.ts `open` with its numbers). */
export type OpenRequest = (url: string, init: RequestInit) => Promise<{ res: Response; idle: IdleTimer }>;

/** The error of a token endpoint that refused: `invalid_grant` in the user's terms, a bad client, a throttle, an outage. */
function tokenRefusal(status: number, body: unknown) {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const code = typeof error === 'string' ? error.slice(0, 64) : `HTTP_${status}`;
  if (code === 'invalid_grant')
    return platformError('auth', 'the Google sign-in expired or was revoked; reconnect', undefined, code);
  if (code === 'invalid_client' || code === 'unauthorized_client')
    return platformError(
      'auth',
      "Google refused the OAuth client id or secret; check the connector's client settings",
      undefined,
      code,
    );
  if (status === 429) return platformError('throttled', "Google's sign-in service asked to slow down", undefined, code);
  if (status >= 500)
    return platformError('transient', `Google's sign-in service failed (HTTP ${status})`, undefined, code);
  return platformError('invalid', `Google's sign-in service refused the token request (${code})`, undefined, code);
}

/** An access token for the OAuth refresh token (form-encoded POST to the token endpoint). */
export async function exchangeRefreshToken(
  credentials: PlatformCredentials,
  tokenUrl: string,
  open: OpenRequest,
): Promise<{ accessToken: string; expiresInS: number }> {
  const { refreshToken, clientId, clientSecret } = credentials;
  if (!refreshToken || !clientId || !clientSecret) {
    throw platformError(
      'auth',
      'the connector has no Google refresh token, client id and client secret; reconnect the Google account',
      undefined,
      'NO_CREDENTIALS',
    );
  }
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: clientId,
    client_secret: clientSecret,
    refresh_token: refreshToken,
  });
  const { res, idle } = await open(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  try {
    const text = await idle.text(res);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!res.ok) throw tokenRefusal(res.status, body);
    return tokenOf(body);
  } finally {
    idle.stop();
  }
}
