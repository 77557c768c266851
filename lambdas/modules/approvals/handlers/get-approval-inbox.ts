import { getApprovalInbox } from '../approvals';
import { serviceHandler } from '../../../service-handler';
import { getApprovalInboxRoute } from '../routes';

export const handler = serviceHandler(getApprovalInboxRoute, ({ input, caller }) => getApprovalInbox(caller, input));
