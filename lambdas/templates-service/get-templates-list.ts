import { listTemplatesFor } from '../domain/templates';
import { serviceHandler } from '../service-handler';
import { getTemplatesListRoute } from '../routes/templates-service';

export const handler = serviceHandler(getTemplatesListRoute, ({ input, caller }) =>
  listTemplatesFor(caller, input.archived),
);
