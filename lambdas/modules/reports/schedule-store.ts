import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConflictError } from '../../core/errors';
import type { ScheduleSendView, ScheduleSettings } from './replies/report-schedules';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import type { Stamped } from '../../aws/dynamodb/stamped';
import { transactWrite } from '../../aws/dynamodb/transaction';

/**
 * Scheduled reports (docs/table-design.md "Scheduled reports"):
 * - a schedule: `C#<cid>#RSCHED` / `S#<id>`; while active and not archived it is in the DUE INDEX,
 *   gsi2 `RSDUE` / `<NextRunAt ISO>#<cid>#<id>`, so the dispatcher reads what is due with one Query
 *   (`gsi2sk <= '<now>#~'`) and never scans;
 * - a retry of a failed send: `C#<cid>#RSCHED` / `R#<id>#<due day>`, in the same index at
 *   `<RetryAt>#<cid>#<id>#R<due day>`;
 * - the send log: `C#<cid>#RSCHED#<id>` / `L#<At>#<nonce>`, newest first, kept 400 days (expiresAt).
 * A run CLAIMS its schedule with a conditional update (NextRunAt = the value read → the next one) and
 * a retry by a conditional delete (Attempt = the value read), so two dispatchers never send twice.
 */
export interface StoredSchedule extends Stamped, ScheduleSettings {
  Archived: boolean;
  /** The company day NextRunAt belongs to. */
  NextDueDay: string;
  /** The creator's Cognito sub: the schedule runs with this user's permissions. */
  CreatorSub: string;
}

export interface ScheduleRetry {
  ScheduleId: number;
  DueDay: string;
  /** The attempt this retry makes (2 or 3). */
  Attempt: number;
  RetryAt: string;
  PeriodFrom: string;
  PeriodTo: string;
  /** The recipients whose mail has not gone yet. */
  Recipients: string[];
}

/** An outside address whose confirmation mail is owed (repositories/outside-recipients.ts). */
export interface DueConfirmation {
  Address: string;
  Language: 'he' | 'en';
  MailAt: string;
}

export interface DueItem {
  companyId: number;
  kind: 'schedule' | 'retry' | 'confirm';
  schedule?: StoredSchedule;
  retry?: ScheduleRetry;
  confirm?: DueConfirmation;
}

const ENTITY = 'ReportSchedule';
const RETRY = 'ReportScheduleRetry';
const LOG = 'ReportScheduleSend';
/** repositories/outside-recipients.ts: its owed confirmation mails share the due index. */
const OUTSIDE = 'ReportOutsideRecipient';
export const DUE_PARTITION = 'RSDUE';
const LOG_TTL_DAYS = 400;

export const scheduleKeys = {
  partition: (companyId: number) => `${companyPk(companyId)}#RSCHED`,
  schedule: (companyId: number, id: number) => ({ pk: scheduleKeys.partition(companyId), sk: `S#${pad(id)}` }),
  retry: (companyId: number, id: number, dueDay: string) => ({
    pk: scheduleKeys.partition(companyId),
    sk: `R#${pad(id)}#${dueDay}`,
  }),
  logPk: (companyId: number, id: number) => `${companyPk(companyId)}#RSCHED#${pad(id)}`,
  dueSk: (at: string, companyId: number, id: number) => `${at}#${pad(companyId)}#${pad(id)}`,
  retryDueSk: (at: string, companyId: number, id: number, dueDay: string) =>
    `${at}#${pad(companyId)}#${pad(id)}#R${dueDay}`,
};

const due = (s: StoredSchedule) => s.Active && !s.Archived;

function toItem(companyId: number, s: StoredSchedule): Record<string, unknown> {
  return {
    ...scheduleKeys.schedule(companyId, s.Id),
    entity: ENTITY,
    companyId,
    ...s,
    ...(due(s) ? { gsi2pk: DUE_PARTITION, gsi2sk: scheduleKeys.dueSk(s.NextRunAt, companyId, s.Id) } : {}),
  };
}

function toSchedule(item: Record<string, unknown>): StoredSchedule {
  const { pk: _a, sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, companyId: _f, ...rest } = item;
  return rest as unknown as StoredSchedule;
}

function toRetry(item: Record<string, unknown>): ScheduleRetry {
  const { pk: _a, sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, companyId: _f, ...rest } = item;
  return rest as unknown as ScheduleRetry;
}

export async function getSchedule(companyId: number, id: number): Promise<StoredSchedule | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: scheduleKeys.schedule(companyId, id), ConsistentRead: true }),
  );
  return out.Item && out.Item.entity === ENTITY ? toSchedule(out.Item) : undefined;
}

/** The company's schedules, archived ones included (a company has tens): one Query of its partition. */
export async function listSchedules(companyId: number): Promise<StoredSchedule[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': scheduleKeys.partition(companyId), ':s': 'S#' },
  });
  return items.map(toSchedule);
}

/** A new schedule (the id is new: attribute_not_exists) with its audit entry. */
export async function insertSchedule(companyId: number, s: StoredSchedule): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: { TableName: tableName(), Item: toItem(companyId, s), ConditionExpression: 'attribute_not_exists(pk)' },
      },
    },
    auditPut({
      companyId,
      who: s.updatedBy,
      entity: ENTITY,
      id: s.Id,
      action: 'create',
      before: null,
      after: s,
      at: s.updatedAt,
    }),
  ]);
}

/**
 * A change of a schedule (edit or archive) from the version read: the whole item replaced, its due
 * index entry moved (or dropped), with its audit entry. Runs never bump the version (they are not a
 * user's change), so the condition holds the NextRunAt read as well: a run that claimed the schedule
 * in between makes this a stale save (reload), never a lost claim.
 */
export async function replaceSchedule(
  companyId: number,
  before: StoredSchedule,
  after: StoredSchedule,
  action: 'update' | 'archive',
  stale: ConflictError,
): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toItem(companyId, after),
          ConditionExpression: 'version = :v AND NextRunAt = :n',
          ExpressionAttributeValues: { ':v': before.version, ':n': before.NextRunAt },
        },
      },
      conflict: stale,
    },
    auditPut({
      companyId,
      who: after.updatedBy,
      entity: ENTITY,
      id: after.Id,
      action,
      before,
      after,
      at: after.updatedAt,
    }),
  ]);
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
        confirm: { Address: String(i.Address), Language: i.Language === 'he' ? 'he' : 'en', MailAt: String(i.MailAt) },
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

/** Removes one address from a schedule's recipients (unsubscribe): idempotent; false when the schedule is unknown. */
export async function removeRecipient(
  companyId: number,
  scheduleId: number,
  address: string,
): Promise<StoredSchedule | undefined> {
  for (let i = 0; i < 5; i++) {
    const s = await getSchedule(companyId, scheduleId);
    if (!s) return undefined;
    const kept = s.Recipients.filter((r) => r.toLowerCase() !== address.toLowerCase());
    if (kept.length === s.Recipients.length) return s;
    try {
      await transactWrite([
        {
          Update: {
            TableName: tableName(),
            Key: scheduleKeys.schedule(companyId, scheduleId),
            ConditionExpression: 'version = :v',
            UpdateExpression: 'SET Recipients = :r, version = :n, updatedAt = :at, updatedBy = :by',
            ExpressionAttributeValues: {
              ':v': s.version,
              ':r': kept,
              ':n': s.version + 1,
              ':at': new Date().toISOString(),
              ':by': `unsubscribe:${address.toLowerCase()}`,
            },
          },
        },
        auditPut({
          companyId,
          who: `unsubscribe:${address.toLowerCase()}`,
          entity: ENTITY,
          id: scheduleId,
          action: 'update',
          before: { Recipients: s.Recipients },
          after: { Recipients: kept },
        }),
      ]);
      return { ...s, Recipients: kept, version: s.version + 1 };
    } catch (err) {
      if ((err as { code?: string }).code !== 'STALE_VERSION') throw err;
    }
  }
  throw new Error(`Schedule ${scheduleId} kept changing while an address was removed`);
}
