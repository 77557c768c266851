import type { IncomingMessage, ServerResponse } from 'node:http';
import { holdCall } from './platform-fake-server';
import { jobStatus, type FakeMetaAccount, type MetaState, type MetaPendingFault } from './meta-ads-state';
import {
  GraphRefusal,
  insightQuery,
  insightRows,
  MAX_LIMIT,
  pageOf,
  sessionExpired,
  tooMuchData,
  usageHeaders,
} from './meta-ads-wire';

/** The Meta fake's Graph calls: the token's ad accounts, an account, insights (sync and async), report jobs. */

interface Call {
  state: MetaState;
  res: ServerResponse;
  url: URL;
  params: URLSearchParams;
  method: string;
  token: string;
  parts: string[];
  fault: MetaPendingFault | undefined;
  json(value: unknown, accountId?: string): void;
}

/** Answers (or throws) the faults that take a call whatever it asks; true when the call is answered. */
async function answerCallFault(
  state: MetaState,
  fault: MetaPendingFault | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: URLSearchParams,
): Promise<boolean> {
  switch (fault?.kind) {
    case 'timeout':
      await holdCall(state.hanging, req, res, fault.params.ms ?? 60_000);
      return true;
    case 'expiredToken':
      throw sessionExpired();
    case 'throttle':
      throw new GraphRefusal(
        400,
        80000,
        'There have been too many calls from this ad-account. Wait a bit and try again.',
        2446079,
        'OAuthException',
        usageHeaders(state.usage, undefined, fault.params.minutes ?? 1),
      );
    case 'serverError':
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return true;
    case 'unknownError':
      throw new GraphRefusal(500, 1, 'An unknown error occurred', undefined, 'OAuthException');
    case 'malformed':
      // A proxy's page, quoting the URL it was asked for (token and all): the client must not pass it on.
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><body>Bad gateway for ${url.pathname}?${params.toString()}</body></html>`);
      return true;
    default:
      return false;
  }
}

export async function api(
  state: MetaState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: URLSearchParams,
): Promise<void> {
  const method = req.method ?? 'GET';
  const shown = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'access_token'));
  state.received.push({ method, path: url.pathname, params: shown });
  const fault = state.takeCallFault(url.pathname);
  state.usage = fault?.kind === 'highUsage' ? 95 : 3;
  if (await answerCallFault(state, fault, req, res, url, params)) return;
  const token = state.checkToken(params.get('access_token'));
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length < 2 || !/^v\d+\.\d+$/.test(parts[0])) throw new GraphRefusal(400, 2500, 'Unknown path components');
  const json = (value: unknown, accountId?: string) =>
    res
      .writeHead(200, { 'content-type': 'application/json; charset=UTF-8', ...usageHeaders(state.usage, accountId) })
      .end(JSON.stringify(value));
  route({ state, res, url, params, method, token, parts, fault, json });
}

function route(c: Call): void {
  const [, first, second] = c.parts;
  if (c.method === 'GET' && first === 'me' && second === 'adaccounts' && c.parts.length === 3) {
    const mine = c.state.accounts.filter((a) => a.tokens.includes(c.token)).map((a) => accountView(c, a));
    return c.json(pageOf(mine, c.url, Math.min(Number(c.params.get('limit') ?? 25) || 25, 100)));
  }
  const act = /^act_(\d+)$/.exec(first ?? '');
  if (act && c.parts.length === 2 && c.method === 'GET')
    return c.json(accountView(c, c.state.accountFor(c.token, act[1])), act[1]);
  if (act && second === 'insights' && c.parts.length === 3) return insights(c, c.state.accountFor(c.token, act[1]));
  const jobId = first ?? '';
  if (c.state.jobs.has(jobId) && c.method === 'GET' && c.parts.length === 2) return jobPoll(c, jobId);
  if (c.state.jobs.has(jobId) && c.method === 'GET' && second === 'insights' && c.parts.length === 3)
    return jobInsights(c, jobId);
  throw new GraphRefusal(400, 100, `Unsupported ${c.method.toLowerCase()} request.`, undefined, 'GraphMethodException');
}

function accountView(c: Call, a: FakeMetaAccount) {
  const fields = (c.params.get('fields') ?? 'id').split(',');
  const all: Record<string, unknown> = {
    id: `act_${a.id}`,
    account_id: a.id,
    name: a.name,
    currency: a.currency,
    timezone_name: a.timeZone,
  };
  return Object.fromEntries(Object.entries(all).filter(([k]) => k === 'id' || fields.includes(k)));
}

/** A page of rows, its first row broken by a `malformedRow` fault. */
function rowsPage(c: Call, rows: Record<string, unknown>[], limit: number) {
  const body = pageOf(rows, c.url, limit);
  if (c.fault?.kind === 'malformedRow' && body.data.length)
    body.data[0] = { ...body.data[0], impressions: '12abc', spend: 'NaN' };
  return body;
}

/** POST starts a report job; GET answers synchronously, refused past `maxSyncRows` rows as Meta does. */
function insights(c: Call, acc: FakeMetaAccount): void {
  const q = insightQuery(c.params);
  if (c.method === 'POST') return c.json({ report_run_id: c.state.startJob(acc.id, q.since, q.until) }, acc.id);
  if (c.fault?.kind === 'tooMuchData') throw tooMuchData();
  const rows = insightRows(acc, q.since, q.until, c.state.served());
  if (rows.length > c.state.settings.maxSyncRows) throw tooMuchData();
  c.json(rowsPage(c, rows, q.limit), acc.id);
}

function jobPoll(c: Call, jobId: string): void {
  const job = c.state.jobs.get(jobId)!;
  c.state.accountFor(c.token, job.accountId);
  job.polls++;
  const [status, percent] = jobStatus(job);
  c.json(
    {
      id: jobId,
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

function jobInsights(c: Call, jobId: string): void {
  const job = c.state.jobs.get(jobId)!;
  const acc = c.state.accountFor(c.token, job.accountId);
  if (jobStatus(job)[0] !== 'Job Completed')
    throw new GraphRefusal(400, 100, '(#100) The report is not ready: its async_status is not "Job Completed"');
  const limit = Math.min(Math.max(1, Number(c.params.get('limit') ?? 25) || 25), MAX_LIMIT);
  c.json(rowsPage(c, insightRows(acc, job.since, job.until, c.state.served()), limit), acc.id);
}
