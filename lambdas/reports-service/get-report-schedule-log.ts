import { reportScheduleLogFor } from '../domain/report-schedules';
import { serviceHandler } from '../service-handler';
import { getReportScheduleLogRoute } from '../routes/reports-service';

export const handler = serviceHandler(getReportScheduleLogRoute, ({ input, caller, accountId }) =>
  reportScheduleLogFor(caller, accountId, input),
);
