import { isCalendarDay } from '../../../shared/calendar';
import { PlatformError, type ConnectorType, type Day, type RetryReport } from '../platform';
import { IdleTimer } from './idle-timer';
import { withRetries, type Backoff, type RetryPolicy, type Sleep } from './retry';

/**
 * What the platform clients share: one HTTP call with a timeout that never leaks a token,
 * the numbers of their retry policy (retry.ts), and the day arithmetic of their slicing.
 * The clients are thin typed code over `fetch` (docs/connectors-meta-tiktok-csv.md says why, with figures).
 */

export interface HttpReply {
  status: number;
  headers: Headers;
  /** The body as text (every reply of these APIs is JSON, or supposed to be). */
  text: string;
}

/** The retry settings a Meta or TikTok client takes: the numbers of retry.ts's one policy. */
export interface RetrySettings {
  /** Attempts per call, the first included (default 4). */
  maxAttempts: number;
  /** Backoff of a retryable failure without the platform's own delay: base × 2^(attempt−1) (default 1 s). */
  baseDelayMs: number;
  /** The longest wait the client sits through itself (default 60 s); a longer platform delay is thrown as `throttled`. */
  maxRetryWaitMs: number;
  /** Told of each failed attempt that will be retried, before the wait. */
  onRetry?: RetryReport;
  /** The rest of the backoff (retry.ts): a cap on the computed wait, its jitter, whose own delay is obeyed. */
  backoff?: Omit<Backoff, 'baseMs'>;
}

export const DEFAULT_RETRY: RetrySettings = { maxAttempts: 4, baseDelayMs: 1000, maxRetryWaitMs: 60_000 };

export function retryPolicyOf(settings: Partial<RetrySettings> | undefined, sleep: Sleep): RetryPolicy {
  const s = { ...DEFAULT_RETRY, ...settings };
  return {
    maxAttempts: s.maxAttempts,
    backoff: { baseMs: s.baseDelayMs, ...s.backoff },
    maxWaitMs: s.maxRetryWaitMs,
    sleep,
    ...(s.onRetry ? { onRetry: s.onRetry } : {}),
  };
}

/** A URL with its secret query parameters blanked, for a log line or an error message. */
export function redactUrl(
  url: string,
  secretParams: readonly string[] = ['access_token', 'secret', 'app_secret', 'client_secret'],
): string {
  try {
    const u = new URL(url);
    for (const name of secretParams) if (u.searchParams.has(name)) u.searchParams.set(name, '***');
    return `${u.pathname}${u.search}`.replace(/%2A%2A%2A/g, '***');
  } catch {
    return '(unparsable URL)';
  }
}

/** Every occurrence of each secret replaced (a platform that echoes a token in its message must not carry it further). */
export function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}

export interface SendOptions {
  platform: ConnectorType;
  /** The platform's name in messages ("Meta Ads"). */
  label: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** The URL as it may be shown (tokens blanked). */
  shownUrl: string;
  log?: (line: string) => void;
}

/** A timeout or a network failure of one exchange: `transient` (retried), never a raw fetch error. */
function failedExchange(err: unknown, method: string, o: SendOptions): PlatformError {
  const name = (err as Error).name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  o.log?.(`${o.label}: ${method} ${o.shownUrl} → ${timedOut ? `no answer in ${o.timeoutMs} ms` : 'network error'}`);
  return new PlatformError(
    'transient',
    timedOut
      ? `${o.label} did not answer ${method} ${o.shownUrl} within ${o.timeoutMs} ms`
      : `${o.label} could not be reached (${method} ${o.shownUrl})`,
    o.platform,
    undefined,
    timedOut ? 'TIMEOUT' : 'NETWORK',
  );
}

/** One HTTP exchange, its body read whole within `timeoutMs`. */
export async function send(url: string, init: RequestInit, o: SendOptions): Promise<HttpReply> {
  const started = Date.now();
  const method = init.method ?? 'GET';
  let res: Response;
  let text: string;
  try {
    res = await o.fetch(url, { ...init, signal: AbortSignal.timeout(o.timeoutMs) });
    text = await res.text();
  } catch (err) {
    throw failedExchange(err, method, o);
  }
  o.log?.(`${o.label}: ${method} ${o.shownUrl} → ${res.status} in ${Date.now() - started} ms`);
  return { status: res.status, headers: res.headers, text };
}

/**
 * One HTTP exchange whose body is read as it arrives (Google's searchStream): no headers, or no next
 * byte of the body, within `timeoutMs` is a timeout. The caller reads the body through `idle` and
 * stops it when done.
 */
export async function open(
  url: string,
  init: RequestInit,
  o: SendOptions,
): Promise<{ res: Response; idle: IdleTimer }> {
  const idle = new IdleTimer(o.timeoutMs);
  const method = init.method ?? 'GET';
  try {
    const res = await o.fetch(url, { ...init, signal: idle.signal });
    idle.touch();
    o.log?.(`${o.label}: ${method} ${o.shownUrl} → ${res.status}`);
    return { res, idle };
  } catch (err) {
    idle.stop();
    throw failedExchange(err, method, o);
  }
}

/** The reply's JSON, or `undefined` when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Refuses a range that is not two real days in order (a bug of the caller, not the platform's). */
export function checkRange(platform: ConnectorType, label: string, from: Day, to: Day): void {
  if (!isCalendarDay(from) || !isCalendarDay(to) || from > to) {
    throw new PlatformError(
      'invalid',
      `${label}: the range must be two days YYYY-MM-DD, the first on or before the second (got ${String(from).slice(0, 10)} … ${String(to).slice(0, 10)})`,
      platform,
    );
  }
}

/** An agent connector saved without the token its platform needs: ask for the credentials again. */
export const missingToken = (platform: ConnectorType) =>
  new PlatformError('auth', 'no access token is stored for this connector; enter the credentials again', platform);

/** The error classifier: what a failed reply means (retry, back off, stop, NoAccess); undefined: not a failure. */
export type ErrorClassifier = (reply: HttpReply, body: unknown, what: string) => PlatformError | undefined;

/** The requester of a platform's JSON API: each call through `send`, classified, retried by the one policy. */
export interface JsonRequesterOptions {
  policy: RetryPolicy;
  send: Omit<SendOptions, 'shownUrl'>;
  classifyError: ErrorClassifier;
  /** Before each attempt (Meta's usage slow-down). */
  beforeEach?: () => Promise<void>;
  /** After each reply, before it is classified (Meta reads its usage headers). */
  afterEach?: (reply: HttpReply) => void;
}

/** One call (url, init; `what` names it in errors, `shownUrl` is the URL as it may be logged): the JSON of a reply the classifier passed. */
export type JsonRequest = (url: string, init: RequestInit, what: string, shownUrl: string) => Promise<unknown>;

export function jsonRequester(o: JsonRequesterOptions): JsonRequest {
  return (url, init, what, shownUrl) =>
    withRetries(o.policy, async () => {
      await o.beforeEach?.();
      const reply = await send(url, init, { ...o.send, shownUrl });
      o.afterEach?.(reply);
      const body = jsonOf(reply.text);
      const failure = o.classifyError(reply, body, what);
      if (failure) throw failure;
      return body;
    });
}
