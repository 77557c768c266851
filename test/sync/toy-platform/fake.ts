import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDaysTo } from '../../../lambdas/shared/calendar';

/**
 * The toy platform's fake: two campaigns delivering every day (spend = day of month + campaign
 * number), one token accepted, and a fault injector: the next `throttle` requests answer 429 with
 * Retry-After.
 */
export interface ToyFake {
  url: string;
  requests: string[];
  faults: { throttle: number; retryAfterS: number };
  stop(): Promise<void>;
}

export const TOY_TOKEN = 'toy-token';

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
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (fake.faults.throttle > 0) {
      fake.faults.throttle--;
      return answer(429, { error: 'slow down' }, { 'retry-after': String(fake.faults.retryAfterS) });
    }
    if (req.headers.authorization !== `Bearer ${TOY_TOKEN}`) return answer(401, { error: 'token' });
    const m = /^\/accounts\/(\w+)\/daily$/.exec(url.pathname);
    if (!m) return answer(404, { error: 'not found' });
    answer(200, {
      currency: 'ILS',
      rows: dailyRows(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
