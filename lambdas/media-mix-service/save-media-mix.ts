import { saveMediaMixFor } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';
import { saveMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(saveMediaMixRoute, ({ input, caller, accountId }) =>
  saveMediaMixFor(caller, accountId, input),
);
