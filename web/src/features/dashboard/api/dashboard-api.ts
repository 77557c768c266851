import type {
  DashboardActivity,
  ManagerDashboard,
  PlannerActivity,
  PlannerDashboard,
  SpendSlice,
} from '@server/modules/dashboards/replies';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type { DashboardActivity, ManagerDashboard, PlannerActivity, PlannerDashboard, SpendSlice };

export type DashboardPeriod = '3' | '4';

/** DashboardService.GetManagerDashboard of a period (3 this month, 4 last month) through the query cache. */
export const managerDashboardQuery = (period: DashboardPeriod) =>
  apiQuery(queryKeyOf('DashboardService', 'GetManagerDashboard', { period }), (signal) =>
    callApi('DashboardService', 'GetManagerDashboard', { period }, { signal }),
  );

/** DashboardService.GetPlannerDashboard through the query cache. */
export const plannerDashboardQuery = () =>
  apiQuery(queryKeyOf('DashboardService', 'GetPlannerDashboard', {}), (signal) =>
    callApi('DashboardService', 'GetPlannerDashboard', {}, { signal }),
  );

/** The Reports screen with these filters (its URL is its filter state: the contract of the plan-vs-actual screens). */
export function reportUrl(filters: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `/performance/list${s ? `?${s}` : ''}`;
}

/** An activity's performance page (its latest approved version). */
export const performanceUrl = (a: Pick<DashboardActivity, 'AccountId' | 'ActivityId' | 'MediaMixId'>) =>
  `/accounts/${a.AccountId}/activities/${a.ActivityId}/mediaMix/${a.MediaMixId}/stats`;

/** The console's currency number of a code (format helpers take 1 USD / 2 ILS). */
export const currencyOf = (code: string): 1 | 2 => (code === 'USD' ? 1 : 2);

/** The main accounts, first 500 by name: the margin tile's account chooser. */
export const mainAccountsQuery = () => {
  const input = { mainAccountId: -1, pageSize: 500 };
  return apiQuery(queryKeyOf('AccountsService', 'GetAccountsList', input), (signal) =>
    callApi('AccountsService', 'GetAccountsList', input, { signal }),
  );
};

/** VendorBillsService.GetAccountMargin of one month of the account, through the query cache. */
export const monthMarginQuery = (accountId: number, month: string) => {
  const input = { fromMonth: month, toMonth: month };
  return apiQuery(queryKeyOf('VendorBillsService', 'GetAccountMargin', input, accountId), (signal) =>
    callApi('VendorBillsService', 'GetAccountMargin', input, { accountId, signal }),
  );
};
