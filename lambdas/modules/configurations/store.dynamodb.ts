import { GetCommand } from '../../aws/dynamodb/commands';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { configurationKey, keys } from '../../aws/dynamodb/keys';
import { transactWrite, type NamedWrite } from '../../aws/dynamodb/transaction';

const ENTITY = 'Configuration';

export async function getConfigurationItem(
  companyId: number,
  consistent = false,
): Promise<Record<string, unknown> | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: configurationKey(companyId), ConsistentRead: consistent }),
  );
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = out.Item;
  return rest;
}

/**
 * Saves the configuration if nobody saved it since `beforeVersion` (0 = never saved), with its audit
 * entry and, when the default locale changed, the company's DefaultLocale (what sign-in hands the
 * console) — all or nothing.
 */
export async function putConfiguration(
  companyId: number,
  beforeVersion: number,
  before: object | null,
  after: { version: number; updatedAt: string; updatedBy: string; DefaultLocale: string },
  localeChanged: boolean,
): Promise<void> {
  const items: NamedWrite[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...configurationKey(companyId), entity: ENTITY, ...after },
          ...(beforeVersion === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': beforeVersion } }),
        },
      },
    },
  ];
  if (localeChanged) {
    items.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(companyId),
          UpdateExpression: 'SET DefaultLocale = :l',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':l': after.DefaultLocale },
        },
      },
    });
  }
  items.push({
    item: auditPut({
      companyId,
      who: after.updatedBy,
      entity: ENTITY,
      id: companyId,
      action: beforeVersion === 0 ? 'create' : 'update',
      before,
      after,
      at: after.updatedAt,
    }),
  });
  await transactWrite(items);
}
