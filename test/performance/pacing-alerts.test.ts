import { setActivityStatusFor } from '../../lambdas/modules/activities/activities';
import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { setActivityStatus } from '../../lambdas/modules/activities/schemas';
import { ActivityStatus } from '../../lambdas/shared/activity-status';
import { getActivity } from '../../lambdas/modules/activities/store.dynamodb';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { PacingAlert, PacingAlerts } from '../../lambdas/modules/performance/replies';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * PerformanceService.GetPacingAlerts on DynamoDB Local, actuals written through the sync's rollup
 * store (RollupBook). Figures by hand (docs/domain.md, PacingLow 90 / PacingHigh 110 by default):
 * today T; the lines run T-30 .. T+9 (40 days: 30 elapsed, 10 left), 4,000.00 each, so 3,000.00 is
 * planned to date.
 * - "Spring" (main account, live): "Under" spends 50.00 a day → 1,500 → 50 % → under, projection
 *   1,500 + 50 × 10 = 2,000; "Over" 200.00 a day → 6,000 → 200 % → over, projection 8,000; "On pace"
 *   100.00 a day → 3,000 → 100 %: no alert. The plan: 10,500 of 9,000 → 116.67 % → over, projection
 *   2,000 + 8,000 + 4,000 = 14,000.
 * - "Elsewhere" (the other account, live): one line, nothing spent → 0 % → under, and its plan too.
 * - "Not live" (main account, approved, then cancelled): spends nothing, no alert.
 */
let c: Company;
let restricted: UserProfile;
const T = todayIn(DEFAULT_TIME_ZONE);
const d = (n: number) => addDaysTo(T, n);

const stat = statOn(T);

const call = async (
  body: Record<string, unknown> = {},
  as: UserProfile = c.analyst,
  accountId?: number,
): Promise<PacingAlerts> => {
  const r = await invoke('PerformanceService', 'GetPacingAlerts', { as, body, ...(accountId ? { accountId } : {}) });
  expect(r.status).toBe(200);
  return r.body.Response as PacingAlerts;
};

const ids = { spring: 0, elsewhere: 0, notLive: 0, springMix: 0, under: 0, over: 0, onPace: 0 };

async function plan(accountId: number, name: string, lines: { Name: string; daily: number }[], live: boolean) {
  const activity = await seedActivity(c, { accountId, start: d(-40), end: d(20), name });
  const version = await seedVersion(c, activity);
  const saved: Awaited<ReturnType<typeof seedLine>>[] = [];
  for (const l of lines)
    saved.push(
      await seedLine(c, version, {
        Name: l.Name,
        StartDate: d(-30),
        EndDate: d(9),
        Budget: 4000,
        BuyType: 'CPM',
        UnitCost: 20,
      }),
    );
  const draft = await current(c, version.ID);
  const submitted = await submitVersion(c.planner, activity.AccountId, {
    mediaMixId: version.ID,
    version: draft.version,
  });
  await approveVersion(c.approver, activity.AccountId, { mediaMixId: version.ID, version: submitted.version });
  await scheduleActivity(c.companyId, activity.ID);
  if (!live) {
    const a = await getActivity(c.companyId, activity.ID, true);
    await setActivityStatusFor(
      c.admin,
      setActivityStatus.parse({ activityId: activity.ID, status: ActivityStatus.Cancelled, version: a!.version }),
      accountId,
    );
  }
  const book = new RollupBook(c.companyId, 'meta_ads', `act-${activity.ID}`);
  lines.forEach((l, i) => {
    if (!l.daily) return;
    for (let n = -30; n <= -1; n++)
      book.change(
        undefined,
        stat({
          LineId: saved[i].ID,
          ActivityId: activity.ID,
          AccountId: accountId,
          Date: d(n),
          SpendMicros: l.daily * 1_000_000,
          CampaignId: `c${i}`,
        }),
      );
  });
  await book.flush();
  return { activity, mix: version, lines: saved };
}

beforeAll(async () => {
  c = await makeCompany('Pacing alerts Agency');
  await seedRate(c, d(-60), 'USD', 'ILS', 3.5);
  restricted = await makeUser(c.companyId, Role.Analyst, [Permission.OperationalReports], {
    accountAccess: [c.accounts.main.ID],
  });
  const spring = await plan(
    c.accounts.main.ID,
    'Spring',
    [
      { Name: 'Under', daily: 50 },
      { Name: 'Over', daily: 200 },
      { Name: 'On pace', daily: 100 },
    ],
    true,
  );
  const elsewhere = await plan(c.accounts.other.ID, 'Elsewhere', [{ Name: 'Idle', daily: 0 }], true);
  const notLive = await plan(c.accounts.main.ID, 'Not live', [{ Name: 'Quiet', daily: 0 }], false);
  Object.assign(ids, {
    spring: spring.activity.ID,
    elsewhere: elsewhere.activity.ID,
    notLive: notLive.activity.ID,
    springMix: spring.mix.ID,
    under: spring.lines[0].ID,
    over: spring.lines[1].ID,
    onPace: spring.lines[2].ID,
  });
}, 60_000);

const key = (a: PacingAlert) => `${a.ActivityId}:${a.LineId ?? 'plan'}:${a.Pacing.Alert}`;

describe('GetPacingAlerts', () => {
  it('lists the under- and over-pacing of live plans and lines, with projection, pacing %, basis and the ids of the performance page', async () => {
    const r = await call();
    expect(r).toMatchObject({
      Today: T,
      PacingLow: 90,
      PacingHigh: 110,
      LiveActivities: 2,
      ActivitiesRead: 2,
      Truncated: false,
    });
    // Plans first (under before over), then lines; the on-pace line and the activity that is not live have none.
    const idleLine = r.Alerts.find((a) => a.ActivityId === ids.elsewhere && a.LineId !== null)!.LineId;
    expect(r.Alerts.map(key)).toEqual([
      `${ids.elsewhere}:plan:under`,
      `${ids.spring}:plan:over`,
      `${ids.spring}:${ids.under}:under`,
      `${ids.elsewhere}:${idleLine}:under`,
      `${ids.spring}:${ids.over}:over`,
    ]);
    expect(r.Alerts.map(key)).not.toContainEqual(expect.stringContaining(`:${ids.onPace}:`));
    expect(r.Alerts.some((a) => a.ActivityId === ids.notLive)).toBe(false);
    expect(r.Alerts).toHaveLength(5);

    const under = r.Alerts.find((a) => a.LineId === ids.under)!;
    expect(under).toMatchObject({
      AccountId: c.accounts.main.ID,
      ActivityId: ids.spring,
      ActivityName: 'Spring',
      MediaMixId: ids.springMix,
      LineName: 'Under',
      CurrencyCode: 'ILS',
    });
    expect(under.Pacing).toMatchObject({
      PlannedToDate: 3000,
      ActualToDate: 1500,
      PacingPct: 50,
      Alert: 'under',
      ProjectedEndSpend: 2000,
      DaysLeft: 10,
    });
    expect(under.Pacing.Basis).toMatchObject({ DaysOfData: 30, ProvisionalDays: 27, ProvisionalSharePct: 90 });
    expect(r.Alerts.find((a) => a.LineId === ids.over)!.Pacing).toMatchObject({
      ActualToDate: 6000,
      PacingPct: 200,
      ProjectedEndSpend: 8000,
    });
    expect(r.Alerts.find((a) => a.ActivityId === ids.spring && a.LineId === null)!.Pacing).toMatchObject({
      PlannedToDate: 9000,
      ActualToDate: 10500,
      PacingPct: 116.67,
      Alert: 'over',
      ProjectedEndSpend: 14000,
    });
    const idle = r.Alerts.find((a) => a.ActivityId === ids.elsewhere && a.LineId === null)!;
    expect(idle).toMatchObject({ AccountId: c.accounts.other.ID, AccountName: 'Other Client' });
    expect(idle.Pacing).toMatchObject({ ActualToDate: 0, PacingPct: 0, Alert: 'under' });
    expect(idle.Pacing.Basis.Notes).toContain('NO_DATA');
  });

  it('filters by kind of alert', async () => {
    const r = await call({ alert: 'over' });
    expect(r.Alerts.map(key).sort()).toEqual([`${ids.spring}:plan:over`, `${ids.spring}:${ids.over}:over`].sort());
  });

  it("shows only the accounts the caller sees, and narrows to the request's account", async () => {
    const mine = await call({}, restricted);
    expect(mine.LiveActivities).toBe(1);
    expect(new Set(mine.Alerts.map((a) => a.ActivityId))).toEqual(new Set([ids.spring]));
    const narrowed = await call({}, c.analyst, c.accounts.other.ID);
    expect(new Set(narrowed.Alerts.map((a) => a.ActivityId))).toEqual(new Set([ids.elsewhere]));
    // The restricted caller cannot ask for an account it does not see.
    const refused = await invoke('PerformanceService', 'GetPacingAlerts', {
      as: restricted,
      body: {},
      accountId: c.accounts.other.ID,
    });
    expect(refused.status).toBe(403);
  });
});
