import type { output } from 'zod/mini';
import type { Account } from '../tenancy';
import { getActivityPlan, getVersionWithLines } from '../media-plans';
import type { LiveActivity } from '../monitoring';
import type { UserProfile } from '../tenancy';
import type { getPacingAlerts } from './schemas';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { PacingAlert, PacingAlerts } from './replies';
import { maySeeAccount } from '../tenancy';
import { inParallel } from '../../core/in-parallel';
import { connectorsFeeding, paceVersion, pacingContextOf, readVersionActuals } from './version-actuals';
import { liveActivitiesWithAccounts, type LiveBasis } from './live-activities';
import { pacingView } from './performance-views';

/**
 * PerformanceService.GetPacingAlerts: the under- and over-pacing of every live
 * activity's LATEST APPROVED plan, for the plan as a whole and for each of its lines, with the
 * figures and the basis the activity performance page shows (the same reads and rules:
 * version-actuals.ts readVersionActuals / paceVersion, pacing.ts). Live activities the caller sees
 * (maySeeAccount; with x-account-id, that account and its sub-accounts), the ones ending soonest
 * first, at most MAX_ACTIVITIES of them read; the reply says when some were left out.
 */

/** Live activities read per request: each costs a plan read, its lines and a rollup Query per line. */
export const MAX_ACTIVITIES = 500;
/** Alerts in one reply (a plan's alert and its lines' ~0.7 kB each). */
export const MAX_ALERTS = 2000;
/** Activities paced at once (each reads its lines' rollups up to 16 at a time). */
const ACTIVITIES_AT_ONCE = 4;

const alertOrder = { under: 0, over: 1 } as const;

/** What every activity's alerts are read with: the company's settings, links, agents and accounts, read once. */
interface AlertsEnv {
  companyId: number;
  today: CalendarDay;
  asOf: CalendarDay;
  config: LiveBasis['config'];
  sync: LiveBasis['sync'];
  links: LiveBasis['links'];
  agents: LiveBasis['agents'];
  accountList: Account[];
  accounts: Map<number, Account>;
  /** Only alerts of this kind, when asked. */
  alert: output<typeof getPacingAlerts>['alert'];
}

/** One live activity's alerts: its latest approved plan's and its lines', paced as the performance page paces them. */
async function alertsOf(activity: LiveActivity, env: AlertsEnv): Promise<PacingAlert[]> {
  const { companyId, today, config, accounts } = env;
  const plan = await getActivityPlan(companyId, activity.ID);
  if (!plan?.ApprovedMixId) return [];
  const version = await getVersionWithLines(companyId, plan.ApprovedMixId);
  if (!version || !version.lines.length) return [];
  const main = accounts.get(activity.AccountId);
  const currency = version.header.Pricing?.Currency ?? main?.Currency;
  if (currency === undefined) return [];
  const code = CURRENCY_CODES[currency];
  const lines = [...version.lines].sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.ID - b.ID);
  const { daily } = await readVersionActuals(
    companyId,
    { header: version.header, lines },
    plan.ApprovedMixId,
    code,
    env.asOf,
  );
  const connectors = connectorsFeeding(env.links, env.agents, env.accountList, version.header.AccountId);
  const paced = paceVersion(lines, daily, pacingContextOf(today, config, env.sync.restatementDays, connectors));
  const page = accounts.get(activity.SubAccountId ?? activity.AccountId)!;
  const base = {
    AccountId: page.ID,
    AccountName: page.Name,
    ActivityId: activity.ID,
    ActivityName: activity.Name,
    MediaMixId: version.header.ID,
    Version: version.header.Version,
    CurrencyCode: code,
  };
  const out: PacingAlert[] = [];
  if (paced.plan.alert && (!env.alert || env.alert === paced.plan.alert))
    out.push({ ...base, LineId: null, LineName: null, Pacing: pacingView(paced.plan) });
  lines.forEach((l, i) => {
    const p = paced.lines[i];
    if (p.alert && (!env.alert || env.alert === p.alert))
      out.push({ ...base, LineId: l.ID, LineName: l.Name, Pacing: pacingView(p) });
  });
  return out;
}

export async function pacingAlertsFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getPacingAlerts>,
): Promise<PacingAlerts> {
  const companyId = caller.companyId;
  const { config, sync, links, agents, today, live, accountList, accounts } =
    await liveActivitiesWithAccounts(companyId);
  const asOf = addDaysTo(today, -1);
  const sees = (a: Account | undefined) =>
    !!a &&
    maySeeAccount(caller, a) &&
    (scopeAccountId === undefined || a.ID === scopeAccountId || a.ParentId === scopeAccountId);

  const visible = live.filter((a) => sees(accounts.get(a.SubAccountId ?? a.AccountId)));
  const read = visible.slice(0, MAX_ACTIVITIES);

  const env: AlertsEnv = {
    companyId,
    today,
    asOf,
    config,
    sync,
    links,
    agents,
    accountList,
    accounts,
    alert: input.alert,
  };
  const perActivity = await inParallel(read, (activity) => alertsOf(activity, env), ACTIVITIES_AT_ONCE);

  const all = perActivity
    .flat()
    .sort(
      (a, b) =>
        (a.LineId === null ? 0 : 1) - (b.LineId === null ? 0 : 1) ||
        alertOrder[a.Pacing.Alert!] - alertOrder[b.Pacing.Alert!] ||
        a.ActivityId - b.ActivityId ||
        (a.LineId ?? 0) - (b.LineId ?? 0),
    );
  return {
    Today: today,
    PacingLow: config.PacingLow,
    PacingHigh: config.PacingHigh,
    Alerts: all.slice(0, MAX_ALERTS),
    LiveActivities: visible.length,
    ActivitiesRead: read.length,
    Truncated: visible.length > read.length || all.length > MAX_ALERTS,
  };
}
