import { archiveColumn } from '../columns';
import { serviceHandler } from '../../../service-handler';
import { deleteCustomColumnRoute } from '../routes';

export const handler = serviceHandler(deleteCustomColumnRoute, ({ input, caller }) =>
  archiveColumn(caller, input.customColumnId),
);
