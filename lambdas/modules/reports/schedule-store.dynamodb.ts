import { GetCommand } from '../../aws/dynamodb/commands';
import type { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite } from '../../aws/dynamodb/transaction';
import type { StoredSchedule } from './schedule-store';

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
 * This file holds the schedules themselves; the due index's reads, claims, retries and send log are
 * schedule-run-store.dynamodb.ts's.
 */

const ENTITY = 'ReportSchedule';
export const DUE_PARTITION = 'RSDUE';

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

export function toSchedule(item: Record<string, unknown>): StoredSchedule {
  const { pk: _a, sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, companyId: _f, ...rest } = item;
  return rest as unknown as StoredSchedule;
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
