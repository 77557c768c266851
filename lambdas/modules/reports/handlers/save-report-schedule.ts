import { saveReportScheduleFor } from '../schedules';
import { serviceHandler } from '../../../service-handler';
import { saveReportScheduleRoute } from '../routes';

export const handler = serviceHandler(saveReportScheduleRoute, ({ input, caller, accountId }) =>
  saveReportScheduleFor(caller, accountId, input),
);
