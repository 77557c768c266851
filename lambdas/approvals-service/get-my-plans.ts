import { getMyPlans } from '../domain/approvals';
import { serviceHandler } from '../kit/handler';
import { APPROVALS_SERVICE_ROUTES } from '../routes/approvals-service';

export const handler = serviceHandler(APPROVALS_SERVICE_ROUTES, 'GetMyPlans', ({ input, caller }) => getMyPlans(caller, input));
