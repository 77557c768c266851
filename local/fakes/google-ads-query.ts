import { addDaysTo, isCalendarDay } from '../../lambdas/shared/calendar';

/** The Google Ads fake's queries (GAQL, the two it reads) and its refusals, in Google's wire format. */

export const API_VERSION = 'v26';
const FAILURE_TYPE = `type.googleapis.com/google.ads.googleads.${API_VERSION}.errors.GoogleAdsFailure`;

/** An error as Google answers it: the HTTP status, the RPC status and a GoogleAdsFailure naming the code. */
export class GoogleRefusal extends Error {
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

export const invalidQuery = (message: string, code = 'UNRECOGNIZED_FIELD') =>
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

export const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export interface ParsedQuery {
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
export function pick(
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

export const tokenInvalid = () =>
  new GoogleRefusal(
    401,
    'UNAUTHENTICATED',
    'authenticationError',
    'OAUTH_TOKEN_INVALID',
    'Request is missing required authentication credential. Expected OAuth 2 access token.',
  );

export const tokenExpired = () =>
  new GoogleRefusal(
    401,
    'UNAUTHENTICATED',
    'authenticationError',
    'OAUTH_TOKEN_EXPIRED',
    'Request had invalid authentication credentials. The access token has expired.',
  );

export const permissionDenied = (message: string) =>
  new GoogleRefusal(403, 'PERMISSION_DENIED', 'authorizationError', 'USER_PERMISSION_DENIED', message);
