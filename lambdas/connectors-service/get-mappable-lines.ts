import { mappableLinesFor } from '../domain/campaign-lines';
import { serviceHandler } from '../service-handler';
import { getMappableLinesRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getMappableLinesRoute, ({ caller, accountId }) =>
  mappableLinesFor(caller, accountId),
);
