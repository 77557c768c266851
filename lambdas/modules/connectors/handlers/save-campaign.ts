import { saveCampaignFor } from '../campaigns';
import { serviceHandler } from '../../../service-handler';
import { saveCampaignRoute } from '../routes';

export const handler = serviceHandler(saveCampaignRoute, ({ input, caller, accountId }) =>
  saveCampaignFor(caller, accountId, input.globalCampaign),
);
