import { listColumnsFor } from '../domain/custom-columns';
import { serviceHandler } from '../service-handler';
import { getCustomColumnsListRoute } from '../routes/custom-columns-service';

export const handler = serviceHandler(getCustomColumnsListRoute, ({ input, caller }) =>
  listColumnsFor(caller, input.scope, input.archived),
);
