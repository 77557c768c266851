import { saveMediaMixFor } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { saveMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(saveMediaMixRoute, ({ input, caller, accountId }) =>
  saveMediaMixFor(caller, accountId, input),
);
