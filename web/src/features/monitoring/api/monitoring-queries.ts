import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { useApiMutation } from '../../../lib/api-mutation';
import { fetchDataHealth, fetchPacingAlerts, fetchSyncRuns, fetchUnmappedCampaigns, syncAgentConnectorNow, type SyncRunsFilter } from './monitoring-api';

/**
 * How often an open monitoring tab reads again. TanStack Query does not run the interval while the
 * browser tab is hidden (refetchIntervalInBackground false), and reads once more when it is shown.
 */
export const MONITORING_REFRESH_MS = 30_000;

const live = { refetchInterval: MONITORING_REFRESH_MS, refetchIntervalInBackground: false } as const;

export const monitoringQueries = {
  health: () => ({ ...apiQuery(queryKeyOf('MonitoringService', 'GetDataHealth', {}), (signal) => fetchDataHealth(signal)), ...live }),
  runs: (filter: SyncRunsFilter) => ({ ...apiQuery(queryKeyOf('MonitoringService', 'GetSyncRuns', filter), (signal) => fetchSyncRuns(filter, signal)), ...live }),
  alerts: () => ({ ...apiQuery(queryKeyOf('PerformanceService', 'GetPacingAlerts', {}), (signal) => fetchPacingAlerts(signal)), ...live }),
  unmapped: () => ({ ...apiQuery(queryKeyOf('MonitoringService', 'GetUnmappedCampaigns', {}), (signal) => fetchUnmappedCampaigns(signal)), ...live }),
};

/** Retry (Sync now): the health and the runs read again (and as the jobs end, at the next refresh). */
export const useRetrySync = () => useApiMutation(syncAgentConnectorNow, [['MonitoringService', 'GetDataHealth'], ['MonitoringService', 'GetSyncRuns'], ['ConnectorsService', 'GetAgentConnectorsList']]);
