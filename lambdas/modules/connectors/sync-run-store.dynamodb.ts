import { GetCommand, PutCommand, QueryCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import type { SyncRun, SyncState } from './sync-run-store';

/**
 * Sync runs (one sync of one agent connector × external account, kept 90 days, for the monitoring
 * page) and the sync state of each external account (the last day read, how the last run ended).
 * docs/performance-data.md.
 */
export const RUN_TTL_DAYS = 90;

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
