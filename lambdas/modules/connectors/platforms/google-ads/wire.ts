import { array, boolean, maxLength, maximum, minimum, number, object, optional, regex, string } from 'zod/mini';
import { PlatformError } from '../../platform';

/**
 * The Google Ads API's REST wire format as the client reads it (docs/connectors.md, "The Google Ads
 * client"): the customer query, the OAuth token reply, and the google.rpc.Status errors with their
 * GoogleAdsFailure — each turned into Mixdesk's words here. The rows of the daily campaign query are
 * ./rows.ts (the sync's client reads them; "Test connection" bundles this file only).
 */

/** The API version the client and the fake speak. */
export const GOOGLE_ADS_API_VERSION = 'v26';

export const CUSTOMER_QUERY =
  'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer';

/** int64 as Google sends it: a JSON string of digits. 15 digits keeps it a safe integer (and 10^15 micros is 10^9 a day). */
export const int64 = string().check(regex(/^\d{1,15}$/));

const customerRow = object({
  customer: object({
    id: int64,
    descriptiveName: optional(string().check(maxLength(2048))),
    currencyCode: string().check(regex(/^[A-Z]{3}$/)),
    timeZone: string().check(maxLength(64)),
    manager: optional(boolean()),
  }),
});

const customersPage = object({
  results: optional(array(customerRow)),
  nextPageToken: optional(string().check(maxLength(4096))),
});

const accessibleCustomers = object({ resourceNames: optional(array(string().check(regex(/^customers\/\d{1,20}$/)))) });

const tokenReply = object({
  access_token: string().check(maxLength(8192)),
  expires_in: number().check(minimum(1), maximum(86_400)),
});

export const malformed = (what: string, platformCode?: string) =>
  new PlatformError(
    'malformed',
    `Google Ads answered ${what} that is not in its documented format`,
    'google_ads',
    undefined,
    platformCode,
  );

export interface CustomerInfo {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  manager: boolean;
}

export function customerOf(value: unknown, customerId: string): CustomerInfo {
  const parsed = customersPage.safeParse(value);
  if (!parsed.success) throw malformed('the customer query');
  const c = parsed.data.results?.[0]?.customer;
  if (!c || c.id !== customerId) throw malformed(`the customer query without customer ${customerId}`);
  return {
    id: c.id,
    name: c.descriptiveName || c.id,
    currency: c.currencyCode,
    timeZone: c.timeZone,
    manager: c.manager === true,
  };
}

export function accessibleCustomerIds(value: unknown): string[] {
  const parsed = accessibleCustomers.safeParse(value);
  if (!parsed.success) throw malformed('the list of accessible customers');
  return (parsed.data.resourceNames ?? []).map((r) => r.slice('customers/'.length));
}

export function tokenOf(value: unknown): { accessToken: string; expiresInS: number } {
  const parsed = tokenReply.safeParse(value);
  if (!parsed.success) throw malformed('the token exchange');
  return { accessToken: parsed.data.access_token, expiresInS: parsed.data.expires_in };
}

/** "60s", "1.5s", "0.250s" (a protobuf Duration) → ms; undefined when absent or unreadable. */
export function durationMs(s: unknown): number | undefined {
  if (typeof s !== 'string') return undefined;
  const m = /^(\d{1,6})(?:\.(\d{1,9}))?s$/.exec(s.trim());
  if (!m) return undefined;
  return Number(m[1]) * 1000 + Math.round(Number(`0.${m[2] ?? '0'}`) * 1000);
}

/** A google.rpc.Status failure, read loosely: the first error's code, its message and any retry delay. */
export interface GoogleFailure {
  httpStatus: number;
  status?: string;
  /** e.g. OAUTH_TOKEN_EXPIRED, USER_PERMISSION_DENIED, RESOURCE_EXHAUSTED. */
  errorCode?: string;
  message?: string;
  retryDelayMs?: number;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The `{"error":{…}}` of a reply — the body itself, or wrapped in an array (searchStream may do that). */
export function failureOf(body: unknown, httpStatus: number): GoogleFailure | undefined {
  const outer = Array.isArray(body) ? body.find((e) => obj(e)?.error) : body;
  const error = obj(obj(outer)?.error);
  if (!error) return undefined;
  const code = typeof error.code === 'number' ? error.code : httpStatus;
  const failure: GoogleFailure = {
    httpStatus: code,
    ...(typeof error.status === 'string' ? { status: error.status } : {}),
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
  };
  for (const d of Array.isArray(error.details) ? error.details : []) {
    const detail = obj(d);
    if (!detail) continue;
    // google.rpc.RetryInfo beside the failure.
    failure.retryDelayMs ??= durationMs(detail.retryDelay);
    for (const e of Array.isArray(detail.errors) ? detail.errors : []) {
      const ge = obj(e);
      const errorCode = obj(ge?.errorCode);
      const first = errorCode && Object.values(errorCode).find((v) => typeof v === 'string');
      if (typeof first === 'string') failure.errorCode ??= first;
      if (typeof ge?.message === 'string') failure.message = ge.message;
      failure.retryDelayMs ??= durationMs(obj(obj(ge?.details)?.quotaErrorDetails)?.retryDelay);
    }
  }
  return failure;
}
