import { getCampaignInfoFor } from '../domain/campaigns';
import { serviceHandler } from '../service-handler';
import { getCampaignInfoRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getCampaignInfoRoute, ({ input, caller, accountId }) =>
  getCampaignInfoFor(caller, accountId, input.campaignId),
);
