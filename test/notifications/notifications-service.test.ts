import type { NotificationDraft } from '../../lambdas/modules/notifications/store';
import { putNotificationOnce } from '../../lambdas/modules/notifications/store.dynamodb';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { UNREAD_COUNT_CAP, type NotificationView } from '../../lambdas/shared/replies/notifications';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * NotificationsService on DynamoDB Local: a user reads and marks their own notifications and no one
 * else's (another user's id answers 404 and stays unread), newest first with a page token, the
 * unread count bounded, expired ones (DynamoDB Local has no TTL) left out.
 */
let c: Company;
let d: Company;
beforeAll(async () => {
  c = await makeCompany('Bell Agency');
  d = await makeCompany('Other Bell Agency');
});

let seq = 0;
async function give(u: UserProfile, o: Partial<NotificationDraft> = {}): Promise<string> {
  seq++;
  const put = await putNotificationOnce({
    companyId: u.companyId,
    recipient: u.sub,
    kind: 'submitted',
    accountId: 1,
    accountName: 'Main Client',
    activityId: 2,
    activityName: 'Spring',
    versionId: 1000 + seq,
    version: 1,
    headerVersion: 5,
    actorName: 'Dana Planner',
    reason: null,
    at: new Date(Date.now() - 60_000 + seq).toISOString(),
    ...o,
  });
  return put.id;
}

const list = (as: UserProfile, body: Record<string, unknown> = {}) =>
  invoke('NotificationsService', 'GetNotifications', { as, body });
const mark = (as: UserProfile, body: Record<string, unknown>) =>
  invoke('NotificationsService', 'MarkNotificationsRead', { as, body });

it('lists only the caller’s own notifications, newest first, with the unread count, page by page', async () => {
  const ids = [await give(c.approver), await give(c.approver), await give(c.approver)];
  await give(c.planner);
  await give(d.approver);
  const r = await list(c.approver, { pageSize: 2 });
  expect(r.status).toBe(200);
  const page1 = r.body.Response;
  expect(page1.UnreadCount).toBe(3);
  expect(page1.Items.map((n: NotificationView) => n.Id)).toEqual([ids[2], ids[1]]);
  expect(typeof page1.NextToken).toBe('string');
  const page2 = (await list(c.approver, { pageSize: 2, nextToken: page1.NextToken })).body.Response;
  expect(page2.Items.map((n: NotificationView) => n.Id)).toEqual([ids[0]]);
  expect(page2.NextToken).toBeNull();
  // Another user's token is no way into their list: it is checked against the caller's own partition.
  expect((await list(c.planner, { pageSize: 2, nextToken: page1.NextToken })).status).toBe(400);
});

it('marks named notifications read; another user’s id is 404 and stays unread; marking twice is no error', async () => {
  const mine = await give(c.analyst);
  const theirs = await give(c.client);
  const r = await mark(c.analyst, { ids: [mine] });
  expect(r.status).toBe(200);
  expect(r.body.Response).toEqual({ Marked: 1, UnreadCount: 0 });
  expect((await list(c.analyst)).body.Response.Items.find((n: NotificationView) => n.Id === mine).Read).toBe(true);
  expect((await mark(c.analyst, { ids: [mine] })).body.Response).toEqual({ Marked: 0, UnreadCount: 0 });

  const stolen = await mark(c.analyst, { ids: [theirs] });
  expect(stolen.status).toBe(404);
  expect(stolen.body.ErrorCode).toBe('NOT_FOUND');
  const other = await mark(d.admin, { ids: [theirs] });
  expect(other.status).toBe(404);
  const client = (await list(c.client)).body.Response;
  expect(client.UnreadCount).toBe(1);
  expect(client.Items.find((n: NotificationView) => n.Id === theirs).Read).toBe(false);
});

it('marks all read, refuses an empty request and a malformed id', async () => {
  for (let i = 0; i < 3; i++) await give(c.admin);
  expect((await list(c.admin)).body.Response.UnreadCount).toBe(3);
  const r = await mark(c.admin, { all: true });
  expect(r.body.Response).toEqual({ Marked: 3, UnreadCount: 0 });
  expect((await list(c.admin)).body.Response.Items.every((n: NotificationView) => n.Read)).toBe(true);
  const empty = await mark(c.admin, {});
  expect(empty.status).toBe(400);
  expect(empty.body.ErrorParams?.reason).toBe('IDS_OR_ALL');
  expect((await mark(c.admin, { ids: ['C#1#U#x'] })).status).toBe(400);
});

it('counts unread up to the cap and leaves out expired notifications', async () => {
  const u = d.planner;
  // Older than 90 days: DynamoDB Local keeps it, the list and the count do not show it.
  await give(u, { at: new Date(Date.now() - 91 * 86_400_000).toISOString() });
  expect((await list(u)).body.Response).toMatchObject({ Items: [], UnreadCount: 0 });
  await Promise.all(Array.from({ length: UNREAD_COUNT_CAP + 5 }, () => give(u)));
  const r = (await list(u, { pageSize: 500 })).body.Response;
  expect(r.UnreadCount).toBe(UNREAD_COUNT_CAP);
  expect(r.Items).toHaveLength(UNREAD_COUNT_CAP + 5);
});
