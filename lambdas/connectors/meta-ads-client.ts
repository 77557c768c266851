import { array, literal, looseObject, number, optional, regex, string, union } from 'zod/mini';
import {
  checkRange, dayCount, DEFAULT_RETRY, jsonOf, realSleep, redactUrl, scrub, send, withRetries, type HttpReply, type RetryPolicy, type Sleep,
} from './ads-http';
import { count, issuePaths, metric } from './ads-metrics';
import { META_LABEL, metaErrorOf, TOO_MUCH_DATA, usagePercent } from './meta-ads-errors';
import { PlatformError, type DailyStat, type Day, type ExternalAccount, type PlatformClient } from './platform';
import { addDaysTo } from '../shared/calendar';

/**
 * The Meta Marketing API client (issue 12 §2): a thin typed client over `fetch` for the two calls the
 * sync needs — the ad accounts a token reads, and the daily campaign insights of one of them.
 *
 * - Insights: `level=campaign`, `time_increment=1`, the fields of CONNECTORS.md, paged by following
 *   `paging.next` (same origin only: the next URL carries the token). Ranges longer than
 *   `asyncAfterDays` (30) run as an async report: POST → report_run_id, polled until "Job Completed"
 *   (a job can say "Job Running" at 100 %: that is not done), bounded; "Job Failed" is transient (the
 *   job is started again, bounded), "Job Skipped" invalid.
 * - Error 100/1487534 (too much data) halves the range and asks again, down to one day.
 * - Conversions: the sum over `conversionActionTypes` of `actions` (default: CONNECTORS.md's set;
 *   overlapping types double-count, so the set is the connector's choice); conversionValue the same
 *   sum over `action_values`; videoViews from `video_play_actions`; reach per day as Meta gives it.
 * - Every number is checked (zod per row): a row that is not what the format says is
 *   PlatformError('malformed') and nothing of that page is yielded.
 * - Usage headers over `slowDownAt` (90 %) make the next call wait `slowDownMs` first.
 * - The token travels as the access_token query parameter, as Graph wants; it is blanked in every
 *   URL this client logs or puts in an error, and scrubbed from any text it passes on.
 */

export const META_API_VERSION = 'v25.0';

/** CONNECTORS.md's default conversion set. */
export const META_DEFAULT_CONVERSION_ACTION_TYPES: readonly string[] = [
  'onsite_conversion.purchase',
  'onsite_conversion.lead_grouped',
  'offsite_conversion.fb_pixel_purchase',
  'offsite_conversion.fb_pixel_lead',
];

export const META_INSIGHT_FIELDS = 'campaign_id,campaign_name,account_currency,impressions,clicks,spend,reach,actions,action_values,video_play_actions';

export interface MetaAdsClientOptions {
  accessToken: string;
  /** The Graph API's origin (default env META_GRAPH_API_URL, else https://graph.facebook.com). */
  baseUrl?: string;
  apiVersion?: string;
  /** Ad account ids (digits, or act_<digits>) to read instead of every account the token sees (GET /me/adaccounts). */
  accountIds?: readonly string[];
  conversionActionTypes?: readonly string[];
  /** Rows per page (Graph's `limit`; default 500). */
  pageSize?: number;
  /** Ranges longer than this many days use the async report (default 30). */
  asyncAfterDays?: number;
  /** Async report: the wait between polls (default 2 s) and the most polls before giving up as transient (default 90). */
  pollIntervalMs?: number;
  maxPolls?: number;
  /** Times an async job that failed is started again (default 2 runs in all). */
  jobRuns?: number;
  /** Usage headers at or above this percentage slow the next call by slowDownMs (defaults 90 %, 5 s). */
  slowDownAt?: number;
  slowDownMs?: number;
  /** Per HTTP call (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<Omit<RetryPolicy, 'sleep'>>;
  sleep?: Sleep;
  fetch?: typeof fetch;
  /** One line per call: method, URL without the token, status, time. */
  log?: (line: string) => void;
}

const DAY = regex(/^\d{4}-\d{2}-\d{2}$/);
const actionList = optional(array(looseObject({ action_type: string(), value: metric() })));

/** One insights row, as far as Mixdesk reads it (unknown fields pass). */
const insightRow = looseObject({
  campaign_id: string().check(regex(/^\d{1,30}$/)),
  campaign_name: optional(string()),
  account_currency: optional(string().check(regex(/^[A-Z]{3}$/))),
  impressions: optional(count()),
  clicks: optional(count()),
  spend: optional(metric()),
  reach: optional(count()),
  actions: actionList,
  action_values: actionList,
  video_play_actions: actionList,
  date_start: string().check(DAY),
  date_stop: string().check(DAY),
});

const page = looseObject({
  data: array(looseObject({})),
  paging: optional(looseObject({ next: optional(string()) })),
});

const account = looseObject({
  account_id: optional(string().check(regex(/^\d{1,30}$/))),
  id: string().check(regex(/^act_\d{1,30}$/)),
  name: optional(string()),
  currency: string().check(regex(/^[A-Z]{3}$/)),
  timezone_name: string(),
});

const reportRun = looseObject({ report_run_id: union([string().check(regex(/^\d{1,30}$/)), number()]) });
const reportStatus = looseObject({
  async_status: union([
    literal('Job Not Started'), literal('Job Started'), literal('Job Running'), literal('Job Completed'), literal('Job Failed'), literal('Job Skipped'),
  ]),
  async_percent_completion: optional(number()),
});

const MAX_NAME = 1000;

/** `act_123` or `123` → `123`. */
export const metaAccountDigits = (id: string) => id.replace(/^act_/, '');

export function metaAdsClient(opts: MetaAdsClientOptions): PlatformClient {
  const token = opts.accessToken;
  const origin = (opts.baseUrl ?? process.env.META_GRAPH_API_URL ?? 'https://graph.facebook.com').replace(/\/+$/, '');
  const version = opts.apiVersion ?? META_API_VERSION;
  const actionTypes = new Set(opts.conversionActionTypes ?? META_DEFAULT_CONVERSION_ACTION_TYPES);
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 500), 5000);
  const asyncAfterDays = opts.asyncAfterDays ?? 30;
  const pollIntervalMs = opts.pollIntervalMs ?? 2000;
  const maxPolls = opts.maxPolls ?? 90;
  const jobRuns = Math.max(1, opts.jobRuns ?? 2);
  const slowDownAt = opts.slowDownAt ?? 90;
  const slowDownMs = opts.slowDownMs ?? 5000;
  const sleep = opts.sleep ?? realSleep;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry, sleep };
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const log = opts.log ? (line: string) => opts.log!(scrub(line, [token])) : undefined;
  let slowDown = false;

  if (!token) throw new PlatformError('auth', `${META_LABEL}: no access token — connect the connector with a token`, 'meta_ads');

  const malformed = (what: string, detail: string) =>
    new PlatformError('malformed', scrub(`${META_LABEL}: the reply to ${what} is not what the Marketing API sends (${detail})`, [token]), 'meta_ads', undefined, 'MALFORMED');

  /** One call, retried per the policy; the JSON of a successful reply. */
  async function call(method: 'GET' | 'POST', url: URL): Promise<unknown> {
    const shown = redactUrl(url.toString());
    const what = `${method} ${new URL(url).pathname}`;
    return withRetries(policy, async () => {
      if (slowDown) {
        slowDown = false;
        log?.(`${META_LABEL}: usage above ${slowDownAt} %, waiting ${slowDownMs} ms`);
        await sleep(slowDownMs);
      }
      let reply: HttpReply;
      if (method === 'POST') {
        // Graph takes a POST's parameters as a form body: the token stays out of the URL altogether.
        const target = new URL(url);
        const form = new URLSearchParams(target.searchParams);
        target.search = '';
        reply = await send(target.toString(), { method, body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          { platform: 'meta_ads', label: META_LABEL, fetch: doFetch, timeoutMs, shownUrl: shown, log });
      } else {
        reply = await send(url.toString(), { method }, { platform: 'meta_ads', label: META_LABEL, fetch: doFetch, timeoutMs, shownUrl: shown, log });
      }
      if (usagePercent(reply.headers) >= slowDownAt) slowDown = true;
      const body = jsonOf(reply.text);
      const failure = metaErrorOf(reply, body, what);
      if (failure) throw failure;
      if (body === undefined) throw malformed(what, `HTTP ${reply.status}, not JSON`);
      return body;
    });
  }

  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(`${origin}/${version}/${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set('access_token', token);
    return u;
  };

  /** paging.next, followed only to the configured origin (it carries the token). */
  const nextUrl = (next: string | undefined, what: string): URL | undefined => {
    if (!next) return undefined;
    let u: URL;
    try {
      u = new URL(next);
    } catch {
      throw malformed(what, 'paging.next is not a URL');
    }
    if (u.origin !== new URL(origin).origin) throw malformed(what, `paging.next leads to another host (${u.host})`);
    if (!u.searchParams.has('access_token')) u.searchParams.set('access_token', token);
    return u;
  };

  async function listAccounts(): Promise<ExternalAccount[]> {
    const fields = 'id,account_id,name,currency,timezone_name';
    const raw: unknown[] = [];
    if (opts.accountIds?.length) {
      for (const id of opts.accountIds) raw.push(await call('GET', url(`act_${metaAccountDigits(id)}`, { fields })));
    } else {
      let next: URL | undefined = url('me/adaccounts', { fields, limit: '100' });
      for (let pages = 0; next && pages < 100; pages++) {
        const body = page.safeParse(await call('GET', next));
        if (!body.success) throw malformed('GET /me/adaccounts', issuePaths(body.error.issues));
        raw.push(...body.data.data);
        next = nextUrl(body.data.paging?.next, 'GET /me/adaccounts');
      }
    }
    const accounts = raw.map((r) => {
      const a = account.safeParse(r);
      if (!a.success) throw malformed('an ad account', issuePaths(a.error.issues));
      return {
        externalAccountId: a.data.account_id ?? metaAccountDigits(a.data.id),
        name: (a.data.name ?? a.data.id).slice(0, MAX_NAME),
        currency: a.data.currency,
        timeZone: a.data.timezone_name,
      };
    });
    if (!accounts.length) throw new PlatformError('permission', `${META_LABEL}: this token reads no ad account — give it ads_read on at least one`, 'meta_ads');
    return accounts;
  }

  const sumOf = (list: { action_type: string; value: number }[] | undefined, only?: Set<string>) =>
    (list ?? []).reduce((s, a) => (!only || only.has(a.action_type) ? s + a.value : s), 0);

  /** One page's rows → the daily grain; any malformed row fails the page. */
  function rowsOf(data: Record<string, unknown>[], accountId: string, currency: string, what: string): DailyStat[] {
    return data.map((r, i) => {
      const row = insightRow.safeParse(r);
      if (!row.success) throw malformed(what, `row ${i + 1}: ${issuePaths(row.error.issues)}`);
      const d = row.data;
      if (d.date_start !== d.date_stop) throw malformed(what, `row ${i + 1}: a row spans ${d.date_start} … ${d.date_stop}, not one day (time_increment=1)`);
      return {
        date: d.date_start,
        connectorType: 'meta_ads' as const,
        externalAccountId: accountId,
        externalCampaignId: d.campaign_id,
        campaignName: (d.campaign_name ?? '').slice(0, MAX_NAME),
        impressions: d.impressions ?? 0,
        clicks: d.clicks ?? 0,
        spend: d.spend ?? 0,
        currency: d.account_currency ?? currency,
        conversions: sumOf(d.actions, actionTypes),
        conversionValue: sumOf(d.action_values, actionTypes),
        videoViews: sumOf(d.video_play_actions),
        ...(d.reach === undefined ? {} : { reach: d.reach }),
      };
    });
  }

  /** Every page from `first` on, following paging.next. */
  async function* pages(first: unknown, accountId: string, currency: string, what: string): AsyncGenerator<DailyStat[]> {
    let body: unknown = first;
    for (;;) {
      const p = page.safeParse(body);
      if (!p.success) throw malformed(what, issuePaths(p.error.issues));
      const rows = rowsOf(p.data.data as Record<string, unknown>[], accountId, currency, what);
      if (rows.length) yield rows;
      const next = nextUrl(p.data.paging?.next, what);
      if (!next) return;
      body = await call('GET', next);
    }
  }

  const insightParams = (from: Day, to: Day) => ({
    level: 'campaign',
    time_increment: '1',
    time_range: JSON.stringify({ since: from, until: to }),
    fields: META_INSIGHT_FIELDS,
    limit: String(pageSize),
  });

  /** The synchronous insights of [from, to]; too much data → the two halves, down to one day. */
  async function* syncRange(accountId: string, currency: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    const what = `GET /act_${accountId}/insights`;
    let first: unknown;
    try {
      first = await call('GET', url(`act_${accountId}/insights`, insightParams(from, to)));
    } catch (err) {
      if (err instanceof PlatformError && err.platformCode === TOO_MUCH_DATA && from < to) {
        const mid = addDaysTo(from, Math.floor(dayCount(from, to) / 2) - 1);
        log?.(`${META_LABEL}: too much data for ${from} … ${to}; asking for ${from} … ${mid} and ${addDaysTo(mid, 1)} … ${to}`);
        yield* syncRange(accountId, currency, from, mid);
        yield* syncRange(accountId, currency, addDaysTo(mid, 1), to);
        return;
      }
      throw err;
    }
    yield* pages(first, accountId, currency, what);
  }

  /** The async report of [from, to]: started, polled until "Job Completed", then read page by page. */
  async function* asyncRange(accountId: string, currency: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    for (let run = 1; ; run++) {
      const started = reportRun.safeParse(await call('POST', url(`act_${accountId}/insights`, insightParams(from, to))));
      if (!started.success) throw malformed(`POST /act_${accountId}/insights`, issuePaths(started.error.issues));
      const id = String(started.data.report_run_id);
      const what = `GET /${id}`;
      let done = false;
      for (let poll = 1; poll <= maxPolls && !done; poll++) {
        await sleep(pollIntervalMs);
        const s = reportStatus.safeParse(await call('GET', url(id, { fields: 'id,async_status,async_percent_completion' })));
        if (!s.success) throw malformed(what, issuePaths(s.error.issues));
        const status = s.data.async_status;
        if (status === 'Job Completed') done = true;
        else if (status === 'Job Skipped') throw new PlatformError('invalid', `${META_LABEL}: the report job ${id} was skipped by Meta (${from} … ${to})`, 'meta_ads', undefined, 'JOB_SKIPPED');
        else if (status === 'Job Failed') break;
      }
      if (!done) {
        const failed = new PlatformError('transient', `${META_LABEL}: the report job ${id} for ${from} … ${to} did not complete`, 'meta_ads', undefined, 'JOB_FAILED');
        if (run >= jobRuns) throw failed;
        log?.(`${META_LABEL}: report job ${id} failed or did not complete in ${maxPolls} polls; starting it again`);
        continue;
      }
      yield* pages(await call('GET', url(`${id}/insights`, { limit: String(pageSize) })), accountId, currency, `GET /${id}/insights`);
      return;
    }
  }

  async function* dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    checkRange('meta_ads', META_LABEL, from, to);
    const accountId = metaAccountDigits(externalAccountId);
    if (!/^\d{1,30}$/.test(accountId)) throw new PlatformError('invalid', `${META_LABEL}: an ad account id is digits, optionally after act_`, 'meta_ads');
    // The account's currency, for rows that do not carry account_currency.
    const acc = account.safeParse(await call('GET', url(`act_${accountId}`, { fields: 'id,account_id,name,currency,timezone_name' })));
    if (!acc.success) throw malformed(`GET /act_${accountId}`, issuePaths(acc.error.issues));
    const currency = acc.data.currency;
    if (dayCount(from, to) > asyncAfterDays) yield* asyncRange(accountId, currency, from, to);
    else yield* syncRange(accountId, currency, from, to);
  }

  return { type: 'meta_ads', listAccounts, dailyStats };
}
