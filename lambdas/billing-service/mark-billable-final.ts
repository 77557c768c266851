import { markBillableFinalFor } from '../domain/billing-statement';
import { serviceHandler } from '../service-handler';
import { markBillableFinalRoute } from '../routes/billing-service';

export const handler = serviceHandler(markBillableFinalRoute, ({ input, caller, accountId }) =>
  markBillableFinalFor(caller, accountId, input),
);
