import { reportSchedulesFor } from '../domain/report-schedules';
import { serviceHandler } from '../service-handler';
import { getReportSchedulesListRoute } from '../routes/reports-service';

export const handler = serviceHandler(getReportSchedulesListRoute, ({ caller, accountId }) =>
  reportSchedulesFor(caller, accountId),
);
