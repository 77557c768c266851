import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { inviteUserIntoCompany } from '../../lambdas/modules/users/invites';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { userPoolAdmin, UserPoolError, type UserPoolAdmin } from '../../lambdas/aws/user-pool-admin';
import { reserveInvite } from '../../lambdas/modules/users/store.dynamodb';
import { Role } from '../../lambdas/shared/permissions';
import { startFakeCognitoAdmin, type FakeCognitoAdmin } from '../../local/fakes/cognito-admin-server';
import { cognito, testEnv } from '../support/engines';
import { makeCompany, tableSnapshot, type Company } from '../support/world';

/**
 * The one Cognito-admin interface (lambdas/aws/user-pool-admin.ts) against the local admin
 * front (local/fakes/cognito-admin-server.ts) in front of the run's cognito-local: the signed wire
 * format of the calls cognito-local lacks, retries and give-ups under the front's faults, and the
 * invitation's failure paths — neither half is ever left behind.
 */
let fake: FakeCognitoAdmin;
let pool: UserPoolAdmin;
let c: Company;
const LOCAL = { accessKeyId: 'local', secretAccessKey: 'local' };

beforeAll(async () => {
  c = await makeCompany('Pool Agency');
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

const uniqEmail = () => `pool-${Math.random().toString(36).slice(2, 10)}@pool.example.com`;
const invitation = (email: string) => ({
  email,
  name: 'Pool Person',
  roleId: Role.Planner,
  permissions: [],
  accountAccess: 'all' as const,
  isSystemAdmin: false,
});

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

describe('the calls cognito-local lacks, answered by the front in their wire format', () => {
  it('AdminSetUserMFAPreference turns the authenticator app off for a user of the pool', async () => {
    const sub = await pool.createUser({ email: uniqEmail(), name: 'Mfa Person' });
    await pool.resetMfa(sub);
    expect(fake.mfaPreferences().at(-1)).toEqual({
      Username: sub,
      UserPoolId: testEnv().userPoolId,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      SMSMfaSettings: { Enabled: false, PreferredMfa: false },
    });
  });

  it('AdminUserGlobalSignOut is recorded; an unknown user is refused as Cognito refuses it', async () => {
    const sub = await pool.createUser({ email: uniqEmail(), name: 'Out Person' });
    await pool.globalSignOut(sub);
    expect(fake.signOuts().map((s) => s.Username)).toContain(sub);
    await expect(pool.globalSignOut('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'UserNotFoundException',
    });
  });

  it('refuses a request signed with the wrong key, and is not tried again', async () => {
    const wrong = userPoolAdmin({
      userPoolId: testEnv().userPoolId,
      endpoint: fake.endpoint,
      credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'not-the-key' }),
      sleep: async () => undefined,
    });
    const before = fake.calls().length;
    await expect(wrong.resetMfa('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'InvalidSignatureException',
      status: 400,
    });
    expect(fake.calls().length - before).toBe(1);
  });
});

describe('faults', () => {
  it('tries a throttled or failing call again, with a bound', async () => {
    const sub = await pool.createUser({ email: uniqEmail(), name: 'Retry Person' });
    fake.injectFault('throttle', { target: 'AdminDisableUser' });
    fake.injectFault('serverError', { target: 'AdminDisableUser' });
    const before = fake.calls().length;
    await pool.disableUser(sub);
    expect(fake.calls().slice(before)).toEqual(['AdminDisableUser', 'AdminDisableUser', 'AdminDisableUser']);
    fake.injectFault('serverError', { target: 'AdminEnableUser', times: 3 });
    await expect(pool.enableUser(sub)).rejects.toMatchObject({ code: 'InternalErrorException', status: 500 });
    expect(fake.calls().filter((x) => x === 'AdminEnableUser')).toHaveLength(3);
  });

  it("gives up at once on a reply that is not the pool's", async () => {
    fake.injectFault('malformed', { target: 'AdminUserGlobalSignOut' });
    const err = await pool.globalSignOut('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserPoolError);
    expect(err).toMatchObject({ code: 'MalformedReply' });
  });
});

describe('an invitation is never half-made', () => {
  it('the pool failing: no profile, no mark, nothing changed', async () => {
    const email = uniqEmail();
    fake.injectFault('serverError', { target: 'AdminCreateUser', times: 3 });
    const before = await tableSnapshot();
    await expect(inviteUserIntoCompany(c.companyId, invitation(email), c.admin.email, pool)).rejects.toMatchObject({
      code: 'USER_POOL_UNAVAILABLE',
      statusCode: 503,
    });
    expect(await tableSnapshot()).toEqual(before);
    expect(await poolUserExists(email)).toBe(false);
  });

  it('the profile failing after the pool made the user: the pool user is deleted again and the mark removed', async () => {
    const email = uniqEmail();
    let made = '';
    // Between the pool's answer and the profile write, the sub's identity appears (as a crashed earlier write would leave it).
    fake.onUserCreated(async ({ sub }) => {
      made = sub;
      await ddb().send(
        new PutCommand({ TableName: tableName(), Item: { ...keys.identity(sub), companyId: c.companyId } }),
      );
    });
    const callsBefore = fake.calls().length;
    await expect(inviteUserIntoCompany(c.companyId, invitation(email), c.admin.email, pool)).rejects.toMatchObject({
      code: 'USER_EXISTS',
    });
    expect(made).not.toBe('');
    expect(fake.calls().slice(callsBefore)).toEqual(['AdminCreateUser', 'AdminDeleteUser']);
    expect(await poolUserExists(made)).toBe(false);
    expect(
      (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.user(c.companyId, made) }))).Item,
    ).toBeUndefined();
    expect(
      (await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.invite(email) }))).Item,
    ).toBeUndefined();
    expect(await registryOf(c.companyId)).not.toContain(keys.invite(email).pk);
    // The address can be invited again.
    fake.onUserCreated(undefined);
    await expect(inviteUserIntoCompany(c.companyId, invitation(email), c.admin.email, pool)).resolves.toMatchObject({
      email,
    });
  });

  it('a second invitation of an address in flight is refused before the pool is asked', async () => {
    const email = uniqEmail();
    await reserveInvite(email, c.companyId);
    const before = fake.calls().length;
    await expect(inviteUserIntoCompany(c.companyId, invitation(email), c.admin.email, pool)).rejects.toMatchObject({
      code: 'USER_EXISTS',
    });
    expect(fake.calls().length).toBe(before);
    // A mark older than INVITE_STALE_MS (a crashed invitation) is taken over.
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.invite(email), companyId: c.companyId, startedAt: Date.now() - 10 * 60 * 1000 },
      }),
    );
    const made = await inviteUserIntoCompany(c.companyId, invitation(email), c.admin.email, pool);
    expect(made).toMatchObject({ email });
    // The company's partition registry names the new identity pointer; the mark's entry went with the mark.
    const entries = await registryOf(c.companyId);
    expect(entries).toContain(keys.identity(made.sub).pk);
    expect(entries).not.toContain(keys.invite(email).pk);
  });
});

async function registryOf(companyId: number): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.partitionsPk(companyId) },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.sk));
}
