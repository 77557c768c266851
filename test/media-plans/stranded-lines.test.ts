import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { activityKeys, getActivity } from '../../lambdas/modules/activities/store.dynamodb';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { getVersionHeader } from '../../lambdas/modules/media-plans/store/plans';
import { VersionStatus } from '../../lambdas/shared/version-status';
import {
  current,
  PLAN_END,
  PLAN_START,
  seedApproved,
  seedDraft,
  seedRate,
  seedSubmitted,
} from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { expectError, expectOk, itemsOf, lines, version } from './helpers';

/**
 * Moving an activity's dates must not strand the lines of its open plan version.
 * SaveActivity refuses dates that would (409 naming each line and its dates); Submit and Approve
 * refuse a version with lines outside the activity (409 naming them).
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Stranded Lines Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

async function moveActivity(activityId: number, start: string, end: string) {
  const a = (await getActivity(c.companyId, activityId, true))!;
  return invoke('ActivitiesService', 'SaveActivity', {
    as: c.planner,
    accountId: c.accounts.main.ID,
    body: {
      activity: {
        ID: a.ID,
        version: a.version,
        AccountId: a.AccountId,
        SubAccountId: a.SubAccountId,
        Name: a.Name,
        StartDate: start,
        EndDate: end,
        Budget: a.Budget,
      },
    },
  });
}

/** Data written before the fix: an activity already moved away from its open version's lines. */
async function strandBehindTheApi(activityId: number, start: string, end: string) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: activityKeys.item(c.companyId, activityId),
      UpdateExpression: 'SET StartDate = :s, EndDate = :e',
      ExpressionAttributeValues: { ':s': start, ':e': end },
    }),
  );
}

describe('SaveActivity', () => {
  it('refuses dates that would strand a Draft line, naming the line and its dates, and changes nothing', async () => {
    const p = await seedDraft(c, 2);
    const before = await itemsOf(c);
    const r = await moveActivity(p.activity.ID, '2026-05-01', '2026-05-31');
    expectError(
      r,
      409,
      /2026-05-01 to 2026-05-31 would leave 2 lines of plan version 1 outside them: 'Line 1' \(2026-01-01 to 2026-02-28\), 'Line 2' \(2026-01-01 to 2026-02-28\)/,
    );
    expect(await itemsOf(c)).toEqual(before);
  });

  it('refuses it for a Submitted version too, but not for an Approved one (history keeps its dates)', async () => {
    const s = await seedSubmitted(c, 1);
    expectError(
      await moveActivity(s.activity.ID, PLAN_START, '2026-01-31'),
      409,
      /'Line 1' \(2026-01-01 to 2026-02-28\)/,
    );
    const a = await seedApproved(c, 1);
    expectOk(await moveActivity(a.activity.ID, '2026-05-01', '2026-05-31'));
  });

  it('accepts new dates that keep every line inside, and a line saved afterwards is checked against the new dates', async () => {
    const p = await seedDraft(c, 1);
    expectOk(await moveActivity(p.activity.ID, '2025-12-01', PLAN_END));
    const l = p.lines[0];
    expectError(
      await lines(c, 'SaveMediaChannel', {
        mediaChannel: {
          ID: l.ID,
          version: l.version,
          MediaMixId: p.planVersion.ID,
          AccountChannelTypeId: l.AccountChannelTypeId,
          Name: 'Line 1',
          StartDate: PLAN_START,
          EndDate: '2026-03-15',
          BuyType: 'CPM',
          UnitCost: 25,
          Budget: 1000,
          ImageCreatives: 0,
          VideoCreatives: 0,
          Notes: '',
        },
      }),
      400,
      /mediaChannel\.EndDate: the line runs 2026-01-01 to 2026-03-15, outside the activity's dates 2025-12-01 to 2026-02-28/,
    );
  });
});

describe('Submit and Approve', () => {
  it('Submit refuses a version with lines outside the activity (409 naming them), and the version stays a Draft', async () => {
    const p = await seedDraft(c, 1);
    await strandBehindTheApi(p.activity.ID, '2026-03-01', '2026-03-31');
    const head = await current(c, p.planVersion.ID);
    expectError(
      await version(c, 'SubmitMediaMix', { mediaMixId: p.planVersion.ID, version: head.version }),
      409,
      /Version 1 has a line outside the activity's dates 2026-03-01 to 2026-03-31: 'Line 1' \(2026-01-01 to 2026-02-28\)/,
    );
    expect((await getVersionHeader(c.companyId, p.planVersion.ID, true))!.Status).toBe(VersionStatus.Draft);
  });

  it('Approve refuses a Submitted version whose activity moved away from its lines', async () => {
    const s = await seedSubmitted(c, 1);
    await strandBehindTheApi(s.activity.ID, '2026-03-01', '2026-03-31');
    expectError(
      await version(c, 'ApproveMediaMix', { mediaMixId: s.planVersion.ID, version: s.planVersion.version }, c.approver),
      409,
      /Version 1 has a line outside the activity's dates 2026-03-01 to 2026-03-31: 'Line 1' \(2026-01-01 to 2026-02-28\); reject it/,
    );
  });
});
