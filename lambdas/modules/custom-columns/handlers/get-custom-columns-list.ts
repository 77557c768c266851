import { listColumnsFor } from '../columns';
import { serviceHandler } from '../../../service-handler';
import { getCustomColumnsListRoute } from '../routes';

export const handler = serviceHandler(getCustomColumnsListRoute, ({ input, caller }) =>
  listColumnsFor(caller, input.scope, input.archived),
);
