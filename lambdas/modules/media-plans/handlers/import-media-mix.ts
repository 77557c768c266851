import { importMediaMixFor } from '../import';
import { serviceHandler } from '../../../service-handler';
import { importMediaMixRoute } from '../routes';

export const handler = serviceHandler(importMediaMixRoute, ({ input, caller, accountId }) =>
  importMediaMixFor(caller, accountId, input),
);
