import type { ServerResponse } from 'node:http';
import { startPlatformFake } from '../../../local/fakes/platform-fake-server';
import { addDaysTo } from '../../../lambdas/shared/calendar';

/**
 * The toy platform's fake: two campaigns delivering every day (spend = day of month + campaign
 * number), PAGE_SIZE rows a page with a `next` cursor, one token accepted, account 403 refused, on
 * the fakes' shared scaffold; its fault: the next `throttle` requests answer 429 with Retry-After.
 */
export interface ToyFake {
  url: string;
  requests: string[];
  faults: { throttle: number; retryAfterS: number };
  stop(): Promise<void>;
}

export const TOY_TOKEN = 'toy-token';
export const PAGE_SIZE = 5;
/** An account the token may not read: 403. */
export const TOY_FORBIDDEN_ACCOUNT = '403';

export function dailyRows(from: string, to: string) {
  const rows = [];
  for (let day = from; day <= to; day = addDaysTo(day, 1))
    for (const n of [1, 2])
      rows.push({
        day,
        campaign: `c${n}`,
        name: `Toy campaign ${n}`,
        impressions: 100 * n,
        clicks: n,
        spend: Number(day.slice(8)) + n,
      });
  return rows;
}

export async function startToyFake(): Promise<ToyFake> {
  const fake: Omit<ToyFake, 'url' | 'stop'> = { requests: [], faults: { throttle: 0, retryAfterS: 2 } };
  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const server = await startPlatformFake<'throttle'>({
    host: '127.0.0.1',
    port: 0,
    faultKinds: ['throttle'],
    injectFault: (_kind, params) => void (fake.faults.throttle += Number(params.times ?? 1)),
    clearFaults: () => void (fake.faults.throttle = 0),
    handle(req, res, url) {
      fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
      if (fake.faults.throttle > 0) {
        fake.faults.throttle--;
        return answer(res, 429, { error: 'slow down' }, { 'retry-after': String(fake.faults.retryAfterS) });
      }
      if (req.headers.authorization !== `Bearer ${TOY_TOKEN}`) return answer(res, 401, { error: 'token' });
      if (!/^\/accounts\/\w+\/daily$/.test(url.pathname)) return answer(res, 404, { error: 'not found' });
      if (url.pathname === `/accounts/${TOY_FORBIDDEN_ACCOUNT}/daily`) return answer(res, 403, { error: 'forbidden' });
      const [from, to] = [url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''];
      const at = Number(url.searchParams.get('cursor') ?? 0);
      const rows = dailyRows(from, to);
      const next = at + PAGE_SIZE < rows.length ? { next: String(at + PAGE_SIZE) } : {};
      answer(res, 200, { currency: 'ILS', rows: rows.slice(at, at + PAGE_SIZE), ...next });
    },
    answerError: (err, _req, res) => answer(res, 500, { error: (err as Error).message }),
  });
  return { ...fake, url: server.endpoint, stop: server.stop };
}
