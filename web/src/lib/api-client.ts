import { getAccessToken, signOut } from './auth';
import type { Envelope, MethodName, RequestOf, ResponseOf, ServiceName } from './api-types';
import { getConfig } from './config';
import { earlyKey, takeEarly } from './first-frame/early-call';
import { loadErrorCatalogue } from './i18n';
import type { ErrorCode, ErrorParams } from '@server/shared/error-codes';
import type { ErrorIssue } from '@server/shared/error-issues';

/** The error fields of a failed reply (docs/domain.md): the stable code and its params beside the English message. */
export interface ErrorReply {
  ErrorCode?: string;
  ErrorParams?: ErrorParams;
  /** A many-part input's problems, each where and why (a CSV file's lines; shared/error-issues.ts). */
  ErrorIssues?: ErrorIssue[];
}

/**
 * An error code's shape (lambdas/shared/error-codes.ts: upper-case words joined by `_`). A reply's code
 * is not looked up in that list here: the list (~1.5 kB gzip) would load with the sign-in route and
 * every screen. A code this console does not know (a newer server) has no message in the catalogue,
 * so the screens show the server's own (lib/api-error-text.ts), as for no code.
 */
const CODE_SHAPE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * A failed call. status 0 = the network failed (no HTTP reply). `code` (lambdas/shared/error-codes.ts)
 * is what screens react to and translate (components/ui/use-api-error.ts); `message` is the server's
 * English explanation, the fallback.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | undefined;
  readonly params: ErrorParams;
  /** The problems the reply lists one by one (ErrorIssues), to show with issueText (lib/api-error-text.ts); usually none. */
  readonly issues: readonly ErrorIssue[];
  constructor(
    readonly status: number,
    message: string,
    readonly route: string,
    reply?: ErrorReply | null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code =
      typeof reply?.ErrorCode === 'string' && CODE_SHAPE.test(reply.ErrorCode)
        ? (reply.ErrorCode as ErrorCode)
        : undefined;
    this.params = reply?.ErrorParams ?? {};
    this.issues = Array.isArray(reply?.ErrorIssues) ? reply.ErrorIssues : [];
  }
  get isForbidden() {
    return this.status === 403;
  }
  get isConflict() {
    return this.status === 409;
  }
  get isNetwork() {
    return this.status === 0;
  }
  /** Saved by someone else since it was read: a reload fixes it (and nothing else does). */
  get isStale() {
    return this.code === 'STALE_VERSION' || (this.code === undefined && this.status === 409);
  }
  /** A permission or account access is missing. */
  get isPermissionMissing() {
    return (
      this.code === 'PERMISSION_MISSING' ||
      this.code === 'ACCOUNT_NO_ACCESS' ||
      (this.code === undefined && this.status === 403)
    );
  }
}

export interface CallOptions {
  /** The account of the page (x-account-id), taken from the path. */
  accountId?: number | string | null;
  signal?: AbortSignal;
  /** A token to use instead of the session's (sign-in, before the session exists). */
  token?: string;
}

type NetworkFailureHandler = (route: string, error: unknown) => void;
let onNetworkFailure: NetworkFailureHandler | null = null;

/** The crash reporter registers here: network failures are reported. */
export function setNetworkFailureHandler(h: NetworkFailureHandler | null): void {
  onNetworkFailure = h;
}

/**
 * POST {apiUrl}/{Service}/{Method} with a JSON body and the bearer token; unwraps the reply envelope.
 * 401 signs the user out (the route guard then shows /login); every other failure throws ApiError
 * carrying the server's message, for the screen to show.
 */
export async function callApi<Sv extends ServiceName, M extends MethodName<Sv>>(
  service: Sv,
  method: M,
  body: RequestOf<Sv, M>,
  opts: CallOptions = {},
): Promise<ResponseOf<Sv, M>> {
  const route = `${service}.${method}`;
  const token = opts.token ?? (await getAccessToken());
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.accountId !== undefined && opts.accountId !== null && opts.accountId !== '')
    headers['x-account-id'] = String(opts.accountId);

  const url = `${getConfig().apiUrl}/${service}/${method}`;
  const json = JSON.stringify(body ?? {});
  // The same call sent before the console started (first-frame/early-call.ts) is taken, not sent again.
  const early = token ? takeEarly(earlyKey(url, json, headers['x-account-id'] ?? null, token)) : null;
  let res: Response;
  try {
    res = await (early ?? fetch(url, { method: 'POST', headers, body: json, signal: opts.signal }));
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    onNetworkFailure?.(route, err);
    await loadErrorCatalogue();
    throw new ApiError(0, 'Network error', route);
  }

  let envelope: Envelope<ResponseOf<Sv, M>> | null = null;
  try {
    envelope = (await res.json()) as Envelope<ResponseOf<Sv, M>>;
  } catch {
    envelope = null;
  }
  // Whoever catches the error shows it in the user's language: its messages load on the first one.
  if (res.status === 401 || !res.ok || !envelope || !envelope.Success) await loadErrorCatalogue();
  if (res.status === 401) {
    await signOut();
    throw new ApiError(
      401,
      envelope && !envelope.Success ? envelope.ErrorMessage : 'Not signed in',
      route,
      envelope as ErrorReply | null,
    );
  }
  if (!res.ok || !envelope || !envelope.Success) {
    const message = envelope && !envelope.Success && envelope.ErrorMessage ? envelope.ErrorMessage : 'Wrong Services';
    console.warn(`${route} failed (${res.status}): ${message}`);
    throw new ApiError(res.ok ? 500 : res.status, message, route, envelope as ErrorReply | null);
  }
  return envelope.Response;
}
