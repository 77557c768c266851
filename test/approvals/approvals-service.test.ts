import { TZDate } from '@date-fns/tz';
import { GetCommand, UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import {
  approveVersion,
  clientSignOff,
  clientDeclineFor,
  createNextVersion,
  rejectVersionFor,
  submitVersion,
} from '../../lambdas/modules/media-plans/plans';
import { ddb } from '../../lambdas/aws/dynamodb/client';
import { versionKeys } from '../../lambdas/modules/media-plans/store/items';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { Permission, Role } from '../../lambdas/shared/permissions';
import {
  current,
  seedActivity,
  seedDraft,
  seedLine,
  seedVersion,
  seedRate,
  seedSubmitted,
} from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

const inbox = (co: Company, as = co.approver, body: Record<string, unknown> = {}) =>
  invoke('ApprovalsService', 'GetApprovalInbox', { as, body });
const inboxCount = (co: Company, as = co.approver) =>
  invoke('ApprovalsService', 'GetApprovalInboxCount', { as, body: {} });
const myPlans = (co: Company, as = co.planner, body: Record<string, unknown> = {}) =>
  invoke('ApprovalsService', 'GetMyPlans', { as, body });
const ids = (r: { body: { Response?: { Items: { MediaMixId: number }[] } } }) =>
  r.body.Response!.Items.map((i) => i.MediaMixId);

/** Test-only: the stored header's submission moved to `at` (its inbox sort key with it), as if submitted then. */
async function submittedAt(co: Company, versionId: number, at: string) {
  await ddb().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME!,
      Key: versionKeys.header(co.companyId, versionId),
      UpdateExpression: 'SET SubmittedAt = :at, gsi2sk = :sk',
      ExpressionAttributeValues: { ':at': at, ':sk': versionKeys.inboxSk(at, versionId) },
    }),
  );
}

describe('ApprovalsService.GetApprovalInbox', () => {
  it('lists the Submitted versions only, named and priced, and a version leaves it when approved or rejected', async () => {
    const co = await makeCompany();
    await seedRate(co, '2001-02-03', 'USD', 'ILS', 3.7);
    const draft = await seedDraft(co);
    const a = await seedSubmitted(co, 2);
    const b = await seedSubmitted(co);
    const r = await inbox(co);
    expect(r.status).toBe(200);
    expect(ids(r).sort()).toEqual([a.planVersion.ID, b.planVersion.ID].sort());
    expect(ids(r)).not.toContain(draft.planVersion.ID);
    const row = r.body.Response.Items.find((i: { MediaMixId: number }) => i.MediaMixId === a.planVersion.ID);
    expect(row).toMatchObject({
      Version: 1,
      Status: 2,
      StatusName: 'Submitted',
      ActivityId: a.activity.ID,
      ActivityName: 'Plan test flight',
      AccountId: co.accounts.main.ID,
      AccountName: 'Main Client',
      SubAccountId: null,
      SubAccountName: null,
      Currency: 2,
      CurrencyCode: 'ILS',
      Net: 2001,
      ActivityBudget: 50000,
      OverBudgetBy: null,
      OverBudgetConfirmed: false,
      SubmittedByName: co.planner.name,
      DaysWaiting: 0,
    });
    // Net 2,001 + 10% management fee = 2,201.10, + VAT (18% by default) on the subtotal.
    expect(row.Total).toBeGreaterThan(2201.1);
    expect((await inboxCount(co)).body.Response).toEqual({ Count: 2 });

    await approveVersion(co.approver, a.activity.AccountId, {
      mediaMixId: a.planVersion.ID,
      version: (await current(co, a.planVersion.ID)).version,
    });
    await rejectVersionFor(co.approver, b.activity.AccountId, {
      mediaMixId: b.planVersion.ID,
      version: (await current(co, b.planVersion.ID)).version,
      reason: 'Too much search',
    });
    expect(ids(await inbox(co))).toEqual([]);
    expect((await inboxCount(co)).body.Response).toEqual({ Count: 0 });
  });

  it("another company's versions and an account the approver cannot see are not listed; a planner may not ask", async () => {
    const co = await makeCompany();
    const other = await makeCompany();
    const mine = await seedSubmitted(co);
    await seedSubmitted(other);
    const onOther = await seedActivity(co, { accountId: co.accounts.other.ID, name: 'Other flight' });
    const otherVersion = await seedVersion(co, onOther);
    await seedLine(co, otherVersion);
    await submitVersion(co.planner, onOther.AccountId, {
      mediaMixId: otherVersion.ID,
      version: (await current(co, otherVersion.ID)).version,
    });

    expect(ids(await inbox(co)).sort()).toEqual([mine.planVersion.ID, otherVersion.ID].sort());
    const limited = await makeUser(co.companyId, Role.MediaManager, [Permission.MediaPlanApprover], {
      accountAccess: [co.accounts.main.ID],
    });
    expect(ids(await inbox(co, limited))).toEqual([mine.planVersion.ID]);
    expect((await inboxCount(co, limited)).body.Response).toEqual({ Count: 1 });
    const none = await makeUser(co.companyId, Role.MediaManager, [Permission.MediaPlanApprover], { accountAccess: [] });
    expect(ids(await inbox(co, none))).toEqual([]);
    expect((await inboxCount(co, none)).body.Response).toEqual({ Count: 0 });

    const planner = await inbox(co, co.planner);
    expect(planner.status).toBe(403);
    expect(planner.body.ErrorCode).toBe('PERMISSION_MISSING');
  });

  it("counts the days waiting in the company's calendar and lists the longest waiting first, a page at a time", async () => {
    const co = await makeCompany();
    const older = await seedSubmitted(co);
    const newer = await seedSubmitted(co);
    // 00:30 in Jerusalem two days ago is 22:30 UTC three days ago (UTC+2) or 21:30 (UTC+3): two days in the company's calendar.
    const [y, m, d] = addDaysTo(todayIn(DEFAULT_TIME_ZONE), -2).split('-').map(Number);
    const twoDaysAgo = new TZDate(y, m - 1, d, 0, 30, DEFAULT_TIME_ZONE).toISOString();
    await submittedAt(co, older.planVersion.ID, twoDaysAgo);
    const first = await inbox(co, co.approver, { pageSize: 1 });
    expect(first.body.Response.Items).toEqual([
      expect.objectContaining({ MediaMixId: older.planVersion.ID, DaysWaiting: 2, SubmittedAt: twoDaysAgo }),
    ]);
    expect(first.body.Response.NextToken).toEqual(expect.any(String));
    const second = await inbox(co, co.approver, { pageSize: 1, nextToken: first.body.Response.NextToken });
    expect(second.body.Response.Items).toEqual([
      expect.objectContaining({ MediaMixId: newer.planVersion.ID, DaysWaiting: 0 }),
    ]);
  });

  it('says by how much the net exceeds the activity budget', async () => {
    const co = await makeCompany();
    const activity = await seedActivity(co, { budget: 1500 });
    const p = await seedDraft(co, 0, activity);
    await seedLine(co, p.planVersion, { Budget: 1000 });
    await seedLine(co, p.planVersion, { Budget: 750.25 });
    await invoke('MediaMixService', 'SubmitMediaMix', {
      as: co.planner,
      accountId: activity.AccountId,
      body: {
        mediaMixId: p.planVersion.ID,
        version: (await current(co, p.planVersion.ID)).version,
        confirmOverBudget: true,
      },
    });
    const row = (await inbox(co)).body.Response.Items[0];
    expect(row).toMatchObject({
      MediaMixId: p.planVersion.ID,
      Net: 1750.25,
      ActivityBudget: 1500,
      OverBudgetBy: 250.25,
    });
  });

  it('keeps the inbox entry off every other item: only a Submitted header is in the partition', async () => {
    const co = await makeCompany();
    const p = await seedSubmitted(co);
    const stored = await ddb().send(
      new GetCommand({ TableName: process.env.TABLE_NAME!, Key: versionKeys.header(co.companyId, p.planVersion.ID) }),
    );
    expect(stored.Item).toMatchObject({
      gsi2pk: `C#${co.companyId}#SUBMITTED`,
      gsi2sk: `${p.planVersion.SubmittedAt}#${String(p.planVersion.ID).padStart(10, '0')}`,
    });
    // The reply never carries the index attributes.
    const info = await invoke('MediaMixService', 'GetMediaMixInfo', {
      as: co.approver,
      accountId: p.activity.AccountId,
      body: { mediaMixId: p.planVersion.ID },
    });
    expect(Object.keys(info.body.Response)).not.toEqual(expect.arrayContaining(['gsi2pk']));
    expect(Object.keys(info.body.Response)).not.toContain('AuthorKey');
  });
});

describe('ApprovalsService.GetMyPlans', () => {
  it("the planner's versions: waiting first, then the latest change first, with the approver's reason and the client's comment", async () => {
    const co = await makeCompany();
    await seedRate(co, '2001-02-03', 'USD', 'ILS', 3.7);
    const otherPlanner = await makeUser(co.companyId, Role.Planner, []);
    // Rejected with a reason.
    const rejected = await seedSubmitted(co);
    await rejectVersionFor(co.approver, rejected.activity.AccountId, {
      mediaMixId: rejected.planVersion.ID,
      version: rejected.planVersion.version,
      reason: 'Move budget to video',
    });
    // Approved, then declined by the client.
    const declined = await seedSubmitted(co);
    await approveVersion(co.approver, declined.activity.AccountId, {
      mediaMixId: declined.planVersion.ID,
      version: declined.planVersion.version,
    });
    await clientDeclineFor(co.client, declined.activity.AccountId, {
      mediaMixId: declined.planVersion.ID,
      comment: 'Too early in the season',
    });
    // Approved and signed off.
    const signed = await seedSubmitted(co);
    await approveVersion(co.approver, signed.activity.AccountId, {
      mediaMixId: signed.planVersion.ID,
      version: signed.planVersion.version,
    });
    await clientSignOff(co.client, signed.activity.AccountId, signed.planVersion.ID);
    // A draft: version 2 of the rejected plan.
    const draft = await createNextVersion(co.planner, rejected.activity.AccountId, rejected.planVersion.ID);
    // Waiting for approval.
    const waiting = await seedSubmitted(co);
    // Someone else's.
    const theirs = await seedActivity(co, { name: 'Their flight' });
    await seedVersion({ ...co, planner: otherPlanner }, theirs);

    const r = await myPlans(co);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([
      waiting.planVersion.ID,
      draft.ID,
      signed.planVersion.ID,
      declined.planVersion.ID,
      rejected.planVersion.ID,
    ]);
    const byId = new Map(r.body.Response.Items.map((i: { MediaMixId: number }) => [i.MediaMixId, i]));
    expect(byId.get(rejected.planVersion.ID)).toMatchObject({
      StatusName: 'Rejected',
      RejectReason: 'Move budget to video',
      RejectedByName: co.approver.name,
      SubmittedByName: co.planner.name,
    });
    expect(byId.get(declined.planVersion.ID)).toMatchObject({
      StatusName: 'Approved',
      ClientDeclinedComment: 'Too early in the season',
      ClientDeclinedByName: co.client.name,
      ApprovedByName: co.approver.name,
    });
    expect(byId.get(signed.planVersion.ID)).toMatchObject({
      ClientApprovedByName: co.client.name,
      ClientDeclinedComment: null,
    });
    expect(byId.get(draft.ID)).toMatchObject({ StatusName: 'Draft', Version: 2, Net: 1000, SubmittedAt: null });
    expect(byId.get(waiting.planVersion.ID)).toMatchObject({ StatusName: 'Submitted' });

    // Paged: the waiting ones lead the first page, the rest follow by token.
    const first = await myPlans(co, co.planner, { pageSize: 2 });
    expect(ids(first)).toEqual([waiting.planVersion.ID, draft.ID, signed.planVersion.ID]);
    const next = await myPlans(co, co.planner, { pageSize: 2, nextToken: first.body.Response.NextToken });
    expect(ids(next)).toEqual([declined.planVersion.ID, rejected.planVersion.ID]);

    // The other planner sees only their own draft; a client user may not ask.
    expect(
      (await myPlans(co, otherPlanner)).body.Response.Items.map((i: { ActivityName: string }) => i.ActivityName),
    ).toEqual(['Their flight']);
    expect((await myPlans(co, co.client)).status).toBe(403);
  });

  it('refuses a token of another list', async () => {
    const co = await makeCompany();
    await seedSubmitted(co);
    await seedSubmitted(co);
    const token = (await inbox(co, co.approver, { pageSize: 1 })).body.Response.NextToken;
    const r = await myPlans(co, co.planner, { nextToken: token });
    expect(r.status).toBe(400);
    expect(r.body.ErrorCode).toBe('PAGE_TOKEN_INVALID');
  });
});
