import { reportScheduleLogFor } from '../schedules';
import { serviceHandler } from '../../../service-handler';
import { getReportScheduleLogRoute } from '../routes';

export const handler = serviceHandler(getReportScheduleLogRoute, ({ input, caller, accountId }) =>
  reportScheduleLogFor(caller, accountId, input),
);
