import type { TransactItem } from '../../aws/dynamodb/transaction';

export type AuditAction = 'create' | 'update' | 'archive' | 'restore' | 'login' | 'finalize' | 'reopen';

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

/** What every write needs of the audit trail; store.dynamodb.ts implements it. */
export interface AuditStore {
  /** The audit Put that rides in the same transaction as the change it records. */
  auditPut(e: AuditEntry, nonce?: string): TransactItem & { Put: { TableName: string; Item: Record<string, unknown> } };
  /** The audit entry of a change the change stream reports, written once (`nonce` fixed by the change); false when written before. */
  putStreamAuditOnce(e: AuditEntry & { at: string }, nonce: string): Promise<boolean>;
}
