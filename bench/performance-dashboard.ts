import { clearReadCaches } from '../lambdas/core/read-cache';
import { markDashboardStale } from '../lambdas/aws/dynamodb/dashboard-stamp';
import { refreshTiles } from '../lambdas/modules/dashboards/dashboard-tiles';
import { periodOfCode } from '../lambdas/modules/reports/periods';
import type { Budget } from './performance-load-run';
import { fmt, percentile } from './stats';

/**
 * GetManagerDashboard, last month, company-wide, through the local API (which runs in this process,
 * so its read caches can be emptied): rounds of CALLERS concurrent callers, every read cache cleared
 * before each round. Three ways (docs/dashboard.md "Precomputed tiles"): the precomputed tiles as
 * stored; the first round after a write (the tiles stale: one recompute, the other callers wait on it);
 * the same once the change stream's refresher has recomputed them (what a reader meets after a sync
 * or an edit has settled, lambdas/streams/refresh-dashboard-tiles.ts: its function run here as the
 * stream would run it); and the live path (the same days asked as from/to, which the tiles do not answer). A ratio of the
 * same run, no limit: the figure is reported, not budgeted.
 */
const CALLERS = 10;

type Post = (p: string, body: unknown) => Promise<unknown>;

/** Failed calls per way: counted and printed, not thrown (a full-scale run once met a 500 here). */
const errors = new Map<string, number>();

async function rounds(
  way: string,
  n: number,
  before: () => Promise<void>,
  call: () => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < n; r++) {
    await before();
    clearReadCaches();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        const t0 = performance.now();
        try {
          await call();
          times.push(performance.now() - t0);
        } catch (err) {
          errors.set(way, (errors.get(way) ?? 0) + 1);
          console.log(`  ${way}: ${(err as Error).message}`);
        }
      }),
    );
  }
  return times;
}

export async function dashboardTiles(o: {
  post: Post;
  companyId: number;
  today: string;
  quick: boolean;
  budget: Budget;
}) {
  const { post, companyId } = o;
  const month = periodOfCode('4', o.today);
  const path = 'DashboardService/GetManagerDashboard';
  const tiles = () => post(path, { period: '4' });
  const live = () => post(path, { from: month.from, to: month.to });
  const n = o.quick ? 6 : 4;
  const nothing = async () => {};
  // Untimed: the tiles computed and stored once, past the write-settling window of dashboard-tiles.ts.
  await tiles();
  await new Promise((r) => setTimeout(r, 2_500));
  const stored = await rounds('stored', n, nothing, tiles);
  const stale = await rounds('after a write', n, () => markDashboardStale(companyId), tiles);
  const refreshed = await rounds(
    'after a write, refreshed',
    n,
    async () => {
      await markDashboardStale(companyId);
      await refreshTiles(companyId);
    },
    tiles,
  );
  const liveTimes = await rounds('live', n, nothing, live);
  const p = (t: number[]) => ({ p50: percentile(t, 50), p99: percentile(t, 99) });
  const [s, w, f, l] = [p(stored), p(stale), p(refreshed), p(liveTimes)];
  const line = (name: string, x: { p50: number; p99: number }) =>
    `${name} p50 ${fmt(x.p50)} ms, p99 ${fmt(x.p99)} ms (${fmt(x.p50 / l.p50, 3)}× / ${fmt(x.p99 / l.p99, 3)}× the live path's)`;
  console.log(
    `\nGetManagerDashboard ${month.from}…${month.to}, company-wide, ${CALLERS} concurrent callers × ${n} rounds, read caches cleared before each round:\n  ${line('precomputed tiles (stored)', s)}\n  ${line('first round after a write (one recompute)', w)}\n  ${line('first round after a write once the refresher ran', f)}\n  live path p50 ${fmt(l.p50)} ms, p99 ${fmt(l.p99)} ms; failed calls: ${errors.size ? [...errors].map(([w, k]) => `${w} ${k}`).join(', ') : 'none'}`,
  );
  o.budget(
    `manager dashboard, ${CALLERS} callers, cold caches: tiles vs live`,
    `p50 ${fmt(s.p50 / l.p50, 3)}×, p99 ${fmt(s.p99 / l.p99, 3)}× (${fmt(s.p50)} vs ${fmt(l.p50)} ms); after a write, refreshed: p50 ${fmt(f.p50)} ms, recomputed by the first reader: p50 ${fmt(w.p50)} ms`,
    'reported',
    null,
  );
}
