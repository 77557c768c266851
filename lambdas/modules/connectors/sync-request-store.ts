import type { ConflictError } from '../../core/errors';
import type { SyncRun } from './sync-run-store';

/**
 * The last "Sync now" of an agent connector: one small item per connector, written
 * conditionally so two clicks (or two users) cannot both queue the same work. It says when the
 * sync was asked for and which external accounts were queued; whether that sync is still under
 * way is read from the sync runs started since (modules/connectors/sync-run-store.dynamodb.ts). DynamoDB's TTL removes
 * it a day later (the domain stops heeding it long before: modules/connectors/agent-sync-now.ts SYNC_NOW_HOLD_MS).
 */
export interface SyncRequest {
  AgentConnectorId: number;
  RequestedAt: string;
  RequestedBy: string;
  ExternalAccountIds: string[];
}

/** What "Sync now" needs of storage; sync-request-store.dynamodb.ts implements it. */
export interface SyncRequestStore {
  getSyncRequest(companyId: number, agentConnectorId: number): Promise<SyncRequest | undefined>;
  /** Records a Sync now in place of `previousAt`'s; `busy` is thrown when another was written meanwhile. */
  putSyncRequest(
    companyId: number,
    request: SyncRequest,
    previousAt: string | undefined,
    busy: ConflictError,
  ): Promise<void>;
  /** Takes back a Sync now whose jobs could not be queued (only if it is still this one). */
  deleteSyncRequest(companyId: number, request: SyncRequest): Promise<void>;
  /** The runs of one agent connector started at or after `since` (ISO), as they stand. */
  syncRunsSince(
    companyId: number,
    agentConnectorId: number,
    since: string,
  ): Promise<Pick<SyncRun, 'ExternalAccountId' | 'Status' | 'StartedAt'>[]>;
}
