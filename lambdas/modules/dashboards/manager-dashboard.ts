import type { output } from 'zod/mini';
import { listChannelTypes } from '../channel-types';
import { listAgentConnectors, listExternalLinks } from '../connectors';
import type { PlanLine } from '../media-plans';
import { listSyncStates } from '../monitoring';
import { askedAccount, type UserProfile } from '../tenancy';
import type { getManagerDashboard } from './schemas';
import { addDaysTo } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { ManagerDashboard } from './replies';
import { companySyncSettings } from '../connectors';
import { rateBookFor, type RateBook } from '../performance';
import { pacingContextOf } from '../performance';
import { inParallel } from '../../core/in-parallel';
import { companyToday } from '../media-plans';
import { cachedConfiguration } from '../configurations';
import { PROJECTION_DAYS } from '../performance';
import { READ_CACHE_MS, readCache } from '../../core/read-cache';
import { asksMonthToDate, lastOfMonth } from '../reports';
import { approvedPlanOf } from './approved-plans';
import { activityReads, type Read } from './dashboard-actuals';
import { maxDay, minDay, money } from './dashboard-math';
import { dashboardDays, visibleActivities } from './dashboard-scope';
import { dataHealthSummary, paceShareOf, projectionOf, spendBreakdowns, topPaced } from './dashboard-summary';
import { tallyActivities } from './dashboard-tally';

/**
 * DashboardService.GetManagerDashboard: the tiles, top lists and spend breakdowns of
 * a period, over the activities the caller sees. How it reads and what it costs: docs/dashboard.md.
 * In short: per activity (PARALLEL at a time, at most MAX_ACTIVITIES: Truncated) its plan counter and
 * its latest approved version's lines; the actuals of all of them from the company's month summaries
 * (modules/performance-data/month-summary-store.dynamodb.ts: one paged Query per month, spend per line × currency × source by
 * day), so fees and channel groups are per line, exactly, for every activity.
 * The steps: dashboard-scope.ts (days, account, activities), dashboard-actuals.ts (plans' actuals),
 * dashboard-tally.ts (the sums), dashboard-summary.ts (the reply's parts).
 */

const PARALLEL = 24;

/**
 * Replies kept per company, reach (the accounts the caller sees), request account and input for at
 * most READ_CACHE_MS (30 s, the policy of read-cache.ts): the dashboard is the heaviest read and many
 * managers open it at once, while its figures move with a sync (daily, or a Sync now).
 */
const replies = readCache<ManagerDashboard>(READ_CACHE_MS, 200);

/** DashboardService.GetManagerDashboard. */
export function managerDashboardFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
): Promise<ManagerDashboard> {
  const reach = caller.accountAccess === 'all' ? 'all' : [...caller.accountAccess].sort((a, b) => a - b).join(',');
  // Today is in the key: at midnight "this month" is another period.
  return cachedConfiguration(caller.companyId).then((config) => {
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
    return replies.get(key, () => readManagerDashboard(caller, scopeAccountId, input));
  });
}

/**
 * Rate books into the dashboard's currency (its rows, and each plan's currency on the last complete
 * day of the period for its planned spend), and into each live plan's currency for its pacing.
 */
async function rateBooksOf(
  companyId: number,
  reads: readonly Read[],
  currency: string,
  planCode: (r: Read) => string,
  plannedDay: string,
): Promise<Map<string, RateBook>> {
  const allRows = reads.flatMap((r) => [...r.rows, ...(r.lineRows ?? []).flatMap((l) => l.rows)]);
  const planDays = reads.filter((r) => r.plan).map((r) => ({ Currency: planCode(r), Period: plannedDay }));
  const codes = [...new Set([currency, ...reads.filter((r) => r.plan && r.live).map(planCode)])];
  return new Map<string, RateBook>(
    await Promise.all(
      codes.map(
        async (code) =>
          [code, await rateBookFor(companyId, code === currency ? [...allRows, ...planDays] : allRows, code)] as const,
      ),
    ),
  );
}

async function readManagerDashboard(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getManagerDashboard>,
): Promise<ManagerDashboard> {
  const companyId = caller.companyId;
  const [config, sync, links, agents, states, catalogue] = await Promise.all([
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
    listExternalLinks(companyId),
    listAgentConnectors(companyId),
    listSyncStates(companyId),
    listChannelTypes(),
  ]);
  const days = dashboardDays(input, companyToday(config));
  const { today, asOf, period, completeDays } = days;
  const { asked, mainOfAsked } = await askedAccount(caller, scopeAccountId, input.accountId);
  const currency = CURRENCY_CODES[mainOfAsked?.Currency ?? (config.DefaultCurrency as 1 | 2)];
  const linkAccountIds = links.map((l) => l.AccountId);
  const seen = await visibleActivities(caller, scopeAccountId, { asked, mainOfAsked, period, today, linkAccountIds });
  const { accounts, read } = seen;

  const groupOfType = new Map(catalogue.map((t) => [t.ID, t.Group as string]));
  const groupOf = (l: PlanLine) => groupOfType.get(l.ChannelTypeId) ?? null;
  const readFrom = minDay(period.from, addDaysTo(asOf, -(PROJECTION_DAYS - 1)));
  const readTo = maxDay(days.actualTo, asOf);
  // Plans (two reads per activity, PARALLEL at a time), then the actuals of every month they need.
  const plans = await inParallel(read, (a) => approvedPlanOf(companyId, a.ID), PARALLEL);
  const liveById = seen.liveById;
  const reads = await activityReads(companyId, { read, plans, liveById, period, readFrom, readTo, groupOf });

  const planCurrency = (r: Read): 1 | 2 =>
    r.plan!.header.Pricing?.Currency ??
    accounts.get(r.plan!.header.AccountId)?.Currency ??
    (config.DefaultCurrency as 1 | 2);
  const planCode = (r: Read) => CURRENCY_CODES[planCurrency(r)];
  const books = await rateBooksOf(companyId, reads, currency, planCode, days.toDate);
  const ctx = pacingContextOf(today, config, sync.restatementDays, []);
  const t = tallyActivities(reads, { ...days, currency, books, ctx, accounts, planCurrency, planCode, groupOf });

  const { actual, actualToDate, spendByAccount, spendByChannelGroup } = spendBreakdowns(t, accounts);
  const projection = projectionOf({
    period,
    today,
    completeDays,
    projectTo: asksMonthToDate(input) ? lastOfMonth(today) : period.to,
    toDateMinor: actualToDate,
    lastWeekMicros: t.lastWeek,
  });
  return {
    Currency: currency,
    From: period.from,
    To: period.to,
    Today: today,
    AsOf: asOf,
    PacingLow: config.PacingLow,
    PacingHigh: config.PacingHigh,
    PlannedToDate: money(t.plannedMinor),
    ActualSpend: money(actual),
    ActualToDate: money(actualToDate),
    CompleteDays: completeDays,
    ProjectedSpend: projection === null ? null : money(projection.minor),
    ProjectedTo: projection?.to ?? null,
    ManagementFees: money(t.managementFee),
    SystemFees: money(t.systemFee),
    FeesEarned: money(t.managementFee + t.systemFee),
    LiveActivities: seen.liveCount,
    PaceShare: paceShareOf(t.byStatus),
    DataHealth: dataHealthSummary(caller, scopeAccountId, { links, agents, states, accounts }),
    TopOver: topPaced(t.paced, 'over'),
    TopUnder: topPaced(t.paced, 'under'),
    SpendByChannelGroup: spendByChannelGroup,
    SpendByAccount: spendByAccount,
    ActivitiesRead: read.length,
    LinesRead: reads.reduce((s, r) => s + (r.lineRows?.length ?? 0), 0),
    EstimatedActivities: t.estimated,
    Truncated: seen.visible.length > read.length,
  };
}
