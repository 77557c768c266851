import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoAccount } from './ads-demo-data';
import { DemoPlatformState, type DemoFaultParams, type PendingFault as Pending } from './demo-platform-state';
import { holdCall } from './platform-fake-server';
import { jsonArray, report, TikTokRefusal } from './tiktok-ads-report';

/** The TikTok fake's state (advertisers, tokens, faults, the calls received) and its calls. */

export type TikTokFault =
  | 'expiredToken'
  | 'throttle'
  | 'serverError'
  | 'internalError'
  | 'timeout'
  | 'malformed'
  | 'malformedRow'
  | 'restate';

export interface TikTokFaultParams extends DemoFaultParams {
  /** timeout: how long the call hangs (default 60 s; stop() ends it). */
  ms?: number;
}

export interface FakeTikTokAdvertiser extends DemoAccount {
  tokens: string[];
}

export interface FakeTikTokRequest {
  path: string;
  params: Record<string, string>;
}

type PendingFault = Pending<TikTokFault, TikTokFaultParams>;

export interface TikTokSettings {
  advertisers: FakeTikTokAdvertiser[];
  expiredTokens: string[];
  app: { appId: string; secret: string };
  firstDay?: string;
  historyDays: number;
}

const revoked = () => new TikTokRefusal(40105, 'The access token is invalid or has been revoked.');

export class TikTokState extends DemoPlatformState<TikTokFault, TikTokFaultParams> {
  readonly faults: PendingFault[] = [];
  readonly received: FakeTikTokRequest[] = [];

  constructor(readonly settings: TikTokSettings) {
    super(new Set(settings.expiredTokens), settings);
  }

  protected queueOf(): PendingFault[] {
    return this.faults;
  }

  protected queues(): PendingFault[][] {
    return [this.faults];
  }

  /** malformedRow waits for a report read; the others take the next call, whatever it is. */
  takeFault(path: string): PendingFault | undefined {
    const head = this.faults[0];
    return head && (head.kind !== 'malformedRow' || path.endsWith('/report/integrated/get/'))
      ? this.faults.shift()
      : undefined;
  }

  mine(token: string): FakeTikTokAdvertiser[] {
    return this.settings.advertisers.filter((a) => a.tokens.includes(token));
  }

  advertiserFor(token: string, id: string): FakeTikTokAdvertiser {
    const a = this.mine(token).find((x) => x.id === id);
    if (!a) throw new TikTokRefusal(40001, `No permission to operate advertiser ${id}.`);
    return a;
  }
}

/** TikTok's answer: HTTP 200 whatever happened, `code` 0 for success. */
export const reply = (res: ServerResponse, code: number, message: string, data: unknown = {}) =>
  res
    .writeHead(200, { 'content-type': 'application/json', 'x-tt-logid': randomUUID().replace(/-/g, '') })
    .end(JSON.stringify({ code, message, request_id: randomUUID().replace(/-/g, '').slice(0, 24), data }));

/** Answers (or throws) the faults that take a call whatever it asks; true when the call is answered. */
async function answerFault(
  state: TikTokState,
  fault: PendingFault | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  switch (fault?.kind) {
    case 'timeout':
      await holdCall(state.hanging, req, res, fault.params.ms ?? 60_000);
      return true;
    case 'serverError':
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>500 Internal Server Error</body></html>');
      return true;
    case 'malformed':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>upstream connect error</body></html>');
      return true;
    case 'expiredToken':
      throw revoked();
    case 'throttle':
      throw new TikTokRefusal(40100, 'Requests made too frequently. Please try again later.');
    case 'internalError':
      throw new TikTokRefusal(50000, 'System error. Please try again later.');
    default:
      return false;
  }
}

/** The call's token, checked: present, not expired, reading some advertiser. */
function tokenOf(state: TikTokState, req: IncomingMessage): string {
  const token = req.headers['access-token'];
  if (typeof token !== 'string' || !token) throw new TikTokRefusal(40104, 'Access token is null, please check.');
  if (state.expired.has(token) || !state.mine(token).length) throw revoked();
  return token;
}

export async function api(state: TikTokState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const q = url.searchParams;
  state.received.push({
    path: url.pathname,
    params: Object.fromEntries([...q.entries()].filter(([k]) => k !== 'secret')),
  });
  const fault = state.takeFault(url.pathname);
  if (await answerFault(state, fault, req, res)) return;
  const path = url.pathname.replace(/^\/open_api\/v1\.3\//, '');
  if (path === url.pathname) throw new TikTokRefusal(40000, 'Unknown path: this fake serves /open_api/v1.3/…');
  const { app } = state.settings;
  if (path === 'oauth2/advertiser/get/' && (q.get('app_id') !== app.appId || q.get('secret') !== app.secret))
    throw new TikTokRefusal(40001, 'The app id or secret is wrong.');
  const token = tokenOf(state, req);
  if (path === 'oauth2/advertiser/get/') {
    return void reply(res, 0, 'OK', {
      list: state.mine(token).map((a) => ({ advertiser_id: a.id, advertiser_name: a.name })),
    });
  }
  if (path === 'advertiser/info/') return void reply(res, 0, 'OK', { list: advertiserInfo(state, token, q) });
  if (path === 'report/integrated/get/') {
    const data = report(state.advertiserFor(token, q.get('advertiser_id') ?? ''), q, state.served());
    if (fault?.kind === 'malformedRow' && data.list.length) {
      const first = data.list[0] as { metrics: Record<string, unknown> };
      data.list[0] = { ...first, metrics: { ...first.metrics, spend: 'abc' } };
    }
    return void reply(res, 0, 'OK', data);
  }
  throw new TikTokRefusal(40000, `Unknown path ${path}`);
}

function advertiserInfo(state: TikTokState, token: string, q: URLSearchParams) {
  const ids = jsonArray(q.get('advertiser_ids'), 'advertiser_ids');
  if (!ids.length || ids.length > 100) throw new TikTokRefusal(40000, 'advertiser_ids: 1 to 100 ids');
  return ids
    .map((id) => state.advertiserFor(token, id))
    .map((a) => ({
      advertiser_id: a.id,
      name: a.name,
      currency: a.currency,
      timezone: a.timeZone,
      display_timezone: a.timeZone,
      status: 'STATUS_ENABLE',
    }));
}
