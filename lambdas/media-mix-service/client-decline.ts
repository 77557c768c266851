import { clientDeclineFor } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { clientDeclineRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(clientDeclineRoute, ({ input, caller, accountId }) =>
  clientDeclineFor(caller, accountId, input),
);
