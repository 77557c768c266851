import { importCampaignStatsCsvFor } from '../csv-imports';
import { serviceHandler } from '../../../service-handler';
import { importCampaignStatsCsvRoute } from '../routes';

export const handler = serviceHandler(importCampaignStatsCsvRoute, ({ input, caller }) =>
  importCampaignStatsCsvFor(caller, input),
);
