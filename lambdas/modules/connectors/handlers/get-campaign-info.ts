import { getCampaignInfoFor } from '../campaigns';
import { serviceHandler } from '../../../service-handler';
import { getCampaignInfoRoute } from '../routes';

export const handler = serviceHandler(getCampaignInfoRoute, ({ input, caller, accountId }) =>
  getCampaignInfoFor(caller, accountId, input.campaignId),
);
