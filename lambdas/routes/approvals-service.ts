import { approvalInboxCount, approvalsPage } from '../schemas/approvals';
import type { ApprovalInboxCount, ApprovalInboxPage, MyPlansPage } from '../shared/replies/approvals';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

/**
 * ApprovalsService (issue 10 §1): where plan versions wait. Company-wide lists, so the account
 * header is optional (checked when sent, as for the other company-wide routes); every list is filtered on the server by the caller's account access (the
 * profile's main accounts), so it never names a version of an account the caller cannot open.
 * Approving and rejecting stay MediaMixService's, in the plan editor each row opens.
 */
export const APPROVALS_SERVICE_ROUTES = [
  route({
    service: 'ApprovalsService', method: 'GetApprovalInbox', access: 'read', requires: REQUIRES.mediaPlanApprover, accountScope: 'optional',
    input: approvalsPage,
    reply: replyOf<ApprovalInboxPage>(),
    summary: "Submitted versions of the accounts the caller sees, longest waiting first: account, activity, net, total, submitted by (name) and at, days waiting (company's day), over budget by",
  }),
  route({
    service: 'ApprovalsService', method: 'GetApprovalInboxCount', access: 'read', requires: REQUIRES.mediaPlanApprover, accountScope: 'optional',
    input: approvalInboxCount,
    reply: replyOf<ApprovalInboxCount>(),
    summary: 'How many versions wait for the caller to approve them (the menu badge)',
  }),
  route({
    service: 'ApprovalsService', method: 'GetMyPlans', access: 'read', requires: REQUIRES.staff, accountScope: 'optional',
    input: approvalsPage,
    reply: replyOf<MyPlansPage>(),
    summary: "The caller's versions (created, or submitted by them): those waiting for approval first, then drafts, approved, rejected (with the reason) and client-declined ones (with the comment), latest change first",
  }),
] as const;
