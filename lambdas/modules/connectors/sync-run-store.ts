import type { ConnectorType, Day } from '../../shared/connector-platforms';

export type SyncRunStatus = 'Running' | 'OK' | 'NoAccess' | 'Error';

export interface SyncRun {
  RunId: string;
  AgentConnectorId: number;
  ConnectorType: ConnectorType;
  ExternalAccountId: string;
  StartedAt: string;
  EndedAt?: string;
  From: Day;
  To: Day;
  RowsRead: number;
  RowsWritten: number;
  RollupsWritten: number;
  Attempts: number;
  Status: SyncRunStatus;
  /** In the user's words (the PlatformError's message; never a token). */
  Error?: string;
  ErrorKind?: string;
  PlatformCode?: string;
  /** The flights' first day the window wanted, when the platform no longer keeps it (the window starts at its first kept day). */
  BackfillShortOf?: Day;
}

export interface SyncState {
  AgentConnectorId: number;
  ExternalAccountId: string;
  /** The last day of the last successful window (the next window reaches back at least to it). */
  LastSyncedTo?: Day;
  /** The first day of the earliest successful window: the stored data covers SyncedFrom..LastSyncedTo (absent before this was kept). */
  SyncedFrom?: Day;
  LastSyncAt?: string;
  Status: SyncRunStatus;
  LastError?: string;
  LastErrorAt?: string;
}

/** What the sync needs of storage for its runs and each external account's state; sync-run-store.dynamodb.ts implements it. */
export interface SyncRunStore {
  /** Puts the run as it stands (at start, Running; at the end, with its figures). */
  putSyncRun(companyId: number, run: SyncRun): Promise<void>;
  getSyncState(companyId: number, agentConnectorId: number, externalAccountId: string): Promise<SyncState | undefined>;
  putSyncState(companyId: number, state: SyncState): Promise<void>;
}
