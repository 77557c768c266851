import { restoreColumn } from '../domain/custom-columns';
import { serviceHandler } from '../service-handler';
import { restoreCustomColumnRoute } from '../routes/custom-columns-service';

export const handler = serviceHandler(restoreCustomColumnRoute, ({ input, caller }) =>
  restoreColumn(caller, input.customColumnId),
);
