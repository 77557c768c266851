import { runActivitySchedule, scheduledMoves } from '../../lambdas/modules/media-plans/activity-schedule';
import { getActivity } from '../../lambdas/modules/activities/store.dynamodb';
import { ActivityStatus } from '../../lambdas/shared/activity-status';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import {
  current,
  seedActivity,
  seedApproved,
  seedDraft,
  seedLine,
  seedVersion,
  seedRate,
} from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { auditOf } from '../media-plans/helpers';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { GetCommand } from '../../lambdas/aws/dynamodb/commands';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { DASH_STAMP_SK, markDashboardStale } from '../../lambdas/aws/dynamodb/dashboard-stamp';

const { Draft, Planned, Live, Completed, Cancelled } = ActivityStatus;
const flight = { StartDate: '2026-03-01', EndDate: '2026-03-31' };

/** The activity status follows its plan and the company's calendar. */
describe('the schedule rule, a table of cases', () => {
  it.each([
    // status, approved plan, today → moves
    [Draft, false, '2026-02-01', []],
    [Draft, true, '2026-02-01', [Planned]],
    [Draft, true, '2026-03-01', [Planned, Live]],
    [Draft, true, '2026-04-01', [Planned, Live, Completed]],
    [Planned, false, '2026-03-15', []],
    [Planned, true, '2026-02-28', []],
    [Planned, true, '2026-03-01', [Live]],
    [Planned, true, '2026-03-31', [Live]],
    [Planned, true, '2026-04-01', [Live, Completed]],
    [Live, true, '2026-03-31', []],
    [Live, true, '2026-04-01', [Completed]],
    [Live, false, '2026-04-01', [Completed]],
    [Completed, true, '2026-05-01', []],
    [Cancelled, true, '2026-03-15', []],
  ] as const)('%s with an approved plan %s on %s moves %j', (status, approved, today, moves) => {
    expect(scheduledMoves({ Status: status, ...flight }, approved, today)).toEqual(moves);
  });
});

describe('a run of the schedule on DynamoDB Local', () => {
  let c: Company;
  beforeAll(async () => {
    c = await makeCompany('Schedule Agency');
    await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
  });
  const status = async (id: number) => (await getActivity(c.companyId, id, true))!.Status;
  const run = (iso: string) => runActivitySchedule(new Date(iso), [c.companyId]);
  /** A flight in 2027 (after today) whose plan is approved now. */
  async function approvedFlight(name: string) {
    const activity = await seedActivity(c, { start: '2027-01-01', end: '2027-02-28', name });
    const version = await seedVersion(c, activity);
    await seedLine(c, version, { StartDate: '2027-01-01', EndDate: '2027-02-28' });
    const draft = await current(c, version.ID);
    const submitted = await submitVersion(c.planner, activity.AccountId, {
      mediaMixId: version.ID,
      version: draft.version,
    });
    await approveVersion(c.approver, activity.AccountId, { mediaMixId: version.ID, version: submitted.version });
    return activity;
  }

  it("moves the approved plan's activity Planned at once, then Live on its start and Completed the day after its end — in the company's day, each move audited", async () => {
    const flight2027 = await approvedFlight('Winter 2027');
    const draftOnly = await seedDraft(c);
    const noPlan = await seedActivity(c, { name: 'No plan yet' });
    // The approval moved it at once (ApproveMediaMix schedules its activity after committing).
    expect(await status(flight2027.ID)).toBe(Planned);
    await run('2026-12-15T10:00:00Z');
    expect(await status(flight2027.ID)).toBe(Planned);
    // 2026-12-31 22:30 UTC is already 2027-01-01 in Jerusalem: the flight has started there.
    const live = await run('2026-12-31T22:30:00Z');
    expect(await status(flight2027.ID)).toBe(Live);
    expect(live.moved).toContainEqual({ companyId: c.companyId, activityId: flight2027.ID, from: Planned, to: Live });
    // The same day again: nothing more.
    expect((await run('2027-01-01T08:00:00Z')).moved.filter((m) => m.activityId === flight2027.ID)).toEqual([]);
    await run('2027-02-28T20:00:00Z'); // still the 28th in Jerusalem (22:00)
    expect(await status(flight2027.ID)).toBe(Live);
    await run('2027-02-28T22:30:00Z'); // 1 March in Jerusalem
    expect(await status(flight2027.ID)).toBe(Completed);
    // No approved plan: a Draft stays a Draft, whatever the date.
    expect(await status(draftOnly.activity.ID)).toBe(Draft);
    expect(await status(noPlan.ID)).toBe(Draft);
    const audit = await auditOf(c.companyId, 'Activity', flight2027.ID);
    expect(
      audit.filter((e) => e.who === 'system:activity-schedule').map((e) => (e.after as { Status: number }).Status),
    ).toEqual(expect.arrayContaining([Planned, Live, Completed]));
  });

  it('an approval after the flight ended walks it to Completed at once; a cancelled activity is left alone', async () => {
    const past = await seedApproved(c); // 2026-01-01 .. 2026-02-28, approved today
    expect(await status(past.activity.ID)).toBe(Completed);
    const activity = await approvedFlight('Cancelled 2027');
    const a = (await getActivity(c.companyId, activity.ID, true))!;
    const cancelled = await invoke('ActivitiesService', 'SetActivityStatus', {
      as: c.admin,
      accountId: a.AccountId,
      body: { activityId: a.ID, status: Cancelled, version: a.version },
    });
    expect(cancelled.body.ErrorMessage).toBeUndefined();
    await run('2027-01-15T10:00:00Z');
    expect(await status(a.ID)).toBe(Cancelled);
  });
});

describe("the schedule's first run in a company's day marks its dashboard tiles stale, once", () => {
  const stampOf = async (companyId: number) =>
    (
      await ddb().send(
        new GetCommand({ TableName: tableName(), Key: { pk: keys.dashTilesPk(companyId), sk: DASH_STAMP_SK } }),
      )
    ).Item as { Version: number; Day?: string; entity?: string } | undefined;

  it("bumps the stamp at the day's first run in the company's zone, not again that day, and again the next day", async () => {
    const c = await makeCompany('Day Stamp Agency');
    await markDashboardStale(c.companyId); // a figure written once: the company has a stamp
    const run = (iso: string) => runActivitySchedule(new Date(iso), [c.companyId]);
    const before = (await stampOf(c.companyId))!.Version;

    expect((await run('2027-03-10T08:00:00Z')).newDays).toBe(1);
    expect(await stampOf(c.companyId)).toMatchObject({ Version: before + 1, Day: '2027-03-10', entity: 'DashStamp' });
    // Later the same day, and a run of another company's schedule: nothing.
    expect((await run('2027-03-10T21:00:00Z')).newDays).toBe(0);
    expect((await stampOf(c.companyId))!.Version).toBe(before + 1);
    // 22:30 UTC is already the 11th in Jerusalem.
    expect((await run('2027-03-10T22:30:00Z')).newDays).toBe(1);
    expect(await stampOf(c.companyId)).toMatchObject({ Version: before + 2, Day: '2027-03-11' });
  });

  it('makes no stamp for a company that has none (none of its figures written, or being deleted)', async () => {
    const c = await makeCompany('No Stamp Agency');
    expect(await stampOf(c.companyId)).toBeUndefined();
    expect((await runActivitySchedule(new Date('2027-03-10T08:00:00Z'), [c.companyId])).newDays).toBe(0);
    expect(await stampOf(c.companyId)).toBeUndefined();
  });
});
