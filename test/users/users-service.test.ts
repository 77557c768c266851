import { AdminGetUserCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '../../lambdas/aws/dynamodb/commands';
import { clearCallerCache, loadCaller } from '../../lambdas/kit/caller';
import { callerLookups } from '../../lambdas/caller-lookups';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { getProfile } from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import { Permission as P, Role } from '../../lambdas/shared/permissions';
import type { Invitation } from '../../local/fakes/cognito-admin-server';
import { cognito, signIn, testEnv } from '../support/engines';
import { invoke, makeCompany, makeUser, tableSnapshot, type Company } from '../support/world';

/**
 * UsersService on DynamoDB Local and cognito-local (through the local admin front the jest setup
 * starts): invitations that can be signed in with, the rules of who grants what, disable at once,
 * sign out everywhere, the history. The failure paths of an invitation: user-pool-admin.test.ts.
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Users Agency');
});

const uniq = () => Math.random().toString(36).slice(2, 10);
const NEW_PASSWORD = 'Chosen-Password-2026!';

async function invitationOf(email: string): Promise<Invitation> {
  const res = await fetch(`${process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT}/_fake/invitations`);
  const all = (await res.json()) as Invitation[];
  const found = all.find((i) => i.Email === email);
  if (!found) throw new Error(`no invitation for ${email}`);
  return found;
}

async function invite(as = c.admin, user: Record<string, unknown> = {}) {
  const email = `u-${uniq()}@users.example.com`;
  const r = await invoke('UsersService', 'InviteUser', {
    as,
    body: {
      user: {
        email,
        name: 'Dana Cohen',
        roleId: Role.Planner,
        permissions: [],
        accountAccess: [c.accounts.main.ID],
        ...user,
      },
    },
  });
  return { email, r };
}

describe('InviteUser', () => {
  it('makes the user in the pool and the profile; the invitee signs in with the temporary password and sets their own', async () => {
    const { email, r } = await invite();
    expect(r.body.ErrorMessage).toBeUndefined();
    expect(r.status).toBe(200);
    const view = r.body.Response;
    expect(view).toMatchObject({
      Email: email,
      Name: 'Dana Cohen',
      RoleId: Role.Planner,
      Permissions: [],
      AccountAccess: [c.accounts.main.ID],
      Status: 'active',
      Invited: true,
      MfaEnabled: false,
    });
    expect(await getProfile(c.companyId, view.Sub)).toMatchObject({ email, companyId: c.companyId });
    // The invitation mail's temporary password is the pool's, and it signs in to a new-password challenge.
    const invitation = await invitationOf(email);
    expect(invitation.Sub).toBe(view.Sub);
    expect(invitation.TemporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12,}$/);
    const first = await signIn(email, invitation.TemporaryPassword);
    expect(first.challenge?.name).toBe('NEW_PASSWORD_REQUIRED');
    const client = cognito();
    const out = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: testEnv().clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: first.challenge!.session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD },
      }),
    );
    client.destroy();
    expect(out.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await signIn(email, NEW_PASSWORD)).tokens?.AccessToken).toBeTruthy();
    // The invitation is in the user's history.
    const info = await invoke('UsersService', 'GetUserInfo', { as: c.admin, body: { sub: view.Sub } });
    expect(info.body.Response.History).toEqual([
      expect.objectContaining({ Action: 'invite', By: c.admin.email, ByName: c.admin.name }),
    ]);
    expect(info.body.Response.History[0].Changes).toEqual(
      expect.arrayContaining([{ Field: 'permissions', Before: null, After: [] }]),
    );
  });

  it('refuses an address that has a user already, leaving everything as it was', async () => {
    const { email } = await invite();
    const before = await tableSnapshot();
    const again = await invoke('UsersService', 'InviteUser', {
      as: c.admin,
      body: { user: { email, name: 'Again', roleId: Role.Planner, permissions: [], accountAccess: 'all' } },
    });
    expect(again.status).toBe(409);
    expect(again.body.ErrorCode).toBe('USER_EXISTS');
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses to grant what the caller does not hold, and accounts of another company', async () => {
    const settings = await makeUser(c.companyId, Role.MediaManager, [P.GeneralSettings]);
    const r = (await invite(settings, { permissions: [P.MediaPlanApprover] })).r;
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ErrorCode: 'CANNOT_GRANT', ErrorParams: { permission: 'MediaPlanApprover' } });
    expect((await invite(settings, { isSystemAdmin: true })).r.body.ErrorCode).toBe('CANNOT_GRANT');
    expect((await invite(c.admin, { accountAccess: [999_999] })).r.status).toBe(404);
    expect((await invite(c.admin, { accountAccess: [c.accounts.sub.ID] })).r.body.ErrorCode).toBe(
      'ACCOUNT_IS_SUBACCOUNT',
    );
    // What they hold they may pass on.
    expect((await invite(settings, { permissions: [P.GeneralSettings] })).r.status).toBe(200);
  });
});

describe('the list', () => {
  it('finds users by part of a name or an e-mail, pages by name, and filters by who sees an account', async () => {
    const tag = uniq();
    for (const name of ['Avi', 'Bella', 'Carmel']) await invite(c.admin, { name: `${name} ${tag}` });
    const byName = await invoke('UsersService', 'GetUsersList', {
      as: c.admin,
      body: { search: tag.toUpperCase(), pageSize: 2 },
    });
    expect(byName.body.Response.Items.map((u: { Name: string }) => u.Name)).toEqual([`Avi ${tag}`, `Bella ${tag}`]);
    const next = await invoke('UsersService', 'GetUsersList', {
      as: c.admin,
      body: { search: tag, pageSize: 2, nextToken: byName.body.Response.NextToken },
    });
    expect(next.body.Response.Items.map((u: { Name: string }) => u.Name)).toEqual([`Carmel ${tag}`]);
    expect(next.body.Response.NextToken).toBeNull();
    const byEmail = await invoke('UsersService', 'GetUsersList', {
      as: c.admin,
      body: { search: c.analyst.email.slice(0, 8) },
    });
    expect(byEmail.body.Response.Items.map((u: { Sub: string }) => u.Sub)).toEqual([c.analyst.sub]);
    // Who sees the other account: those with all accounts, not the client limited to the main one.
    const seeing = await invoke('UsersService', 'GetUsersList', {
      as: c.admin,
      accountId: c.accounts.other.ID,
      body: { pageSize: 500 },
    });
    const subs = seeing.body.Response.Items.map((u: { Sub: string }) => u.Sub);
    expect(subs).toContain(c.admin.sub);
    expect(subs).not.toContain(c.client.sub);
  });

  it("never shows another company's users", async () => {
    const other = await makeCompany('Elsewhere');
    const r = await invoke('UsersService', 'GetUsersList', {
      as: other.admin,
      body: { search: 'user', pageSize: 500 },
    });
    const companies = await Promise.all(
      r.body.Response.Items.map((u: { Sub: string }) => getProfile(other.companyId, u.Sub)),
    );
    expect(companies.every(Boolean)).toBe(true);
    expect(r.body.Response.Items.map((u: { Sub: string }) => u.Sub)).not.toContain(c.admin.sub);
    expect(
      (await invoke('UsersService', 'GetUserInfo', { as: other.admin, body: { sub: c.planner.sub } })).status,
    ).toBe(404);
  });
});

describe('disable and enable', () => {
  it('refuses a disabled user at once, even with their profile in the 30 s cache, and lets them back when enabled', async () => {
    const { r } = await invite();
    const u = r.body.Response;
    clearCallerCache();
    await loadCaller(callerLookups, u.Sub); // cached now
    const off = await invoke('UsersService', 'DisableUser', { as: c.admin, body: { sub: u.Sub, version: u.version } });
    expect(off.body.Response).toMatchObject({ Status: 'disabled' });
    await expect(loadCaller(callerLookups, u.Sub)).rejects.toMatchObject({ code: 'USER_DISABLED', statusCode: 401 });
    const refused = await invoke('AccountsService', 'GetAccountsList', { as: { sub: u.Sub }, body: {} });
    expect([refused.status, refused.body.ErrorCode]).toEqual([401, 'USER_DISABLED']);
    // The pool disabled them too.
    const client = cognito();
    const pooled = await client.send(new AdminGetUserCommand({ UserPoolId: testEnv().userPoolId, Username: u.Sub }));
    expect(pooled.Enabled).toBe(false);
    const on = await invoke('UsersService', 'EnableUser', {
      as: c.admin,
      body: { sub: u.Sub, version: off.body.Response.version },
    });
    expect(on.body.Response).toMatchObject({ Status: 'active' });
    expect(
      (await client.send(new AdminGetUserCommand({ UserPoolId: testEnv().userPoolId, Username: u.Sub }))).Enabled,
    ).toBe(true);
    client.destroy();
    await expect(loadCaller(callerLookups, u.Sub)).resolves.toMatchObject({ sub: u.Sub });
    const history = (await invoke('UsersService', 'GetUserInfo', { as: c.admin, body: { sub: u.Sub } })).body.Response
      .History;
    expect(history.map((h: { Action: string }) => h.Action)).toEqual(['enable', 'disable', 'invite']);
    expect(history[1].Changes).toEqual([
      { Field: 'status', Before: 'active', After: 'disabled' },
      { Field: 'tokensValidAfter', Before: null, After: off.body.Response.TokensValidAfter },
    ]);
  });

  it('refuses a session begun before DisableUser after EnableUser: coming back takes a new sign-in', async () => {
    const { r } = await invite();
    const u = r.body.Response;
    const before = Math.floor(Date.now() / 1000) - 5;
    clearCallerCache();
    await loadCaller(callerLookups, u.Sub, undefined, { authTime: before });
    const off = await invoke('UsersService', 'DisableUser', { as: c.admin, body: { sub: u.Sub, version: u.version } });
    const on = await invoke('UsersService', 'EnableUser', {
      as: c.admin,
      body: { sub: u.Sub, version: off.body.Response.version },
    });
    expect(on.body.Response).toMatchObject({ Status: 'active' });
    await expect(loadCaller(callerLookups, u.Sub, undefined, { authTime: before })).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
      statusCode: 401,
    });
    const old = await invoke('AccountsService', 'GetAccountsList', { as: { sub: u.Sub }, authTime: before, body: {} });
    expect([old.status, old.body.ErrorCode]).toEqual([401, 'SESSION_REVOKED']);
    await expect(
      loadCaller(callerLookups, u.Sub, undefined, { authTime: Math.ceil(Date.now() / 1000) + 1 }),
    ).resolves.toMatchObject({
      sub: u.Sub,
    });
    // The cut-off is the moment of the disable, as stored.
    expect(on.body.Response.TokensValidAfter).toBe(off.body.Response.TokensValidAfter);
    expect(Date.parse(off.body.Response.TokensValidAfter)).toBeGreaterThan(before * 1000);
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    const { r } = await invite();
    const before = await tableSnapshot();
    const stale = await invoke('UsersService', 'DisableUser', {
      as: c.admin,
      body: { sub: r.body.Response.Sub, version: 7 },
    });
    expect(stale.body.ErrorCode).toBe('STALE_VERSION');
    expect(await tableSnapshot()).toEqual(before);
  });
});

describe('the last Admin', () => {
  it('cannot demote or disable themselves; with a second Admin they can step down', async () => {
    const co = await makeCompany('One Admin');
    const me = (await invoke('UsersService', 'GetUserInfo', { as: co.admin, body: { sub: co.admin.sub } })).body
      .Response.User;
    const demote = await invoke('UsersService', 'UpdateUser', {
      as: co.admin,
      body: {
        user: {
          sub: me.Sub,
          name: me.Name,
          roleId: Role.MediaManager,
          permissions: [P.GeneralSettings],
          accountAccess: 'all',
          version: me.version,
        },
      },
    });
    expect([demote.status, demote.body.ErrorCode]).toEqual([409, 'LAST_ADMIN']);
    const disable = await invoke('UsersService', 'DisableUser', {
      as: co.admin,
      body: { sub: me.Sub, version: me.version },
    });
    expect(disable.body.ErrorCode).toBe('CANNOT_DISABLE_SELF');
    // A second Admin: now the first may step down, and the second is then the last.
    const second = await makeUser(co.companyId, Role.Administrator, [P.Admin]);
    const stepDown = await invoke('UsersService', 'UpdateUser', {
      as: co.admin,
      body: {
        user: {
          sub: me.Sub,
          name: me.Name,
          roleId: Role.MediaManager,
          permissions: [P.GeneralSettings],
          accountAccess: 'all',
          version: me.version,
        },
      },
    });
    expect(stepDown.body.ErrorMessage).toBeUndefined();
    expect(stepDown.body.Response.Permissions).toEqual([P.GeneralSettings]);
    const demoteSecond = await invoke('UsersService', 'UpdateUser', {
      as: second,
      body: {
        user: {
          sub: second.sub,
          name: second.name,
          roleId: Role.Planner,
          permissions: [],
          accountAccess: 'all',
          version: second.version,
        },
      },
    });
    expect(demoteSecond.body.ErrorCode).toBe('LAST_ADMIN');
    // And a settings manager cannot touch an Admin.
    const viaSettings = await invoke('UsersService', 'DisableUser', {
      as: { sub: me.Sub },
      body: { sub: second.sub, version: second.version },
    });
    expect(viaSettings.body).toMatchObject({ ErrorCode: 'USER_OUTRANKS', ErrorParams: { permission: 'Admin' } });
  });

  it('never lets a user raise their own permissions', async () => {
    const settings = await makeUser(c.companyId, Role.MediaManager, [P.GeneralSettings]);
    const r = await invoke('UsersService', 'UpdateUser', {
      as: settings,
      body: {
        user: {
          sub: settings.sub,
          name: settings.name,
          roleId: Role.MediaManager,
          permissions: [P.GeneralSettings, P.Admin],
          accountAccess: 'all',
          version: settings.version,
        },
      },
    });
    expect([r.status, r.body.ErrorCode]).toEqual([403, 'CANNOT_RAISE_OWN']);
  });
});

describe('credentials', () => {
  it('resets the password to a temporary one the user must change, audited', async () => {
    const { email, r } = await invite();
    const u = r.body.Response;
    const reset = await invoke('UsersService', 'ResetUserPassword', {
      as: c.admin,
      body: { sub: u.Sub, version: u.version },
    });
    expect(reset.body.ErrorMessage).toBeUndefined();
    const password = reset.body.Response.TemporaryPassword as string;
    expect(password).not.toBe((await invitationOf(email)).TemporaryPassword);
    expect((await signIn(email, password)).challenge?.name).toBe('NEW_PASSWORD_REQUIRED');
    const history = (await invoke('UsersService', 'GetUserInfo', { as: c.admin, body: { sub: u.Sub } })).body.Response
      .History;
    expect(history[0]).toMatchObject({ Action: 'resetPassword' });
    expect(JSON.stringify(history)).not.toContain(password);
  });

  it("resets MFA through the pool and forgets the profile's TOTP", async () => {
    const { r } = await invite();
    const u = r.body.Response;
    const res = await invoke('UsersService', 'ResetUserMfa', { as: c.admin, body: { sub: u.Sub, version: u.version } });
    expect(res.body.Response).toMatchObject({ MfaEnabled: false, version: u.version + 1 });
    expect(
      (await invoke('UsersService', 'GetUserInfo', { as: c.admin, body: { sub: u.Sub } })).body.Response.History[0]
        .Action,
    ).toBe('resetMfa');
  });

  it('signs out everywhere: a session begun before is refused at once, a new one is not', async () => {
    const { r } = await invite();
    const u = r.body.Response;
    const before = Math.floor(Date.now() / 1000) - 5;
    clearCallerCache();
    await loadCaller(callerLookups, u.Sub, undefined, { authTime: before });
    const out = await invoke('UsersService', 'SignOutUserEverywhere', {
      as: c.admin,
      body: { sub: u.Sub, version: u.version },
    });
    expect(out.body.Response.TokensValidAfter).toEqual(expect.any(String));
    await expect(loadCaller(callerLookups, u.Sub, undefined, { authTime: before })).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
      statusCode: 401,
    });
    await expect(
      loadCaller(callerLookups, u.Sub, undefined, { authTime: Math.ceil(Date.now() / 1000) + 1 }),
    ).resolves.toMatchObject({
      sub: u.Sub,
    });
    const identity = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.identity(u.Sub) }));
    expect(identity.Item?.tokensValidAfter).toBe(out.body.Response.TokensValidAfter);
  });
});

describe('InviteUsersCsv', () => {
  it('invites each line and says what became of it; a user already there is reported, not fatal', async () => {
    const { email: existing } = await invite();
    const a = `csv-${uniq()}@users.example.com`;
    const b = `csv-${uniq()}@users.example.com`;
    const csv = `email,name,role,accounts\n${a},"Levi, Noa",Analyst,all\n${existing},Again,Planner,${c.accounts.main.ID}\n${b},Client Person,client,${c.accounts.main.ID}\n`;
    const r = await invoke('UsersService', 'InviteUsersCsv', { as: c.admin, body: { csv } });
    expect(r.body.ErrorMessage).toBeUndefined();
    expect(r.body.Response).toMatchObject({ Invited: 2, NotInvited: 1 });
    expect(r.body.Response.Rows).toEqual([
      expect.objectContaining({ Line: 2, Email: a, Outcome: 'invited', Code: null }),
      expect.objectContaining({ Line: 3, Email: existing, Outcome: 'exists', Code: 'USER_EXISTS', Sub: null }),
      expect.objectContaining({ Line: 4, Email: b, Outcome: 'invited' }),
    ]);
    const analyst = await getProfile(c.companyId, r.body.Response.Rows[0].Sub);
    expect(analyst).toMatchObject({
      name: 'Levi, Noa',
      roleId: Role.Analyst,
      permissions: [P.OperationalReports, P.ManagementReports],
      accountAccess: 'all',
    });
    expect(await getProfile(c.companyId, r.body.Response.Rows[2].Sub)).toMatchObject({
      roleId: Role.Client,
      permissions: [P.ClientZone],
      accountAccess: [c.accounts.main.ID],
    });
  });

  it('refuses a file with a wrong line whole, naming each problem, and invites no one', async () => {
    const good = `csv-${uniq()}@users.example.com`;
    const before = await tableSnapshot();
    const r = await invoke('UsersService', 'InviteUsersCsv', {
      as: c.admin,
      body: {
        csv: `email,name,role,accounts\n${good},Fine,Planner,all\nnot-an-email,Bad,Chef,x1\n${good},Twice,Planner,all\n`,
      },
    });
    expect([r.status, r.body.ErrorCode]).toEqual([400, 'CSV_LINE_INVALID']);
    const issues = (r.body as unknown as { ErrorIssues: { line: number; field?: string; code: string }[] }).ErrorIssues;
    expect(issues.map((i) => [i.line, i.field, i.code])).toEqual([
      [3, 'role', 'NOT_ONE_OF'],
      [3, 'accounts', 'ACCOUNT_LIST'],
      [3, 'email', 'EMAIL'],
      [4, 'email', 'CSV_REPEATED_ROW'],
    ]);
    expect(await tableSnapshot()).toEqual(before);
  });
});
