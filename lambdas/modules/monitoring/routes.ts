import { getDataHealth, getSyncRuns, getUnmappedCampaigns } from './schemas';
import type { DataHealth, SyncRunsPage, UnmappedCampaigns } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * MonitoringService (/systemMonitoring): can the company trust its data? Reads only,
 * OperationalReports (docs/domain.md), over the accounts the caller may see (with x-account-id: that
 * account and its sub-accounts). Retry is ConnectorsService.SyncAgentConnectorNow, not repeated here.
 */
export const getDataHealthRoute = /* @__PURE__ */ route({
  service: 'MonitoringService',
  method: 'GetDataHealth',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getDataHealth,
  reply: replyOf<DataHealth>,
  summary:
    'Each connection and its linked ad accounts: status, last sync, freshness in hours, rows of the last run, last error; and the live activities with no actuals from a linked platform in the last N days',
});

export const getSyncRunsRoute = /* @__PURE__ */ route({
  service: 'MonitoringService',
  method: 'GetSyncRuns',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getSyncRuns,
  reply: replyOf<SyncRunsPage>,
  summary: 'Sync runs, newest first (kept 90 days): duration, rows, errors; by connection and status; paged',
});

export const getUnmappedCampaignsRoute = /* @__PURE__ */ route({
  service: 'MonitoringService',
  method: 'GetUnmappedCampaigns',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getUnmappedCampaigns,
  reply: replyOf<UnmappedCampaigns>,
  summary:
    'Campaigns with spend in the last N days (default 30) that no plan line owns, with their spend by currency, from the stored daily stats',
});

export const MONITORING_SERVICE_ROUTES = [getDataHealthRoute, getSyncRunsRoute, getUnmappedCampaignsRoute] as const;
