import type {
  ActivityPerformance,
  CustomColumnHead,
  CustomValues,
  KpiSetView,
  PacingView,
  PerformanceDay,
  PerformanceLine,
} from '@server/modules/performance/replies';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';

export type {
  ActivityPerformance,
  CustomColumnHead,
  CustomValues,
  KpiSetView,
  PacingView,
  PerformanceDay,
  PerformanceLine,
};

export interface PerformanceAddress {
  accountId: number;
  activityId: number;
  mediaMixId: number;
}

/** PerformanceService.GetActivityPerformance through the query cache, keyed by the page's account and the version. */
export const activityPerformanceQuery = ({ accountId, activityId, mediaMixId: versionId }: PerformanceAddress) =>
  apiQuery(
    queryKeyOf('PerformanceService', 'GetActivityPerformance', { activityId, mediaMixId: versionId }, accountId),
    (signal) =>
      callApi(
        'PerformanceService',
        'GetActivityPerformance',
        { activityId, mediaMixId: versionId },
        { accountId, signal },
      ),
  );
