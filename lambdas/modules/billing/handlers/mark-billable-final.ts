import { markBillableFinalFor } from '../statement';
import { serviceHandler } from '../../../service-handler';
import { markBillableFinalRoute } from '../routes';

export const handler = serviceHandler(markBillableFinalRoute, ({ input, caller, accountId }) =>
  markBillableFinalFor(caller, accountId, input),
);
