// Named imports, not the `z` namespace (see fields.ts).
import { object } from 'zod/mini';
import { nextToken, pageSize } from '../../shared/schema-fields';

/** GetApprovalInbox / GetMyPlans: one page. */
export const approvalsPage = object({
  pageSize: pageSize(),
  nextToken: nextToken(),
});

/** GetApprovalInboxCount: nothing to send. */
export const approvalInboxCount = object({});
