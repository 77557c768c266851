import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readBody, startPlatformFake, type RunningPlatformFake } from './platform-fake-server';
import { googleAdsSpec } from '../../lambdas/modules/connectors/platforms/google-ads/spec';
import { addDaysTo, isCalendarDay } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import type { FakeCampaignNames } from './ads-demo-data';
import { campaignsOf, metricsOf, type FakeGoogleCustomer } from './google-ads-data';

/**
 * A local Google Ads API for `npm start` and the tests: the REST wire format of
 * Google Ads (docs/connectors.md), deterministic demo data (local/fakes/google-ads-data.ts), and
 * faults on demand.
 *
 * - `POST /token` — Google's OAuth token endpoint (form-encoded refresh_token grant) → an access
 *   token for 3599 s; an unknown client → 401 invalid_client; an expired or revoked refresh token →
 *   400 invalid_grant.
 * - `GET /v26/customers:listAccessibleCustomers` → the token's customers.
 * - `POST /v26/customers/{id}/googleAds:search` → `{results, nextPageToken?, fieldMask}`, pages of
 *   `pageSize` rows (10,000 like Google; pageSize in the body is refused as Google does), follow-up
 *   pages must repeat the identical query.
 * - `POST /v26/customers/{id}/googleAds:searchStream` → a JSON array of batches, written batch by batch.
 * - Queries: `… FROM customer` and the daily campaign query (`… FROM campaign WHERE segments.date
 *   BETWEEN 'a' AND 'b'`); only the selected fields come back (lowerCamelCase, int64 as strings,
 *   zero metrics left out as Google's JSON does); an unknown field is a 400 queryError.
 * - `Authorization: Bearer <token>` is checked on every API call: none or unknown → 401
 *   OAUTH_TOKEN_INVALID, expired → 401 OAUTH_TOKEN_EXPIRED; a customer the token may not read → 403
 *   USER_PERMISSION_DENIED.
 *
 * Faults (`injectFault(kind, opts)` in process, `POST /_fake/faults {"kind","times","wrapped",
 * "retryDelay","days"}` over HTTP), each for the next `times` API calls: `expiredToken` (401, and the
 * token presented stops working), `throttle` (429 RESOURCE_EXHAUSTED with retryDelay, default "60s"),
 * `serverError` (500), `timeout` (the request is held, never answered), `malformed` (a row that
 * breaks the format: costMicros not a number), `notJson` (200 with an HTML page), `permissionDenied`
 * (403); `wrapped: true` answers the error as searchStream may, inside a JSON array. `restate`
 * (with `days`) is not a one-off: from now on the last `days` days read with restated numbers (again
 * and again: each restate moves them once more). `GET /_fake/stats` counts the calls.
 */
export type GoogleAdsFault =
  | 'expiredToken'
  | 'throttle'
  | 'serverError'
  | 'timeout'
  | 'malformed'
  | 'notJson'
  | 'permissionDenied'
  | 'restate';

export const GOOGLE_ADS_FAULTS: readonly GoogleAdsFault[] = [
  'expiredToken',
  'throttle',
  'serverError',
  'timeout',
  'malformed',
  'notJson',
  'permissionDenied',
  'restate',
];

export interface FaultOptions {
  times?: number;
  /** The error body inside a JSON array (`[{"error":…}]`). */
  wrapped?: boolean;
  /** throttle: the retryDelay Google names (default "60s"). */
  retryDelay?: string;
  /** restate: how many of the last days change (default 28). */
  days?: number;
  /** Only calls for this customer (default: any). */
  customerId?: string;
}

export interface FakeGoogleRefreshToken {
  customers: string[];
  /** Expired or revoked: the token endpoint answers invalid_grant. */
  expired?: boolean;
}

/** The demo: what `npm start` seeds the Google Ads agent connector with (local/seed and the docs name these). */
export const GOOGLE_ADS_DEMO = {
  clientId: 'mixdesk-local.apps.googleusercontent.com',
  clientSecret: 'local-google-client-secret',
  /** Reads the Israeli and the US customer. */
  refreshToken: '1//local-demo-refresh-token',
  /** The connector whose sign-in expired (its customer, 3456789012, answers invalid_grant). */
  expiredRefreshToken: '1//local-expired-refresh-token',
  customers: [
    { id: '1234567890', name: 'Demo Agency — Israel', currency: 'ILS', timeZone: 'Asia/Jerusalem' },
    { id: '2345678901', name: 'Demo Agency — US', currency: 'USD', timeZone: 'America/New_York' },
    { id: '3456789012', name: 'Demo Agency — Europe', currency: 'EUR', timeZone: 'Europe/Berlin' },
    { id: '9998887776', name: 'Demo Agency — Manager', currency: 'ILS', timeZone: 'Asia/Jerusalem', manager: true },
  ] satisfies FakeGoogleCustomer[],
} as const;

export interface FakeGoogleAdsOptions {
  port: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  customers?: readonly FakeGoogleCustomer[];
  refreshTokens?: Record<string, FakeGoogleRefreshToken>;
  /** Rows per search page (Google: 10,000). */
  pageSize?: number;
  /** Rows per searchStream batch (Google: up to 10,000). */
  batchSize?: number;
  /** Access token lifetime in seconds (Google: 3599). */
  tokenTtlS?: number;
  /** The fake's clock (token expiry, "today"). */
  now?: () => number;
  log?: (line: string) => void;
}

export interface FakeGoogleAdsStats {
  tokenRequests: number;
  apiRequests: number;
  /** Authorization headers of the API calls that carried one (for tests that check which token was used). */
  lastAccessToken?: string;
}

export interface FakeGoogleAds extends FakeCampaignNames {
  endpoint: string;
  /** GOOGLE_ADS_API_URL for the client. */
  apiUrl: string;
  /** GOOGLE_OAUTH_TOKEN_URL for the client. */
  tokenUrl: string;
  port: number;
  server: Server;
  injectFault(kind: GoogleAdsFault, opts?: FaultOptions): void;
  clearFaults(): void;
  stats(): FakeGoogleAdsStats;
  stop(): Promise<void>;
}

const API_VERSION = 'v26';
const FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${API_VERSION}.errors.GoogleAdsFailure`;

class GoogleRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    readonly errorKey: string,
    readonly errorCode: string,
    message: string,
    readonly retryDelay?: string,
  ) {
    super(message);
  }

  body(requestId: string) {
    return {
      error: {
        code: this.httpStatus,
        message: this.httpStatus === 429 ? 'Resource has been exhausted (e.g. check quota).' : this.message,
        status: this.status,
        details: [
          {
            '@type': FAILURE_TYPE,
            errors: [
              {
                errorCode: { [this.errorKey]: this.errorCode },
                message: this.message,
                ...(this.retryDelay
                  ? { details: { quotaErrorDetails: { rateScope: 'DEVELOPER', retryDelay: this.retryDelay } } }
                  : {}),
              },
            ],
            requestId,
          },
        ],
      },
    };
  }
}

const invalidQuery = (message: string, code = 'UNRECOGNIZED_FIELD') =>
  new GoogleRefusal(400, 'INVALID_ARGUMENT', 'queryError', code, message);

/** The fields each resource answers, snake_case as GAQL names them. */
const CUSTOMER_FIELDS = [
  'customer.id',
  'customer.descriptive_name',
  'customer.currency_code',
  'customer.time_zone',
  'customer.manager',
  'customer.resource_name',
];
const CAMPAIGN_FIELDS = [
  'segments.date',
  'campaign.id',
  'campaign.name',
  'campaign.status',
  'campaign.resource_name',
  'metrics.impressions',
  'metrics.clicks',
  'metrics.cost_micros',
  'metrics.conversions',
  'metrics.conversions_value',
  'metrics.video_trueview_views',
];

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

interface ParsedQuery {
  resource: 'customer' | 'campaign';
  fields: string[];
  from?: string;
  to?: string;
}

export function parseQuery(query: unknown): ParsedQuery {
  if (typeof query !== 'string' || !query.trim()) throw invalidQuery('The query is empty.', 'QUERY_ERROR');
  const q = query.replace(/\s+/g, ' ').trim();
  const m = /^SELECT (.+?) FROM (\w+)(?: WHERE (.+))?$/i.exec(q);
  if (!m) throw invalidQuery(`Error in query: unexpected input ${q.slice(0, 40)}.`, 'UNEXPECTED_INPUT');
  const fields = m[1].split(',').map((f) => f.trim());
  const resource = m[2].toLowerCase();
  if (resource !== 'customer' && resource !== 'campaign')
    throw invalidQuery(`This fake reads customer and campaign only, not ${resource}.`, 'INVALID_RESOURCE');
  const known = resource === 'customer' ? CUSTOMER_FIELDS : CAMPAIGN_FIELDS;
  for (const f of fields) if (!known.includes(f)) throw invalidQuery(`Unrecognized field in the query: '${f}'.`);
  if (resource === 'customer') {
    if (m[3]) throw invalidQuery('This fake reads the customer without conditions.', 'UNEXPECTED_INPUT');
    return { resource, fields };
  }
  const w = /^segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'$/i.exec(m[3] ?? '');
  if (!w || !isCalendarDay(w[1]) || !isCalendarDay(w[2]))
    throw invalidQuery(
      "The daily query needs WHERE segments.date BETWEEN 'YYYY-MM-DD' AND 'YYYY-MM-DD'.",
      'EXPECTED_FILTERS_ON_DATE_RANGE',
    );
  if (w[1] > w[2]) throw invalidQuery('The date range ends before it starts.', 'INVALID_DATE_RANGE');
  if (addDaysTo(w[1], 366 * 4) < w[2])
    throw invalidQuery('This fake reads at most four years at once.', 'DATE_RANGE_TOO_WIDE');
  if (!fields.includes('segments.date'))
    throw invalidQuery('Daily rows need segments.date in the SELECT.', 'EXPECTED_FILTERS_ON_DATE_RANGE');
  return { resource, fields, from: w[1], to: w[2] };
}

/** Keeps the selected fields of a full row (lowerCamelCase paths). */
function pick(
  full: Record<string, Record<string, unknown>>,
  fields: string[],
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const f of fields) {
    const [res, name] = f.split('.');
    const key = camel(name);
    const value = full[res]?.[key];
    if (value === undefined) continue;
    (out[res] ??= {})[key] = value;
  }
  return out;
}

/** A request's body; over 1 MB is Google's refusal. */
const bodyOf = (req: IncomingMessage) =>
  readBody(req, 1024 * 1024, () => invalidQuery('The request is too large.', 'REQUEST_TOO_LARGE'));

interface QueuedFault {
  kind: Exclude<GoogleAdsFault, 'restate'>;
  wrapped: boolean;
  retryDelay: string;
  customerId?: string;
}

interface IssuedToken {
  refreshToken: string;
  customers: string[];
  expiresAt: number;
}

export async function startFakeGoogleAds(opts: FakeGoogleAdsOptions): Promise<FakeGoogleAds> {
  const host = opts.host ?? '127.0.0.1';
  const clientId = opts.clientId ?? GOOGLE_ADS_DEMO.clientId;
  const clientSecret = opts.clientSecret ?? GOOGLE_ADS_DEMO.clientSecret;
  const customers = new Map((opts.customers ?? GOOGLE_ADS_DEMO.customers).map((c) => [c.id, c]));
  const refreshTokens: Record<string, FakeGoogleRefreshToken> = opts.refreshTokens ?? {
    [GOOGLE_ADS_DEMO.refreshToken]: { customers: ['1234567890', '2345678901', '9998887776'] },
    [GOOGLE_ADS_DEMO.expiredRefreshToken]: { customers: ['3456789012'], expired: true },
  };
  const pageSize = opts.pageSize ?? 10_000;
  const batchSize = opts.batchSize ?? 10_000;
  const tokenTtlS = opts.tokenTtlS ?? 3599;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => undefined);
  const tokens = new Map<string, IssuedToken>();
  const faults: QueuedFault[] = [];
  /** Restatements: each moves the numbers of the last `days` days (the customer's days, when it was made) once more. */
  const restatements: { days: number; at: number; customerId?: string }[] = [];
  const held = new Set<ServerResponse>();
  const stats: FakeGoogleAdsStats = { tokenRequests: 0, apiRequests: 0 };
  /** Campaigns renamed in this fake (customer/campaign → name); campaignsOf's cache is shared by every fake of the process, so it is never changed. */
  const renamed = new Map<string, string>();
  const nameOf = (customerId: string, c: { id: string; name: string }) =>
    renamed.get(`${customerId}/${c.id}`) ?? c.name;

  const json = (res: ServerResponse, status: number, value: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(value));

  function injectFault(kind: GoogleAdsFault, o: FaultOptions = {}) {
    if (kind === 'restate') {
      const days = Math.min(Math.max(1, Math.floor(o.days ?? 28)), 400);
      restatements.push({ days, at: now(), customerId: o.customerId });
      log(`google-ads: restated the last ${days} days${o.customerId ? ` of ${o.customerId}` : ''}`);
      return;
    }
    const times = Math.min(Math.max(1, Math.floor(o.times ?? 1)), 100);
    for (let i = 0; i < times; i++)
      faults.push({ kind, wrapped: o.wrapped === true, retryDelay: o.retryDelay ?? '60s', customerId: o.customerId });
  }

  const generationOf = (customer: FakeGoogleCustomer, day: string) =>
    restatements.filter(
      (r) =>
        (r.customerId === undefined || r.customerId === customer.id) &&
        day >= addDaysTo(todayIn(customer.timeZone, r.at), -(r.days - 1)),
    ).length;

  /** The daily rows of a customer over [from, to], day by day, campaign by campaign: full rows (every field). */
  function* campaignRows(
    customer: FakeGoogleCustomer,
    from: string,
    to: string,
  ): Generator<Record<string, Record<string, unknown>>> {
    const today = todayIn(customer.timeZone, now());
    const last = to < today ? to : today;
    const campaigns = customer.manager ? [] : campaignsOf(customer.id);
    for (let day = from; day <= last; day = addDaysTo(day, 1)) {
      for (const c of campaigns) {
        const m = metricsOf(customer.id, c, day, generationOf(customer, day));
        if (!m) continue;
        const metrics: Record<string, unknown> = {};
        // proto3 JSON: zero values are left out; int64 as strings, doubles as numbers.
        if (m.impressions) metrics.impressions = String(m.impressions);
        if (m.clicks) metrics.clicks = String(m.clicks);
        if (m.costMicros) metrics.costMicros = String(m.costMicros);
        if (m.conversions) metrics.conversions = m.conversions;
        if (m.conversionsValue) metrics.conversionsValue = m.conversionsValue;
        if (m.videoTrueviewViews) metrics.videoTrueviewViews = String(m.videoTrueviewViews);
        yield {
          campaign: {
            resourceName: `customers/${customer.id}/campaigns/${c.id}`,
            id: c.id,
            name: nameOf(customer.id, c),
            status: c.status,
          },
          metrics,
          segments: { date: day },
        };
      }
    }
  }

  function rowsOf(
    customer: FakeGoogleCustomer,
    q: ParsedQuery,
  ): Generator<Record<string, Record<string, unknown>>> | Record<string, Record<string, unknown>>[] {
    if (q.resource === 'customer') {
      const full = {
        customer: {
          resourceName: `customers/${customer.id}`,
          id: customer.id,
          descriptiveName: customer.name,
          currencyCode: customer.currency,
          timeZone: customer.timeZone,
          ...(customer.manager ? { manager: true } : {}),
        },
      };
      return [pick(full, q.fields)];
    }
    return (function* () {
      for (const row of campaignRows(customer, q.from!, q.to!)) yield pick(row, q.fields);
    })();
  }

  /** The one malformed row a `malformed` fault slips in. */
  const brokenRow = (row: Record<string, Record<string, unknown>> | undefined) => ({
    ...(row ?? { campaign: { id: '1', name: 'x' }, segments: { date: '2026-01-01' } }),
    metrics: { ...(row?.metrics ?? {}), costMicros: 'twelve dollars' },
  });

  function authorise(req: IncomingMessage): IssuedToken {
    const m = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''));
    const issued = m ? tokens.get(m[1]) : undefined;
    if (m) stats.lastAccessToken = m[1];
    if (!issued) {
      throw new GoogleRefusal(
        401,
        'UNAUTHENTICATED',
        'authenticationError',
        'OAUTH_TOKEN_INVALID',
        'Request is missing required authentication credential. Expected OAuth 2 access token.',
      );
    }
    if (now() >= issued.expiresAt) {
      throw new GoogleRefusal(
        401,
        'UNAUTHENTICATED',
        'authenticationError',
        'OAUTH_TOKEN_EXPIRED',
        'Request had invalid authentication credentials. The access token has expired.',
      );
    }
    return issued;
  }

  function customerFor(issued: IssuedToken, customerId: string): FakeGoogleCustomer {
    const customer = customers.get(customerId);
    if (!customer || !issued.customers.includes(customerId)) {
      throw new GoogleRefusal(
        403,
        'PERMISSION_DENIED',
        'authorizationError',
        'USER_PERMISSION_DENIED',
        "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      );
    }
    return customer;
  }

  /** The next queued fault for this call, if any (a fault for another customer waits). */
  function takeFault(customerId: string | undefined): QueuedFault | undefined {
    const i = faults.findIndex((f) => f.customerId === undefined || f.customerId === customerId);
    return i < 0 ? undefined : faults.splice(i, 1)[0];
  }

  /** Answers a fault that is an error or a hang; 'malformed' is the caller's to slip into rows. Returns true when answered. */
  function answerFault(req: IncomingMessage, res: ServerResponse, fault: QueuedFault | undefined): boolean {
    if (!fault || fault.kind === 'malformed') return false;
    const refusal = {
      expiredToken: () => {
        const m = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''));
        const issued = m ? tokens.get(m[1]) : undefined;
        if (issued) issued.expiresAt = now();
        return new GoogleRefusal(
          401,
          'UNAUTHENTICATED',
          'authenticationError',
          'OAUTH_TOKEN_EXPIRED',
          'Request had invalid authentication credentials. The access token has expired.',
        );
      },
      throttle: () =>
        new GoogleRefusal(
          429,
          'RESOURCE_EXHAUSTED',
          'quotaError',
          'RESOURCE_EXHAUSTED',
          `Too many requests. Retry in ${fault.retryDelay.replace(/s$/, '')} seconds.`,
          fault.retryDelay,
        ),
      serverError: () =>
        new GoogleRefusal(500, 'INTERNAL', 'internalError', 'INTERNAL_ERROR', 'Internal error encountered.'),
      permissionDenied: () =>
        new GoogleRefusal(
          403,
          'PERMISSION_DENIED',
          'authorizationError',
          'USER_PERMISSION_DENIED',
          "User doesn't have permission to access customer.",
        ),
      timeout: () => undefined,
      notJson: () => undefined,
    }[fault.kind]();
    if (fault.kind === 'timeout') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return true;
    }
    if (fault.kind === 'notJson') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return true;
    }
    const body = refusal!.body(randomUUID());
    json(res, refusal!.httpStatus, fault.wrapped ? [body] : body);
    return true;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    stats.tokenRequests++;
    const form = new URLSearchParams(await bodyOf(req));
    if (form.get('grant_type') !== 'refresh_token')
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const grant = refreshTokens[form.get('refresh_token') ?? ''];
    if (!grant || grant.expired)
      return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    const accessToken = `ya29.local-${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, {
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

  function pageTokenOf(query: string, offset: number) {
    return Buffer.from(JSON.stringify({ q: query, o: offset })).toString('base64url');
  }

  async function search(req: IncomingMessage, res: ServerResponse, customerId: string, stream: boolean) {
    stats.apiRequests++;
    const text = await bodyOf(req);
    const fault = takeFault(customerId);
    if (answerFault(req, res, fault)) return;
    const issued = authorise(req);
    const customer = customerFor(issued, customerId);
    let body: { query?: unknown; pageToken?: unknown; pageSize?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw invalidQuery('Invalid JSON payload received.', 'BAD_REQUEST');
    }
    const q = parseQuery(body.query);
    const fieldMask = q.fields.map((f) => f.split('.').map(camel).join('.')).join(',');
    const requestId = randomBytes(12).toString('base64url');
    const malformed = fault?.kind === 'malformed';
    if (!stream) {
      if (body.pageSize !== undefined)
        throw new GoogleRefusal(
          400,
          'INVALID_ARGUMENT',
          'requestError',
          'PAGE_SIZE_NOT_SUPPORTED',
          'Setting the page size is not supported.',
        );
      let offset = 0;
      if (body.pageToken !== undefined) {
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
        offset = decoded.o;
      }
      const page: Record<string, Record<string, unknown>>[] = [];
      let i = 0;
      let more = false;
      for (const row of rowsOf(customer, q)) {
        if (i++ < offset) continue;
        if (page.length === pageSize) {
          more = true;
          break;
        }
        page.push(row);
      }
      if (malformed) page[page.length - 1] = brokenRow(page[page.length - 1]);
      return json(res, 200, {
        results: page,
        fieldMask,
        requestId,
        ...(more ? { nextPageToken: pageTokenOf(String(body.query), offset + page.length) } : {}),
      });
    }
    // searchStream: the array, batch by batch, as it is read.
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.write('[');
    let batch: Record<string, Record<string, unknown>>[] = [];
    let batches = 0;
    const flush = async () => {
      if (malformed && batches === 0) batch[batch.length - 1] = brokenRow(batch[batch.length - 1]);
      const ok = res.write(`${batches ? ',' : ''}${JSON.stringify({ results: batch, fieldMask, requestId })}`);
      batches++;
      batch = [];
      if (!ok) await new Promise((r) => res.once('drain', r));
    };
    for (const row of rowsOf(customer, q)) {
      batch.push(row);
      if (batch.length === batchSize) await flush();
    }
    if (batch.length || batches === 0) {
      if (batch.length || malformed) await flush();
      else res.write(JSON.stringify({ fieldMask, requestId }));
    }
    res.end(']');
  }

  async function listAccessible(req: IncomingMessage, res: ServerResponse) {
    stats.apiRequests++;
    if (answerFault(req, res, takeFault(undefined))) return;
    const issued = authorise(req);
    json(res, 200, { resourceNames: issued.customers.map((id) => `customers/${id}`) });
  }

  const fake = await startPlatformFake<GoogleAdsFault>({
    host,
    port: opts.port,
    faultKinds: GOOGLE_ADS_FAULTS,
    injectFault: (kind, params) => injectFault(kind, params as FaultOptions),
    clearFaults: () => void (faults.length = 0),
    async handle(req, res, url) {
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /token') return token(req, res);
      if (route === `GET /${API_VERSION}/customers:listAccessibleCustomers`) return listAccessible(req, res);
      const m = new RegExp(`^/${API_VERSION}/customers/(\\d{1,20})/googleAds:(search|searchStream)$`).exec(
        url.pathname,
      );
      if (req.method === 'POST' && m) return search(req, res, m[1], m[2] === 'searchStream');
      if (route === 'GET /_fake/stats')
        return json(res, 200, {
          tokenRequests: stats.tokenRequests,
          apiRequests: stats.apiRequests,
          faultsQueued: faults.length,
          restatements: restatements.length,
        });
      json(res, 404, {
        error: {
          code: 404,
          message: `The requested URL ${url.pathname} was not found on this server.`,
          status: 'NOT_FOUND',
        },
      });
    },
    answerError(err, _req, res) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof GoogleRefusal) return json(res, err.httpStatus, err.body(randomUUID()));
      json(res, 500, { error: { code: 500, message: (err as Error).message, status: 'INTERNAL' } });
    },
    onStop() {
      for (const res of held) res.destroy();
    },
  });
  const { port, server } = fake;
  const endpoint = fake.endpoint;
  return {
    endpoint,
    apiUrl: endpoint,
    tokenUrl: `${endpoint}/token`,
    port,
    server,
    injectFault,
    clearFaults: () => void (faults.length = 0),
    stats: () => ({ ...stats }),
    campaignsOf: (customerId) => {
      const customer = customers.get(customerId);
      return !customer || customer.manager
        ? []
        : campaignsOf(customerId).map((c) => ({ id: c.id, name: nameOf(customerId, c), currency: customer.currency }));
    },
    renameCampaign(customerId, campaignId, name) {
      if (!customers.has(customerId) || !campaignsOf(customerId).some((c) => c.id === campaignId)) return false;
      renamed.set(`${customerId}/${campaignId}`, name);
      return true;
    },
    stop: fake.stop,
  };
}

/** The fake as `npm start` runs it: the API at GOOGLE_ADS_API_URL, its OAuth at GOOGLE_OAUTH_TOKEN_URL. */
export async function startGoogleAdsPlatformFake(port: number): Promise<RunningPlatformFake<FakeGoogleAds>> {
  const fake = await startFakeGoogleAds({ port });
  return {
    endpoint: fake.endpoint,
    env: { [googleAdsSpec.apiUrlEnv]: fake.apiUrl, GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl },
    bannerName: 'Google',
    banner: `(Google Ads API v26 fake + OAuth at /token: refresh token ${GOOGLE_ADS_DEMO.refreshToken}; ${GOOGLE_ADS_DEMO.expiredRefreshToken} has expired)`,
    names: fake,
    stop: () => fake.stop(),
  };
}
