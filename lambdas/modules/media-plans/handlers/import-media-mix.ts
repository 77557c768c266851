import { importVersionFor } from '../import';
import { serviceHandler } from '../../../service-handler';
import { importVersionRoute } from '../routes';

export const handler = serviceHandler(importVersionRoute, ({ input, caller, accountId }) =>
  importVersionFor(caller, accountId, input),
);
