import { approvalInboxCount, approvalsPage } from './schemas';
import type { ApprovalInboxCount, ApprovalInboxPage, MyPlansPage } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * ApprovalsService: where plan versions wait. Company-wide lists, so the account
 * header is optional (checked when sent, as for the other company-wide routes); every list is
 * filtered on the server by the caller's account access (the profile's main accounts), so it never
 * names a version of an account the caller cannot open. Approving and rejecting stay
 * MediaMixService's, in the plan editor each row opens.
 */
export const getApprovalInboxRoute = /* @__PURE__ */ route({
  service: 'ApprovalsService',
  method: 'GetApprovalInbox',
  access: 'read',
  requires: 'mediaPlanApprover',
  accountScope: 'optional',
  input: approvalsPage,
  reply: replyOf<ApprovalInboxPage>,
  summary:
    "Submitted versions of the accounts the caller sees, longest waiting first: account, activity, net, total, submitted by (name) and at, days waiting (company's day), over budget by",
});

export const getApprovalInboxCountRoute = /* @__PURE__ */ route({
  service: 'ApprovalsService',
  method: 'GetApprovalInboxCount',
  access: 'read',
  requires: 'mediaPlanApprover',
  accountScope: 'optional',
  input: approvalInboxCount,
  reply: replyOf<ApprovalInboxCount>,
  summary: 'How many versions wait for the caller to approve them (the menu badge)',
});

export const getMyPlansRoute = /* @__PURE__ */ route({
  service: 'ApprovalsService',
  method: 'GetMyPlans',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: approvalsPage,
  reply: replyOf<MyPlansPage>,
  summary:
    "The caller's versions (created, or submitted by them): those waiting for approval first, then drafts, approved, rejected (with the reason) and client-declined ones (with the comment), latest change first",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const APPROVALS_SERVICE_ROUTES = [getApprovalInboxRoute, getApprovalInboxCountRoute, getMyPlansRoute] as const;
