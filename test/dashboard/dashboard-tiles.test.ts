import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { liveManagerDashboard, managerDashboardFor } from '../../lambdas/modules/dashboards/manager-dashboard';
import { refreshTiles, tileSettings } from '../../lambdas/modules/dashboards/dashboard-tiles';
import { readTiles, TILE_WRITE_UNITS_PER_SECOND } from '../../lambdas/modules/dashboards/tile-store.dynamodb';
import { refreshDashboardTiles } from '../../lambdas/streams/refresh-dashboard-tiles';
import { matchesTilesRefreshFilter } from '../../lambdas/streams/stream-handlers';
import { startStreamPoller } from '../../local/stream-poller';
import { testEnv } from '../support/engines';
import { dashboardLimits } from '../../lambdas/modules/dashboards/dashboard-scope';
import { getManagerDashboard } from '../../lambdas/modules/dashboards/schemas';
import { markDashboardStale } from '../../lambdas/aws/dynamodb/dashboard-stamp';
import { clearReadCaches } from '../../lambdas/core/read-cache';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { ManagerDashboard } from '../../lambdas/modules/dashboards/replies';
import { seedRate } from '../support/media-plans';
import { startReadJournal, stopReadJournal } from '../support/read-journal';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';
import { d, plan, spend, T } from './tile-world';

/**
 * The manager dashboard's precomputed tiles (docs/dashboard.md "Precomputed tiles") against its live
 * path, on DynamoDB Local. Today T; lines run T-30 .. T+9, spending every day T-30 .. T-1:
 * - "Spring" on the main account (ILS): Search 50.00 a day (10 %), Social 200.00 (20 % + 5 %);
 * - "Sub" on the main account's sub-account (ILS): Search 20.00 a day;
 * - "Elsewhere" on the other account (USD, 3.5 ILS): Search 10.00 USD a day = 35.00 ILS.
 * Users: the analyst sees every account, `restricted` the main account (and its sub), `outsider` the other.
 */
let c: Company;
let restricted: UserProfile;
let outsider: UserProfile;
const ids = { spring: 0, sub: 0, elsewhere: 0, springLine: 0 };
const recomputes: string[] = [];

const input = (period: '3' | '4') => getManagerDashboard.parse({ period });
const tiles = (as: UserProfile, period: '3' | '4'): Promise<ManagerDashboard> =>
  managerDashboardFor(as, undefined, input(period));
const live = (as: UserProfile, period: '3' | '4'): Promise<ManagerDashboard> =>
  liveManagerDashboard(as, undefined, input(period));
/** Days of [T-30, T-1] inside the period: the days that spent. */
const spentDays = (r: ManagerDashboard) => {
  let n = 0;
  for (let k = -30; k <= -1; k++) if (d(k) >= r.From && d(k) <= r.To) n++;
  return n;
};

beforeAll(async () => {
  c = await makeCompany('Tiles Agency');
  await seedRate(c, d(-60), 'USD', 'ILS', 3.5);
  restricted = await makeUser(c.companyId, Role.Analyst, [Permission.ManagementReports], {
    accountAccess: [c.accounts.main.ID],
  });
  outsider = await makeUser(c.companyId, Role.Analyst, [Permission.ManagementReports], {
    accountAccess: [c.accounts.other.ID],
  });
  const search = { Name: 'Search', type: 'Google Search', mgmt: 10, sys: 0 };
  const spring = await plan(c, {
    accountId: c.accounts.main.ID,
    name: 'Spring',
    lines: [
      { ...search, daily: 50 },
      { Name: 'Social', type: 'Meta (Facebook)', mgmt: 20, sys: 5, daily: 200 },
    ],
    spends: true,
  });
  ids.spring = spring.activity.ID;
  ids.springLine = spring.lineIds[0];
  const sub = { accountId: c.accounts.main.ID, subAccountId: c.accounts.sub.ID, name: 'Sub', spends: true };
  ids.sub = (await plan(c, { ...sub, lines: [{ ...search, daily: 20 }] })).activity.ID;
  const elsewhere = { accountId: c.accounts.other.ID, name: 'Elsewhere', spends: true };
  ids.elsewhere = (await plan(c, { ...elsewhere, lines: [{ ...search, daily: 10 }] })).activity.ID;
  tileSettings.onRecompute = (companyId, period) => {
    if (companyId === c.companyId) recomputes.push(period);
  };
  // Reads right after a write would otherwise recompute until it settles; the counts below need one.
  tileSettings.settleMs = 0;
}, 180_000);

beforeEach(() => {
  clearReadCaches();
  recomputes.length = 0;
});

describe('GetManagerDashboard from the precomputed tiles', () => {
  it.each(['3', '4'] as const)('period %s: equals the live path field by field for every caller', async (period) => {
    for (const as of [c.analyst, restricted, outsider]) expect(await tiles(as, period)).toEqual(await live(as, period));
    // The first read computed the company's tiles; the other two callers summed the stored ones.
    expect(recomputes).toEqual([period]);
  });

  it('hand-checked: last month, each caller only their accounts', async () => {
    const all = await tiles(c.analyst, '4');
    const n = spentDays(all);
    // Spring 250 + Sub 20 a day on the main account's side, Elsewhere 35 ILS a day on the other.
    expect(all).toMatchObject({
      Currency: 'ILS',
      ActualSpend: 305 * n,
      ActualToDate: 305 * n,
      ProjectedSpend: 305 * n,
    });
    const mine = await tiles(restricted, '4');
    expect(mine).toMatchObject({ ActualSpend: 270 * n, LiveActivities: 2, ActivitiesRead: 2 });
    expect(mine.SpendByAccount.map((s) => s.Key).sort()).toEqual(
      n ? [String(c.accounts.main.ID), String(c.accounts.sub.ID)].sort() : [],
    );
    expect([...mine.TopOver, ...mine.TopUnder].map((a) => a.ActivityId)).not.toContain(ids.elsewhere);
    const theirs = await tiles(outsider, '4');
    expect(theirs).toMatchObject({
      ActualSpend: 35 * n,
      LiveActivities: 1,
      ActivitiesRead: 1,
      DataHealth: all.DataHealth,
    });
    expect(theirs.SpendByAccount.map((s) => s.Key)).toEqual(n ? [String(c.accounts.other.ID)] : []);
    expect([...theirs.TopOver, ...theirs.TopUnder].map((a) => a.ActivityId)).not.toContain(ids.spring);
    expect(theirs.PlannedToDate + mine.PlannedToDate).toBe(all.PlannedToDate);
  });

  it('a client user is refused', async () => {
    const r = await invoke('DashboardService', 'GetManagerDashboard', { as: c.client, body: { period: '3' } });
    expect(r.status).toBe(403);
  });

  it('new actuals are in the next read (no stale tiles)', async () => {
    const period = d(-1).slice(0, 7) === T.slice(0, 7) ? '3' : '4';
    const before = await tiles(restricted, period);
    await spend(c, ids.springLine, ids.spring, c.accounts.main.ID, { [d(-1)]: 100 }, 'late');
    const after = await tiles(restricted, period);
    expect(after.ActualSpend).toBe(before.ActualSpend + 100);
    expect(after).toEqual(await live(restricted, period));
    // The first read summed the stored tiles; the write made the next one recompute them.
    expect(recomputes).toEqual([period]);
  });

  it('an approved plan is in the next read', async () => {
    const before = await tiles(outsider, '3');
    const added = { accountId: c.accounts.other.ID, name: 'Late', spends: false };
    await plan(c, { ...added, lines: [{ Name: 'Search', type: 'Google Search', mgmt: 10, sys: 0, daily: 0 }] });
    const after = await tiles(outsider, '3');
    expect(after.ActivitiesRead).toBe(before.ActivitiesRead + 1);
    expect(after.LiveActivities).toBe(before.LiveActivities + 1);
    expect(after).toEqual(await live(outsider, '3'));
  });

  it("a company over the activities a caller's live read takes still answers from its tiles", async () => {
    const whole = await live(c.analyst, '3');
    const limits = { ...dashboardLimits };
    dashboardLimits.activities = 1;
    try {
      await markDashboardStale(c.companyId);
      clearReadCaches();
      expect(await live(c.analyst, '3')).toMatchObject({ Truncated: true, ActivitiesRead: 1 });
      recomputes.length = 0;
      const replies = await Promise.all(Array.from({ length: 5 }, () => tiles(c.analyst, '3')));
      expect(recomputes).toEqual(['3']);
      expect(whole.ActivitiesRead).toBeGreaterThan(1);
      for (const r of replies) expect(r).toEqual(whole);
    } finally {
      Object.assign(dashboardLimits, limits);
    }
  });

  it('a company over the activities the recompute takes: callers at once share one live computation', async () => {
    const limits = { ...dashboardLimits };
    dashboardLimits.activities = 1;
    dashboardLimits.tiles = 1;
    try {
      await markDashboardStale(c.companyId);
      recomputes.length = 0;
      startReadJournal();
      const replies = await Promise.all(Array.from({ length: 10 }, () => tiles(c.analyst, '3')));
      const reads = stopReadJournal();
      expect(recomputes).toEqual(['3']);
      expect(replies[0].Truncated).toBe(true);
      for (const r of replies) expect(r).toEqual(replies[0]);
      // The one activity read: its plan, once by the recompute and once by the shared live read.
      const planReads = [...reads].filter(([k]) => /#MIX#|PLAN/.test(k));
      expect(planReads.length).toBeGreaterThan(0);
      for (const [, n] of planReads) expect(n).toBeLessThanOrEqual(2);
    } finally {
      Object.assign(dashboardLimits, limits);
    }
  });

  it('concurrent reads after an invalidation make exactly one recompute', async () => {
    await tiles(c.analyst, '3');
    await markDashboardStale(c.companyId);
    recomputes.length = 0;
    clearReadCaches();
    const replies = await Promise.all(Array.from({ length: 10 }, () => tiles(c.analyst, '3')));
    expect(recomputes).toEqual(['3']);
    for (const r of replies) expect(r).toEqual(replies[0]);
    expect(replies[0]).toEqual(await live(c.analyst, '3'));
  });
});

describe("the tiles' refresher (the change stream's consumer)", () => {
  it("recomputes after a write, from the stamp's own stream record: the next reads find them computed", async () => {
    // Read once each: the refresher recomputes only tiles someone reads.
    for (const period of ['3', '4'] as const) await tiles(c.analyst, period);
    const stampPk = `C#${c.companyId}#DASH`;
    const refreshed: number[] = [];
    const env = testEnv();
    // A poller of this test's own, seeing only this company's stamp (the cloud's filter, then the company).
    const poller = startStreamPoller({
      endpoint: env.dynamoEndpoint,
      tableName: env.tableName,
      handler: async (event) => {
        refreshed.push(event.Records.length);
        return refreshDashboardTiles(event);
      },
      intervalMs: 50,
      log: () => undefined,
      filter: (r) => matchesTilesRefreshFilter(r) && r.dynamodb?.Keys?.pk?.S === stampPk,
    });
    try {
      await poller.settle();
      refreshed.length = 0;
      await spend(c, ids.springLine, ids.spring, c.accounts.main.ID, { [d(-2)]: 40 }, 'refreshed');
      await poller.settle();
      expect(refreshed.length).toBeGreaterThan(0);
    } finally {
      await poller.stop();
    }
    recomputes.length = 0;
    clearReadCaches();
    for (const period of ['3', '4'] as const)
      for (const as of [c.analyst, restricted, outsider])
        expect(await tiles(as, period)).toEqual(await live(as, period));
    expect(recomputes).toEqual([]);
  });

  it("waits out a write's settle time, then stores settled tiles at the background pace; fresh ones are left alone", async () => {
    tileSettings.settleMs = 60_000;
    const waits: number[] = [];
    try {
      await markDashboardStale(c.companyId);
      recomputes.length = 0;
      const outcome = await refreshTiles(c.companyId, async (ms) => {
        waits.push(ms);
        tileSettings.settleMs = 0;
      });
      expect(outcome).toEqual({ '3': 'computed', '4': 'computed' });
      // The settle time, then one pause per 25 tiles written: at least a write unit each, at the pace.
      expect(waits).toHaveLength(3);
      expect(waits[0]).toBeGreaterThan(50_000);
      expect(waits[0]).toBeLessThanOrEqual(60_000);
      for (const [i, period] of (['3', '4'] as const).entries()) {
        const stored = await readTiles(c.companyId, period);
        expect(stored.tiles.length).toBeGreaterThan(0);
        expect(waits[i + 1]).toBeGreaterThanOrEqual((stored.tiles.length * 1000) / TILE_WRITE_UNITS_PER_SECOND);
      }
      expect(recomputes.sort()).toEqual(['3', '4']);
      recomputes.length = 0;
      expect(await refreshTiles(c.companyId)).toEqual({ '3': 'fresh', '4': 'fresh' });
      expect(recomputes).toEqual([]);
    } finally {
      tileSettings.settleMs = 0;
    }
  });

  it("a refresh of both periods reads each activity's approved plan once and stores the tiles a read computes", async () => {
    // Both periods computed by the read path (so neither is unread): what the refresh must store again.
    const periods = ['3', '4'] as const;
    await markDashboardStale(c.companyId);
    clearReadCaches();
    for (const period of periods) await tiles(c.analyst, period);
    const byRead = await Promise.all(periods.map((p) => readTiles(c.companyId, p)));
    await markDashboardStale(c.companyId);
    clearReadCaches();
    recomputes.length = 0;
    startReadJournal();
    const outcome = await refreshTiles(c.companyId, async () => undefined);
    const reads = [...stopReadJournal()];
    expect(outcome).toEqual({ '3': 'computed', '4': 'computed' });
    expect(recomputes.sort()).toEqual(['3', '4']);
    // Every activity runs T-40 .. T+20: both periods read it; its plan counter and approved version once.
    const activities = await live(c.analyst, '3');
    expect(activities.ActivitiesRead).toBeGreaterThanOrEqual(3);
    expect((await live(c.analyst, '4')).ActivitiesRead).toBe(activities.ActivitiesRead);
    const planReads = reads.filter(([k]) => k.includes(`C#${c.companyId} MIXPLAN#`));
    const versionReads = reads.filter(([k]) => k.includes(`C#${c.companyId}#MIX#`));
    expect(planReads).toHaveLength(activities.ActivitiesRead);
    expect(versionReads).toHaveLength(activities.ActivitiesRead);
    for (const [key, n] of [...planReads, ...versionReads]) expect([key, n]).toEqual([key, 1]);
    for (const [i, p] of periods.entries()) {
      const stored = await readTiles(c.companyId, p);
      expect(stored.header?.Version).toBeGreaterThan(byRead[i].header!.Version);
      expect(stored.tiles).toEqual(byRead[i].tiles);
      for (const as of [c.analyst, restricted, outsider]) expect(await tiles(as, p)).toEqual(await live(as, p));
    }
  });

  it('a company without a stamp (deleted) or whose tiles no one has read is left alone; the batch reports no failure', async () => {
    const unread = 987_653;
    await markDashboardStale(unread);
    const waits: number[] = [];
    tileSettings.settleMs = 60_000;
    try {
      // Nothing to refresh, so nothing to wait for either, however recent the write.
      const outcome = await refreshTiles(unread, async (ms) => void waits.push(ms));
      expect(outcome).toEqual({ '3': 'unread', '4': 'unread' });
      expect(waits).toEqual([]);
    } finally {
      tileSettings.settleMs = 0;
    }
    const nobody = 987_654;
    recomputes.length = 0;
    const event = { Records: [{ dynamodb: { Keys: { pk: { S: `C#${nobody}#DASH` } } } }] };
    expect(await refreshDashboardTiles(event as Parameters<typeof refreshDashboardTiles>[0])).toEqual({
      batchItemFailures: [],
    });
    expect(await refreshTiles(nobody)).toEqual({ '3': 'gone', '4': 'gone' });
    expect(recomputes).toEqual([]);
  });
});
