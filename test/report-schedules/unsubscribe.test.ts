import { saveReportScheduleFor } from '../../lambdas/modules/reports/schedules';
import { unsubscribeToken } from '../../lambdas/modules/reports/unsubscribe-token';
import { handler } from '../../lambdas/public/unsubscribe';
import { getSchedule } from '../../lambdas/modules/reports/schedule-store.dynamodb';
import { CreateSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  DEV_UNSUBSCRIBE_KEY,
  resetUnsubscribeKey,
  unsubscribeKey,
} from '../../lambdas/modules/reports/unsubscribe-key-store.secrets-manager';
import { startFakeSecretsManager } from '../../local/fakes/secrets-manager-server';
import type { AddressInfo } from 'node:net';
import { createApiServer } from '../../local/api-server';
import { setHandlerEnv } from '../support/engines';
import { reportScheduleInput } from '../../lambdas/modules/reports/schemas/report-schedules';
import { makeCompany, type Company } from '../support/world';

/**
 * `GET /unsubscribe?t=<token>`, through its Lambda handler on DynamoDB Local: a valid
 * token removes exactly its address from exactly its schedule (again: the same page, nothing else
 * changes); an altered token (another schedule or address under the old signature), a forged one
 * (signed with another key) and garbage are refused without a change; an unknown schedule answers 404.
 */
let c: Company;
const KEY = Buffer.from(DEV_UNSUBSCRIBE_KEY, 'utf8');
const OUTSIDE = 'dana@client.test';
const call = async (t?: string) => handler({ queryStringParameters: t === undefined ? null : { t } });

beforeAll(async () => {
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  delete process.env.UNSUBSCRIBE_KEY;
  resetUnsubscribeKey();
  c = await makeCompany('Unsubscribe Agency');
});

const newSchedule = (language: 'he' | 'en') =>
  saveReportScheduleFor(c.analyst, c.accounts.main.ID, {
    schedule: reportScheduleInput.parse({
      Name: 'Client monthly',
      Filters: { groupBy: 'activity', accountId: c.accounts.main.ID },
      Period: 'lastMonth',
      Frequency: 'monthly',
      DelayHours: 0,
      Recipients: [c.analyst.email, OUTSIDE, 'other@client.test'],
      Language: language,
      Active: true,
    }),
  });

it("a valid token removes that address from that schedule only, in the schedule's language; a second click changes nothing", async () => {
  const s = await newSchedule('he');
  const other = await newSchedule('en');
  const t = unsubscribeToken(KEY, { companyId: c.companyId, scheduleId: s.Id, address: OUTSIDE });
  const first = await call(t);
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(first.body).toContain('lang="he"');
  expect(first.body).toContain(`${OUTSIDE} לא יקבל/תקבל עוד את הדוח המתוזמן &quot;Client monthly&quot;`);
  expect((await getSchedule(c.companyId, s.Id))!.Recipients).toEqual([c.analyst.email, 'other@client.test']);
  expect((await getSchedule(c.companyId, other.Id))!.Recipients).toEqual([
    c.analyst.email,
    OUTSIDE,
    'other@client.test',
  ]);
  const again = await call(t);
  expect(again.statusCode).toBe(200);
  expect((await getSchedule(c.companyId, s.Id))!).toMatchObject({
    Recipients: [c.analyst.email, 'other@client.test'],
    version: 2,
  });
});

it('refuses an altered, a forged and a malformed token, changing nothing', async () => {
  const s = await newSchedule('en');
  const t = unsubscribeToken(KEY, { companyId: c.companyId, scheduleId: s.Id, address: OUTSIDE });
  const [v, co, id, addr, sig] = t.split('.');
  const altered = [
    [v, co, String(s.Id + 1), addr, sig].join('.'), // another schedule under this signature
    [v, co, id, Buffer.from('other@client.test').toString('base64url'), sig].join('.'), // another address
    [v, String(c.companyId + 1), id, addr, sig].join('.'), // another company
  ];
  const forged = unsubscribeToken(Buffer.from('not the stage key, but long enough to look right', 'utf8'), {
    companyId: c.companyId,
    scheduleId: s.Id,
    address: OUTSIDE,
  });
  for (const bad of [...altered, forged, 'garbage', '', `${t}x`]) {
    const r = await call(bad);
    expect({ bad, status: r.statusCode }).toEqual({ bad, status: 400 });
    expect(r.body).toContain('This unsubscribe link is not valid.');
  }
  expect((await call(undefined)).statusCode).toBe(400);
  expect((await getSchedule(c.companyId, s.Id))!).toMatchObject({
    Recipients: [c.analyst.email, OUTSIDE, 'other@client.test'],
    version: 1,
  });
});

it('answers 404 for a schedule that does not exist (a genuine token of an unknown id)', async () => {
  const r = await call(unsubscribeToken(KEY, { companyId: c.companyId, scheduleId: 987654, address: OUTSIDE }));
  expect(r.statusCode).toBe(404);
  expect(r.body).toContain('This scheduled report no longer exists.');
});

it('in the cloud reads the key from its Secrets Manager secret (signed GetSecretValue, here the local one), once per container', async () => {
  const sm = await startFakeSecretsManager({ port: 0 });
  const saved = { arn: process.env.UNSUBSCRIBE_SECRET_ARN, endpoint: process.env.SECRETS_MANAGER_ENDPOINT };
  try {
    const client = new SecretsManagerClient({
      endpoint: sm.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const value = 'k'.repeat(40) + 'stage-generated-key-0123456789';
    const { ARN } = await client.send(
      new CreateSecretCommand({ Name: `unsubscribe-${c.companyId}`, SecretString: value }),
    );
    process.env.UNSUBSCRIBE_SECRET_ARN = ARN;
    process.env.SECRETS_MANAGER_ENDPOINT = sm.endpoint;
    resetUnsubscribeKey();
    expect((await unsubscribeKey()).toString('utf8')).toBe(value);
    const s = await newSchedule('en');
    // A token of the development key is forged as far as this stage is concerned; the stage key's is genuine.
    expect(
      (await call(unsubscribeToken(KEY, { companyId: c.companyId, scheduleId: s.Id, address: OUTSIDE }))).statusCode,
    ).toBe(400);
    const ok = await call(
      unsubscribeToken(Buffer.from(value, 'utf8'), { companyId: c.companyId, scheduleId: s.Id, address: OUTSIDE }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain(`${OUTSIDE} will no longer receive the scheduled report &quot;Client monthly&quot;.`);
  } finally {
    if (saved.arn === undefined) delete process.env.UNSUBSCRIBE_SECRET_ARN;
    else process.env.UNSUBSCRIBE_SECRET_ARN = saved.arn;
    if (saved.endpoint === undefined) delete process.env.SECRETS_MANAGER_ENDPOINT;
    else process.env.SECRETS_MANAGER_ENDPOINT = saved.endpoint;
    resetUnsubscribeKey();
    await sm.stop();
  }
});

it('npm start serves the same GET /unsubscribe on the local API, without a token of any user', async () => {
  const env = setHandlerEnv();
  const server = createApiServer({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    issuer: env.issuer,
    clientId: env.clientId,
    allowedOrigin: 'http://localhost:3000',
    log: () => undefined,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const s = await newSchedule('en');
    const t = unsubscribeToken(KEY, { companyId: c.companyId, scheduleId: s.Id, address: OUTSIDE });
    const res = await fetch(`${base}/unsubscribe?t=${encodeURIComponent(t)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('will no longer receive the scheduled report');
    expect((await getSchedule(c.companyId, s.Id))!.Recipients).not.toContain(OUTSIDE);
    expect((await fetch(`${base}/unsubscribe?t=forged`)).status).toBe(400);
    // Only GET: the manifest's POST routes are untouched.
    expect((await fetch(`${base}/unsubscribe`, { method: 'POST', body: '{}' })).status).toBe(404);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
