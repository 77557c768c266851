import { mappableLinesFor } from '../campaign-lines';
import { serviceHandler } from '../../../service-handler';
import { getMappableLinesRoute } from '../routes';

export const handler = serviceHandler(getMappableLinesRoute, ({ caller, accountId }) =>
  mappableLinesFor(caller, accountId),
);
