import { GetCommand, QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import {
  approveVersion,
  clientDeclineFor,
  clientSignOff,
  rejectVersionFor,
  submitVersion,
} from '../../lambdas/modules/media-plans/plans';
import { notifyPlanChange } from '../../lambdas/modules/media-plans/notifications';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { versionKeys } from '../../lambdas/modules/media-plans/store/items';
import { NOTIFICATION_TTL_DAYS, notificationKeys } from '../../lambdas/modules/notifications/store.dynamodb';
import { headerChangeOf } from '../../lambdas/modules/media-plans/store/header-records';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import type { NotificationView } from '../../lambdas/shared/replies/notifications';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { notifyPlanChanges } from '../../lambdas/streams/notify-plan-changes';
import { seedDraft, seedRate, seedSubmitted } from '../support/media-plans';
import { settleStreams } from '../support/streams';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/**
 * Notifications from the table's change stream, on DynamoDB Local with the stream
 * poller of the jest global setup: who is told of each event, nobody of another company or without
 * the account, each notification written once however often its record comes, and kept 90 days.
 */
let c: Company;
let d: Company;
/** An approver limited to the other account: never told of the main account's plans. */
let otherAccountApprover: UserProfile;
let disabledApprover: UserProfile;

beforeAll(async () => {
  c = await makeCompany('Notify Agency');
  d = await makeCompany('Elsewhere Agency');
  otherAccountApprover = await makeUser(c.companyId, Role.MediaManager, [Permission.MediaPlanApprover], {
    accountAccess: [c.accounts.other.ID],
  });
  disabledApprover = await makeUser(c.companyId, Role.MediaManager, [Permission.MediaPlanApprover], {
    status: 'disabled',
  });
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

async function inbox(u: UserProfile): Promise<NotificationView[]> {
  const r = await invoke('NotificationsService', 'GetNotifications', { as: u, body: { pageSize: 100 } });
  expect(r.status).toBe(200);
  return r.body.Response.Items as NotificationView[];
}

const ofVersion = (items: NotificationView[], versionId: number) => items.filter((n) => n.MediaMixId === versionId);

async function rawItems(u: UserProfile) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': notificationKeys.partition(u.companyId, u.sub) },
    }),
  );
  return out.Items ?? [];
}

it('a submitted version tells the approvers who see its account (admins too), not the submitter, not others', async () => {
  const p = await seedSubmitted(c);
  await settleStreams();
  for (const u of [c.approver, c.admin]) {
    const mine = ofVersion(await inbox(u), p.planVersion.ID);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      Kind: 'submitted',
      AccountId: c.accounts.main.ID,
      AccountName: 'Main Client',
      ActivityId: p.activity.ID,
      ActivityName: p.activity.Name,
      MediaMixId: p.planVersion.ID,
      Version: 1,
      ActorName: c.planner.name,
      Reason: null,
      Read: false,
    });
    expect(mine[0].ActorName).not.toContain('@');
  }
  for (const u of [c.planner, c.analyst, c.client, otherAccountApprover, d.approver, d.admin]) {
    expect(ofVersion(await inbox(u), p.planVersion.ID)).toEqual([]);
  }
  // A disabled user cannot sign in (401); nothing waits for them either.
  expect(await rawItems(disabledApprover)).toEqual([]);
  // Nothing was written under another company's users either.
  expect(await rawItems(d.approver)).toEqual([]);
});

it('keeps a notification 90 days (TTL attribute), unread on the sparse index until read', async () => {
  const p = await seedSubmitted(c);
  await settleStreams();
  const [item] = (await rawItems(c.approver)).filter((i) => i.MediaMixId === p.planVersion.ID);
  expect(item.entity).toBe('Notification');
  expect(item.expiresAt).toBe(Math.floor(Date.parse(String(item.CreatedAt)) / 1000) + NOTIFICATION_TTL_DAYS * 86_400);
  expect(item.gsi2pk).toBe(notificationKeys.unreadPk(c.companyId, c.approver.sub));
});

it('approved and rejected tell the submitter, with the reason of a rejection; the signed-off and declined answers tell the submitter and the approvers', async () => {
  const approved = await seedSubmitted(c);
  const a = await approveVersion(c.approver, approved.activity.AccountId, {
    mediaMixId: approved.planVersion.ID,
    version: approved.planVersion.version,
  });
  const rejected = await seedSubmitted(c);
  await rejectVersionFor(c.approver, rejected.activity.AccountId, {
    mediaMixId: rejected.planVersion.ID,
    version: rejected.planVersion.version,
    reason: 'Move budget to video',
  });
  await settleStreams();

  const planner = await inbox(c.planner);
  expect(ofVersion(planner, approved.planVersion.ID).map((n) => [n.Kind, n.ActorName, n.Reason])).toEqual([
    ['approved', c.approver.name, null],
  ]);
  expect(ofVersion(planner, rejected.planVersion.ID).map((n) => [n.Kind, n.ActorName, n.Reason])).toEqual([
    ['rejected', c.approver.name, 'Move budget to video'],
  ]);
  // The approver acted: told of the submission only, never of their own approval.
  expect(ofVersion(await inbox(c.approver), approved.planVersion.ID).map((n) => n.Kind)).toEqual(['submitted']);

  await clientSignOff(c.client, approved.activity.AccountId, a.ID);
  const other = await seedSubmitted(c);
  const b = await approveVersion(c.approver, other.activity.AccountId, {
    mediaMixId: other.planVersion.ID,
    version: other.planVersion.version,
  });
  await clientDeclineFor(c.client, other.activity.AccountId, { mediaMixId: b.ID, comment: 'Too much search' });
  await settleStreams();
  for (const u of [c.planner, c.approver, c.admin]) {
    expect(
      ofVersion(await inbox(u), a.ID)
        .filter((n) => n.Kind === 'signedOff')
        .map((n) => [n.ActorName, n.Reason]),
    ).toEqual([[c.client.name, null]]);
    expect(
      ofVersion(await inbox(u), b.ID)
        .filter((n) => n.Kind === 'declined')
        .map((n) => [n.ActorName, n.Reason]),
    ).toEqual([[c.client.name, 'Too much search']]);
  }
  for (const u of [c.client, c.analyst, otherAccountApprover]) {
    expect((await inbox(u)).filter((n) => n.MediaMixId === a.ID || n.MediaMixId === b.ID)).toEqual([]);
  }
  // Newest first.
  const times = (await inbox(c.planner)).map((n) => n.CreatedAt);
  expect(times).toEqual([...times].sort().reverse());
});

it('writes each notification once when a record is delivered again (handler and domain), and ignores header writes that are no event', async () => {
  const p = await seedDraft(c);
  const headerKey = versionKeys.header(c.companyId, p.planVersion.ID);
  const read = async () =>
    (await ddb().send(new GetCommand({ TableName: tableName(), Key: headerKey, ConsistentRead: true }))).Item!;
  const before = await read();
  await submitVersion(c.planner, p.activity.AccountId, {
    mediaMixId: p.planVersion.ID,
    version: p.planVersion.version,
  });
  const after = await read();
  await settleStreams();
  const count = async () => (await rawItems(c.approver)).filter((i) => i.MediaMixId === p.planVersion.ID).length;
  expect(await count()).toBe(1);

  const event = {
    Records: [
      {
        eventName: 'MODIFY',
        dynamodb: {
          SequenceNumber: '1',
          OldImage: marshall(before, { removeUndefinedValues: true }),
          NewImage: marshall(after, { removeUndefinedValues: true }),
        },
      },
    ],
  } as unknown as DynamoDBStreamEvent;
  const handle = notifyPlanChanges({});
  expect(await handle(event)).toEqual({ batchItemFailures: [] });
  expect(await handle(event)).toEqual({ batchItemFailures: [] });
  const change = headerChangeOf({ oldImage: before, newImage: after })!;
  const report = await notifyPlanChange(change);
  expect(report.event).toBe('submitted');
  expect(report.notified).toEqual(expect.arrayContaining([c.approver.sub, c.admin.sub]));
  expect(await count()).toBe(1);

  // The same header written again without a status change (a rename's shape) is no event.
  expect(
    (
      await notifyPlanChange({
        ...change,
        before: { ...change.after },
        after: { ...change.after, version: change.after.version + 1 },
      })
    ).event,
  ).toBeUndefined();
});
