import type { ErrorClassifier } from '../../http/ads-http';
import { PlatformError } from '../../platform';
import { failureOf, type GoogleFailure } from './wire';

export const GOOGLE_ADS_LABEL = 'Google Ads';

export const platformError = (
  kind: PlatformError['kind'],
  message: string,
  retryAfterMs?: number,
  platformCode?: string,
) => new PlatformError(kind, message, 'google_ads', retryAfterMs, platformCode);

/** The platform's text, cut short, without the given secrets nor anything shaped like a Google token. */
export function scrubGoogle(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.slice(0, 300);
  for (const s of secrets) if (s && s.length >= 6) out = out.split(s).join('[redacted]');
  // Google's token shapes: access tokens ya29.…, refresh tokens 1//….
  return out.replace(/ya29\.[\w.-]+/g, '[redacted]').replace(/1\/\/[\w.-]+/g, '[redacted]');
}

/**
 * What a Google Ads failure means: 401 auth (the caller refreshes once first), 403 permission, 429
 * throttled (its retryDelay), 5xx transient, anything else invalid with the platform's text, scrubbed.
 */
export function googleErrorOf(f: GoogleFailure, scrub: (text: string) => string = scrubGoogle): PlatformError {
  const code = f.errorCode ?? f.status ?? `HTTP_${f.httpStatus}`;
  const detail = f.message ? `: ${scrub(f.message)}` : '';
  if (f.httpStatus === 401)
    return platformError('auth', 'Google refused the access token; reconnect the Google account', undefined, code);
  if (f.httpStatus === 403)
    return platformError(
      'permission',
      `the Google account may not read this Google Ads account (${code})`,
      undefined,
      code,
    );
  if (f.httpStatus === 429)
    return platformError('throttled', `Google Ads asked to slow down (${code})`, f.retryDelayMs, code);
  if (f.httpStatus >= 500)
    return platformError('transient', `Google Ads failed (HTTP ${f.httpStatus}, ${code})`, f.retryDelayMs, code);
  return platformError('invalid', `Google Ads refused the request (${code})${detail}`, undefined, code);
}

/** Google's error classifier: a reply that is not 2xx, read as its google.rpc.Status (a searchStream element that carries one is the stream's). */
export const classifyGoogleError: ErrorClassifier = (reply, body) =>
  reply.status >= 200 && reply.status < 300
    ? undefined
    : googleErrorOf(failureOf(body, reply.status) ?? { httpStatus: reply.status });
