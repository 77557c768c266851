import { GetCommand, UpdateCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import type { ConnectorTypeName } from '../../shared/connectors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { nextId } from '../../aws/dynamodb/counters';
import { companyPk, pad } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite } from '../../aws/dynamodb/transaction';
import type { DiscoveredCampaign, StoredCampaign } from './campaign-store';

/** `C#<cid>` / `CAMPAIGN#<type>#<external account>#<external campaign>`, and its locator by id `CAMPAIGNID#<id>`. */
export const campaignKeys = {
  item: (companyId: number, type: ConnectorTypeName, externalAccountId: string, externalCampaignId: string) => ({
    pk: companyPk(companyId),
    sk: `CAMPAIGN#${type}#${externalAccountId}#${externalCampaignId}`,
  }),
  prefix: (type?: ConnectorTypeName, externalAccountId?: string) =>
    `CAMPAIGN#${type ? `${type}#` : ''}${type && externalAccountId ? `${externalAccountId}#` : ''}`,
  locator: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CAMPAIGNID#${pad(id)}` }),
};

const toCampaign = (item: Record<string, unknown>): StoredCampaign => {
  const { pk: _p, sk: _s, entity: _e, ...rest } = item;
  return rest as unknown as StoredCampaign;
};

export async function getCampaignById(
  companyId: number,
  id: number,
  consistent = false,
): Promise<StoredCampaign | undefined> {
  const loc = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: campaignKeys.locator(companyId, id), ConsistentRead: consistent }),
  );
  if (!loc.Item) return undefined;
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: companyPk(companyId), sk: String(loc.Item.Key) },
      ConsistentRead: consistent,
    }),
  );
  return out.Item ? toCampaign(out.Item) : undefined;
}

/** The campaigns of a platform, or of one external account of it, or every campaign (bounded per company). */
export async function listCampaigns(
  companyId: number,
  type?: ConnectorTypeName,
  externalAccountId?: string,
): Promise<StoredCampaign[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':p': campaignKeys.prefix(type, externalAccountId) },
  });
  return items.map(toCampaign);
}

/**
 * The sync's upsert: a campaign seen for the first time is created (id, locator) in one
 * transaction; one seen before gets its name, status and LastSeenAt, keeping its id and mapping.
 * Safe to repeat and to run concurrently (the create is conditional; the loser updates instead).
 */
export async function upsertDiscoveredCampaign(
  companyId: number,
  c: DiscoveredCampaign,
  at = new Date().toISOString(),
): Promise<StoredCampaign> {
  const key = campaignKeys.item(companyId, c.ConnectorType, c.ExternalAccountId, c.ExternalCampaignId);
  const existing = await ddb().send(new GetCommand({ TableName: tableName(), Key: key }));
  if (!existing.Item) {
    const id = await nextId(companyId, 'Campaign');
    const created: StoredCampaign = {
      ID: id,
      ...c,
      RuleLineId: c.RuleLineId ?? null,
      MediaChannelId: null,
      FirstSeenAt: at,
      LastSeenAt: at,
      version: 1,
      updatedAt: at,
      updatedBy: 'sync',
    };
    try {
      await transactWrite(
        [
          {
            Put: {
              TableName: tableName(),
              Item: { ...key, entity: 'Campaign', ...created },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...campaignKeys.locator(companyId, id), entity: 'CampaignLocator', Key: key.sk },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
        {
          conflict: new ConflictError('The campaign was created meanwhile', 'ALREADY_EXISTS', {
            entity: 'Campaign',
            id,
          }),
        },
      );
      return created;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
  }
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #n = :n, #s = :s, LastSeenAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#n': 'Name', '#s': 'Status' },
      ExpressionAttributeValues: { ':n': c.Name, ':s': c.Status, ':at': at },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toCampaign(out.Attributes ?? {});
}

/**
 * The naming rule's results, as the sync re-evaluated them: not a person's edit (no version, no audit
 * entry, like the name the platform reports); a campaign gone meanwhile is skipped.
 */
export async function setRuleLineIds(
  companyId: number,
  changes: readonly { campaign: StoredCampaign; ruleLineId: number | null }[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += 10) {
    await Promise.all(
      changes.slice(i, i + 10).map(async ({ campaign: c, ruleLineId }) => {
        try {
          await ddb().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: campaignKeys.item(companyId, c.ConnectorType, c.ExternalAccountId, c.ExternalCampaignId),
              UpdateExpression: 'SET RuleLineId = :r',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':r': ruleLineId },
            }),
          );
        } catch (err) {
          if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        }
      }),
    );
  }
}

/** A person's mapping: versioned, audited in the same transaction. */
export async function replaceCampaignMapping(
  companyId: number,
  before: StoredCampaign,
  after: StoredCampaign,
  stale: ConflictError,
): Promise<void> {
  const key = campaignKeys.item(companyId, after.ConnectorType, after.ExternalAccountId, after.ExternalCampaignId);
  await transactWrite([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: `SET MediaChannelId = :m, version = :nv, updatedAt = :at, updatedBy = :by${after.HistoryMoving !== undefined ? ', HistoryMoving = :hm' : ''}`,
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: {
            ':m': after.MediaChannelId,
            ':nv': after.version,
            ':at': after.updatedAt,
            ':by': after.updatedBy,
            ':v': before.version,
            ...(after.HistoryMoving !== undefined ? { ':hm': after.HistoryMoving } : {}),
          },
        },
      },
      conflict: stale,
    },
    {
      item: auditPut({
        companyId,
        who: after.updatedBy,
        entity: 'Campaign',
        id: after.ID,
        action: 'update',
        before: { MediaChannelId: before.MediaChannelId },
        after: { MediaChannelId: after.MediaChannelId },
        at: after.updatedAt,
      }),
    },
  ]);
}

/**
 * The history move of the mapping saved as `version` is done: the mark goes, unless a later mapping
 * set it again (its own job clears it). A campaign gone or already cleared is fine (a retried job).
 */
export async function clearHistoryMoving(
  companyId: number,
  connectorType: ConnectorTypeName,
  externalAccountId: string,
  externalCampaignId: string,
  version: number,
): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: campaignKeys.item(companyId, connectorType, externalAccountId, externalCampaignId),
        UpdateExpression: 'REMOVE HistoryMoving',
        ConditionExpression: 'HistoryMoving = :v',
        ExpressionAttributeValues: { ':v': version },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}
