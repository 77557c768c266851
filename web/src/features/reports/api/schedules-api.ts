import type {
  ReportScheduleView,
  ScheduleFilters,
  ScheduleFrequency,
  ScheduleLanguage,
  SchedulePeriod,
  ScheduleSendView,
} from '@server/modules/reports/replies/report-schedules';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';
import type { RouteReads } from '../../../lib/api-mutation';
import type { RequestOf } from '../../../lib/api-types';

export type {
  ReportScheduleView,
  ScheduleFilters,
  ScheduleFrequency,
  ScheduleLanguage,
  SchedulePeriod,
  ScheduleSendView,
};
export type SchedulePayload = RequestOf<'ReportsService', 'SaveReportSchedule'>['schedule'];

/** ReportsService.GetReportSchedulesList: the company's schedules (OperationalReports; company-wide, no page account). */
export const schedulesQuery = () =>
  apiQuery(queryKeyOf('ReportsService', 'GetReportSchedulesList', {}), (signal) =>
    callApi('ReportsService', 'GetReportSchedulesList', {}, { signal }),
  );

/** One schedule's send log (newest first). */
export const scheduleLogQuery = (scheduleId: number) =>
  apiQuery(queryKeyOf('ReportsService', 'GetReportScheduleLog', { scheduleId }), (signal) =>
    callApi('ReportsService', 'GetReportScheduleLog', { scheduleId }, { signal }),
  );

/** The company's time zone (configuration TimeZone): schedules run at its midnight, and their next run is shown in it. */
export const companyConfigurationQuery = () =>
  apiQuery(queryKeyOf('ConfigurationsService', 'GetConfigurations', {}), (signal) =>
    callApi('ConfigurationsService', 'GetConfigurations', {}, { signal }),
  );

/** The company's users (first 500 by name): the recipients offered, for a caller who may read the users list (GeneralSettings). */
export const companyUsersQuery = () => {
  const input = { pageSize: 500 };
  return apiQuery(queryKeyOf('UsersService', 'GetUsersList', input), (signal) =>
    callApi('UsersService', 'GetUsersList', input, { signal }),
  );
};

/** What a schedule's write makes out of date. */
export const SCHEDULE_READS: readonly RouteReads[] = [
  ['ReportsService', 'GetReportSchedulesList'],
  ['ReportsService', 'GetReportScheduleLog'],
];

export function saveSchedule(schedule: SchedulePayload) {
  return callApi('ReportsService', 'SaveReportSchedule', { schedule });
}

export function deleteSchedule(s: Pick<ReportScheduleView, 'Id' | 'Version'>) {
  return callApi('ReportsService', 'DeleteReportSchedule', { scheduleId: s.Id, version: s.Version });
}
