import { getActivity } from '../activities';
import { activitiesToSchedule, type ScheduledActivity } from '../activities';
import { listCompanyIds } from '../tenancy';
import { getActivityPlan } from './store/reads';
import type { UserProfile } from '../tenancy';
import { ActivityStatus } from '../../shared/activity-status';
import type { CalendarDay } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import { markDashboardDay } from '../../aws/dynamodb/dashboard-stamp';
import { Permission, Role } from '../../shared/permissions';
import { getActivityInfo, setActivityStatusFor } from '../activities';
import { getCompanyConfiguration } from '../configurations';

/**
 * The activity lifecycle that follows the plan and the calendar (docs/domain.md):
 * - a Draft with an approved plan is Planned (the approval moves it at once; this catches the rest);
 * - a Planned activity with an approved plan is Live from its start date;
 * - a Live activity is Completed the day after its end date.
 * Days are the company's (its TimeZone). Without an approved plan nothing goes Live; Completed and
 * Cancelled are final. A user may still move a status by hand within the lifecycle.
 *
 * Returns the moves, one lifecycle step each, in order (a Draft approved after its end date goes
 * Planned → Live → Completed in one run, each step audited).
 */
export function scheduledMoves(
  a: Pick<ScheduledActivity, 'Status' | 'StartDate' | 'EndDate'>,
  hasApprovedPlan: boolean,
  today: CalendarDay,
): ActivityStatus[] {
  const moves: ActivityStatus[] = [];
  let status = a.Status;
  if (status === ActivityStatus.Draft && hasApprovedPlan) moves.push((status = ActivityStatus.Planned));
  if (status === ActivityStatus.Planned && hasApprovedPlan && today >= a.StartDate)
    moves.push((status = ActivityStatus.Live));
  if (status === ActivityStatus.Live && today > a.EndDate) moves.push((status = ActivityStatus.Completed));
  return moves;
}

/** Who the schedule's moves are audited as: the company's own system user, with access to every account. */
function scheduleCaller(companyId: number): UserProfile {
  return {
    sub: 'system:activity-schedule',
    companyId,
    email: 'system:activity-schedule',
    name: 'Activity schedule',
    roleId: Role.Administrator,
    permissions: [Permission.Admin],
    isSystemAdmin: false,
    accountAccess: 'all',
    status: 'active',
    createdAt: '',
    version: 1,
  };
}

export interface ScheduleReport {
  companies: number;
  moved: { companyId: number; activityId: number; from: ActivityStatus; to: ActivityStatus }[];
  /** Activities a move was refused for (e.g. their account is archived, or someone changed them meanwhile): tried again next run. */
  skipped: { companyId: number; activityId: number; reason: string }[];
  /** Companies whose dashboard stamp this run moved to their new day (markDashboardDay). */
  newDays: number;
}

/** Moves one activity along its schedule, each step through SetActivityStatus's own rules (version, lifecycle, archived accounts, audit). */
async function advance(
  companyId: number,
  a: ScheduledActivity,
  today: CalendarDay,
  report: ScheduleReport,
): Promise<void> {
  const plan = await getActivityPlan(companyId, a.ID, true);
  const moves = scheduledMoves(a, !!plan?.ApprovedMixId, today);
  if (!moves.length) return;
  const caller = scheduleCaller(companyId);
  try {
    let version = (await getActivityInfo(caller, a.AccountId, a.ID)).version;
    let from = a.Status;
    for (const to of moves) {
      version = (await setActivityStatusFor(caller, { activityId: a.ID, status: to, version }, a.AccountId)).version;
      report.moved.push({ companyId, activityId: a.ID, from, to });
      from = to;
    }
  } catch (err) {
    report.skipped.push({ companyId, activityId: a.ID, reason: (err as Error).message });
  }
}

/**
 * One run of the schedule: every company (or the ones named), its activities that a day can still
 * move, each moved by the rule above on the company's day. Idempotent: running it again the same day
 * moves nothing more. A company's first run in a new day also marks its dashboard tiles stale
 * (markDashboardDay), once. EventBridge Scheduler runs it hourly in the cloud (a company's day starts
 * in its own zone); `npm start` runs the same code at start and hourly; tests call it with `now`.
 */
export async function runActivitySchedule(
  now: Date | number = Date.now(),
  companyIds?: number[],
): Promise<ScheduleReport> {
  const ids = companyIds ?? (await listCompanyIds());
  const report: ScheduleReport = { companies: ids.length, moved: [], skipped: [], newDays: 0 };
  for (const companyId of ids) {
    const today = todayIn((await getCompanyConfiguration(companyId)).TimeZone, now);
    for (const a of await activitiesToSchedule(companyId)) await advance(companyId, a, today, report);
    // After the day's moves: the manager dashboard's tiles of the new day are computed ahead of its first reader.
    if (await markDashboardDay(companyId, today)) report.newDays++;
  }
  return report;
}

/** After an approval: the plan's activity moves at once (Draft → Planned, and on if its dates have come), not at the next run. */
export async function scheduleActivity(
  companyId: number,
  activityId: number,
  now: Date | number = Date.now(),
): Promise<void> {
  const today = todayIn((await getCompanyConfiguration(companyId)).TimeZone, now);
  const a = await getActivity(companyId, activityId, true);
  if (!a || a.Archived) return;
  await advance(
    companyId,
    { ID: a.ID, AccountId: a.AccountId, Status: a.Status, StartDate: a.StartDate, EndDate: a.EndDate },
    today,
    { companies: 1, moved: [], skipped: [], newDays: 0 },
  );
}
