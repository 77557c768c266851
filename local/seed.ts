import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { saveAccountFor } from '../lambdas/modules/accounts/accounts';
import { seedChannelTypeCatalogue } from '../lambdas/modules/channel-types/catalogue';
import { seedDemoMediaPlan } from './demo-media-plan';
import { seedDemoVendors } from './demo-vendors';
import type { Account } from '../lambdas/modules/tenancy/account-store';
import { listAllSubAccounts, listAccountsByParent } from '../lambdas/modules/tenancy/account-store.dynamodb';
import { createCompany, getCompany } from '../lambdas/modules/tenancy/company-store.dynamodb';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { createProfile, getProfileBySub } from '../lambdas/modules/tenancy/profile-store.dynamodb';
import { saveAccount } from '../lambdas/modules/accounts/schemas';
import { backfillUserListEntry } from '../lambdas/modules/users/store.dynamodb';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './demo-data';

export interface SeedOptions {
  tableName: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
}

/** Points the repositories (which read env, as in Lambda) at the local engines. */
export function useLocalTable(tableName: string, dynamoEndpoint: string) {
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = dynamoEndpoint;
  process.env.AWS_REGION ??= 'local';
}

export function cognitoClient(endpoint: string) {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A Cognito user with a permanent password (no forced change), or the existing one. Returns its sub. */
export async function ensureCognitoUser(
  opts: Pick<SeedOptions, 'cognitoEndpoint' | 'userPoolId'>,
  email: string,
  name: string,
  password = DEMO_PASSWORD,
) {
  const cognito = cognitoClient(opts.cognitoEndpoint);
  const subOf = (attrs?: { Name?: string; Value?: string }[]) => attrs?.find((a) => a.Name === 'sub')?.Value;
  try {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: opts.userPoolId, Username: email }));
    const sub = subOf(existing.UserAttributes);
    if (sub) return sub;
  } catch (err) {
    if ((err as Error).name !== 'UserNotFoundException') throw err;
  }
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: opts.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: opts.userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  const sub = subOf(created.User?.Attributes);
  if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
  return sub;
}

/** A Cognito user plus its Mixdesk profile (used by the seed and by tests that need real users). */
export async function createDemoUser(
  opts: SeedOptions,
  user: DemoUser,
  accountAccess: 'all' | number[],
): Promise<UserProfile> {
  useLocalTable(opts.tableName, opts.dynamoEndpoint);
  const sub = await ensureCognitoUser(opts, user.email, user.name);
  const existing = await getProfileBySub(sub);
  if (existing) return existing;
  return createProfile({
    sub,
    companyId: user.companyId,
    email: user.email,
    name: user.name,
    roleId: user.roleId,
    permissions: user.permissions,
    isSystemAdmin: user.isSystemAdmin,
    accountAccess,
    status: 'active',
  });
}

/** Seeds the demo companies, accounts and users once; later starts find them and change nothing. */
export async function seedDemoData(opts: SeedOptions): Promise<{ created: boolean }> {
  useLocalTable(opts.tableName, opts.dynamoEndpoint);
  let created = false;
  // The platform's global channel-type catalogue (C#0); adds only the names it does not have yet.
  if ((await seedChannelTypeCatalogue()).created.length) created = true;
  for (const company of DEMO_COMPANIES) {
    if (!(await getCompany(company.companyId))) {
      await createCompany({ ...company, createdAt: new Date().toISOString() });
      created = true;
    }
    const seeder: UserProfile = {
      sub: 'seed',
      companyId: company.companyId,
      email: 'seed@mixdesk.local',
      name: 'Seed',
      roleId: 1,
      permissions: [1],
      isSystemAdmin: false,
      accountAccess: 'all',
      status: 'active',
      createdAt: '',
      version: 1,
    };
    const { mains, created: accountsCreated } = await seedDemoAccounts(seeder, company.companyId);
    if (accountsCreated) created = true;
    // The vendors first, so that the demo plans' platform lines take theirs (idempotent).
    if (company.companyId === 1 && (await seedDemoVendors(company.companyId, seeder.email))) created = true;
    // A demo activity with an approved media plan and a draft of its next version (idempotent).
    if (company.companyId === 1 && (await seedDemoMediaPlan(seeder, mains))) created = true;
    for (const user of DEMO_USERS.filter((u) => u.companyId === company.companyId)) {
      const access =
        user.accounts === 'all'
          ? ('all' as const)
          : mains.filter((m) => (user.accounts as string[]).includes(m.Name)).map((m) => m.ID);
      const before = await getProfileBySub(await ensureCognitoUser(opts, user.email, user.name));
      if (!before) {
        await createDemoUser(opts, user, access);
        created = true;
      } else {
        // A profile from before the users list: its list entry and status copy.
        await backfillUserListEntry(before);
      }
    }
  }
  return { created };
}

/** A demo company's main accounts and their sub-accounts, each made when missing; the mains (found or made). */
async function seedDemoAccounts(
  seeder: UserProfile,
  companyId: number,
): Promise<{ mains: Account[]; created: boolean }> {
  let created = false;
  const mains = (await listAccountsByParent(companyId, null, 'Active', 500)).items;
  for (const spec of DEMO_ACCOUNTS[companyId] ?? []) {
    let main: Account | undefined = mains.find((m) => m.Name === spec.Name);
    if (!main) {
      main = await saveAccountFor(
        seeder,
        saveAccount.parse({
          account: {
            Name: spec.Name,
            Currency: spec.Currency,
            ManagementFeePct: spec.ManagementFeePct,
            ApplyVat: true,
          },
        }),
        undefined,
        'create',
      );
      mains.push(main);
      created = true;
    }
    const subs = await listAllSubAccounts(companyId, main.ID, 'Active');
    for (const subName of spec.subs) {
      if (subs.some((s) => s.Name === subName)) continue;
      await saveAccountFor(
        seeder,
        saveAccount.parse({
          account: {
            Name: subName,
            ParentId: main.ID,
            Currency: spec.Currency,
            ManagementFeePct: spec.ManagementFeePct,
          },
        }),
        main.ID,
        'create',
      );
      created = true;
    }
  }
  return { mains, created };
}
