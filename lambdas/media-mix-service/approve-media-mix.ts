import { approveMediaMix } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { approveMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(approveMediaMixRoute, ({ input, caller, accountId }) =>
  approveMediaMix(caller, accountId, input),
);
