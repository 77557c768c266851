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
 * MAX_ACTIVITIES: Truncated) its plan counter and its latest approved version's lines; the actuals of
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
  if (tilePeriod) return tiledDashboard(caller, input, tilePeriod, liveManagerDashboard);
  const reach = caller.accountAccess === 'all' ? 'all' : [...caller.accountAccess].sort((a, b) => a - b).join(',');
  const config = await cachedConfiguration(caller.companyId);
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
  return replies.get(key, () => liveManagerDashboard(caller, scopeAccountId, input));
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
