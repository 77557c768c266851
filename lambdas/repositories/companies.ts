import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys, pad } from './keys';

/** Every company, on gsi1 (the platform's list: the daily jobs walk it, system admins list it). */
const COMPANIES_PK = 'COMPANIES';

export interface Company {
  companyId: number;
  Name: string;
  Logo: string;
  DefaultLocale: 'he' | 'en';
  createdAt: string;
}

export async function getCompany(companyId: number): Promise<Company | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId) }));
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...rest } = out.Item;
  return rest as Company;
}

/** Creates a company once (seed / platform onboarding); an existing one is left as it is. */
export async function createCompany(c: Company): Promise<boolean> {
  try {
    await ddb().send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.company(c.companyId), gsi1pk: COMPANIES_PK, gsi1sk: pad(c.companyId), entity: 'Company', ...c },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** The ids of every company, in id order (gsi1 `COMPANIES`, ids only). */
export async function listCompanyIds(): Promise<number[]> {
  const ids: number[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({
      TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': COMPANIES_PK },
      ProjectionExpression: 'companyId', ExclusiveStartKey,
    }));
    for (const item of out.Items ?? []) ids.push(Number(item.companyId));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}
