import { ListUsersCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, QueryCommand, ScanCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { listKeys, putObject } from '../../lambdas/aws/s3';
import { companyDataHooks, deliverCompanyDataJob } from '../../lambdas/modules/company-data';
import { companyFilePrefixes } from '../../lambdas/modules/company-data/company-files.s3';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { inviteUserIntoCompany } from '../../lambdas/modules/users/invites';
import { credentialStore } from '../../lambdas/modules/connectors';
import { userPoolAdminFromEnv } from '../../lambdas/aws/user-pool-admin';
import { cognito, createCognitoUser, testEnv, uniqueEmail } from '../support/engines';
import { platformOperator } from '../support/fixtures/platform';
import { seedDraft } from '../support/media-plans';
import { invoke, makeCompany, makeUser, tableSnapshot, useOwnTable, type Company } from '../support/world';

/**
 * The company deletion on DynamoDB Local, the local S3 server and cognito-local: a system
 * administrator deletes one of two companies; afterwards a full Scan finds no item of it (its
 * partitions, its identity pointers, its invitations), no object is left under any of its prefixes,
 * no pool user of its profiles or invitations and no connector secret is left — and the other
 * company is untouched. Refused calls write nothing.
 */
let operator: UserProfile;
let victim: Company;
const victimName = `Victim ${Date.now()}`;
let keeper: Company;
const victimSubs: string[] = [];
let keeperSub: string;
/** The pool user of a victim's invitation that died before its profile was written: no profile names it. */
let crashedInviteSub: string;
/** An agent connector of each company, its credentials in (local) Secrets Manager. */
const connectors = new Map<number, number>();

async function saveConnector(c: Company): Promise<void> {
  const saved = await invoke('ConnectorsService', 'SaveAgentConnector', {
    as: c.admin,
    accountId: c.accounts.main.ID,
    body: { agentConnector: { ID: 0, ConnectorId: 2, Name: 'Meta', Credentials: { accessToken: 'deletion-token' } } },
  });
  expect(saved.status).toBe(200);
  connectors.set(c.companyId, saved.body.Response.ID);
}

const secretOf = (c: Company) =>
  credentialStore().get({ companyId: c.companyId, agentConnectorId: connectors.get(c.companyId)! });
const jobs: Promise<void>[] = [];
const settle = async () => {
  while (jobs.length) await jobs.shift();
};
const bucket = () => process.env.CREATIVES_BUCKET!;

/** A profile of the company with a real pool user behind it. */
async function poolUser(c: Company): Promise<string> {
  const email = uniqueEmail('deletion');
  const sub = await createCognitoUser(email, 'Pool-Password-2026!');
  await makeUser(c.companyId, Role.Planner, [], { sub, email });
  return sub;
}

/** One small object under each of the company's prefixes (creatives, logos, orders, bills, CSV, exports…). */
async function seedFiles(c: Company): Promise<void> {
  for (const prefix of companyFilePrefixes(c.companyId))
    await putObject(
      { bucket: bucket(), key: `${prefix}probe.bin` },
      new Uint8Array([1, 2, 3]),
      'application/octet-stream',
    );
}

async function wholeTable(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    out.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** Items of the company: in its partitions, or outside them naming it (pointers). */
const itemsOf = (items: Record<string, unknown>[], companyId: number) =>
  items.filter((i) => {
    const pk = String(i.pk);
    return (
      pk === `C#${companyId}` || pk.startsWith(`C#${companyId}#`) || (!pk.startsWith('C#') && i.companyId === companyId)
    );
  });

async function filesOf(companyId: number): Promise<string[]> {
  const out: string[] = [];
  for (const prefix of companyFilePrefixes(companyId)) out.push(...(await listKeys(bucket(), prefix)));
  return out;
}

async function poolSubs(): Promise<Set<string>> {
  const client = cognito();
  const subs = new Set<string>();
  try {
    let PaginationToken: string | undefined;
    do {
      const page = await client.send(
        new ListUsersCommand({ UserPoolId: testEnv().userPoolId, PaginationToken, Limit: 60 }),
      );
      for (const u of page.Users ?? ([] as UserType[]))
        subs.add(u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username ?? '');
      PaginationToken = page.PaginationToken;
    } while (PaginationToken);
  } finally {
    client.destroy();
  }
  return subs;
}

beforeAll(async () => {
  await useOwnTable('company-deletion');
  companyDataHooks.local = (m) => jobs.push(deliverCompanyDataJob(m));
  operator = await platformOperator();
  victim = await makeCompany(victimName);
  keeper = await makeCompany('Keeper Agency');
  await seedDraft(victim, 2);
  await seedDraft(keeper, 1);
  victimSubs.push(await poolUser(victim), await poolUser(victim));
  keeperSub = await poolUser(keeper);
  // An invitation in flight of each company (a pointer item outside its partitions).
  for (const c of [victim, keeper])
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.invite(uniqueEmail('invite')), companyId: c.companyId, startedAt: Date.now() },
      }),
    );
  const crashed = uniqueEmail('crashed-invite');
  crashedInviteSub = await createCognitoUser(crashed, 'Pool-Password-2026!');
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.invite(crashed), companyId: victim.companyId, startedAt: Date.now() },
    }),
  );
  await seedFiles(victim);
  await seedFiles(keeper);
  await saveConnector(victim);
  await saveConnector(keeper);
}, 30_000);

afterAll(() => {
  companyDataHooks.local = undefined;
});

describe('DeleteCompany', () => {
  it('refuses, writing nothing: a wrong name, company 0, its own company, a caller who is no system admin', async () => {
    const ownAdmin = await makeUser(keeper.companyId, Role.Administrator, [Permission.Admin], { isSystemAdmin: true });
    const before = { table: await tableSnapshot(), files: await filesOf(victim.companyId) };
    const call = (as: UserProfile, body: Record<string, unknown>) =>
      invoke('CompaniesService', 'DeleteCompany', { as, body });
    const wrong = await call(operator, { companyId: victim.companyId, confirmName: victimName.toUpperCase() });
    expect([wrong.status, wrong.body.ErrorCode]).toEqual([409, 'COMPANY_NAME_MISMATCH']);
    const zero = await call(operator, { companyId: 0, confirmName: 'Platform' });
    expect(zero.status).toBe(400);
    const own = await call(ownAdmin, { companyId: keeper.companyId, confirmName: 'Keeper Agency' });
    expect([own.status, own.body.ErrorCode]).toEqual([409, 'COMPANY_NOT_DELETABLE']);
    const missing = await call(operator, { companyId: 1_999_999_999, confirmName: 'Nobody' });
    expect(missing.status).toBe(404);
    for (const as of [victim.admin, keeper.admin, victim.planner]) {
      const refused = await call(as, { companyId: victim.companyId, confirmName: victimName });
      expect(refused.status).toBe(403);
    }
    expect(jobs).toHaveLength(0);
    expect(await tableSnapshot()).toEqual(before.table);
    expect(await filesOf(victim.companyId)).toEqual(before.files);
    // The pool is the whole run's (other suites add users meanwhile): every user of both companies is still there.
    const pool = await poolSubs();
    for (const sub of [...victimSubs, keeperSub, crashedInviteSub]) expect(pool.has(sub)).toBe(true);
  }, 30_000);

  it('deletes every item, file and pool user of the company, and nothing of the other', async () => {
    const all = await wholeTable();
    expect(itemsOf(all, victim.companyId).length).toBeGreaterThan(20);
    const keeperBefore = itemsOf(all, keeper.companyId)
      .map((i) => `${String(i.pk)}|${String(i.sk)}`)
      .sort();
    const keeperFiles = await filesOf(keeper.companyId);
    expect(await filesOf(victim.companyId)).toHaveLength(companyFilePrefixes(victim.companyId).length);
    const pool = await poolSubs();
    for (const sub of [...victimSubs, keeperSub, crashedInviteSub]) expect(pool.has(sub)).toBe(true);
    for (const c of [victim, keeper]) expect(await secretOf(c)).toEqual({ accessToken: 'deletion-token' });

    const send = jest.spyOn(ddb(), 'send');
    const started = await invoke('CompaniesService', 'DeleteCompany', {
      as: operator,
      body: { companyId: victim.companyId, confirmName: victimName },
    });
    expect(started.status).toBe(200);
    await settle();
    // Read through the victim's partition registry: no Scan, and no Query of a partition that is not
    // the victim's (its own, or a pointer its registry names).
    const calls = send.mock.calls.map(([c]) => c);
    send.mockRestore();
    expect(calls.some((c) => c instanceof ScanCommand)).toBe(false);
    const victimPointers = new Set(
      all.filter((i) => i.pk === `C#${victim.companyId}#PARTS` && !String(i.sk).startsWith('C#')).map((i) => i.sk),
    );
    expect(victimPointers.size).toBeGreaterThan(0);
    const read = calls
      .filter((c): c is QueryCommand => c instanceof QueryCommand)
      .map((c) => String(c.input.ExpressionAttributeValues?.[':pk']));
    expect(read.length).toBeGreaterThan(5);
    expect(
      read.filter(
        (pk) => !(pk === `C#${victim.companyId}` || pk.startsWith(`C#${victim.companyId}#`) || victimPointers.has(pk)),
      ),
    ).toEqual([]);
    const done = await invoke('CompaniesService', 'GetCompanyDeletion', {
      as: operator,
      body: { deletionId: started.body.Response.DeletionId },
    });
    // The 8 profiles' pool users, and the crashed invitation's.
    expect(done.body.Response).toMatchObject({ Status: 'Done', Error: null, UsersDeleted: 9 });
    expect(done.body.Response.FilesDeleted).toBeGreaterThanOrEqual(companyFilePrefixes(victim.companyId).length);

    // The proof: nothing of it in the table, in the bucket or in the pool.
    const after = await wholeTable();
    expect(itemsOf(after, victim.companyId)).toEqual([]);
    expect(after.filter((i) => String(i.pk).startsWith('SUB#') && i.companyId === victim.companyId)).toEqual([]);
    expect(await filesOf(victim.companyId)).toEqual([]);
    const poolAfter = await poolSubs();
    for (const sub of [...victimSubs, crashedInviteSub]) expect(poolAfter.has(sub)).toBe(false);
    // The other company is untouched: the same items, files and pool user.
    expect(
      itemsOf(after, keeper.companyId)
        .map((i) => `${String(i.pk)}|${String(i.sk)}`)
        .sort(),
    ).toEqual(keeperBefore);
    expect(await filesOf(keeper.companyId)).toEqual(keeperFiles);
    expect(poolAfter.has(keeperSub)).toBe(true);
    // Its connector's credentials are gone from Secrets Manager; the other company's stay.
    expect(await secretOf(victim)).toBeUndefined();
    expect(await secretOf(keeper)).toEqual({ accessToken: 'deletion-token' });
    // The job's record and its audit entry stay in the platform's partition.
    expect(after.filter((i) => i.pk === 'C#0#AUDIT' && i.entity === 'CompanyDeletion')).toHaveLength(1);
  }, 30_000);
});

describe('an invitation in flight when its company is deleted', () => {
  it('writes nothing once the deletion has passed: 409 INVITE_CANCELLED, its pool user removed', async () => {
    const name = `Overtaken ${Date.now()}`;
    const company = await makeCompany(name);
    const real = userPoolAdminFromEnv();
    let madeSub = '';
    // The deletion runs whole between the pool's user being made and the profile being written.
    const pool = {
      ...real,
      createUser: async (u: Parameters<typeof real.createUser>[0]) => {
        madeSub = await real.createUser(u);
        const started = await invoke('CompaniesService', 'DeleteCompany', {
          as: operator,
          body: { companyId: company.companyId, confirmName: name },
        });
        expect(started.status).toBe(200);
        await settle();
        return madeSub;
      },
    };
    const email = uniqueEmail('overtaken');
    const refused = await inviteUserIntoCompany(
      company.companyId,
      {
        email,
        name: 'Late Invitee',
        roleId: Role.Planner,
        permissions: [],
        accountAccess: 'all',
        isSystemAdmin: false,
        mail: { locale: 'en', company: name },
      },
      company.admin.sub,
      pool,
    ).then(
      () => null,
      (err: unknown) => err as { code?: string; params?: unknown },
    );
    expect(refused).toMatchObject({ code: 'INVITE_CANCELLED', params: { email } });
    expect(madeSub).not.toBe('');
    expect(itemsOf(await wholeTable(), company.companyId)).toEqual([]);
    expect((await poolSubs()).has(madeSub)).toBe(false);
  }, 30_000);
});
