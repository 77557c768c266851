import { getCompanyDeletionFor } from '../jobs';
import { serviceHandler } from '../../../service-handler';
import { getCompanyDeletionRoute } from '../routes';

export const handler = serviceHandler(getCompanyDeletionRoute, ({ input }) => getCompanyDeletionFor(input.deletionId));
