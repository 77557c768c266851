import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../kit/errors';
import type { Permission, Role } from '../shared/permissions';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { transactWrite } from './transaction';

/** The server-side profile of a Cognito user (DOMAIN.md §1). Permissions are read from here, never from the token. */
export interface UserProfile {
  sub: string;
  companyId: number;
  email: string;
  name: string;
  roleId: Role;
  permissions: Permission[];
  isSystemAdmin: boolean;
  /** 'all' accounts of the company, or the main-account ids this user may see (with their sub-accounts). */
  accountAccess: 'all' | number[];
  status: 'active' | 'disabled';
  createdAt: string;
  lastLoginAt?: string;
  /**
   * Whether the user had an authenticator app (TOTP) at their last sign-in. Asked of the user pool
   * only for companies that require MFA (configuration RequireMfa); the API refuses business calls
   * of such a company's users until this is true.
   */
  mfaEnabled?: boolean;
  version: number;
}

export async function getCompanyIdOfSub(sub: string): Promise<number | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.identity(sub) }));
  return out.Item ? Number(out.Item.companyId) : undefined;
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
export async function createProfile(p: Omit<UserProfile, 'version' | 'createdAt'> & { createdAt?: string }): Promise<UserProfile> {
  const profile: UserProfile = { ...p, createdAt: p.createdAt ?? new Date().toISOString(), version: 1 };
  await transactWrite([
    { Put: { TableName: tableName(), Item: { ...keys.identity(p.sub), companyId: p.companyId }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.user(p.companyId, p.sub), entity: 'User', ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ], { conflict: new ConflictError(`A profile for ${p.email} exists already`, 'ALREADY_EXISTS', { entity: 'User', id: p.email }) });
  return profile;
}

/** Stamps a sign-in, and what the user pool said of the user's MFA when it was asked. */
export async function recordLogin(companyId: number, sub: string, at: string, mfaEnabled?: boolean): Promise<void> {
  await ddb().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.user(companyId, sub),
    UpdateExpression: mfaEnabled === undefined ? 'SET lastLoginAt = :at' : 'SET lastLoginAt = :at, mfaEnabled = :mfa',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at, ...(mfaEnabled === undefined ? {} : { ':mfa': mfaEnabled }) },
  }));
}

function toProfile(item: Record<string, unknown>): UserProfile {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return rest as unknown as UserProfile;
}
