import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readBody, startPlatformFake, type RunningPlatformFake } from './platform-fake-server';
import { metaAdsSpec } from '../../lambdas/modules/connectors/platforms/meta-ads/spec';
import { isCalendarDay } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import {
  demoCampaignNames,
  demoCampaigns,
  demoDay,
  servedDays,
  type DemoAccount,
  type FakeCampaignNames,
  type Restatement,
} from './ads-demo-data';

/**
 * A local Meta Marketing API (Graph v25.0) for `npm start` and the client's tests
 * (lambdas/modules/connectors/platforms/meta-ads/client.ts): Meta's wire format (docs/connectors-meta-tiktok-csv.md)
 * — every number a string, errors in the JSON body, cursor paging by `paging.next`, usage headers,
 * the async report flow — over deterministic demo delivery (ads-demo-data.ts: ≥ 90 days, several
 * campaigns per account, zero-delivery days, seeded by the account id). One token is expired.
 *
 * Calls: GET /{v}/me/adaccounts · GET /{v}/act_{id} · GET|POST /{v}/act_{id}/insights ·
 * GET /{v}/{report_run_id} · GET /{v}/{report_run_id}/insights. A synchronous insights call over
 * more than `maxSyncRows` rows answers error 100/1487534 (too much data), as Meta does.
 *
 * Faults, in process (`injectFault(kind, { times, … })`) or `POST /_fake/faults {"kind","times",…}`:
 * expiredToken (401, code 190/463) · throttle (400, code 80000, estimated_time_to_regain_access
 * `minutes`) · serverError (500, not JSON) · unknownError (500, code 1) · timeout (no answer for `ms`)
 * · malformed (200, not JSON) · malformedRow (an insights row whose numbers are not numbers) ·
 * tooMuchData (100/1487534) · highUsage (usage headers at 95 %) — each for the next `times` API
 * calls; for the next async job: asyncStuck (`polls` polls of "Job Running" at 100 % before it
 * completes), asyncFailed, asyncSkipped; and `restate` (`days`, `factor`): the last days' figures
 * change, as attribution restates them. `DELETE /_fake/faults` clears them.
 */

export const META_FAKE_TOKEN = 'meta-demo-token';
export const META_FAKE_EXPIRED_TOKEN = 'meta-expired-token';

export type MetaFault =
  | 'expiredToken'
  | 'throttle'
  | 'serverError'
  | 'unknownError'
  | 'timeout'
  | 'malformed'
  | 'malformedRow'
  | 'tooMuchData'
  | 'highUsage'
  | 'asyncStuck'
  | 'asyncFailed'
  | 'asyncSkipped'
  | 'restate';

export const META_FAULTS: readonly MetaFault[] = [
  'expiredToken',
  'throttle',
  'serverError',
  'unknownError',
  'timeout',
  'malformed',
  'malformedRow',
  'tooMuchData',
  'highUsage',
  'asyncStuck',
  'asyncFailed',
  'asyncSkipped',
  'restate',
];

const JOB_FAULTS = new Set<MetaFault>(['asyncStuck', 'asyncFailed', 'asyncSkipped']);
const INSIGHTS_ONLY = new Set<MetaFault>(['tooMuchData', 'malformedRow']);

export interface FaultParams {
  times?: number;
  /** throttle: Meta's estimated_time_to_regain_access (default 1). */
  minutes?: number;
  /** timeout: how long the call hangs (default 60 s; stop() ends it). */
  ms?: number;
  /** asyncStuck: polls at "Job Running" 100 % (default 3). */
  polls?: number;
  /** restate: the last N days (default 3) by `factor` (default 1.1). */
  days?: number;
  factor?: number;
}

export interface FakeMetaAccount extends DemoAccount {
  /** The tokens that read it. */
  tokens: string[];
}

/** The demo: two accounts on the demo token, one whose token has expired. */
export function metaDemoAccounts(): FakeMetaAccount[] {
  const mk = (
    id: string,
    name: string,
    currency: string,
    timeZone: string,
    prefix: string,
    tokens: string[],
  ): FakeMetaAccount => ({ id, name, currency, timeZone, campaigns: demoCampaigns(id, prefix, '238'), tokens });
  return [
    mk('1010000001', 'Hadar Insurance — Meta', 'ILS', 'Asia/Jerusalem', 'Hadar', [META_FAKE_TOKEN]),
    mk('1010000002', 'Demo Agency US — Meta', 'USD', 'America/New_York', 'Demo US', [META_FAKE_TOKEN]),
    mk('1010000003', 'Old client — Meta', 'EUR', 'Europe/Berlin', 'Old client', [META_FAKE_EXPIRED_TOKEN]),
  ];
}

export interface FakeMetaOptions {
  port: number;
  host?: string;
  accounts?: FakeMetaAccount[];
  /** Tokens that have expired (code 190/463); default the demo's expired token. */
  expiredTokens?: string[];
  /** The first day with delivery (default: today − historyDays + 1 in each account's time zone). */
  firstDay?: string;
  historyDays?: number;
  /** Largest synchronous insights answer before 100/1487534 (default 2500 rows). */
  maxSyncRows?: number;
  log?: (line: string) => void;
}

export interface FakeMetaRequest {
  method: string;
  path: string;
  /** Query and form parameters, access_token left out. */
  params: Record<string, string>;
}

export interface FakeMeta extends FakeCampaignNames {
  endpoint: string;
  port: number;
  server: Server;
  accounts: FakeMetaAccount[];
  injectFault(kind: MetaFault, params?: FaultParams): void;
  clearFaults(): void;
  /** API calls received (not /_fake/ ones), oldest first. */
  requests(): FakeMetaRequest[];
  stop(): Promise<void>;
}

interface Job {
  accountId: string;
  since: string;
  until: string;
  polls: number;
  stuck: number;
  end: 'Job Completed' | 'Job Failed' | 'Job Skipped';
}
interface PendingFault {
  kind: MetaFault;
  params: FaultParams;
}

const MAX_LIMIT = 5000;

/**
 * A job's status at its latest poll: a stuck job says "Job Running" at 100 % for its `stuck` polls;
 * a normal one "Job Running" 50 % at the first; then its end (Completed 100 %, Failed or Skipped 0 %).
 */
function jobStatus(job: Job): [string, number] {
  if (job.polls <= job.stuck) return ['Job Running', 100];
  if (job.stuck === 0 && job.polls <= 1) return [job.polls ? 'Job Running' : 'Job Not Started', job.polls ? 50 : 0];
  return [job.end, job.end === 'Job Completed' ? 100 : 0];
}
const cursorOf = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
const offsetOf = (cursor: string | null) => {
  if (!cursor) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : -1;
};

class GraphRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly subcode?: number,
    readonly type = 'OAuthException',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const tooLarge = () => new GraphRefusal(413, 100, 'Request too large');

export async function startFakeMeta(opts: FakeMetaOptions): Promise<FakeMeta> {
  const host = opts.host ?? '127.0.0.1';
  const accounts = opts.accounts ?? metaDemoAccounts();
  const expired = new Set(opts.expiredTokens ?? [META_FAKE_EXPIRED_TOKEN]);
  const historyDays = opts.historyDays ?? 400;
  const maxSyncRows = opts.maxSyncRows ?? 2500;
  const log = opts.log ?? (() => undefined);
  const callFaults: PendingFault[] = [];
  const jobFaults: PendingFault[] = [];
  let restatement: Restatement = { days: 0, factor: 1 };
  const jobs = new Map<string, Job>();
  let nextJob = 6023920149050;
  const received: FakeMetaRequest[] = [];
  const hanging = new Set<NodeJS.Timeout>();
  let usage = 3;

  function injectFault(kind: MetaFault, params: FaultParams = {}) {
    if (kind === 'restate') {
      restatement = { days: Math.max(0, Math.min(params.days ?? 3, 400)), factor: params.factor ?? 1.1 };
      return;
    }
    const times = Math.min(Math.max(1, params.times ?? 1), 100);
    for (let i = 0; i < times; i++) (JOB_FAULTS.has(kind) ? jobFaults : callFaults).push({ kind, params });
  }
  const clearFaults = () => {
    callFaults.length = 0;
    jobFaults.length = 0;
    restatement = { days: 0, factor: 1 };
  };

  const usageHeaders = (accountId: string | undefined, regainMinutes = 0): Record<string, string> => ({
    'x-business-use-case-usage': JSON.stringify({
      [accountId ?? '0']: [
        {
          type: 'ads_insights',
          call_count: usage,
          total_cputime: Math.max(1, usage - 1),
          total_time: Math.max(1, usage - 1),
          estimated_time_to_regain_access: regainMinutes,
        },
      ],
    }),
    'x-ad-account-usage': JSON.stringify({
      acc_id_util_pct: usage,
      reset_time_duration: 0,
      ads_api_access_tier: 'standard_access',
    }),
    'x-fb-ads-insights-throttle': JSON.stringify({
      app_id_util_pct: usage,
      acc_id_util_pct: usage,
      ads_api_access_tier: 'standard_access',
    }),
  });

  const accountFor = (token: string, id: string): FakeMetaAccount => {
    const acc = accounts.find((a) => a.id === id);
    if (!acc || !acc.tokens.includes(token)) {
      throw new GraphRefusal(
        400,
        100,
        `Unsupported get request. Object with ID 'act_${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        33,
        'GraphMethodException',
      );
    }
    return acc;
  };

  const checkToken = (token: string | null): string => {
    if (!token) throw new GraphRefusal(400, 104, 'An access token is required to request this resource.');
    if (expired.has(token))
      throw new GraphRefusal(
        401,
        190,
        'Error validating access token: Session has expired on Monday, 01-Jun-26 09:00:00 PDT.',
        463,
      );
    if (!accounts.some((a) => a.tokens.includes(token)))
      throw new GraphRefusal(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    return token;
  };

  /** The rows of [since, until] for an account, Meta-spelled, sorted by day then campaign. */
  function insightRows(acc: FakeMetaAccount, since: string, until: string) {
    const today = todayIn(acc.timeZone);
    const rows: Record<string, unknown>[] = [];
    for (const day of servedDays(acc, since, until, opts.firstDay, historyDays)) {
      for (const c of acc.campaigns) {
        const d = demoDay(acc.id, c, day, { restatement, today });
        if (!d) continue;
        const purchases = d.conversions - d.leads;
        const actions = [
          { action_type: 'link_click', value: String(d.clicks) },
          { action_type: 'post_engagement', value: String(d.clicks + Math.floor(d.impressions / 50)) },
          ...(purchases ? [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: String(purchases) }] : []),
          ...(d.leads ? [{ action_type: 'onsite_conversion.lead_grouped', value: String(d.leads) }] : []),
        ];
        rows.push({
          account_id: acc.id,
          account_currency: acc.currency,
          campaign_id: c.id,
          campaign_name: c.name,
          impressions: String(d.impressions),
          clicks: String(d.clicks),
          spend: d.spend.toFixed(2),
          reach: String(d.reach),
          actions,
          ...(purchases
            ? {
                action_values: [
                  { action_type: 'offsite_conversion.fb_pixel_purchase', value: d.conversionValue.toFixed(2) },
                ],
              }
            : {}),
          ...(d.videoViews ? { video_play_actions: [{ action_type: 'video_view', value: String(d.videoViews) }] } : {}),
          date_start: day,
          date_stop: day,
        });
      }
    }
    return rows;
  }

  /** `{data, paging}` of rows from the `after` cursor; `next` repeats the call's own URL with the new cursor. */
  function pageOf(rows: Record<string, unknown>[], url: URL, limit: number) {
    const offset = offsetOf(url.searchParams.get('after'));
    if (offset < 0 || offset > rows.length) throw new GraphRefusal(400, 100, 'Invalid parameter: after');
    const data = rows.slice(offset, offset + limit);
    const paging: Record<string, unknown> = {
      cursors: { before: cursorOf(offset), after: cursorOf(offset + data.length) },
    };
    if (offset + data.length < rows.length) {
      const next = new URL(url);
      next.searchParams.set('after', cursorOf(offset + data.length));
      paging.next = next.toString();
    }
    return { data, paging };
  }

  function insightQuery(params: URLSearchParams) {
    if (params.get('level') !== 'campaign')
      throw new GraphRefusal(
        400,
        100,
        '(#100) level must be one of the following values: ad, adset, campaign, account (this fake serves campaign)',
      );
    if (params.get('time_increment') !== '1')
      throw new GraphRefusal(400, 100, '(#100) time_increment: this fake serves daily rows only (1)');
    let range: { since?: unknown; until?: unknown };
    try {
      range = JSON.parse(params.get('time_range') ?? '') as typeof range;
    } catch {
      throw new GraphRefusal(400, 100, '(#100) time_range must be a JSON object {"since","until"}');
    }
    const { since, until } = range ?? {};
    if (!isCalendarDay(since) || !isCalendarDay(until) || since > until)
      throw new GraphRefusal(400, 100, '(#100) time_range: since and until must be days, since not after until');
    if (!(params.get('fields') ?? '').split(',').includes('campaign_id'))
      throw new GraphRefusal(400, 100, '(#100) fields must include campaign_id');
    const limit = Number(params.get('limit') ?? 25);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw new GraphRefusal(400, 100, `(#100) limit must be 1 to ${MAX_LIMIT}`);
    return { since, until, limit };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, params: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    const shown = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'access_token'));
    received.push({ method, path: url.pathname, params: shown });

    // tooMuchData and malformedRow wait for an insights read; the others take the next call, whatever it is.
    const head = callFaults[0];
    const fault =
      head && (!INSIGHTS_ONLY.has(head.kind) || url.pathname.endsWith('/insights')) ? callFaults.shift() : undefined;
    if (fault?.kind === 'highUsage') usage = 95;
    else usage = 3;
    if (fault?.kind === 'timeout') {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          hanging.delete(t);
          resolve();
        }, fault.params.ms ?? 60_000);
        hanging.add(t);
        req.once('close', () => {
          clearTimeout(t);
          hanging.delete(t);
          resolve();
        });
      });
      if (!res.writableEnded && !res.destroyed)
        res.writeHead(504, { 'content-type': 'text/plain' }).end('Gateway Timeout');
      return;
    }
    if (fault?.kind === 'expiredToken')
      throw new GraphRefusal(
        401,
        190,
        'Error validating access token: Session has expired on Monday, 01-Jun-26 09:00:00 PDT.',
        463,
      );
    if (fault?.kind === 'throttle') {
      const minutes = fault.params.minutes ?? 1;
      throw new GraphRefusal(
        400,
        80000,
        'There have been too many calls from this ad-account. Wait a bit and try again.',
        2446079,
        'OAuthException',
        usageHeaders(undefined, minutes),
      );
    }
    if (fault?.kind === 'serverError')
      return void res
        .writeHead(500, { 'content-type': 'text/html' })
        .end('<html><body>Internal Server Error</body></html>');
    if (fault?.kind === 'unknownError')
      throw new GraphRefusal(500, 1, 'An unknown error occurred', undefined, 'OAuthException');
    if (fault?.kind === 'malformed') {
      // A proxy's page, quoting the URL it was asked for (token and all): the client must not pass it on.
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><body>Bad gateway for ${url.pathname}?${params.toString()}</body></html>`);
    }
    const token = checkToken(params.get('access_token'));
    const json = (value: unknown, accountId?: string) =>
      res
        .writeHead(200, { 'content-type': 'application/json; charset=UTF-8', ...usageHeaders(accountId) })
        .end(JSON.stringify(value));

    const parts = url.pathname.split('/').filter(Boolean);
    if (parts.length < 2 || !/^v\d+\.\d+$/.test(parts[0])) throw new GraphRefusal(400, 2500, 'Unknown path components');
    const [, first, second] = parts;
    const fields = (params.get('fields') ?? 'id').split(',');
    const accountView = (a: FakeMetaAccount) => {
      const all: Record<string, unknown> = {
        id: `act_${a.id}`,
        account_id: a.id,
        name: a.name,
        currency: a.currency,
        timezone_name: a.timeZone,
      };
      return Object.fromEntries(Object.entries(all).filter(([k]) => k === 'id' || fields.includes(k)));
    };

    if (method === 'GET' && first === 'me' && second === 'adaccounts' && parts.length === 3) {
      const mine = accounts.filter((a) => a.tokens.includes(token)).map(accountView);
      return void json(pageOf(mine, url, Math.min(Number(params.get('limit') ?? 25) || 25, 100)));
    }
    const act = /^act_(\d+)$/.exec(first ?? '');
    if (act && parts.length === 2 && method === 'GET') return void json(accountView(accountFor(token, act[1])), act[1]);
    if (act && second === 'insights' && parts.length === 3) {
      const acc = accountFor(token, act[1]);
      const q = insightQuery(params);
      if (method === 'POST') {
        const jf = jobFaults.shift();
        const id = String(nextJob++);
        jobs.set(id, {
          accountId: acc.id,
          since: q.since,
          until: q.until,
          polls: 0,
          stuck: jf?.kind === 'asyncStuck' ? Math.max(1, jf.params.polls ?? 3) : 0,
          end:
            jf?.kind === 'asyncFailed' ? 'Job Failed' : jf?.kind === 'asyncSkipped' ? 'Job Skipped' : 'Job Completed',
        });
        return void json({ report_run_id: id }, acc.id);
      }
      if (fault?.kind === 'tooMuchData')
        throw new GraphRefusal(
          400,
          100,
          "Please reduce the amount of data you're asking for, then retry your request",
          1487534,
        );
      const rows = insightRows(acc, q.since, q.until);
      if (rows.length > maxSyncRows)
        throw new GraphRefusal(
          400,
          100,
          "Please reduce the amount of data you're asking for, then retry your request",
          1487534,
        );
      const body = pageOf(rows, url, q.limit);
      if (fault?.kind === 'malformedRow' && body.data.length)
        body.data[0] = { ...body.data[0], impressions: '12abc', spend: 'NaN' };
      return void json(body, acc.id);
    }
    const job = jobs.get(first ?? '');
    if (job && method === 'GET' && parts.length === 2) {
      accountFor(token, job.accountId);
      job.polls++;
      const [status, percent] = jobStatus(job);
      return void json(
        {
          id: first,
          account_id: job.accountId,
          async_status: status,
          async_percent_completion: percent,
          date_start: job.since,
          date_stop: job.until,
          time_ref: 1780000000,
        },
        job.accountId,
      );
    }
    if (job && method === 'GET' && second === 'insights' && parts.length === 3) {
      const acc = accountFor(token, job.accountId);
      if (jobStatus(job)[0] !== 'Job Completed')
        throw new GraphRefusal(400, 100, '(#100) The report is not ready: its async_status is not "Job Completed"');
      const limit = Math.min(Math.max(1, Number(params.get('limit') ?? 25) || 25), MAX_LIMIT);
      const body = pageOf(insightRows(acc, job.since, job.until), url, limit);
      if (fault?.kind === 'malformedRow' && body.data.length)
        body.data[0] = { ...body.data[0], impressions: '12abc', spend: 'NaN' };
      return void json(body, acc.id);
    }
    throw new GraphRefusal(400, 100, `Unsupported ${method.toLowerCase()} request.`, undefined, 'GraphMethodException');
  }

  const fake = await startPlatformFake<MetaFault>({
    host,
    port: opts.port,
    faultKinds: META_FAULTS,
    injectFault: (kind, params) => injectFault(kind, params as FaultParams),
    clearFaults,
    async handle(req, res, url) {
      const params = new URLSearchParams(url.searchParams);
      if (req.method === 'POST') {
        for (const [k, v] of new URLSearchParams(await readBody(req, 1024 * 1024, tooLarge))) params.set(k, v);
      }
      await api(req, res, url, params);
    },
    answerError(err, req, res, url) {
      if (res.headersSent || res.destroyed) return;
      if (err instanceof GraphRefusal) {
        log(`meta fake: ${req.method} ${url.pathname} → ${err.status} (#${err.code})`);
        res
          .writeHead(err.status, {
            'content-type': 'application/json; charset=UTF-8',
            'www-authenticate': err.code === 190 ? 'OAuth "Facebook Platform" "invalid_token"' : '',
            ...err.headers,
          })
          .end(
            JSON.stringify({
              error: {
                message: err.message,
                type: err.type,
                code: err.code,
                ...(err.subcode ? { error_subcode: err.subcode } : {}),
                fbtrace_id: 'AFakeTrace01',
              },
            }),
          );
      } else {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: (err as Error).message, type: 'FakeError', code: 1 } }));
      }
    },
    onStop() {
      for (const t of hanging) clearTimeout(t);
      hanging.clear();
    },
  });
  return {
    endpoint: fake.endpoint,
    port: fake.port,
    server: fake.server,
    accounts,
    ...demoCampaignNames(accounts),
    injectFault,
    clearFaults,
    requests: () => [...received],
    stop: fake.stop,
  };
}

/** The fake as `npm start` runs it: the Graph API at META_GRAPH_API_URL, with its demo tokens. */
export async function startMetaPlatformFake(port: number): Promise<RunningPlatformFake<FakeMeta>> {
  const fake = await startFakeMeta({ port });
  return {
    endpoint: fake.endpoint,
    env: { [metaAdsSpec.apiUrlEnv]: fake.endpoint },
    bannerName: 'Meta Ads',
    banner: `(Graph API v25.0 fake: token ${META_FAKE_TOKEN}; ${META_FAKE_EXPIRED_TOKEN} has expired)`,
    names: fake,
    stop: () => fake.stop(),
  };
}
