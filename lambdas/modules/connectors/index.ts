/** What other modules may use of connectors: nothing else of this folder. */
export { listCampaigns } from './campaign-store';
export { listAgentConnectors, listExternalLinks, type AgentConnector, type ExternalLink } from './connector-store';
export { type ConnectorType } from './platform';
export { getSyncState, syncKeys, type SyncRun, type SyncState } from './sync-run-store';
export { companySyncSettings, type CompanySyncSettings } from './sync/sync-settings';
export { retainedFrom } from './sync/sync-window';
