import { missingBillsFor } from '../payables';
import { serviceHandler } from '../../../service-handler';
import { getMissingBillsRoute } from '../routes';

export const handler = serviceHandler(getMissingBillsRoute, ({ input, caller, accountId }) =>
  missingBillsFor(caller, accountId, input),
);
