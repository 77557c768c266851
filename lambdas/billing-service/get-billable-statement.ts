import { billableStatementFor } from '../domain/billing-statement';
import { serviceHandler } from '../service-handler';
import { getBillableStatementRoute } from '../routes/billing-service';

export const handler = serviceHandler(getBillableStatementRoute, ({ input, caller, accountId }) =>
  billableStatementFor(caller, accountId, input.month),
);
