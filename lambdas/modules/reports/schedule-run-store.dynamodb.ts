import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '../../aws/dynamodb/commands';
import type { ScheduleSendView } from './replies/report-schedules';
import { isLocale } from '../../shared/locales';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { queryAll } from '../../aws/dynamodb/query-page';
import type { DueItem, ScheduleRetry, StoredSchedule } from './schedule-store';
import { DUE_PARTITION, scheduleKeys, toSchedule } from './schedule-store.dynamodb';

/**
 * The dispatcher's side of scheduled reports (keys: schedule-store.dynamodb.ts): what is due, the claims of
 * schedules and retries, the retries made, and the send log.
 */

const RETRY = 'ReportScheduleRetry';
const LOG = 'ReportScheduleSend';
/** modules/reports/outside-recipient-store.dynamodb.ts: its owed confirmation mails share the due index. */
const OUTSIDE = 'ReportOutsideRecipient';
const LOG_TTL_DAYS = 400;

function toRetry(item: Record<string, unknown>): ScheduleRetry {
  const { pk: _a, sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, companyId: _f, ...rest } = item;
  return rest as unknown as ScheduleRetry;
}

/** Everything due at `now`: schedules, retries and owed confirmation mails, across companies, from the due index (eventually consistent: a claim decides). */
export async function listDue(now: Date): Promise<DueItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p AND gsi2sk <= :now',
    ExpressionAttributeValues: { ':p': DUE_PARTITION, ':now': `${now.toISOString()}#~` },
  });
  return items.map((i): DueItem => {
    const companyId = Number(i.companyId);
    if (i.entity === RETRY) return { companyId, kind: 'retry', retry: toRetry(i) };
    if (i.entity === OUTSIDE)
      return {
        companyId,
        kind: 'confirm',
        confirm: {
          Address: String(i.Address),
          Language: isLocale(i.Language) ? i.Language : 'en',
          MailAt: String(i.MailAt),
        },
      };
    return { companyId, kind: 'schedule', schedule: toSchedule(i) };
  });
}

/**
 * Claims a due schedule: NextRunAt moves from the value read to the next run, only if it still
 * holds the value read and the schedule is still active. False: another run (or an edit) was first.
 */
export async function claimSchedule(
  companyId: number,
  s: StoredSchedule,
  next: { at: string; dueDay: string },
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKeys.schedule(companyId, s.Id),
        ConditionExpression: 'NextRunAt = :read AND Active = :t AND Archived = :f',
        UpdateExpression: 'SET NextRunAt = :next, NextDueDay = :day, gsi2sk = :sk',
        ExpressionAttributeValues: {
          ':read': s.NextRunAt,
          ':t': true,
          ':f': false,
          ':next': next.at,
          ':day': next.dueDay,
          ':sk': scheduleKeys.dueSk(next.at, companyId, s.Id),
        },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Claims a retry: deleted only if it still holds the attempt read. */
export async function claimRetry(companyId: number, r: ScheduleRetry): Promise<boolean> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: scheduleKeys.retry(companyId, r.ScheduleId, r.DueDay),
        ConditionExpression: 'Attempt = :a',
        ExpressionAttributeValues: { ':a': r.Attempt },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Records a retry to make at `r.RetryAt` (replaces one of the same due day). */
export async function putRetry(companyId: number, r: ScheduleRetry): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...scheduleKeys.retry(companyId, r.ScheduleId, r.DueDay),
        entity: RETRY,
        companyId,
        ...r,
        gsi2pk: DUE_PARTITION,
        gsi2sk: scheduleKeys.retryDueSk(r.RetryAt, companyId, r.ScheduleId, r.DueDay),
      },
    }),
  );
}

/** One line of the send log, and the schedule's LastSend (a run is not a user's change: no version, no audit entry — the log is the record). */
export async function recordSend(
  companyId: number,
  scheduleId: number,
  entry: ScheduleSendView,
  nonce: string,
): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: scheduleKeys.logPk(companyId, scheduleId),
        sk: `L#${entry.At}#${nonce}`,
        entity: LOG,
        ...entry,
        expiresAt: Math.floor(Date.parse(entry.At) / 1000) + LOG_TTL_DAYS * 86_400,
      },
    }),
  );
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKeys.schedule(companyId, scheduleId),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET LastSend = :l',
        ExpressionAttributeValues: { ':l': { At: entry.At, Status: entry.Status === 'sent' ? 'sent' : 'failed' } },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** The send log, newest first (at most `limit`). */
export async function listSends(companyId: number, scheduleId: number, limit = 100): Promise<ScheduleSendView[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
      ExpressionAttributeValues: { ':pk': scheduleKeys.logPk(companyId, scheduleId), ':l': 'L#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => ({
    At: String(i.At),
    Status: i.Status as ScheduleSendView['Status'],
    Reason: (i.Reason as string | null) ?? null,
    Recipients: Number(i.Recipients),
    PeriodFrom: String(i.PeriodFrom),
    PeriodTo: String(i.PeriodTo),
    MessageIds: (i.MessageIds as string[]) ?? [],
    Attempt: Number(i.Attempt),
  }));
}
