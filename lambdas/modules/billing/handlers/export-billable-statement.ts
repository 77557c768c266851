import { exportBillableStatement } from '../export';
import { serviceHandler } from '../../../service-handler';
import { exportBillableStatementRoute } from '../routes';

export const handler = serviceHandler(exportBillableStatementRoute, ({ input, caller, accountId }) =>
  exportBillableStatement(caller, accountId, input.month, input.language),
);
