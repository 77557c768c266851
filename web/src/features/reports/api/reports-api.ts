import type { PerformanceReport, ReportFigures, ReportRow } from '@server/modules/reports/replies/reports';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { PerformanceReport, ReportFigures, ReportRow };
export type ReportInput = RequestOf<'ReportsService', 'GetPerformanceReport'>;

/** ReportsService.GetPerformanceReport through the query cache (no page account: the filters say which account). */
export const performanceReportQuery = (input: ReportInput) =>
  apiQuery(queryKeyOf('ReportsService', 'GetPerformanceReport', input), (signal) =>
    callApi('ReportsService', 'GetPerformanceReport', input, { signal }),
  );

/** The main accounts (mainAccountId -1) or one account's sub-accounts, first 500 by name: the account filter's choices. */
export const accountChoicesQuery = (mainAccountId: number) => {
  const input = { mainAccountId, pageSize: 500 };
  return apiQuery(queryKeyOf('AccountsService', 'GetAccountsList', input), (signal) =>
    callApi('AccountsService', 'GetAccountsList', input, { signal }),
  );
};

/** One account (to find the main account of a sub-account the URL names). */
export const accountInfoQuery = (accountId: number) =>
  apiQuery(queryKeyOf('AccountsService', 'GetAccountInfo', { accountId }, accountId), (signal) =>
    callApi('AccountsService', 'GetAccountInfo', { accountId }, { accountId, signal }),
  );

/** The account's activities overlapping the period (first 500): the activity filter's choices. */
export const activityChoicesQuery = (accountId: number, fromDate: string | undefined, toDate: string | undefined) => {
  const input = { accountId, pageSize: 500, ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) };
  return apiQuery(queryKeyOf('ActivitiesService', 'GetActivitiesList', input, accountId), (signal) =>
    callApi('ActivitiesService', 'GetActivitiesList', input, { accountId, signal }),
  );
};
