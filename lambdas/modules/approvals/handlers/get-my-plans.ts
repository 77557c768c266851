import { getMyPlans } from '../approvals';
import { serviceHandler } from '../../../service-handler';
import { getMyPlansRoute } from '../routes';

export const handler = serviceHandler(getMyPlansRoute, ({ input, caller }) => getMyPlans(caller, input));
