import { deleteReportScheduleFor } from '../domain/report-schedules';
import { serviceHandler } from '../service-handler';
import { deleteReportScheduleRoute } from '../routes/reports-service';

export const handler = serviceHandler(deleteReportScheduleRoute, ({ input, caller, accountId }) =>
  deleteReportScheduleFor(caller, accountId, input),
);
