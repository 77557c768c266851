import { unmappedCampaignsFor } from '../domain/monitoring';
import { serviceHandler } from '../service-handler';
import { getUnmappedCampaignsRoute } from '../routes/monitoring-service';

export const handler = serviceHandler(getUnmappedCampaignsRoute, ({ input, caller, accountId }) =>
  unmappedCampaignsFor(caller, accountId, input),
);
