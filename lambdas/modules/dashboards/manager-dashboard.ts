import type { output } from 'zod/mini';
import type { UserProfile } from '../tenancy';
import type { getManagerDashboard } from './schemas';
import type { ManagerDashboard } from './replies';
import { companyToday } from '../media-plans';
import { cachedConfiguration } from '../configurations';
import { READ_CACHE_MS, readCache } from '../../core/read-cache';
import { fixedReadsOf, gatherDashboard, type FixedReads } from './dashboard-gather';
import { dataHealthSummary } from './dashboard-summary';
import { tallyActivities } from './dashboard-tally';
import { replyFrom } from './dashboard-reply';
import { tilePeriodOf, tiledDashboard } from './dashboard-tiles';

/**
 * DashboardService.GetManagerDashboard: the tiles, top lists and spend breakdowns of
 * a period, over the activities the caller sees. How it reads and what it costs: docs/dashboard.md.
 * This month and last month, company-wide, are read from the company's precomputed tiles
 * (dashboard-tiles.ts); any other request takes the live path: per activity (at most
 * dashboardLimits.activities: Truncated) its plan counter and its latest approved version's lines; the actuals of
 * all of them from the company's month summaries (modules/performance-data/month-summary-store.dynamodb.ts).
 * The steps: dashboard-gather.ts (reads), dashboard-scope.ts (days, account, activities),
 * dashboard-actuals.ts (plans' actuals), dashboard-tally.ts (the sums), dashboard-summary.ts (the reply's parts).
 */

/**
 * Live replies kept per company, reach (the accounts the caller sees), request account and input for
 * at most READ_CACHE_MS (30 s, the policy of read-cache.ts): a custom period is the heaviest read.
 */
const replies = readCache<ManagerDashboard>(READ_CACHE_MS, 200);

/** DashboardService.GetManagerDashboard. */
export async function managerDashboardFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
): Promise<ManagerDashboard> {
  const tilePeriod = tilePeriodOf(input, scopeAccountId);
  if (tilePeriod) return tiledDashboard(caller, input, tilePeriod, sharedLiveDashboard);
  return sharedLiveDashboard(caller, scopeAccountId, input);
}

/**
 * The live path through the replies' cache: one computation per company, reach, account, day and
 * input at a time, the other callers waiting on it. The tiles' own fallback (a company over the
 * activities one read takes) goes through it too: ten managers opening the dashboard at once make one
 * read of two thousand plans, not ten.
 */
async function sharedLiveDashboard(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
  fixed?: FixedReads,
): Promise<ManagerDashboard> {
  const reach = caller.accountAccess === 'all' ? 'all' : [...caller.accountAccess].sort((a, b) => a - b).join(',');
  const config = fixed?.config ?? (await cachedConfiguration(caller.companyId));
  // Today is in the key: at midnight "this month" is another period.
  const key = [
    caller.companyId,
    reach,
    scopeAccountId ?? '',
    companyToday(config),
    input.period ?? '',
    input.from ?? '',
    input.to ?? '',
    input.accountId ?? '',
  ].join('#');
  return replies.get(key, () => liveManagerDashboard(caller, scopeAccountId, input, fixed));
}

/** The live path: every figure computed from the plans and month summaries now (no cache). */
export async function liveManagerDashboard(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
  given?: FixedReads,
): Promise<ManagerDashboard> {
  const fixed = given ?? (await fixedReadsOf(caller.companyId));
  const g = await gatherDashboard(caller, scopeAccountId, input, fixed);
  const { accounts, read, visible } = g.seen;
  const t = tallyActivities(g.reads, g.env);
  return replyFrom({
    input,
    days: g.days,
    currency: g.currency,
    config: fixed.config,
    t,
    accounts,
    liveCount: g.seen.liveCount,
    dataHealth: dataHealthSummary(caller, scopeAccountId, { ...fixed, accounts }),
    activitiesRead: read.length,
    linesRead: g.reads.reduce((s, r) => s + (r.lineRows?.length ?? 0), 0),
    truncated: visible.length > read.length,
  });
}
