import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '../../aws/dynamodb/commands';
import type { ConflictError } from '../../core/errors';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import type { SyncRequest } from './sync-request-store';
import type { SyncRun } from './sync-run-store';
import { syncKeys } from './sync-run-store.dynamodb';

const TTL_SECONDS = 24 * 3600;

/** `C#<cid>` / `SYNCNOW#<agentConnectorId>`: one per agent connector, its TTL a day after the request. */
export const syncRequestKey = (companyId: number, agentConnectorId: number) => ({
  pk: companyPk(companyId),
  sk: `SYNCNOW#${agentConnectorId}`,
});

export async function getSyncRequest(companyId: number, agentConnectorId: number): Promise<SyncRequest | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: syncRequestKey(companyId, agentConnectorId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _e, ...request } = out.Item;
  return request as SyncRequest;
}

/**
 * Records a Sync now in place of `previousAt`'s (undefined: there was none). Another request
 * written meanwhile fails the condition: `busy` is thrown (SYNC_ALREADY_RUNNING).
 */
export async function putSyncRequest(
  companyId: number,
  request: SyncRequest,
  previousAt: string | undefined,
  busy: ConflictError,
): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...syncRequestKey(companyId, request.AgentConnectorId),
          ...request,
          expiresAt: Math.floor(Date.parse(request.RequestedAt) / 1000) + TTL_SECONDS,
        },
        ...(previousAt === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'RequestedAt = :prev', ExpressionAttributeValues: { ':prev': previousAt } }),
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw busy;
    throw err;
  }
}

/** Takes back a Sync now whose jobs could not be queued (only if it is still this one). */
export async function deleteSyncRequest(companyId: number, request: SyncRequest): Promise<void> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: syncRequestKey(companyId, request.AgentConnectorId),
        ConditionExpression: 'RequestedAt = :at',
        ExpressionAttributeValues: { ':at': request.RequestedAt },
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** The runs of one agent connector started at or after `since` (ISO), as they stand (Running, or how they ended). */
export async function syncRunsSince(
  companyId: number,
  agentConnectorId: number,
  since: string,
): Promise<Pick<SyncRun, 'ExternalAccountId' | 'Status' | 'StartedAt'>[]> {
  const out: Pick<SyncRun, 'ExternalAccountId' | 'Status' | 'StartedAt'>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :since',
        FilterExpression: 'AgentConnectorId = :a',
        ProjectionExpression: 'ExternalAccountId, #s, StartedAt',
        ExpressionAttributeNames: { '#s': 'Status' },
        ExpressionAttributeValues: { ':pk': syncKeys.runsPk(companyId), ':since': since, ':a': agentConnectorId },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) out.push(item as Pick<SyncRun, 'ExternalAccountId' | 'Status' | 'StartedAt'>);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}
