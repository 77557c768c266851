import { deleteReportScheduleFor } from '../schedules';
import { serviceHandler } from '../../../service-handler';
import { deleteReportScheduleRoute } from '../routes';

export const handler = serviceHandler(deleteReportScheduleRoute, ({ input, caller, accountId }) =>
  deleteReportScheduleFor(caller, accountId, input),
);
