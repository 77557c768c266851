import type { output } from 'zod/mini';
import type { UserProfile } from '../tenancy';
import { companyToday } from '../media-plans';
import { READ_CACHE_MS, readCache } from '../../core/read-cache';
import { errorFields, log } from '../../core/logger';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { ManagerDashboard } from './replies';
import type { getManagerDashboard } from './schemas';
import { approvedPlanOf, type ApprovedPlan } from './approved-plans';
import { fixedReadsOf, gatherDashboard, type FixedReads, type PlanOf } from './dashboard-gather';
import { bookedOn, dashboardLimits } from './dashboard-scope';
import { topPaced } from './dashboard-summary';
import { tallyActivities, type TallyEnv } from './dashboard-tally';
import { replyOfTiles } from './dashboard-tile-merge';
import type { Read } from './dashboard-actuals';
import {
  readTiles,
  TILE_WRITE_UNITS_PER_SECOND,
  writeTiles,
  type AccountTile,
  type StoredTiles,
  type TilePace,
  type TilePeriod,
} from './tile-store.dynamodb';

/**
 * The manager dashboard's precomputed tiles (docs/dashboard.md "Precomputed tiles"): this month and
 * last month, company-wide, summed per booked account by the live path's own tally, stored, and on a
 * read summed over the accounts the caller sees. Writes that move the figures bump the company's
 * stamp; the next read recomputes (one recompute per company, period and stamp in a container).
 */

export const tileSettings = {
  /**
   * How long after a write its reads may still miss it (the activity lists are gsi Queries, eventually
   * consistent): tiles computed within it serve their reads but are computed again on the next one.
   */
  settleMs: 2_000,
  /** Counts recomputes (tests). */
  onRecompute: (() => undefined) as (companyId: number, period: TilePeriod) => void,
};

type Live = (
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
  fixed?: FixedReads,
) => Promise<ManagerDashboard>;

interface TileSet {
  tiles: AccountTile[];
  truncated: boolean;
  settled: boolean;
}

/** The period a request reads from the tiles: this month or last month, company-wide; else none (live). */
export function tilePeriodOf(
  input: output<typeof getManagerDashboard>,
  scopeAccountId: number | undefined,
): TilePeriod | null {
  if (input.from || input.to || input.accountId !== undefined || scopeAccountId !== undefined) return null;
  return input.period ?? '3';
}

/** What the tiles were computed with: tiles of another day, currency, pacing rule or catalogue are stale. */
function fingerprintOf(fixed: FixedReads): string {
  const { config, sync, catalogue } = fixed;
  const groups = catalogue.map((t) => `${t.ID}:${String(t.Group)}`).sort();
  return JSON.stringify([
    companyToday(config),
    config.DefaultCurrency,
    config.PacingLow,
    config.PacingHigh,
    sync.restatementDays,
    groups,
  ]);
}

/** One account's share of the tally (its activities only). */
function tileOf(accountId: number, reads: Read[], env: TallyEnv): AccountTile {
  const t = tallyActivities(reads, env);
  return {
    AccountId: accountId,
    MainId: reads[0].a.AccountId,
    Spend: t.byAccount.get(accountId) ?? 0,
    ToDate: t.byAccountToDate.get(accountId) ?? 0,
    Groups: [...t.byGroup],
    Status: t.byStatus,
    Planned: t.plannedMinor,
    Mgmt: t.managementFee,
    Sys: t.systemFee,
    LastWeek: t.lastWeek,
    Estimated: t.estimated,
    Paced: [...topPaced(t.paced, 'over'), ...topPaced(t.paced, 'under')],
    Live: reads.filter((r) => r.live).length,
    Activities: reads.length,
    Lines: reads.reduce((s, r) => s + (r.lineRows?.length ?? 0), 0),
  };
}

/** The company's tiles of a period, computed as a caller who sees every account would read them, and stored. */
async function computeTiles(
  companyId: number,
  p: TilePeriod,
  fixed: FixedReads,
  stamp: StoredTiles['stamp'],
  fingerprint: string,
  pace?: TilePace,
  plans?: PlanOf,
): Promise<TileSet> {
  tileSettings.onRecompute(companyId, p);
  const computedAt = Date.now();
  // Only companyId and accountAccess of a caller are read on this path (no account asked, no scope).
  const everyone = { companyId, accountAccess: 'all' } as UserProfile;
  const g = await gatherDashboard(everyone, undefined, { period: p }, fixed, { limit: dashboardLimits.tiles, plans });
  const truncated = g.seen.visible.length > g.seen.read.length;
  const byAccount = new Map<number, Read[]>();
  for (const r of truncated ? [] : g.reads) {
    const list = byAccount.get(bookedOn(r.a));
    if (list) list.push(r);
    else byAccount.set(bookedOn(r.a), [r]);
  }
  const tiles = [...byAccount].map(([id, reads]) => tileOf(id, reads, g.env));
  const header = { Version: stamp.Version, ComputedAt: computedAt, Fingerprint: fingerprint, Truncated: truncated };
  await writeTiles(companyId, p, { ...header, Count: tiles.length }, tiles, pace);
  return { tiles, truncated, settled: computedAt >= stamp.DirtyAt + tileSettings.settleMs };
}

/** One recompute per company, period, stamp and fingerprint at a time; a settled one is kept (30 s). */
const recomputes = readCache<TileSet>(READ_CACHE_MS, 200);

function freshTiles(stored: StoredTiles, fingerprint: string): TileSet | null {
  const { header, stamp } = stored;
  const fresh =
    header &&
    stored.complete &&
    header.Version === stamp.Version &&
    header.Fingerprint === fingerprint &&
    header.ComputedAt >= stamp.DirtyAt + tileSettings.settleMs;
  return fresh ? { tiles: stored.tiles, truncated: header.Truncated, settled: true } : null;
}

/**
 * The recompute of a period's tiles, shared by the callers of one container that find them stale at
 * once. `plans` only saves reads (its plans are those a read would find), so it is not in the key.
 */
function recomputeOnce(
  companyId: number,
  p: TilePeriod,
  fixed: FixedReads,
  stored: StoredTiles,
  fingerprint: string,
  shared?: { pace: TilePace; plans: PlanOf },
) {
  const key = [companyId, p, stored.stamp.Version, fingerprint].join('#');
  return recomputes.get(
    key,
    () => computeTiles(companyId, p, fixed, stored.stamp, fingerprint, shared?.pace, shared?.plans),
    undefined,
    (s) => s.settled,
  );
}

/**
 * What a refresh did with a period: nothing to do (the company gone; its tiles never read; already
 * fresh), tiles stored, or too many activities (the live path answers).
 */
export type RefreshOutcome = 'gone' | 'unread' | 'fresh' | 'computed' | 'truncated';

const TILE_PERIODS: TilePeriod[] = ['3', '4'];
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One refresh's approved plans, by activity: the second period's recompute takes the plans the
 * first one read instead of reading them again. They are kept for one stamp Version only: every
 * approval and activity write bumps it, so a write landing between the two periods starts afresh.
 */
function planMemo(companyId: number): (version: number) => PlanOf {
  let memo = { version: -1, plans: new Map<number, Promise<ApprovedPlan | null>>() };
  return (version) => {
    if (memo.version !== version) memo = { version, plans: new Map() };
    const { plans } = memo;
    return (activityId) => {
      let plan = plans.get(activityId);
      if (!plan) {
        const read = approvedPlanOf(companyId, activityId);
        plans.set(activityId, read);
        // A failed read is forgotten (as read-cache.ts does): the other period reads it again, not the failure.
        read.catch(() => plans.get(activityId) === read && plans.delete(activityId));
        plan = read;
      }
      return plan;
    };
  };
}

/**
 * Recomputes a company's tiles of both periods ahead of the next read, after a write bumped its
 * stamp (the change-stream refresher, lambdas/streams/refresh-dashboard-tiles.ts). It first waits
 * out the last write's settle time, so what it stores is settled and serves every read until the
 * next write. A company without a stamp (deleted) is left alone, and so is a period no one has read
 * yet (no header): a company that does not use the manager dashboard pays no recompute per write.
 * Its tile writes are paced (TILE_WRITE_UNITS_PER_SECOND); `wait` serves both pauses. Each
 * activity's approved plan is read once for both periods (planMemo; never kept past the refresh:
 * a plan may be approved before the next one).
 */
export async function refreshTiles(companyId: number, wait = pause): Promise<Record<TilePeriod, RefreshOutcome>> {
  const fixed = await fixedReadsOf(companyId);
  const plansOf = planMemo(companyId);
  const out = {} as Record<TilePeriod, RefreshOutcome>;
  for (const p of TILE_PERIODS) out[p] = await refreshPeriod(companyId, p, fixed, wait, plansOf);
  return out;
}

async function refreshPeriod(
  companyId: number,
  p: TilePeriod,
  fixed: FixedReads,
  wait: (ms: number) => Promise<void>,
  plansOf: (version: number) => PlanOf,
): Promise<RefreshOutcome> {
  const fingerprint = fingerprintOf(fixed);
  const skip = (s: StoredTiles): RefreshOutcome | null => {
    if (s.stamp.Version === 0) return 'gone';
    if (!s.header) return 'unread';
    return freshTiles(s, fingerprint) ? 'fresh' : null;
  };
  let stored = await readTiles(companyId, p);
  let skipped = skip(stored);
  const early = stored.stamp.DirtyAt + tileSettings.settleMs - Date.now();
  if (!skipped && early > 0) {
    await wait(Math.min(early, tileSettings.settleMs));
    stored = await readTiles(companyId, p);
    skipped = skip(stored);
  }
  if (skipped) return skipped;
  const pace: TilePace = { unitsPerSecond: TILE_WRITE_UNITS_PER_SECOND, sleep: wait };
  const plans = plansOf(stored.stamp.Version);
  const set = await recomputeOnce(companyId, p, fixed, stored, fingerprint, { pace, plans });
  return set.truncated ? 'truncated' : 'computed';
}

/** GetManagerDashboard of period 3 or 4, company-wide, from the tiles (the live path when they cannot answer). */
export async function tiledDashboard(
  caller: UserProfile,
  input: output<typeof getManagerDashboard>,
  p: TilePeriod,
  live: Live,
): Promise<ManagerDashboard> {
  const companyId = caller.companyId;
  const [fixed, stored] = await Promise.all([fixedReadsOf(companyId), readTiles(companyId, p)]);
  const currency = CURRENCY_CODES[fixed.config.DefaultCurrency as 1 | 2];
  const fingerprint = fingerprintOf(fixed);
  let set = freshTiles(stored, fingerprint);
  try {
    set ??= await recomputeOnce(companyId, p, fixed, stored, fingerprint);
  } catch (err) {
    // Company-wide, a figure may fail that this caller's would not (a missing rate of an account
    // they do not see): their own live read decides.
    log.warn('manager dashboard: tiles not recomputed, live path', { companyId, period: p, ...errorFields(err) });
    set = null;
  }
  if (!set || set.truncated) return live(caller, undefined, input, fixed);
  return replyOfTiles(caller, input, fixed, set.tiles, currency);
}
