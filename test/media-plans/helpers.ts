import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { clearReadCaches } from '../../lambdas/core/read-cache';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { invoke, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * A MediaMixService call on the page of the company's main account. Like world.invoke clears the
 * profile cache, the plan read caches (configuration, today's rate) are cleared before each call:
 * tests change settings between calls.
 */
export const version = (
  c: Company,
  method: string,
  body: unknown,
  as: UserProfile = c.planner,
  accountId: number = c.accounts.main.ID,
): Promise<Reply> => {
  clearReadCaches();
  return invoke('MediaMixService', method, { as, accountId, body });
};

/** An AccountsService plan-line call on the page of the company's main account. */
export const lines = (
  c: Company,
  method: string,
  body: unknown,
  as: UserProfile = c.planner,
  accountId: number = c.accounts.main.ID,
): Promise<Reply> => {
  clearReadCaches();
  return invoke('AccountsService', method, { as, accountId, body });
};

export const info = async (c: Company, versionId: number, as: UserProfile = c.planner) => {
  const r = await version(c, 'GetMediaMixInfo', { mediaMixId: versionId }, as);
  if (r.status !== 200) throw new Error(`GetMediaMixInfo answered ${r.status}: ${r.body.ErrorMessage}`);
  return r.body.Response;
};

export function expectError(r: Reply, status: number, message?: string | RegExp) {
  expect({ status: r.status, success: r.body.Success }).toEqual({ status, success: false });
  if (message !== undefined) expect(r.body.ErrorMessage).toMatch(message);
}

export function expectOk(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

export async function auditOf(companyId: number, entity: string, id: number): Promise<Record<string, any>[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.auditPk(companyId), ':p': `${entity}#${id}#` },
    }),
  );
  return out.Items ?? [];
}

/**
 * One company's items, without its id counters (other test files write to the same table at the
 * same time, and a refused create may have taken an id: ids are allocated alongside the reads,
 * unique not dense — that changes nothing else).
 */
export async function itemsOf(c: Company): Promise<string[]> {
  const mine = new RegExp(`"C#${c.companyId}["#]`);
  return (await tableSnapshot()).filter((i) => mine.test(i) && !i.includes('"sk":"COUNTER#'));
}
