import { jsonOf, type ErrorClassifier, type HttpReply } from '../../http/ads-http';
import { PlatformError } from '../../platform';

/**
 * Meta's errors, read from the JSON body (a throttle is not necessarily HTTP 429;
 * docs/connectors-meta-tiktok-csv.md): 190 → auth (the token expired: reconnect) · 10, 200–299 and
 * 100/33 → permission · 4, 17, 32, 613, 80000–80014 → throttled, waiting
 * x-business-use-case-usage's estimated_time_to_regain_access when it says · 1, 2 (and
 * is_transient) → transient · 100/1487534 → "too much data" (the caller halves the range) ·
 * anything else → invalid. Messages are Mixdesk's own plus the platform's code: Meta's own text
 * never reaches a message (it may quote what was sent).
 */

export const META_LABEL = 'Meta Ads';

/** Error 100, subcode 1487534: "Please reduce the amount of data you're asking for". */
export const TOO_MUCH_DATA = '100/1487534';

const THROTTLE_CODES = new Set([4, 17, 32, 613]);
const isThrottle = (code: number) => THROTTLE_CODES.has(code) || (code >= 80000 && code <= 80014);

interface GraphError {
  code?: unknown;
  error_subcode?: unknown;
  is_transient?: unknown;
  type?: unknown;
}

/** The usage headers' JSON, read defensively: a header that is not JSON counts as absent. */
function headerJson(headers: Headers, name: string): unknown {
  const raw = headers.get(name);
  return raw ? jsonOf(raw) : undefined;
}

const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;

/** x-business-use-case-usage: `{"<account>":[{"type":…,"call_count":…,"estimated_time_to_regain_access":<minutes>}]}`. */
function businessUseCases(headers: Headers): Record<string, unknown>[] {
  const v = headerJson(headers, 'x-business-use-case-usage');
  if (!v || typeof v !== 'object') return [];
  return Object.values(v as Record<string, unknown>).flatMap((list) =>
    Array.isArray(list) ? list.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object') : [],
  );
}

/** Meta's own delay, in ms, when a usage header names one (minutes → ms). */
export function regainAccessMs(headers: Headers): number | undefined {
  const minutes = businessUseCases(headers).map((e) => num(e.estimated_time_to_regain_access) ?? 0);
  const most = Math.max(0, ...minutes);
  return most > 0 ? most * 60_000 : undefined;
}

/**
 * The highest use percentage any usage header reports (x-business-use-case-usage, x-ad-account-usage,
 * x-fb-ads-insights-throttle, x-app-usage); 0 when none does.
 */
export function usagePercent(headers: Headers): number {
  const pcts: number[] = [];
  for (const e of businessUseCases(headers))
    pcts.push(num(e.call_count) ?? 0, num(e.total_cputime) ?? 0, num(e.total_time) ?? 0);
  const account = headerJson(headers, 'x-ad-account-usage') as Record<string, unknown> | undefined;
  if (account && typeof account === 'object') pcts.push(num(account.acc_id_util_pct) ?? 0);
  const insights = headerJson(headers, 'x-fb-ads-insights-throttle') as Record<string, unknown> | undefined;
  if (insights && typeof insights === 'object')
    pcts.push(num(insights.app_id_util_pct) ?? 0, num(insights.acc_id_util_pct) ?? 0);
  const app = headerJson(headers, 'x-app-usage') as Record<string, unknown> | undefined;
  if (app && typeof app === 'object')
    pcts.push(num(app.call_count) ?? 0, num(app.total_cputime) ?? 0, num(app.total_time) ?? 0);
  return Math.max(0, ...pcts);
}

/** The PlatformError of a Graph API reply that failed (an `error` body, or a bad status), or undefined when it did not. */
export function metaErrorOf(reply: HttpReply, body: unknown, what: string): PlatformError | undefined {
  const err = body && typeof body === 'object' ? (body as { error?: GraphError }).error : undefined;
  if (err && typeof err === 'object') {
    const code = num(err.code) ?? 0;
    const sub = num(err.error_subcode);
    const platformCode = sub === undefined ? String(code) : `${code}/${sub}`;
    const fail = (kind: PlatformError['kind'], message: string, retryAfterMs?: number) =>
      new PlatformError(
        kind,
        `${META_LABEL}: ${message} (${what}; Meta error ${platformCode})`,
        'meta_ads',
        retryAfterMs,
        platformCode,
      );
    if (code === 190)
      return fail(
        'auth',
        'the access token has expired or is no longer valid — reconnect the connector with a new token',
      );
    if (code === 100 && sub === 1487534) return fail('invalid', 'too much data asked for at once');
    if (code === 100 && sub === 33)
      return fail('permission', 'this token may not read that ad account, or it does not exist');
    if (code === 10 || (code >= 200 && code <= 299))
      return fail('permission', 'this token lacks the permission to read the ad account (ads_read)');
    if (isThrottle(code))
      return fail(
        'throttled',
        'Meta is limiting the calls to this account; waiting before trying again',
        regainAccessMs(reply.headers),
      );
    if (code === 1 || code === 2 || err.is_transient === true) return fail('transient', 'Meta had a temporary problem');
    return fail('invalid', 'Meta refused the request');
  }
  if (reply.status >= 200 && reply.status < 300) return undefined;
  const plain = (kind: PlatformError['kind'], message: string, retryAfterMs?: number) =>
    new PlatformError(
      kind,
      `${META_LABEL}: ${message} (${what}; HTTP ${reply.status})`,
      'meta_ads',
      retryAfterMs,
      `HTTP_${reply.status}`,
    );
  if (reply.status === 401)
    return plain('auth', 'the access token was refused — reconnect the connector with a new token');
  if (reply.status === 403) return plain('permission', 'this token may not read that ad account');
  if (reply.status === 429)
    return plain('throttled', 'Meta is limiting the calls; waiting before trying again', regainAccessMs(reply.headers));
  if (reply.status >= 500) return plain('transient', 'Meta had a server error');
  return plain('invalid', 'Meta refused the request');
}

export const metaMalformed = (what: string, detail: string) =>
  new PlatformError(
    'malformed',
    `${META_LABEL}: the reply to ${what} is not what the Marketing API sends (${detail})`,
    'meta_ads',
    undefined,
    'MALFORMED',
  );

/** Meta's error classifier: metaErrorOf, and a successful reply that is not JSON is malformed. */
export const classifyMetaError: ErrorClassifier = (reply, body, what) =>
  metaErrorOf(reply, body, what) ??
  (body === undefined ? metaMalformed(what, `HTTP ${reply.status}, not JSON`) : undefined);
