import { getAccounts, type Account } from '../tenancy';
import { listAgentConnectors, listExternalLinks } from '../connectors';
import { liveActivitiesWithOwner } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import { addDaysTo } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { PlannerActivity, PlannerDashboard } from './replies';
import { companySyncSettings } from '../connectors';
import { maySeeAccount } from '../tenancy';
import { connectorsFeeding, paceVersion, pacingContextOf, readVersionActuals } from '../performance';
import { approvedPlanOf, dashboardActivityOf } from './approved-plans';
import { inParallel } from '../../core/in-parallel';
import { companyToday } from '../media-plans';
import { cachedConfiguration } from '../configurations';

/**
 * DashboardService.GetPlannerDashboard (`/dashboard/default`): the planner's home. The
 * live activities the caller sees (with x-account-id: that account and its sub-accounts); those the
 * caller created (Stamped.createdBy: activities record no planner or owner) when there are any, else
 * all of them; the ones ending soonest first, at most MAX_ACTIVITIES. Each is paced exactly as its
 * performance page and the pacing alerts pace it (readVersionActuals / paceVersion: its lines' rollups), so
 * the open alerts count the plan's and its lines' under- and over-pacing.
 */

export const MAX_ACTIVITIES = 50;
const ACTIVITIES_AT_ONCE = 4;

export async function plannerDashboardFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
): Promise<PlannerDashboard> {
  const companyId = caller.companyId;
  const [config, sync, links, agents] = await Promise.all([
    cachedConfiguration(companyId),
    companySyncSettings(companyId),
    listExternalLinks(companyId),
    listAgentConnectors(companyId),
  ]);
  const today = companyToday(config);
  const asOf = addDaysTo(today, -1);
  const live = await liveActivitiesWithOwner(companyId, today);

  const ids = new Set<number>([
    ...live.flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])]),
    ...links.map((l) => l.AccountId),
  ]);
  const accountList = ids.size ? await getAccounts(companyId, [...ids]) : [];
  const accounts = new Map<number, Account>(accountList.map((a) => [a.ID, a]));
  const sees = (a: Account | undefined) =>
    !!a &&
    maySeeAccount(caller, a) &&
    (scopeAccountId === undefined || a.ID === scopeAccountId || a.ParentId === scopeAccountId);
  const visible = live.filter((a) => sees(accounts.get(a.SubAccountId ?? a.AccountId)));
  const mine = visible.filter((a) => a.createdBy === caller.email);
  const shown = (mine.length ? mine : visible).sort((a, b) => a.EndDate.localeCompare(b.EndDate) || a.ID - b.ID);
  const read = shown.slice(0, MAX_ACTIVITIES);

  const rows = await inParallel(
    read,
    async (activity): Promise<PlannerActivity | null> => {
      const plan = await approvedPlanOf(companyId, activity.ID);
      if (!plan) return null;
      const code =
        CURRENCY_CODES[
          plan.header.Pricing?.Currency ??
            accounts.get(plan.header.AccountId)?.Currency ??
            (config.DefaultCurrency as 1 | 2)
        ];
      const { daily } = await readVersionActuals(companyId, plan, plan.header.ID, code, asOf);
      const connectors = connectorsFeeding(links, agents, accountList, plan.header.AccountId);
      const paced = paceVersion(plan.lines, daily, pacingContextOf(today, config, sync.restatementDays, connectors));
      const open = (paced.plan.alert ? 1 : 0) + paced.lines.filter((l) => l.alert).length;
      return {
        ...dashboardActivityOf(
          activity,
          accounts.get(activity.SubAccountId ?? activity.AccountId),
          plan,
          code,
          paced.plan,
        ),
        OpenAlerts: open,
      };
    },
    ACTIVITIES_AT_ONCE,
  );

  return {
    Today: today,
    Mine: mine.length > 0,
    Activities: rows.filter((r): r is PlannerActivity => r !== null),
    LiveActivities: shown.length,
    Truncated: shown.length > read.length,
  };
}
