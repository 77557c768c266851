import { AdminGetUserCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '../../lambdas/aws/dynamodb/commands';
import { saveAccountFor } from '../../lambdas/modules/accounts/accounts';
import { createCompanyWithAdmin } from '../../lambdas/modules/companies/companies';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { getCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { getProfile } from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import { userPoolAdmin, type UserPoolAdmin } from '../../lambdas/aws/user-pool-admin';
import { saveAccount } from '../../lambdas/modules/accounts/schemas';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { startFakeCognitoAdmin, type FakeCognitoAdmin, type Invitation } from '../../local/fakes/cognito-admin-server';
import { platformOperator } from '../support/fixtures/platform';
import { cognito, signIn, testEnv } from '../support/engines';
import { invoke, makeCompany, tableSnapshot, type Company } from '../support/world';

/**
 * CompaniesService on DynamoDB Local and cognito-local (through the local admin front): a system
 * administrator creates an agency whose first Admin signs in with the invitation's temporary
 * password; the list counts users and active accounts; a failed invitation leaves no company.
 */
let operator: UserProfile;
let agency: Company;
beforeAll(async () => {
  operator = await platformOperator();
  agency = await makeCompany('Companies Agency');
});

const uniq = () => Math.random().toString(36).slice(2, 10);
const NEW_PASSWORD = 'Chosen-Password-2026!';

async function invitationOf(email: string): Promise<Invitation> {
  const res = await fetch(`${process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT}/_fake/invitations`);
  const found = ((await res.json()) as Invitation[]).find((i) => i.Email === email);
  if (!found) throw new Error(`no invitation for ${email}`);
  return found;
}

const newCompany = (extra: Record<string, unknown> = {}) => ({
  name: `Agency ${uniq()}`,
  adminEmail: `first-${uniq()}@new-agency.example.com`,
  adminName: 'Rina Admin',
  timeZone: 'Europe/London',
  defaultLocale: 'en',
  ...extra,
});

async function listAll(as: UserProfile) {
  const items: {
    CompanyId: number;
    Name: string;
    UserCount: number;
    AccountCount: number;
    DefaultLocale: string;
    CreatedAt: string;
  }[] = [];
  let NextToken: string | null = null;
  do {
    const r = await invoke('CompaniesService', 'GetCompaniesList', {
      as,
      body: { pageSize: 100, nextToken: NextToken },
    });
    expect(r.status).toBe(200);
    items.push(...r.body.Response.Items);
    NextToken = r.body.Response.NextToken;
  } while (NextToken);
  return items;
}

/** The table without the platform's id counter (a failed create may spend an id: a gap, by design). */
const withoutCounter = (items: string[]) => items.filter((i) => !i.includes('"COUNTER#Company"'));

async function poolUserExists(username: string): Promise<boolean> {
  const client = cognito();
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: testEnv().userPoolId, Username: username }));
    return true;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false;
    throw err;
  } finally {
    client.destroy();
  }
}

describe('CreateCompany', () => {
  it('makes the company, its configuration and its first Admin, who signs in with the temporary password', async () => {
    const input = newCompany();
    const r = await invoke('CompaniesService', 'CreateCompany', { as: operator, body: { company: input } });
    expect(r.body.ErrorMessage).toBeUndefined();
    expect(r.status).toBe(200);
    const { Company: company, Admin: admin } = r.body.Response;
    expect(company).toMatchObject({ Name: input.name, DefaultLocale: 'en', UserCount: 1, AccountCount: 0 });
    expect(company.CompanyId).toBeGreaterThan(0);
    expect(admin).toMatchObject({ Email: input.adminEmail, Name: 'Rina Admin' });
    expect(await getCompany(company.CompanyId)).toMatchObject({ Name: input.name, DefaultLocale: 'en' });
    const profile = await getProfile(company.CompanyId, admin.Sub);
    expect(profile).toMatchObject({
      roleId: Role.Administrator,
      permissions: [Permission.Admin],
      accountAccess: 'all',
      isSystemAdmin: false,
      status: 'active',
    });

    // The invitee signs in with the mailed temporary password, chooses their own, and administers their company.
    const invitation = await invitationOf(input.adminEmail);
    expect(invitation.Sub).toBe(admin.Sub);
    const first = await signIn(input.adminEmail, invitation.TemporaryPassword);
    expect(first.challenge?.name).toBe('NEW_PASSWORD_REQUIRED');
    const client = cognito();
    const out = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: testEnv().clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.challenge!.session,
        ChallengeResponses: { USERNAME: input.adminEmail, NEW_PASSWORD },
      }),
    );
    client.destroy();
    expect(out.AuthenticationResult?.AccessToken).toBeTruthy();
    const config = await invoke('ConfigurationsService', 'GetConfigurations', { as: profile!, body: {} });
    expect(config.status).toBe(200);
    expect(config.body.Response).toMatchObject({
      TimeZone: 'Europe/London',
      DefaultLocale: 'en',
      VatPct: 18,
      version: 1,
    });
    // Audited, in the new company's own history.
    const history = await invoke('AuditService', 'GetItemHistory', {
      as: profile!,
      body: { entity: 'configuration', id: company.CompanyId },
    });
    expect(history.status).toBe(200);
    expect(history.body.Response.Items[0]).toMatchObject({ Action: 'create' });
  });

  it('takes the defaults: Asia/Jerusalem and Hebrew', async () => {
    const { timeZone: _t, defaultLocale: _l, ...input } = newCompany();
    const r = await invoke('CompaniesService', 'CreateCompany', { as: operator, body: { company: input } });
    expect(r.status).toBe(200);
    const profile = await getProfile(r.body.Response.Company.CompanyId, r.body.Response.Admin.Sub);
    const config = await invoke('ConfigurationsService', 'GetConfigurations', { as: profile!, body: {} });
    expect(config.body.Response).toMatchObject({ TimeZone: 'Asia/Jerusalem', DefaultLocale: 'he' });
  });

  it('refuses whoever is not a system administrator, a company Admin included, and changes nothing', async () => {
    const before = await tableSnapshot();
    const r = await invoke('CompaniesService', 'CreateCompany', { as: agency.admin, body: { company: newCompany() } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ErrorCode: 'PERMISSION_MISSING', ErrorParams: { permission: 'SystemAdmin' } });
    expect(await tableSnapshot()).toEqual(before);
    const list = await invoke('CompaniesService', 'GetCompaniesList', { as: agency.admin, body: {} });
    expect(list.status).toBe(403);
  });

  it('refuses a bad time zone and a language it does not start in, naming the field', async () => {
    const tz = await invoke('CompaniesService', 'CreateCompany', {
      as: operator,
      body: { company: newCompany({ timeZone: 'Mars/Olympus' }) },
    });
    expect(tz.status).toBe(400);
    expect(tz.body.ErrorParams).toMatchObject({ field: 'company.timeZone' });
    const locale = await invoke('CompaniesService', 'CreateCompany', {
      as: operator,
      body: { company: newCompany({ defaultLocale: 'de' }) },
    });
    expect(locale.status).toBe(400);
    expect(locale.body.ErrorParams).toMatchObject({ field: 'company.defaultLocale' });
  });
});

describe('all or nothing', () => {
  describe('against a user pool that fails', () => {
    let fake: FakeCognitoAdmin;
    let pool: UserPoolAdmin;
    const LOCAL = { accessKeyId: 'local', secretAccessKey: 'local' };
    beforeAll(async () => {
      fake = await startFakeCognitoAdmin({ port: 0, upstream: testEnv().cognitoEndpoint, credentials: [LOCAL] });
      pool = userPoolAdmin({
        userPoolId: testEnv().userPoolId,
        endpoint: fake.endpoint,
        credentials: async () => LOCAL,
        sleep: async () => undefined,
      });
    });
    afterAll(() => fake.stop());
    afterEach(() => fake.onUserCreated(undefined));

    it('the pool refusing: 503, and no company item, configuration, profile or mark', async () => {
      const input = newCompany();
      fake.injectFault('serverError', { target: 'AdminCreateUser', times: 3 });
      const before = withoutCounter(await tableSnapshot());
      await expect(
        createCompanyWithAdmin({ ...input, defaultLocale: 'en' }, operator.email, pool),
      ).rejects.toMatchObject({ code: 'USER_POOL_UNAVAILABLE', statusCode: 503 });
      expect(withoutCounter(await tableSnapshot())).toEqual(before);
      expect(await poolUserExists(input.adminEmail)).toBe(false);
    });

    it('the write failing after the pool made the Admin: the pool user is deleted again, and no company', async () => {
      const input = newCompany();
      let made = '';
      fake.onUserCreated(async ({ sub }) => {
        made = sub;
        await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...keys.identity(sub), companyId: 1 } }));
      });
      const before = await tableSnapshot();
      await expect(
        createCompanyWithAdmin({ ...input, defaultLocale: 'en' }, operator.email, pool),
      ).rejects.toMatchObject({ code: 'USER_EXISTS' });
      expect(made).not.toBe('');
      expect(await poolUserExists(made)).toBe(false);
      const after = withoutCounter(await tableSnapshot()).filter((i) => !i.includes(`"SUB#${made}"`));
      expect(after).toEqual(withoutCounter(before));
    });
  });

  it('the same address twice: the second is refused and makes no company', async () => {
    const input = newCompany();
    expect((await invoke('CompaniesService', 'CreateCompany', { as: operator, body: { company: input } })).status).toBe(
      200,
    );
    const before = withoutCounter(await tableSnapshot());
    const again = await invoke('CompaniesService', 'CreateCompany', {
      as: operator,
      body: { company: { ...input, name: `${input.name} again` } },
    });
    expect(again.status).toBe(409);
    expect(again.body.ErrorCode).toBe('USER_EXISTS');
    expect(withoutCounter(await tableSnapshot())).toEqual(before);
  });
});

describe('GetCompaniesList', () => {
  it('lists every company with its users and its active accounts, counted right', async () => {
    const input = newCompany();
    const created = (await invoke('CompaniesService', 'CreateCompany', { as: operator, body: { company: input } })).body
      .Response;
    const id = created.Company.CompanyId;
    const admin = (await getProfile(id, created.Admin.Sub))!;
    let mine = (await listAll(operator)).find((c) => c.CompanyId === id);
    expect(mine).toMatchObject({
      Name: input.name,
      UserCount: 1,
      AccountCount: 0,
      DefaultLocale: 'en',
      CreatedAt: created.Company.CreatedAt,
    });

    // Two accounts (one a sub-account) and one archived; one more user invited.
    const main = await saveAccountFor(
      admin,
      saveAccount.parse({ account: { Name: 'Counted Client', Currency: 2 } }),
      undefined,
      'create',
    );
    await saveAccountFor(
      admin,
      saveAccount.parse({ account: { Name: 'Counted Sub', ParentId: main.ID } }),
      main.ID,
      'create',
    );
    const gone = await saveAccountFor(
      admin,
      saveAccount.parse({ account: { Name: 'Archived Client', Currency: 2 } }),
      undefined,
      'create',
    );
    const archived = await invoke('AccountsService', 'DeleteAccount', {
      as: admin,
      accountId: gone.ID,
      body: { accountId: gone.ID },
    });
    expect(archived.status).toBe(200);
    const invited = await invoke('UsersService', 'InviteUser', {
      as: admin,
      body: {
        user: {
          email: `second-${uniq()}@new-agency.example.com`,
          name: 'Second',
          roleId: Role.Planner,
          permissions: [],
          accountAccess: 'all',
        },
      },
    });
    expect(invited.status).toBe(200);
    mine = (await listAll(operator)).find((c) => c.CompanyId === id);
    expect(mine).toMatchObject({ UserCount: 2, AccountCount: 2 });

    // Another agency's numbers are its own (makeCompany: 6 profiles, 3 accounts).
    expect((await listAll(operator)).find((c) => c.CompanyId === agency.companyId)).toMatchObject({
      UserCount: 6,
      AccountCount: 3,
    });
  });

  it('pages by id without skipping or repeating, and refuses a forged token', async () => {
    const all = await listAll(operator);
    const seen: number[] = [];
    let NextToken: string | null = null;
    do {
      const r = await invoke('CompaniesService', 'GetCompaniesList', {
        as: operator,
        body: { pageSize: 2, nextToken: NextToken },
      });
      expect(r.body.Response.Items.length).toBeLessThanOrEqual(2);
      seen.push(...r.body.Response.Items.map((c: { CompanyId: number }) => c.CompanyId));
      NextToken = r.body.Response.NextToken;
    } while (NextToken && seen.length < all.length + 5);
    expect(seen).toEqual(all.map((c) => c.CompanyId));
    expect(seen).not.toContain(0);
    const forged = await invoke('CompaniesService', 'GetCompaniesList', {
      as: operator,
      body: { nextToken: 'bm90LWEtdG9rZW4' },
    });
    expect(forged.status).toBe(400);
  });
});
