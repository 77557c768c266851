import { GetCommand, UpdateCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { keys } from '../../aws/dynamodb/keys';
import { transactWrite } from '../../aws/dynamodb/transaction';
import type { Identity, UserProfile } from './profile-store';

async function getCompanyIdOfSub(sub: string): Promise<number | undefined> {
  return (await getIdentity(sub))?.companyId;
}

/** The identity pointer of a sub, read strongly consistent (the gate of every request). */
export async function getIdentity(sub: string): Promise<Identity | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.identity(sub), ConsistentRead: true }),
  );
  return out.Item as Identity | undefined;
}

/** The profile item as stored: the profile, its gsi1 entry in the company's list by name, and the text a search matches. */
export function profileItem(profile: UserProfile): Record<string, unknown> {
  return {
    ...keys.user(profile.companyId, profile.sub),
    entity: 'User',
    ...profile,
    gsi1pk: keys.usersByNamePk(profile.companyId),
    gsi1sk: keys.usersByNameSk(profile.name, profile.sub),
    searchText: `${profile.name} ${profile.email}`.toLowerCase(),
  };
}

/** The identity pointer as stored, with the profile's gate fields. */
export function identityItem(
  profile: Pick<UserProfile, 'sub' | 'companyId' | 'status' | 'tokensValidAfter'>,
): Record<string, unknown> {
  return {
    ...keys.identity(profile.sub),
    companyId: profile.companyId,
    status: profile.status,
    ...(profile.tokensValidAfter ? { tokensValidAfter: profile.tokensValidAfter } : {}),
  };
}

export async function getProfile(companyId: number, sub: string): Promise<UserProfile | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.user(companyId, sub) }));
  return out.Item ? toProfile(out.Item) : undefined;
}

/** Profile of a Cognito sub: identity pointer → company-keyed profile. */
export async function getProfileBySub(sub: string): Promise<UserProfile | undefined> {
  const companyId = await getCompanyIdOfSub(sub);
  return companyId === undefined ? undefined : getProfile(companyId, sub);
}

/** Creates the profile and its identity pointer together (used by the seed and, later, user admin). */
export async function createProfile(
  p: Omit<UserProfile, 'version' | 'createdAt'> & { createdAt?: string },
): Promise<UserProfile> {
  const profile: UserProfile = { ...p, createdAt: p.createdAt ?? new Date().toISOString(), version: 1 };
  await transactWrite(
    [
      { Put: { TableName: tableName(), Item: identityItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
    ],
    {
      conflict: new ConflictError(`A profile for ${p.email} exists already`, 'ALREADY_EXISTS', {
        entity: 'User',
        id: p.email,
      }),
    },
  );
  return profile;
}

/** Stamps a sign-in, and what the user pool said of the user's MFA when it was asked. */
export async function recordLogin(companyId: number, sub: string, at: string, mfaEnabled?: boolean): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(companyId, sub),
      UpdateExpression: mfaEnabled === undefined ? 'SET lastLoginAt = :at' : 'SET lastLoginAt = :at, mfaEnabled = :mfa',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ...(mfaEnabled === undefined ? {} : { ':mfa': mfaEnabled }) },
    }),
  );
}

export function toProfile(item: Record<string, unknown>): UserProfile {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _g2, searchText: _s, ...rest } = item;
  return rest as unknown as UserProfile;
}
