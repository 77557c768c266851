import { getMyPlans } from '../domain/approvals';
import { serviceHandler } from '../service-handler';
import { getMyPlansRoute } from '../routes/approvals-service';

export const handler = serviceHandler(getMyPlansRoute, ({ input, caller }) => getMyPlans(caller, input));
