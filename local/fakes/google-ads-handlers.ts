import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './platform-fake-server';
import { camel, GoogleRefusal, invalidQuery, parseQuery, permissionDenied, tokenExpired } from './google-ads-query';
import { brokenRow, type GoogleAdsState, type QueuedFault, type Row } from './google-ads-state';
import type { FakeGoogleCustomer } from './google-ads-data';

/** The Google Ads fake's endpoints: OAuth's token, the accessible customers, search and searchStream. */

export const json = (res: ServerResponse, status: number, value: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(value));

/** A request's body; over 1 MB is Google's refusal. */
const bodyOf = (req: IncomingMessage) =>
  readBody(req, 1024 * 1024, () => invalidQuery('The request is too large.', 'REQUEST_TOO_LARGE'));

/** The refusal a queued fault answers with. */
function refusalOf(state: GoogleAdsState, req: IncomingMessage, fault: QueuedFault): GoogleRefusal | undefined {
  switch (fault.kind) {
    case 'expiredToken': {
      const issued = state.presented(req);
      if (issued) issued.expiresAt = state.settings.now();
      return tokenExpired();
    }
    case 'throttle':
      return new GoogleRefusal(
        429,
        'RESOURCE_EXHAUSTED',
        'quotaError',
        'RESOURCE_EXHAUSTED',
        `Too many requests. Retry in ${fault.retryDelay.replace(/s$/, '')} seconds.`,
        fault.retryDelay,
      );
    case 'serverError':
      return new GoogleRefusal(500, 'INTERNAL', 'internalError', 'INTERNAL_ERROR', 'Internal error encountered.');
    case 'permissionDenied':
      return permissionDenied("User doesn't have permission to access customer.");
    default:
      return undefined;
  }
}

/** Answers a fault that is an error or a hang; 'malformed' is the caller's to slip into rows. Returns true when answered. */
export function answerFault(
  state: GoogleAdsState,
  req: IncomingMessage,
  res: ServerResponse,
  fault: QueuedFault | undefined,
): boolean {
  if (!fault || fault.kind === 'malformed') return false;
  if (fault.kind === 'timeout') {
    state.held.add(res);
    res.on('close', () => state.held.delete(res));
    return true;
  }
  if (fault.kind === 'notJson') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    return true;
  }
  const refusal = refusalOf(state, req, fault)!;
  const body = refusal.body(randomUUID());
  json(res, refusal.httpStatus, fault.wrapped ? [body] : body);
  return true;
}

export async function token(state: GoogleAdsState, req: IncomingMessage, res: ServerResponse) {
  state.stats.tokenRequests++;
  const form = new URLSearchParams(await bodyOf(req));
  const { clientId, clientSecret, refreshTokens, tokenTtlS, now } = state.settings;
  if (form.get('grant_type') !== 'refresh_token')
    return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
  if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
    return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
  }
  const grant = refreshTokens[form.get('refresh_token') ?? ''];
  if (!grant || grant.expired)
    return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  const accessToken = `ya29.local-${randomBytes(24).toString('base64url')}`;
  state.tokens.set(accessToken, {
    refreshToken: form.get('refresh_token')!,
    customers: grant.customers,
    expiresAt: now() + tokenTtlS * 1000,
  });
  json(res, 200, {
    access_token: accessToken,
    expires_in: tokenTtlS,
    scope: 'https://www.googleapis.com/auth/adwords',
    token_type: 'Bearer',
  });
}

export async function listAccessible(state: GoogleAdsState, req: IncomingMessage, res: ServerResponse) {
  state.stats.apiRequests++;
  if (answerFault(state, req, res, state.takeFault(undefined))) return;
  const issued = state.authorise(req);
  json(res, 200, { resourceNames: issued.customers.map((id) => `customers/${id}`) });
}

interface SearchBody {
  query?: unknown;
  pageToken?: unknown;
  pageSize?: unknown;
}

/** What one search or searchStream call answers: its rows, field mask and request id. */
interface Answer {
  rows: Iterable<Row>;
  fieldMask: string;
  requestId: string;
  malformed: boolean;
}

export async function search(
  state: GoogleAdsState,
  req: IncomingMessage,
  res: ServerResponse,
  customerId: string,
  stream: boolean,
) {
  state.stats.apiRequests++;
  const text = await bodyOf(req);
  const fault = state.takeFault(customerId);
  if (answerFault(state, req, res, fault)) return;
  const customer: FakeGoogleCustomer = state.customerFor(state.authorise(req), customerId);
  let body: SearchBody;
  try {
    body = JSON.parse(text) as SearchBody;
  } catch {
    throw invalidQuery('Invalid JSON payload received.', 'BAD_REQUEST');
  }
  const q = parseQuery(body.query);
  const answer: Answer = {
    rows: state.rowsOf(customer, q),
    fieldMask: q.fields.map((f) => f.split('.').map(camel).join('.')).join(','),
    requestId: randomBytes(12).toString('base64url'),
    malformed: fault?.kind === 'malformed',
  };
  if (stream) await answerStream(res, answer, state.settings.batchSize);
  else answerPage(res, body, answer, state.settings.pageSize);
}

const pageTokenOf = (query: string, offset: number) =>
  Buffer.from(JSON.stringify({ q: query, o: offset })).toString('base64url');

/** Where a follow-up page starts: its token must name the same query. */
function offsetOf(body: SearchBody): number {
  if (body.pageToken === undefined) return 0;
  let decoded: { q?: unknown; o?: unknown } = {};
  try {
    decoded = JSON.parse(Buffer.from(String(body.pageToken), 'base64url').toString('utf8')) as typeof decoded;
  } catch {
    // Refused below.
  }
  if (decoded.q !== String(body.query) || typeof decoded.o !== 'number') {
    throw new GoogleRefusal(
      400,
      'INVALID_ARGUMENT',
      'requestError',
      'INVALID_PAGE_TOKEN',
      'Page token is invalid, or the query changed between pages.',
    );
  }
  return decoded.o;
}

/** search: one page of `pageSize` rows, and a token for the next while there are more. */
function answerPage(res: ServerResponse, body: SearchBody, a: Answer, pageSize: number) {
  if (body.pageSize !== undefined)
    throw new GoogleRefusal(
      400,
      'INVALID_ARGUMENT',
      'requestError',
      'PAGE_SIZE_NOT_SUPPORTED',
      'Setting the page size is not supported.',
    );
  const offset = offsetOf(body);
  const page: Row[] = [];
  let i = 0;
  let more = false;
  for (const row of a.rows) {
    if (i++ < offset) continue;
    if (page.length === pageSize) {
      more = true;
      break;
    }
    page.push(row);
  }
  if (a.malformed) page[page.length - 1] = brokenRow(page[page.length - 1]);
  json(res, 200, {
    results: page,
    fieldMask: a.fieldMask,
    requestId: a.requestId,
    ...(more ? { nextPageToken: pageTokenOf(String(body.query), offset + page.length) } : {}),
  });
}

/** searchStream: the array, batch by batch, as it is read. */
async function answerStream(res: ServerResponse, a: Answer, batchSize: number) {
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  res.write('[');
  let batch: Row[] = [];
  let batches = 0;
  const flush = async () => {
    if (a.malformed && batches === 0) batch[batch.length - 1] = brokenRow(batch[batch.length - 1]);
    const ok = res.write(
      `${batches ? ',' : ''}${JSON.stringify({ results: batch, fieldMask: a.fieldMask, requestId: a.requestId })}`,
    );
    batches++;
    batch = [];
    if (!ok) await new Promise((r) => res.once('drain', r));
  };
  for (const row of a.rows) {
    batch.push(row);
    if (batch.length === batchSize) await flush();
  }
  if (batch.length || batches === 0) {
    if (batch.length || a.malformed) await flush();
    else res.write(JSON.stringify({ fieldMask: a.fieldMask, requestId: a.requestId }));
  }
  res.end(']');
}
