import { listTemplatesFor } from '../domain/templates';
import { serviceHandler } from '../kit/handler';
import { getTemplatesListRoute } from '../routes/templates-service';

export const handler = serviceHandler(getTemplatesListRoute, ({ input, caller }) =>
  listTemplatesFor(caller, input.archived),
);
