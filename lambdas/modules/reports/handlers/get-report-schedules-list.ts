import { reportSchedulesFor } from '../schedules';
import { serviceHandler } from '../../../service-handler';
import { getReportSchedulesListRoute } from '../routes';

export const handler = serviceHandler(getReportSchedulesListRoute, ({ caller, accountId }) =>
  reportSchedulesFor(caller, accountId),
);
