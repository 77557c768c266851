import { PutCommand } from '../../aws/dynamodb/commands';
import { ConflictError, staleVersion } from '../../core/errors';
import { auditPut } from '../audit';
import { tableName, ddb } from '../../aws/dynamodb/client';
import { companyPk, keys } from '../../aws/dynamodb/keys';
import { registryItemOf } from '../../aws/dynamodb/partition-registry';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { identityItem, profileItem, toProfile, type UserProfile } from '../tenancy';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import { transactWrite, type Write } from '../../aws/dynamodb/transaction';
import type { UserChangeWrite } from './store';

/**
 * The company's users as UsersService reads and changes them (docs/table-design.md "Users"):
 * the list by name is gsi1 `C#<cid>#USERS` / `<lower-case name>#<sub>` (every profile carries it,
 * modules/tenancy/profile-store.dynamodb.ts profileItem), a search filters on `searchText` (name and e-mail, lower
 * case); a change is the profile Put conditional on the version read, the identity pointer's copy
 * of status and cut-off, and the audit entry, in one transaction.
 */

const listRange = (companyId: number): KeyRange => ({
  index: 'gsi1',
  keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  partition: { attr: 'gsi1pk', value: keys.usersByNamePk(companyId) },
  bound: { pk: { equals: companyPk(companyId) }, sk: { prefix: 'USER#' } },
});

/**
 * One page of the company's users by name. `search` (lower-cased here) matches part of a name or an
 * e-mail; `seesAccount` keeps the users who see that main account (all accounts, or it listed).
 */
export async function listUsers(
  companyId: number,
  filter: { search?: string; seesAccount?: number },
  limit: number,
  nextToken: string | null | undefined,
): Promise<ListPage<UserProfile>> {
  const range = listRange(companyId);
  const key = keyCondition(range);
  const q = filter.search?.trim().toLowerCase();
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ...key.ExpressionAttributeValues };
  if (q) {
    conditions.push('contains(searchText, :q)');
    values[':q'] = q;
  }
  if (filter.seesAccount !== undefined) {
    conditions.push('(accountAccess = :all OR contains(accountAccess, :acc))');
    Object.assign(values, { ':all': 'all', ':acc': filter.seesAccount });
  }
  const page = await queryPage(
    {
      TableName: tableName(),
      ...key,
      ExpressionAttributeValues: values,
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    },
    limit,
    decodeKeyToken(nextToken, range),
    range.keyAttributes,
  );
  return { items: page.items.map(toProfile), nextToken: keyToken(page.lastKey) };
}

/** Every profile of the company (tens of users): the active Admins count, the names of who changed what. */
export async function allUsersOf(companyId: number): Promise<UserProfile[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ':user': 'USER#' },
    ConsistentRead: true,
  });
  return items.map(toProfile);
}

/** How long an invitation may stay in flight before another may take its e-mail over (a crashed invite). */
export const INVITE_STALE_MS = 5 * 60 * 1000;

/**
 * Marks an invitation of `email` in flight, before the user pool is asked: a second invitation of
 * the same address meanwhile is refused (USER_EXISTS), and a profile is never written without it.
 */
export async function reserveInvite(email: string, companyId: number, now = Date.now()): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.invite(email), companyId, startedAt: now },
        ConditionExpression: 'attribute_not_exists(pk) OR startedAt < :stale',
        ExpressionAttributeValues: { ':stale': now - INVITE_STALE_MS },
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new ConflictError(`${email} is being invited already`, 'USER_EXISTS', { email });
    }
    throw err;
  }
}

/** The mark's partition-registry entry (aws/dynamodb/partition-registry.ts), which goes with it. */
const inviteEntry = (email: string, companyId: number) => registryItemOf(companyId, keys.invite(email).pk);

/** An invitation that failed: its mark and the mark's registry entry, together. */
export async function releaseInvite(email: string, companyId: number): Promise<void> {
  await transactWrite([
    { Delete: { TableName: tableName(), Key: keys.invite(email) } },
    { Delete: { TableName: tableName(), Key: inviteEntry(email, companyId) } },
  ]);
}

/**
 * The invited user's profile, identity pointer and audit entry, and the invitation's end, all at once
 * (with `alsoWrite`: the new company's items of CompaniesService.CreateCompany, in the same transaction).
 * The invitation must still be in flight for its company: a company deletion removes its marks first
 * (company-data's deletion job), so an invitation it overtook writes nothing (INVITE_CANCELLED).
 */
export async function completeInvite(
  profile: UserProfile,
  by: string,
  auditAfter: Record<string, unknown>,
  alsoWrite: readonly Write[] = [],
): Promise<void> {
  await transactWrite(
    [
      ...alsoWrite,
      { Put: { TableName: tableName(), Item: identityItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.invite(profile.email),
            ConditionExpression: 'attribute_exists(pk) AND companyId = :cid',
            ExpressionAttributeValues: { ':cid': profile.companyId },
          },
        },
        conflict: new ConflictError(
          `The invitation of ${profile.email} was cancelled: its company was deleted meanwhile`,
          'INVITE_CANCELLED',
          { email: profile.email },
        ),
      },
      { Delete: { TableName: tableName(), Key: inviteEntry(profile.email, profile.companyId) } },
      auditPut({
        companyId: profile.companyId,
        who: by,
        entity: 'User',
        id: profile.sub,
        action: 'create',
        before: null,
        after: auditAfter,
        at: profile.createdAt,
      }),
    ],
    {
      conflict: new ConflictError(`A profile for ${profile.email} exists already`, 'USER_EXISTS', {
        email: profile.email,
      }),
    },
  );
}

/** A change of a user: the profile (at the version read), the identity pointer's gate fields, the audit entry. */
export async function saveUserChange(w: UserChangeWrite): Promise<void> {
  const writes: Write[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: profileItem(w.after),
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': w.before.version },
        },
      },
      conflict: staleVersion(),
    },
    {
      item: {
        Put: { TableName: tableName(), Item: identityItem(w.after), ConditionExpression: 'attribute_exists(pk)' },
      },
      conflict: staleVersion(),
    },
    auditPut({
      companyId: w.after.companyId,
      who: w.by,
      entity: 'User',
      id: w.after.sub,
      action: 'update',
      before: w.audit.before,
      after: w.audit.after,
      at: w.at,
    }),
  ];
  if (w.keepsAdmin) {
    writes.push({
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.user(w.keepsAdmin.companyId, w.keepsAdmin.sub),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': w.keepsAdmin.version },
        },
      },
      conflict: staleVersion('Another administrator changed meanwhile; reload and try again'),
    });
  }
  await transactWrite(writes);
}

/** A user's audit entries, newest first (at most `limit`). */
export async function userAuditEntries(
  companyId: number,
  sub: string,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const range: KeyRange = {
    keyAttributes: ['pk', 'sk'],
    partition: { attr: 'pk', value: keys.auditPk(companyId) },
    sort: { attr: 'sk', prefix: `User#${sub}#` },
  };
  const page = await queryPage(
    { TableName: tableName(), ...keyCondition(range), ScanIndexForward: false },
    limit,
    undefined,
    range.keyAttributes,
  );
  return page.items;
}

/**
 * Gives a profile written before the users list its gsi1 entry and its identity pointer
 * the status copy: `npm start` over an older `.local` calls it for the demo users. Writes nothing
 * to a profile that has them.
 */
export async function backfillUserListEntry(profile: UserProfile): Promise<boolean> {
  try {
    await transactWrite(
      [
        {
          Put: {
            TableName: tableName(),
            Item: profileItem(profile),
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk) AND version = :v',
            ExpressionAttributeValues: { ':v': profile.version },
          },
        },
        { Put: { TableName: tableName(), Item: identityItem(profile), ConditionExpression: 'attribute_exists(pk)' } },
      ],
      { attempts: 1 },
    );
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'STALE_VERSION') return false;
    throw err;
  }
}
