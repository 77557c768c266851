import { reopenBillableMonthFor } from '../domain/billing-statement';
import { serviceHandler } from '../service-handler';
import { reopenBillableMonthRoute } from '../routes/billing-service';

export const handler = serviceHandler(reopenBillableMonthRoute, ({ input, caller, accountId }) =>
  reopenBillableMonthFor(caller, accountId, input),
);
