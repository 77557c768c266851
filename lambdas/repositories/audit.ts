import { randomUUID } from 'node:crypto';
import { tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transact';

export type AuditAction = 'create' | 'update' | 'archive' | 'restore' | 'login';

export interface AuditEntry {
  companyId: number;
  who: string;
  entity: string;
  id: string | number;
  action: AuditAction;
  before: unknown;
  after: unknown;
  at?: string;
}

/** The audit Put that rides in the same transaction as the change it records. */
export function auditPut(e: AuditEntry): TransactItem {
  const at = e.at ?? new Date().toISOString();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: keys.auditPk(e.companyId),
        sk: keys.auditSk(e.entity, e.id, at, randomUUID().slice(0, 8)),
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
