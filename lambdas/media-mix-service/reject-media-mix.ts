import { rejectMediaMixFor } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { rejectMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(rejectMediaMixRoute, ({ input, caller, accountId }) =>
  rejectMediaMixFor(caller, accountId, input),
);
