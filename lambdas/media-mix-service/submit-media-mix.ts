import { submitMediaMix } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { submitMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(submitMediaMixRoute, ({ input, caller, accountId }) =>
  submitMediaMix(caller, accountId, input),
);
