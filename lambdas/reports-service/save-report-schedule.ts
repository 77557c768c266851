import { saveReportScheduleFor } from '../domain/report-schedules';
import { serviceHandler } from '../service-handler';
import { saveReportScheduleRoute } from '../routes/reports-service';

export const handler = serviceHandler(saveReportScheduleRoute, ({ input, caller, accountId }) =>
  saveReportScheduleFor(caller, accountId, input),
);
