import { restoreColumn } from '../columns';
import { serviceHandler } from '../../../service-handler';
import { restoreCustomColumnRoute } from '../routes';

export const handler = serviceHandler(restoreCustomColumnRoute, ({ input, caller }) =>
  restoreColumn(caller, input.customColumnId),
);
