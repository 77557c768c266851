import { exportBillableStatement } from '../domain/billing-export';
import { serviceHandler } from '../service-handler';
import { exportBillableStatementRoute } from '../routes/billing-service';

export const handler = serviceHandler(exportBillableStatementRoute, ({ input, caller, accountId }) =>
  exportBillableStatement(caller, accountId, input.month, input.language),
);
