import { saveCampaignFor } from '../domain/campaigns';
import { serviceHandler } from '../service-handler';
import { saveCampaignRoute } from '../routes/accounts-service';

export const handler = serviceHandler(saveCampaignRoute, ({ input, caller, accountId }) =>
  saveCampaignFor(caller, accountId, input.globalCampaign),
);
