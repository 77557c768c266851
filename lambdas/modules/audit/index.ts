/** What other modules may use of audit: nothing else of this folder. */
export type { AuditAction } from './store';
export { auditPut } from './store.dynamodb';
export type { AuditEntry } from './store';
