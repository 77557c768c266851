import type {
  DataHealth,
  SyncRunsPage,
  SyncRunView,
  UnmappedCampaign,
  UnmappedCampaigns,
  ConnectorHealth,
  ExternalAccountHealth,
  MissingDataRow,
} from '@server/modules/monitoring/replies';
import type { PacingAlert, PacingAlerts } from '@server/modules/performance/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { PacingAlert, PacingAlerts };
export type {
  ConnectorHealth,
  DataHealth,
  ExternalAccountHealth,
  MissingDataRow,
  SyncRunsPage,
  SyncRunView,
  UnmappedCampaign,
  UnmappedCampaigns,
};

export type SyncRunsFilter = RequestOf<'MonitoringService', 'GetSyncRuns'>;

/** MonitoringService's reads: company-wide (no account header). */
export const fetchDataHealth = (signal?: AbortSignal) => callApi('MonitoringService', 'GetDataHealth', {}, { signal });
export const fetchSyncRuns = (filter: SyncRunsFilter, signal?: AbortSignal) =>
  callApi('MonitoringService', 'GetSyncRuns', filter, { signal });
export const fetchUnmappedCampaigns = (signal?: AbortSignal) =>
  callApi('MonitoringService', 'GetUnmappedCampaigns', {}, { signal });

/** The live plans' pacing alerts (PerformanceService; OperationalReports), company-wide. */
export const fetchPacingAlerts = (signal?: AbortSignal) =>
  callApi('PerformanceService', 'GetPacingAlerts', {}, { signal });

/** Retry on a connection = its Sync now (ConnectorsService; GeneralSettings). */
export const syncAgentConnectorNow = (agentConnectorId: number) =>
  callApi('ConnectorsService', 'SyncAgentConnectorNow', { agentConnectorId });
