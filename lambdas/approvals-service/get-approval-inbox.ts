import { getApprovalInbox } from '../domain/approvals';
import { serviceHandler } from '../service-handler';
import { getApprovalInboxRoute } from '../routes/approvals-service';

export const handler = serviceHandler(getApprovalInboxRoute, ({ input, caller }) => getApprovalInbox(caller, input));
