import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { fetchPacingAlerts, fetchSubAccounts } from './activities-api';

/**
 * The activity screens' reads as TanStack Query options (lib/api-query.ts). The sub-accounts picker
 * reads every page of GetAccountsList (an array, not one page), so its key says so after the route's.
 */
export const activityQueries = {
  subAccounts: (mainId: number) =>
    apiQuery(
      [
        ...queryKeyOf(
          'AccountsService',
          'GetAccountsList',
          { mainAccountId: mainId, status: 'active', pageSize: 500, nextToken: null },
          mainId,
        ),
        'all pages',
      ] as const,
      (signal) => fetchSubAccounts(mainId, signal),
    ),
  /** The pacing alerts of the page's account and its sub-accounts (the rows' pacing chips). */
  pacingAlerts: (scopeId: number) =>
    apiQuery(queryKeyOf('PerformanceService', 'GetPacingAlerts', {}, scopeId), (signal) =>
      fetchPacingAlerts(scopeId, signal),
    ),
};
