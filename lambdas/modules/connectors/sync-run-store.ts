import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectorType, Day } from '../../shared/connector-platforms';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';

/**
 * Sync runs (one sync of one agent connector × external account, kept 90 days, for the monitoring
 * page) and the sync state of each external account (the last day read, how the last run ended).
 * docs/performance-data.md.
 */
export const RUN_TTL_DAYS = 90;

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

export const syncKeys = {
  runsPk: (companyId: number) => `${companyPk(companyId)}#SYNCRUN`,
  runSk: (startedAt: string, runId: string) => `${startedAt}#${runId}`,
  state: (companyId: number, agentConnectorId: number, externalAccountId: string) => ({
    pk: companyPk(companyId),
    sk: `SYNCSTATE#${agentConnectorId}#${externalAccountId}`,
  }),
};

/** Puts the run as it stands (at start, Running; at the end, with its figures), with its 90-day TTL. */
export async function putSyncRun(companyId: number, run: SyncRun): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: syncKeys.runsPk(companyId),
        sk: syncKeys.runSk(run.StartedAt, run.RunId),
        ...run,
        expiresAt: Math.floor(Date.parse(run.StartedAt) / 1000) + RUN_TTL_DAYS * 86400,
      },
    }),
  );
}

/** The company's runs, newest first (the monitoring page); optionally of one agent connector. */
export async function listSyncRuns(
  companyId: number,
  opts: { agentConnectorId?: number; limit?: number } = {},
): Promise<SyncRun[]> {
  const out: SyncRun[] = [];
  let start: Record<string, unknown> | undefined;
  const limit = opts.limit ?? 100;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ...(opts.agentConnectorId !== undefined
          ? {
              FilterExpression: 'AgentConnectorId = :a',
              ExpressionAttributeValues: { ':pk': syncKeys.runsPk(companyId), ':a': opts.agentConnectorId },
            }
          : { ExpressionAttributeValues: { ':pk': syncKeys.runsPk(companyId) } }),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const { pk: _pk, sk: _sk, expiresAt: _e, ...run } = item;
      out.push(run as SyncRun);
    }
    start = page.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out.slice(0, limit);
}

export async function getSyncState(
  companyId: number,
  agentConnectorId: number,
  externalAccountId: string,
): Promise<SyncState | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: syncKeys.state(companyId, agentConnectorId, externalAccountId),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, ...state } = out.Item;
  return state as SyncState;
}

export async function putSyncState(companyId: number, state: SyncState): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...syncKeys.state(companyId, state.AgentConnectorId, state.ExternalAccountId), ...state },
    }),
  );
}
