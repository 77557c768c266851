import { GetCommand, PutCommand, QueryCommand, type QueryCommandInput } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, keys, pad, SK_PREFIX, prefixValues, configurationKey } from '../../aws/dynamodb/keys';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import type { Write } from '../../aws/dynamodb/transaction';
import type { Company } from './company-store';

/** Every company, on gsi1 (the platform's list: the daily jobs walk it, system admins list it). */
const COMPANIES_PK = 'COMPANIES';

const companyItem = (c: Company) => ({
  ...keys.company(c.companyId),
  gsi1pk: COMPANIES_PK,
  gsi1sk: pad(c.companyId),
  entity: 'Company',
  ...c,
});

function toCompany(item: Record<string, unknown>): Company {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...rest } = item;
  return rest as unknown as Company;
}

export async function getCompany(companyId: number): Promise<Company | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId) }));
  return out.Item ? toCompany(out.Item) : undefined;
}

/** Creates a company once (seed / platform onboarding); an existing one is left as it is. */
export async function createCompany(c: Company): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: companyItem(c),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
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
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': COMPANIES_PK },
        ProjectionExpression: 'companyId',
        ExclusiveStartKey,
      }),
    );
    for (const item of out.Items ?? []) ids.push(Number(item.companyId));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return ids;
}

const companiesRange: KeyRange = {
  index: 'gsi1',
  keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  partition: { attr: 'gsi1pk', value: COMPANIES_PK },
};

/** One page of the companies in id order (CompaniesService.GetCompaniesList). */
export async function listCompanies(limit: number, nextToken: string | null | undefined): Promise<ListPage<Company>> {
  const key = keyCondition(companiesRange);
  const page = await queryPage(
    { TableName: tableName(), ...key },
    limit,
    decodeKeyToken(nextToken, companiesRange),
    companiesRange.keyAttributes,
  );
  return { items: page.items.map(toCompany), nextToken: keyToken(page.lastKey) };
}

/** A Query's matching items counted (Select COUNT: no item leaves DynamoDB), page after page. */
async function countOf(q: QueryCommandInput): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...q, Select: 'COUNT', ExclusiveStartKey }));
    count += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/**
 * A company's user and active-account counts, counted when asked (docs/table-design.md "Companies"):
 * two COUNT Queries in the company's own partition, so the counts are always exact and no user or
 * account write has to keep a counter in step. A list page asks this of at most its page's companies.
 */
export async function companyCounts(companyId: number): Promise<{ users: number; accounts: number }> {
  const [users, accounts] = await Promise.all([
    countOf({
      TableName: tableName(),
      KeyConditionExpression: SK_PREFIX,
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues('USER#') },
    }),
    countOf({
      TableName: tableName(),
      KeyConditionExpression: SK_PREFIX,
      FilterExpression: '#s = :active',
      ExpressionAttributeNames: { '#s': 'Status' },
      ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues('ACCOUNT#'), ':active': 'Active' },
    }),
  ]);
  return { users, accounts };
}

/**
 * The writes that make a new company: the company item (on the companies list), its configuration
 * as first saved (version 1) and both audit entries. They ride in the first Admin's invitation
 * transaction (modules/companies/companies.ts), so the company exists exactly when its Admin does.
 */
export function newCompanyWrites(company: Company, configuration: Record<string, unknown>, by: string): Write[] {
  const at = company.createdAt;
  const config = { ...configuration, version: 1, updatedAt: at, updatedBy: by };
  return [
    {
      item: {
        Put: { TableName: tableName(), Item: companyItem(company), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      conflict: new ConflictError(`Company ${company.companyId} exists already; try again`, 'BUSY'),
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...configurationKey(company.companyId), entity: 'Configuration', ...config },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: new ConflictError(`Company ${company.companyId} has a configuration already; try again`, 'BUSY'),
    },
    auditPut({
      companyId: company.companyId,
      who: by,
      entity: 'Company',
      id: company.companyId,
      action: 'create',
      before: null,
      after: { Name: company.Name, DefaultLocale: company.DefaultLocale },
      at,
    }),
    auditPut({
      companyId: company.companyId,
      who: by,
      entity: 'Configuration',
      id: company.companyId,
      action: 'create',
      before: null,
      after: config,
      at,
    }),
  ];
}
