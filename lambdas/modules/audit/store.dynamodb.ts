import { randomUUID } from 'node:crypto';
import { PutCommand } from '../../aws/dynamodb/commands';
import { ddb } from '../../aws/dynamodb/client';
import { tableName } from '../../aws/dynamodb/client';
import { keys } from '../../aws/dynamodb/keys';
import type { TransactItem } from '../../aws/dynamodb/transaction';
import type { AuditEntry } from './store';

/** The audit Put that rides in the same transaction as the change it records. */
export function auditPut(
  e: AuditEntry,
  nonce = randomUUID().slice(0, 8),
): TransactItem & { Put: { TableName: string; Item: Record<string, unknown> } } {
  const at = e.at ?? new Date().toISOString();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: keys.auditPk(e.companyId),
        sk: keys.auditSk(e.entity, e.id, at, nonce),
        entity: e.entity,
        entityId: String(e.id),
        action: e.action,
        who: e.who,
        at,
        before: e.before ?? null,
        after: e.after ?? null,
      },
    },
  };
}

/**
 * The audit entry of a change the table's change stream reports (modules/media-plans/line-audit.ts), written
 * once however often the record is delivered: its key is fixed by the change (`nonce`, e.g. the
 * version) and the Put only creates. Returns false when it was written before.
 */
export async function putStreamAuditOnce(e: AuditEntry & { at: string }, nonce: string): Promise<boolean> {
  const { Put } = auditPut(e, nonce);
  try {
    await ddb().send(new PutCommand({ ...Put, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
