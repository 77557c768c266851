import { listMediaMixes } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { getMediaMixListRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(getMediaMixListRoute, ({ input, caller, accountId }) =>
  listMediaMixes(caller, accountId, input.activityId),
);
