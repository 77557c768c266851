import type { ActivitiesPage, ActivityView } from '@server/modules/activities/replies';
import type { PacingAlert } from '@server/modules/performance/replies';
import { callApi } from '../../../lib/api-client';
import type { AccountsPage, RequestOf } from '../../../lib/api-types';

/**
 * ActivitiesService calls of the activities screens. `scopeId` is the account of the page
 * (x-account-id): the main account on /accounts/{id}/activities/list, the sub-account on
 * /accounts/{id}/subAccounts/{subId}/activities/list.
 */
export type { ActivitiesPage, ActivityView, PacingAlert };
export type ActivityPayload = RequestOf<'ActivitiesService', 'SaveActivity'>['activity'];
export type ActivitiesListParams = Omit<RequestOf<'ActivitiesService', 'GetActivitiesList'>, 'pageSize' | 'nextToken'>;

export function fetchActivitiesPage(
  params: ActivitiesListParams,
  pageSize: number,
  nextToken: string | null,
  scopeId: number,
  signal?: AbortSignal,
) {
  return callApi(
    'ActivitiesService',
    'GetActivitiesList',
    { ...params, pageSize, nextToken },
    { accountId: scopeId, signal },
  );
}

/** The page account's live pacing alerts (PerformanceService.GetPacingAlerts; OperationalReports only). */
export function fetchPacingAlerts(scopeId: number, signal?: AbortSignal) {
  return callApi('PerformanceService', 'GetPacingAlerts', {}, { accountId: scopeId, signal });
}

export function saveActivity(activity: ActivityPayload, scopeId: number) {
  return callApi('ActivitiesService', 'SaveActivity', { activity }, { accountId: scopeId });
}

export function setActivityStatus(activityId: number, status: number, version: number, scopeId: number) {
  return callApi('ActivitiesService', 'SetActivityStatus', { activityId, status, version }, { accountId: scopeId });
}

export function deleteActivity(activityId: number, scopeId: number) {
  return callApi('ActivitiesService', 'DeleteActivity', { activityId }, { accountId: scopeId });
}

export function restoreActivity(activityId: number, scopeId: number) {
  return callApi('ActivitiesService', 'RestoreActivity', { activityId }, { accountId: scopeId });
}

/** The active sub-accounts of a main account (the dialog's sub-account picker), every page. */
export async function fetchSubAccounts(mainId: number, signal?: AbortSignal): Promise<AccountsPage['Items']> {
  let token: string | null = null;
  let all: AccountsPage['Items'] = [];
  do {
    const page: AccountsPage = await callApi(
      'AccountsService',
      'GetAccountsList',
      { mainAccountId: mainId, status: 'active', pageSize: 500, nextToken: token },
      { accountId: mainId, signal },
    );
    all = all.concat(page.Items);
    token = page.NextToken;
  } while (token);
  return all;
}
