import type { output } from 'zod/mini';
import { activityTotalsOfCompany, activityTotalsOfMain, type ActivityTotalsRow } from '../activities';
import { getAccounts, type Account } from '../tenancy';
import type { LiveActivityRow } from './store';
import { liveActivitiesWithOwner } from './store.dynamodb';
import type { UserProfile } from '../tenancy';
import type { getManagerDashboard } from './schemas';
import type { ActivityStatus } from '../../shared/activity-status';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { maySeeAccount } from '../tenancy';
import { daysIn, periodAsked, type Period } from '../reports';
import { minDay } from './dashboard-math';

/** The manager dashboard's first steps: the days it covers and the activities the caller sees. */

/**
 * Activities read per request, live ones first (lowered by tests to reach them): `activities` by a
 * caller's live read, `tiles` by the company-wide recompute of the precomputed tiles. The recompute
 * runs once per company and change, and the route's timeout is the HTTP API's (29 s), so it reads
 * further: a company past `activities` still answers from its tiles.
 */
export const dashboardLimits = { activities: 2000, tiles: 5000 };

/** An activity as the dashboard reads it (the period's list and the live list). */
export type Act = Pick<ActivityTotalsRow, 'ID' | 'AccountId' | 'SubAccountId'> & {
  Status?: ActivityStatus;
  Name?: string;
};

type Booked = { AccountId: number; SubAccountId: number | null };

/** The account an activity is booked on: its sub-account, else its main account. */
export const bookedOn = (a: Booked) => a.SubAccountId ?? a.AccountId;

export interface DashboardDays {
  today: CalendarDay;
  /** The last complete day. */
  asOf: CalendarDay;
  period: Period;
  /** Spend is counted through this day. */
  actualTo: CalendarDay;
  /** "To date" figures through this day. */
  toDate: CalendarDay;
  completeDays: number;
}

/** The days of the period asked for, as of the company's today. Pure. */
export function dashboardDays(input: output<typeof getManagerDashboard>, today: CalendarDay): DashboardDays {
  const asOf = addDaysTo(today, -1);
  const period: Period = periodAsked(input, today);
  // Spend is counted through today (a row dated later is a platform ahead of the company's clock);
  // "to date" figures through the last complete day, so planned and actual cover the same days.
  const actualTo = minDay(period.to, today);
  const toDate = minDay(period.to, asOf);
  const completeDays = Math.max(0, daysIn({ from: period.from, to: toDate }));
  return { today, asOf, period, actualTo, toDate, completeDays };
}

export interface VisibleActivities {
  liveById: Map<number, LiveActivityRow>;
  /** The accounts of the activities and of the external links, by id. */
  accounts: Map<number, Account>;
  /** Every activity the caller sees, live ones first. */
  visible: Act[];
  /** The ones read: the first `limit` (dashboardLimits). */
  read: Act[];
  liveCount: number;
}

/** The activities of the period and the live ones, with their accounts, kept to those the caller sees. */
export async function visibleActivities(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  o: {
    asked: Account | null;
    mainOfAsked: Account | null;
    period: Period;
    today: CalendarDay;
    linkAccountIds: number[];
    limit: number;
  },
): Promise<VisibleActivities> {
  const companyId = caller.companyId;
  const { asked, mainOfAsked, period } = o;
  const filter = {
    fromDate: period.from,
    toDate: period.to,
    ...(asked && asked.ParentId !== null ? { subAccountId: asked.ID } : {}),
  };
  const [inPeriod, live] = await Promise.all([
    mainOfAsked ? activityTotalsOfMain(companyId, mainOfAsked.ID, filter) : activityTotalsOfCompany(companyId, filter),
    liveActivitiesWithOwner(companyId, o.today),
  ]);
  const liveById = new Map<number, LiveActivityRow>(live.map((a) => [a.ID, a]));
  const all = new Map<number, Act>(inPeriod.map((a) => [a.ID, a]));
  for (const a of live) if (!all.has(a.ID)) all.set(a.ID, a);

  const ids = [
    ...new Set([
      ...[...all.values()].flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])]),
      ...o.linkAccountIds,
    ]),
  ];
  const accounts = new Map<number, Account>(
    (ids.length ? await getAccounts(companyId, ids) : []).map((a) => [a.ID, a]),
  );
  const inScope = (acc: Account | undefined) =>
    !!acc &&
    maySeeAccount(caller, acc) &&
    (scopeAccountId === undefined || acc.ID === scopeAccountId || acc.ParentId === scopeAccountId);
  const inAsked = (a: Booked) =>
    !asked || (asked.ParentId === null ? a.AccountId === asked.ID : a.SubAccountId === asked.ID);
  const sees = (a: Booked) => inScope(accounts.get(bookedOn(a)) ?? accounts.get(a.AccountId)) && inAsked(a);

  const visible = [...all.values()]
    .filter(sees)
    .sort((x, y) => Number(liveById.has(y.ID)) - Number(liveById.has(x.ID)) || x.ID - y.ID);
  const read = visible.slice(0, o.limit);
  return { liveById, accounts, visible, read, liveCount: live.filter(sees).length };
}
