import { getActivityPlan, getVersionWithLines } from '../media-plans';
import type { LiveActivity } from '../monitoring';
import { inParallel } from '../../core/in-parallel';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { PacingView } from './replies';
import { liveActivitiesWithAccounts } from './live-activities';
import { pacingView } from './performance-views';
import { connectorsFeeding, paceVersion, pacingContextOf, readVersionActuals } from './version-actuals';

/**
 * The plan-level pacing of every live activity of a company, whatever its alert, for readers that
 * judge it by thresholds of their own (the pacing digest, docs/notifications.md "Pacing digest"):
 * the same reads and rules as GetPacingAlerts (pacing-alerts.ts), without a caller — the reader
 * decides who may see each account (`MainAccountId` says which main account it belongs to).
 */
export interface LivePlanPacing {
  /** The account the activity is booked on (a sub-account when it has one), and its main account. */
  AccountId: number;
  AccountName: string;
  MainAccountId: number;
  ActivityId: number;
  ActivityName: string;
  MediaMixId: number;
  Version: number;
  /** Who approved that version (their e-mail), as its header stamps it. */
  ApprovedBy: string | null;
  CurrencyCode: string;
  Pacing: PacingView;
}

/** Live activities read per company and run (as GetPacingAlerts' MAX_ACTIVITIES). */
export const MAX_LIVE_PACINGS = 500;
const AT_ONCE = 4;

export interface LivePacings {
  today: CalendarDay;
  items: LivePlanPacing[];
  truncated: boolean;
}

export async function livePlanPacings(companyId: number): Promise<LivePacings> {
  const { config, sync, links, agents, today, live, accountList, accounts } =
    await liveActivitiesWithAccounts(companyId);
  const read = live.slice(0, MAX_LIVE_PACINGS);

  const one = async (activity: LiveActivity): Promise<LivePlanPacing | undefined> => {
    const plan = await getActivityPlan(companyId, activity.ID);
    if (!plan?.ApprovedMixId) return undefined;
    const version = await getVersionWithLines(companyId, plan.ApprovedMixId);
    const page = accounts.get(activity.SubAccountId ?? activity.AccountId);
    if (!version || !version.lines.length || !page) return undefined;
    const currency = version.header.Pricing?.Currency ?? accounts.get(activity.AccountId)?.Currency;
    if (currency === undefined) return undefined;
    const code = CURRENCY_CODES[currency];
    const lines = [...version.lines].sort((a, b) => a.StartDate.localeCompare(b.StartDate) || a.ID - b.ID);
    const { daily } = await readVersionActuals(
      companyId,
      { header: version.header, lines },
      plan.ApprovedMixId,
      code,
      addDaysTo(today, -1),
    );
    const connectors = connectorsFeeding(links, agents, accountList, version.header.AccountId);
    const paced = paceVersion(lines, daily, pacingContextOf(today, config, sync.restatementDays, connectors));
    return {
      AccountId: page.ID,
      AccountName: page.Name,
      MainAccountId: page.ParentId ?? page.ID,
      ActivityId: activity.ID,
      ActivityName: activity.Name,
      MediaMixId: version.header.ID,
      Version: version.header.Version,
      ApprovedBy: version.header.ApprovedBy ?? null,
      CurrencyCode: code,
      Pacing: pacingView(paced.plan),
    };
  };
  const items = (await inParallel(read, one, AT_ONCE)).filter((x): x is LivePlanPacing => x !== undefined);
  return { today, items, truncated: live.length > read.length };
}
