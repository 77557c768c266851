import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { useApiMutation } from '../../../lib/api-mutation';
import type { DataHealth, SyncRunsPage } from '@server/modules/monitoring/replies';
import {
  fetchDataHealth,
  fetchPacingAlerts,
  fetchSyncRuns,
  fetchUnmappedCampaigns,
  syncAgentConnectorNow,
  type SyncRunsFilter,
} from './monitoring-api';

/**
 * How often an open monitoring tab reads again. TanStack Query does not run the interval while the
 * browser tab is hidden (refetchIntervalInBackground false), and reads once more when it is shown.
 */
export const MONITORING_REFRESH_MS = 30_000;
/** While a sync it shows runs, the health and the runs read this often: a failing platform shows within seconds. */
export const MONITORING_BUSY_REFRESH_MS = 2000;

const live = { refetchInterval: MONITORING_REFRESH_MS, refetchIntervalInBackground: false } as const;
/** Fast while the data shows a sync running (`running` of the last answer), else the usual pace. */
const liveWhile = <T>(running: (data: T) => boolean) => ({
  refetchInterval: (query: { state: { data?: T } }) =>
    query.state.data !== undefined && running(query.state.data) ? MONITORING_BUSY_REFRESH_MS : MONITORING_REFRESH_MS,
  refetchIntervalInBackground: false,
});
const healthRunning = (h: DataHealth) =>
  h.Connectors.some((c) => c.ExternalAccounts.some((e) => e.Status === 'Running'));
const runsRunning = (p: SyncRunsPage) => p.Items.some((r) => r.Status === 'Running');

export const monitoringQueries = {
  health: () => ({
    ...apiQuery(queryKeyOf('MonitoringService', 'GetDataHealth', {}), (signal) => fetchDataHealth(signal)),
    ...liveWhile(healthRunning),
  }),
  runs: (filter: SyncRunsFilter) => ({
    ...apiQuery(queryKeyOf('MonitoringService', 'GetSyncRuns', filter), (signal) => fetchSyncRuns(filter, signal)),
    ...liveWhile(runsRunning),
  }),
  alerts: () => ({
    ...apiQuery(queryKeyOf('PerformanceService', 'GetPacingAlerts', {}), (signal) => fetchPacingAlerts(signal)),
    ...live,
  }),
  unmapped: () => ({
    ...apiQuery(queryKeyOf('MonitoringService', 'GetUnmappedCampaigns', {}), (signal) =>
      fetchUnmappedCampaigns(signal),
    ),
    ...live,
  }),
};

/** Retry (Sync now): the health and the runs read again (and as the jobs end, at the next refresh). */
export const useRetrySync = () =>
  useApiMutation(syncAgentConnectorNow, [
    ['MonitoringService', 'GetDataHealth'],
    ['MonitoringService', 'GetSyncRuns'],
    ['ConnectorsService', 'GetAgentConnectorsList'],
  ]);
