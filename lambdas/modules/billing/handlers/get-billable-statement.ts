import { billableStatementFor } from '../statement';
import { serviceHandler } from '../../../service-handler';
import { getBillableStatementRoute } from '../routes';

export const handler = serviceHandler(getBillableStatementRoute, ({ input, caller, accountId }) =>
  billableStatementFor(caller, accountId, input.month),
);
