/** What other modules may use of audit: nothing else of this folder. */
export { auditPut, type AuditAction } from './store';
export { type AuditEntry } from './store';
