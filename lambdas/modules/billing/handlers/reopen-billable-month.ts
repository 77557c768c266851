import { reopenBillableMonthFor } from '../statement';
import { serviceHandler } from '../../../service-handler';
import { reopenBillableMonthRoute } from '../routes';

export const handler = serviceHandler(reopenBillableMonthRoute, ({ input, caller, accountId }) =>
  reopenBillableMonthFor(caller, accountId, input),
);
