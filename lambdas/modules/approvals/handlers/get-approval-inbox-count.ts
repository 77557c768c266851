import { getApprovalInboxCount } from '../approvals';
import { serviceHandler } from '../../../service-handler';
import { getApprovalInboxCountRoute } from '../routes';

export const handler = serviceHandler(getApprovalInboxCountRoute, ({ caller }) => getApprovalInboxCount(caller));
