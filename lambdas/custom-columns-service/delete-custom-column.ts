import { archiveColumn } from '../domain/custom-columns';
import { serviceHandler } from '../service-handler';
import { deleteCustomColumnRoute } from '../routes/custom-columns-service';

export const handler = serviceHandler(deleteCustomColumnRoute, ({ input, caller }) =>
  archiveColumn(caller, input.customColumnId),
);
