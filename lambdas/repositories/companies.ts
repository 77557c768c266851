import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';

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
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = out.Item;
  return rest as Company;
}

/** Creates a company once (seed / platform onboarding); an existing one is left as it is. */
export async function createCompany(c: Company): Promise<boolean> {
  try {
    await ddb().send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.company(c.companyId), entity: 'Company', ...c },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
