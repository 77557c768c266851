import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { getProfile } from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { CRASH_RETENTION_DAYS } from '../../lambdas/modules/crash-reports/store.dynamodb';
import { Permission } from '../../lambdas/shared/permissions';
import { fakeJwt } from '../support/route-fixtures';
import { invoke, makeCompany, type Company } from '../support/world';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Login Agency');
});

describe('AuthService.LogInByAws', () => {
  it('returns the profile and company, and records the sign-in time', async () => {
    const before = Date.now();
    const r = await invoke('AuthService', 'LogInByAws', {
      as: c.approver,
      body: { JwtToken: fakeJwt(c.approver.sub), Email: c.approver.email.toUpperCase() },
    });
    expect(r.status).toBe(200);
    expect(r.body.Response).toEqual({
      Name: c.approver.name,
      Email: c.approver.email,
      RoleId: 2,
      IsSystemAdmin: false,
      Permissions: [Permission.AccountCreateDelete, Permission.MediaPlanApprover],
      AccountAccess: 'all',
      Company: { ID: c.companyId, Name: 'Login Agency', Logo: '', DefaultLocale: 'he' },
      MfaRequired: false,
      MfaEnabled: null,
    });
    const stored = await getProfile(c.companyId, c.approver.sub);
    expect(Date.parse(stored!.lastLoginAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('expands Admin to every company permission it implies', async () => {
    const r = await invoke('AuthService', 'LogInByAws', {
      as: c.admin,
      body: { JwtToken: fakeJwt(c.admin.sub), Email: c.admin.email },
    });
    expect(r.body.Response.Permissions).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("refuses a token of another user, or another user's email", async () => {
    const other = await invoke('AuthService', 'LogInByAws', {
      as: c.planner,
      body: { JwtToken: fakeJwt(c.admin.sub), Email: c.planner.email },
    });
    expect(other.status).toBe(403);
    expect(other.body.ErrorMessage).toBe('JwtToken does not belong to the signed-in user');
    const email = await invoke('AuthService', 'LogInByAws', {
      as: c.planner,
      body: { JwtToken: fakeJwt(c.planner.sub), Email: c.admin.email },
    });
    expect(email.status).toBe(403);
    const garbage = await invoke('AuthService', 'LogInByAws', {
      as: c.planner,
      body: { JwtToken: 'not-a-jwt', Email: c.planner.email },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.ErrorMessage).toContain('JwtToken');
  });

  it('answers 401 to a disabled user and to a token without a profile', async () => {
    expect(
      (
        await invoke('AuthService', 'LogInByAws', {
          as: c.disabled,
          body: { JwtToken: fakeJwt(c.disabled.sub), Email: c.disabled.email },
        })
      ).status,
    ).toBe(401);
    expect(
      (await invoke('AuthService', 'LogInByAws', { body: { JwtToken: fakeJwt('x'), Email: 'x@y.test' } })).status,
    ).toBe(401);
  });
});

describe('MainService.CrashSend', () => {
  it('stores the report in the caller company for 90 days', async () => {
    const r = await invoke('MainService', 'CrashSend', {
      as: c.client,
      body: { Error: 'TypeError: boom', Info: 'info', ComponentStack: 'in Grid', Url: '/accounts/list' },
    });
    expect(r.status).toBe(200);
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.crashPk(c.companyId) },
      }),
    );
    const report = out.Items!.find((i) => i.id === r.body.Response.ID)!;
    expect(report).toMatchObject({
      error: 'TypeError: boom',
      componentStack: 'in Grid',
      url: '/accounts/list',
      sub: c.client.sub,
    });
    expect(report.expiresAt - Math.floor(Date.parse(report.at) / 1000)).toBe(CRASH_RETENTION_DAYS * 86400);
  });
});
