import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import { getProfile } from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import type { Invitation } from '../../local/fakes/cognito-admin-server';
import { main, stackOutputs } from '../../scripts/admin';
import { signIn } from '../support/engines';
import { useTestTable } from '../support/world';

/**
 * scripts/admin.ts run through its main function with --local against the run's DynamoDB Local and
 * cognito-local (behind the local admin front): the same domain function as CompaniesService.
 */
beforeAll(() => useTestTable());

const uniq = () => Math.random().toString(36).slice(2, 10);

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    argv,
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function invitationOf(email: string): Promise<Invitation> {
  const res = await fetch(`${process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT}/_fake/invitations`);
  const found = ((await res.json()) as Invitation[]).find((i) => i.Email === email);
  if (!found) throw new Error(`no invitation for ${email}`);
  return found;
}

describe('npm run admin -- create-company / list-companies --local', () => {
  it('creates the company with its invited Admin, who can sign in, and lists it with 1 user', async () => {
    const name = `Script Agency ${uniq()}`;
    const email = `script-${uniq()}@agency.example.com`;
    const r = await run(
      'create-company',
      '--name',
      name,
      '--admin-email',
      email,
      '--admin-name',
      'Shira Script',
      '--time-zone',
      'America/New_York',
      '--locale',
      'en',
      '--local',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const id = Number(/Created company (\d+)/.exec(r.out)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(await getCompany(id)).toMatchObject({ Name: name, DefaultLocale: 'en' });
    const invitation = await invitationOf(email);
    expect(await getProfile(id, invitation.Sub)).toMatchObject({
      email,
      name: 'Shira Script',
      roleId: 1,
      permissions: [1],
      accountAccess: 'all',
    });
    expect((await signIn(email, invitation.TemporaryPassword)).challenge?.name).toBe('NEW_PASSWORD_REQUIRED');

    const list = await run('list-companies', '--local');
    expect(list.code).toBe(0);
    const row = list.out.split('\n').find((l) => l.startsWith(`${id}\t`));
    expect(row?.split('\t')).toEqual([String(id), name, '1', '0', 'en', expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);
  });

  it('refuses an address that has a user already, leaving no company (exit 1)', async () => {
    const email = `twice-${uniq()}@agency.example.com`;
    expect((await run('create-company', '--name', `First ${uniq()}`, '--admin-email', email, '--local')).code).toBe(0);
    const name = `Second ${uniq()}`;
    const again = await run('create-company', '--name', name, '--admin-email', email, '--local');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/USER_EXISTS/);
    expect((await run('list-companies', '--local')).out).not.toContain(name);
  });

  it('explains its usage: no stage, an unknown stage, a bad locale or e-mail (exit 2, nothing made)', async () => {
    const noStage = await run('create-company', '--name', 'X', '--admin-email', 'x@example.com');
    expect(noStage).toMatchObject({ code: 2, err: expect.stringContaining('--stage dev|staging|prod') });
    expect((await run('list-companies', '--stage', 'qa')).err).toMatch(/Unknown stage qa/);
    const locale = await run(
      'create-company',
      '--name',
      'X',
      '--admin-email',
      'x@example.com',
      '--locale',
      'de',
      '--local',
    );
    expect(locale.code).toBe(2);
    expect(locale.err).toMatch(/defaultLocale/);
    const mail = await run('create-company', '--name', 'X', '--admin-email', 'not-an-address', '--local');
    expect(mail.code).toBe(2);
    expect(mail.err).toMatch(/adminEmail/);
    expect((await run('delete-company', '--local')).err).toMatch(/Unknown command delete-company/);
  });
});

describe('a stage: its table and pool from the stateful stack outputs', () => {
  let server: Server;
  let seen: { body: string; auth: string } | undefined;
  beforeAll(async () => {
    // CloudFormation's query API has no local engine: a stand-in that answers DescribeStacks as AWS does.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen = { body, auth: String(req.headers.authorization ?? '') };
        const stack = new URLSearchParams(body).get('StackName');
        if (stack !== 'mixdesk-dev-stateful') {
          res
            .writeHead(400, { 'content-type': 'text/xml' })
            .end(
              `<ErrorResponse><Error><Code>ValidationError</Code><Message>Stack with id ${stack} does not exist</Message></Error></ErrorResponse>`,
            );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/xml' })
          .end(`<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStacksResult><Stacks><member>
          <Outputs><member><Description>The stage's DynamoDB table</Description><OutputKey>TableName</OutputKey><OutputValue>mixdesk-dev</OutputValue></member>
          <member><OutputKey>UserPoolId</OutputKey><OutputValue>eu-west-1_AbC123</OutputValue></member></Outputs>
          <StackName>mixdesk-dev-stateful</StackName></member></Stacks></DescribeStacksResult></DescribeStacksResponse>`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const creds = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
  const endpoint = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  it('reads TableName and UserPoolId with a signed DescribeStacks', async () => {
    expect(await stackOutputs('mixdesk-dev-stateful', 'eu-west-1', creds, endpoint())).toEqual({
      TableName: 'mixdesk-dev',
      UserPoolId: 'eu-west-1_AbC123',
    });
    expect(seen?.body).toContain('Action=DescribeStacks');
    expect(seen?.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/cloudformation\/aws4_request/,
    );
  });

  it("says so when the stage's stack is not there", async () => {
    await expect(stackOutputs('mixdesk-qa-stateful', 'eu-west-1', creds, endpoint())).rejects.toThrow(
      /mixdesk-qa-stateful does not exist \(400\)/,
    );
  });
});
