import { PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '../../aws/dynamodb/commands';
import type { NotificationKind, NotificationView } from '../../shared/replies/notifications';
import type { MarkOutcome, NotificationDraft, PutOutcome } from './store';
import { UNREAD_COUNT_CAP } from '../../shared/replies/notifications';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, keys, pad } from '../../aws/dynamodb/keys';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import type { UserProfile } from '../tenancy';

export const NOTIFICATION_ENTITY = 'Notification';

/** How long a notification is kept: the table's TTL deletes it after this. */
export const NOTIFICATION_TTL_DAYS = 90;

/**
 * Key spelling (docs/table-design.md "Notification"):
 * - under its recipient, `C#<cid>#U#<sub>` / `N#<id>`, where the id is `<epoch ms, 13 digits>-<mix id>-<header
 *   version>` of the event: newest first by a descending Query, and fixed by the event, so a stream record
 *   delivered twice writes the same key (the put's condition keeps the first);
 * - while unread, on gsi2 (sparse): `C#<cid>#U#<sub>#UNREAD` / `<id>`, what the unread count counts.
 */
export const notificationKeys = {
  partition: (companyId: number, sub: string) => `${companyPk(companyId)}#U#${sub}`,
  item: (companyId: number, sub: string, id: string) => ({
    pk: notificationKeys.partition(companyId, sub),
    sk: `N#${id}`,
  }),
  unreadPk: (companyId: number, sub: string) => `${notificationKeys.partition(companyId, sub)}#UNREAD`,
  /** The id of an event: when it happened, which version, which change of its header. */
  id: (at: string, versionId: number, headerVersion: number) =>
    `${String(Date.parse(at)).padStart(13, '0')}-${pad(versionId)}-${pad(headerVersion)}`,
};

const expiryOf = (at: string) => Math.floor(Date.parse(at) / 1000) + NOTIFICATION_TTL_DAYS * 86_400;

/**
 * Writes one notification once: a redelivered stream record finds the key taken and writes nothing
 * (created false; `mailed` says whether the first delivery's e-mail went). Unread from the start (its
 * gsi2 entry), expiring NOTIFICATION_TTL_DAYS after the event.
 */
export async function putNotificationOnce(n: NotificationDraft): Promise<PutOutcome> {
  const id = notificationKeys.id(n.at, n.versionId, n.headerVersion);
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...notificationKeys.item(n.companyId, n.recipient, id),
          gsi2pk: notificationKeys.unreadPk(n.companyId, n.recipient),
          gsi2sk: id,
          entity: NOTIFICATION_ENTITY,
          Id: id,
          Kind: n.kind,
          AccountId: n.accountId,
          AccountName: n.accountName,
          ActivityId: n.activityId,
          ActivityName: n.activityName,
          MediaMixId: n.versionId,
          Version: n.version,
          ActorName: n.actorName,
          Reason: n.reason,
          ...(n.orderId === undefined ? {} : { OrderId: n.orderId }),
          CreatedAt: n.at,
          expiresAt: expiryOf(n.at),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { id, created: true, mailed: false };
  } catch (err) {
    const e = err as { name?: string; Item?: Record<string, unknown> };
    if (e.name === 'ConditionalCheckFailedException')
      return { id, created: false, mailed: e.Item?.MailedAt !== undefined };
    throw err;
  }
}

/** Records that a notification's e-mail was accepted by SES (a redelivery then sends it no more). */
export async function markMailed(companyId: number, sub: string, id: string, messageId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: notificationKeys.item(companyId, sub, id),
      UpdateExpression: 'SET MailedAt = :at, MailMessageId = :m',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': new Date().toISOString(), ':m': messageId },
    }),
  );
}

function toView(item: Record<string, unknown>): NotificationView {
  return {
    Id: String(item.Id),
    Kind: item.Kind as NotificationKind,
    AccountId: Number(item.AccountId),
    AccountName: String(item.AccountName ?? ''),
    ActivityId: Number(item.ActivityId),
    ActivityName: String(item.ActivityName ?? ''),
    MediaMixId: Number(item.MediaMixId),
    Version: Number(item.Version),
    ...(typeof item.OrderId === 'number' ? { OrderId: item.OrderId } : {}),
    ActorName: String(item.ActorName ?? ''),
    Reason: (item.Reason as string | null | undefined) ?? null,
    CreatedAt: String(item.CreatedAt),
    Read: item.gsi2pk === undefined,
  };
}

/** DynamoDB Local never expires items, and the cloud deletes them within days of expiry: a read leaves them out. */
const notExpired = (q: QueryCommandInput, nowSeconds: number): QueryCommandInput => ({
  ...q,
  FilterExpression: 'expiresAt > :now',
  ExpressionAttributeValues: { ...q.ExpressionAttributeValues, ':now': nowSeconds },
});

const listRange = (companyId: number, sub: string): KeyRange => ({
  keyAttributes: ['pk', 'sk'],
  partition: { attr: 'pk', value: notificationKeys.partition(companyId, sub) },
  sort: { attr: 'sk', prefix: 'N#' },
});

/** The user's notifications, newest first, one page. */
export async function listNotifications(
  companyId: number,
  sub: string,
  limit: number,
  nextToken: string | null | undefined,
  now = new Date(),
): Promise<ListPage<NotificationView>> {
  const range = listRange(companyId, sub);
  const q = notExpired(
    { TableName: tableName(), ...keyCondition(range), ScanIndexForward: false },
    Math.floor(now.getTime() / 1000),
  );
  const page = await queryPage(q, limit, decodeKeyToken(nextToken, range), range.keyAttributes);
  return { items: page.items.map(toView), nextToken: keyToken(page.lastKey) };
}

/** Unread notifications, counted up to UNREAD_COUNT_CAP (one bounded Query of the sparse index). */
export async function countUnread(companyId: number, sub: string, now = new Date()): Promise<number> {
  let count = 0;
  let from: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: {
          ':pk': notificationKeys.unreadPk(companyId, sub),
          ':now': Math.floor(now.getTime() / 1000),
        },
        ScanIndexForward: false,
        Select: 'COUNT',
        Limit: UNREAD_COUNT_CAP - count,
        ExclusiveStartKey: from,
      }),
    );
    count += out.Count ?? 0;
    from = out.LastEvaluatedKey;
  } while (from && count < UNREAD_COUNT_CAP);
  return Math.min(count, UNREAD_COUNT_CAP);
}

/** The ids of the user's unread notifications (for "mark all read"), at most `limit`. */
export async function unreadIds(companyId: number, sub: string, limit = 1000): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': notificationKeys.unreadPk(companyId, sub) },
    ProjectionExpression: 'gsi2sk',
  });
  return items.slice(0, limit).map((i) => String(i.gsi2sk));
}

/** Marks one of the user's own notifications read (its gsi2 entry removed). */
export async function markRead(companyId: number, sub: string, id: string): Promise<MarkOutcome> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notificationKeys.item(companyId, sub, id),
        UpdateExpression: 'SET ReadAt = :at REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_exists(gsi2pk)',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'marked';
  } catch (err) {
    const e = err as { name?: string; Item?: Record<string, unknown> };
    if (e.name === 'ConditionalCheckFailedException') return e.Item ? 'alreadyRead' : 'missing';
    throw err;
  }
}

/** Every profile of a company (users, for the recipients of a plan event). */
export async function listCompanyUsers(companyId: number): Promise<UserProfile[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
    ExpressionAttributeValues: { ':pk': keys.company(companyId).pk, ':user': 'USER#' },
  });
  return items.map((item) => {
    const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
    return rest as unknown as UserProfile;
  });
}
