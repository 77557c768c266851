import type { IncomingMessage, ServerResponse } from 'node:http';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { campaignsOf, metricsOf, type FakeGoogleCustomer } from './google-ads-data';
import { permissionDenied, pick, tokenExpired, tokenInvalid, type ParsedQuery } from './google-ads-query';

/** What the Google Ads fake holds while it runs: its tokens, its queued faults and restatements, its rows. */

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

export interface FakeGoogleAdsStats {
  tokenRequests: number;
  apiRequests: number;
  /** Authorization headers of the API calls that carried one (for tests that check which token was used). */
  lastAccessToken?: string;
}

export interface QueuedFault {
  kind: Exclude<GoogleAdsFault, 'restate'>;
  wrapped: boolean;
  retryDelay: string;
  customerId?: string;
}

export interface IssuedToken {
  refreshToken: string;
  customers: string[];
  expiresAt: number;
}

export type Row = Record<string, Record<string, unknown>>;

export interface GoogleAdsSettings {
  clientId: string;
  clientSecret: string;
  customers: readonly FakeGoogleCustomer[];
  refreshTokens: Record<string, FakeGoogleRefreshToken>;
  pageSize: number;
  batchSize: number;
  tokenTtlS: number;
  now: () => number;
  log: (line: string) => void;
}

export class GoogleAdsState {
  readonly customers: Map<string, FakeGoogleCustomer>;
  readonly tokens = new Map<string, IssuedToken>();
  readonly faults: QueuedFault[] = [];
  /** Restatements: each moves the numbers of the last `days` days (the customer's days, when it was made) once more. */
  readonly restatements: { days: number; at: number; customerId?: string }[] = [];
  /** Requests held by a `timeout` fault, destroyed when the fake stops. */
  readonly held = new Set<ServerResponse>();
  readonly stats: FakeGoogleAdsStats = { tokenRequests: 0, apiRequests: 0 };
  /** Campaigns renamed in this fake (customer/campaign → name); campaignsOf's cache is shared by every fake of the process, so it is never changed. */
  readonly renamed = new Map<string, string>();

  constructor(readonly settings: GoogleAdsSettings) {
    this.customers = new Map(settings.customers.map((c) => [c.id, c]));
  }

  nameOf(customerId: string, c: { id: string; name: string }): string {
    return this.renamed.get(`${customerId}/${c.id}`) ?? c.name;
  }

  injectFault(kind: GoogleAdsFault, o: FaultOptions = {}): void {
    if (kind === 'restate') {
      const days = Math.min(Math.max(1, Math.floor(o.days ?? 28)), 400);
      this.restatements.push({ days, at: this.settings.now(), customerId: o.customerId });
      this.settings.log(`google-ads: restated the last ${days} days${o.customerId ? ` of ${o.customerId}` : ''}`);
      return;
    }
    const times = Math.min(Math.max(1, Math.floor(o.times ?? 1)), 100);
    for (let i = 0; i < times; i++)
      this.faults.push({
        kind,
        wrapped: o.wrapped === true,
        retryDelay: o.retryDelay ?? '60s',
        customerId: o.customerId,
      });
  }

  /** The next queued fault for this call, if any (a fault for another customer waits). */
  takeFault(customerId: string | undefined): QueuedFault | undefined {
    const i = this.faults.findIndex((f) => f.customerId === undefined || f.customerId === customerId);
    return i < 0 ? undefined : this.faults.splice(i, 1)[0];
  }

  /** The token an API call presents, if it is one this fake issued (none: undefined). */
  presented(req: IncomingMessage): IssuedToken | undefined {
    const token = bearerOf(req);
    return token ? this.tokens.get(token) : undefined;
  }

  authorise(req: IncomingMessage): IssuedToken {
    const token = bearerOf(req);
    if (token) this.stats.lastAccessToken = token;
    const issued = token ? this.tokens.get(token) : undefined;
    if (!issued) throw tokenInvalid();
    if (this.settings.now() >= issued.expiresAt) throw tokenExpired();
    return issued;
  }

  customerFor(issued: IssuedToken, customerId: string): FakeGoogleCustomer {
    const customer = this.customers.get(customerId);
    if (!customer || !issued.customers.includes(customerId)) {
      throw permissionDenied(
        "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
      );
    }
    return customer;
  }

  private generationOf(customer: FakeGoogleCustomer, day: string): number {
    return this.restatements.filter(
      (r) =>
        (r.customerId === undefined || r.customerId === customer.id) &&
        day >= addDaysTo(todayIn(customer.timeZone, r.at), -(r.days - 1)),
    ).length;
  }

  /** The daily rows of a customer over [from, to], day by day, campaign by campaign: full rows (every field). */
  private *campaignRows(customer: FakeGoogleCustomer, from: string, to: string): Generator<Row> {
    const today = todayIn(customer.timeZone, this.settings.now());
    const last = to < today ? to : today;
    const campaigns = customer.manager ? [] : campaignsOf(customer.id);
    for (let day = from; day <= last; day = addDaysTo(day, 1)) {
      for (const c of campaigns) {
        const m = metricsOf(customer.id, c, day, this.generationOf(customer, day));
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
            name: this.nameOf(customer.id, c),
            status: c.status,
          },
          metrics,
          segments: { date: day },
        };
      }
    }
  }

  /** The rows a query answers, with only its selected fields. */
  *rowsOf(customer: FakeGoogleCustomer, q: ParsedQuery): Generator<Row> {
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
      yield pick(full, q.fields);
      return;
    }
    for (const row of this.campaignRows(customer, q.from!, q.to!)) yield pick(row, q.fields);
  }
}

const bearerOf = (req: IncomingMessage) => /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];

/** The one malformed row a `malformed` fault slips in. */
export const brokenRow = (row: Row | undefined): Row => ({
  ...(row ?? { campaign: { id: '1', name: 'x' }, segments: { date: '2026-01-01' } }),
  metrics: { ...(row?.metrics ?? {}), costMicros: 'twelve dollars' },
});
