import { listCampaignsFor } from '../domain/campaigns';
import { serviceHandler } from '../service-handler';
import { getCampaignsListRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getCampaignsListRoute, ({ input, caller }) => listCampaignsFor(caller, input));
