import { importCampaignStatsCsvFor } from '../domain/csv-imports';
import { serviceHandler } from '../kit/handler';
import { importCampaignStatsCsvRoute } from '../routes/connectors-service';

export const handler = serviceHandler(importCampaignStatsCsvRoute, ({ input, caller }) =>
  importCampaignStatsCsvFor(caller, input),
);
