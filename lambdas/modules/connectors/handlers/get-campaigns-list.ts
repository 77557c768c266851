import { listCampaignsFor } from '../campaigns';
import { serviceHandler } from '../../../service-handler';
import { getCampaignsListRoute } from '../routes';

export const handler = serviceHandler(getCampaignsListRoute, ({ input, caller }) => listCampaignsFor(caller, input));
