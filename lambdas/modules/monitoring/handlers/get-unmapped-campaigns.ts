import { unmappedCampaignsFor } from '../unmapped-campaigns';
import { serviceHandler } from '../../../service-handler';
import { getUnmappedCampaignsRoute } from '../routes';

export const handler = serviceHandler(getUnmappedCampaignsRoute, ({ input, caller, accountId }) =>
  unmappedCampaignsFor(caller, accountId, input),
);
