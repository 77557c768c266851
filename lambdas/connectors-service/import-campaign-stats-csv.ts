import { importCampaignStatsCsvFor } from '../domain/csv-imports';
import { serviceHandler } from '../service-handler';
import { importCampaignStatsCsvRoute } from '../routes/connectors-service';

export const handler = serviceHandler(importCampaignStatsCsvRoute, ({ input, caller }) =>
  importCampaignStatsCsvFor(caller, input),
);
