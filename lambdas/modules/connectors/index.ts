/** What other modules may use of connectors: nothing else of this folder. */
export { listCampaigns } from './campaign-store.dynamodb';
export type { ExternalLink } from './connector-store';
export { listAgentConnectors, listExternalLinks } from './connector-store.dynamodb';
export { type ConnectorType } from './platform';
export type { AgentConnector } from './replies/connectors';
export type { SyncRun, SyncState } from './sync-run-store';
export { getSyncState, syncKeys } from './sync-run-store.dynamodb';
export { companySyncSettings, type CompanySyncSettings } from './sync/sync-settings';
export { retainedFrom } from './sync/sync-window';
export { CSV_UPLOAD_PREFIX } from './csv-upload-store.s3';
export { credentialStore } from './connectors-core';
