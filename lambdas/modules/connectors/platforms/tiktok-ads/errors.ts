import { looseObject, number, optional, string } from 'zod/mini';
import type { ErrorClassifier } from '../../http/ads-http';
import { issuePaths } from '../../http/metrics';
import { PlatformError } from '../../platform';

export const TIKTOK_LABEL = 'TikTok Ads';

/** Every Business API reply: `code` 0 and its `data`, or a code saying what failed. */
export const envelope = looseObject({ code: number(), message: optional(string()), data: optional(looseObject({})) });

export const tiktokMalformed = (what: string, detail: string) =>
  new PlatformError(
    'malformed',
    `${TIKTOK_LABEL}: the reply to ${what} is not what the Business API sends (${detail})`,
    'tiktok_ads',
    undefined,
    'MALFORMED',
  );

/** What a non-zero `code` means. */
function tiktokErrorOf(code: number, what: string): PlatformError {
  const fail = (kind: PlatformError['kind'], message: string) =>
    new PlatformError(
      kind,
      `${TIKTOK_LABEL}: ${message} (${what}; TikTok code ${code})`,
      'tiktok_ads',
      undefined,
      String(code),
    );
  if (code === 40100) return fail('throttled', 'TikTok is limiting the calls; waiting before trying again');
  if (code === 40104 || code === 40105 || code === 40110)
    return fail('auth', 'the access token has expired or was revoked — reconnect the connector with a new token');
  if (code === 40001) return fail('permission', 'this token may not read that advertiser');
  if (code >= 50000) return fail('transient', 'TikTok had a temporary problem');
  return fail('invalid', 'TikTok refused the request');
}

const httpError = (kind: PlatformError['kind'], message: string, what: string, status: number) =>
  new PlatformError(
    kind,
    `${TIKTOK_LABEL}: ${message} (${what}; HTTP ${status})`,
    'tiktok_ads',
    undefined,
    `HTTP_${status}`,
  );

/**
 * TikTok's error classifier. Errors come as HTTP 200 with `code != 0`: 40100 → throttled (backoff;
 * TikTok names no delay), 40104/40105/40110 → auth, 40001 → permission, 40000 and other 4xxxx →
 * invalid, 5xxxx → transient. A 5xx is transient, a 429 throttled, a 401 auth; a body that is not
 * JSON or not the envelope is malformed (the session scrubs its secrets from the message).
 */
export const classifyTiktokError: ErrorClassifier = (reply, body, what) => {
  if (reply.status >= 500) return httpError('transient', 'TikTok had a server error', what, reply.status);
  if (reply.status === 429) return httpError('throttled', 'TikTok is limiting the calls', what, 429);
  if (reply.status === 401)
    return httpError('auth', 'the access token was refused — reconnect the connector with a new token', what, 401);
  if (body === undefined) return tiktokMalformed(what, `HTTP ${reply.status}, not JSON`);
  const env = envelope.safeParse(body);
  if (!env.success) return tiktokMalformed(what, issuePaths(env.error.issues));
  if (env.data.code !== 0) return tiktokErrorOf(env.data.code, what);
  if (reply.status !== 200) return httpError('invalid', 'TikTok refused the request', what, reply.status);
  return undefined;
};
