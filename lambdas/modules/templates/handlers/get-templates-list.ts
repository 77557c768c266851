import { listTemplatesFor } from '../templates';
import { serviceHandler } from '../../../service-handler';
import { getTemplatesListRoute } from '../routes';

export const handler = serviceHandler(getTemplatesListRoute, ({ input, caller }) =>
  listTemplatesFor(caller, input.archived),
);
