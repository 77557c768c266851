import { getApprovalInboxCount } from '../domain/approvals';
import { serviceHandler } from '../service-handler';
import { getApprovalInboxCountRoute } from '../routes/approvals-service';

export const handler = serviceHandler(getApprovalInboxCountRoute, ({ caller }) => getApprovalInboxCount(caller));
