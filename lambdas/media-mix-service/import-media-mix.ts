import { importMediaMixFor } from '../domain/media-mix-import';
import { serviceHandler } from '../service-handler';
import { importMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(importMediaMixRoute, ({ input, caller, accountId }) =>
  importMediaMixFor(caller, accountId, input),
);
