import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import { createApiServer } from '../../local/api-server';
import { buildHttpEvent, lambdaContext } from '../../local/http-event';
import { DEMO_PASSWORD } from '../../local/demo-data';
import { createDemoUser } from '../../local/seed';
import { createCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { setHandlerEnv, signIn, uniqueEmail, type TestEnv } from '../support/engines';

/**
 * A whole run — cognito-local sign-in, LogInByAws (whose body carries the access token), business
 * calls, refused calls, an ID token at the authorizer, and a method failing with the token in its
 * error message — with every byte the process writes to stdout and stderr captured, then searched
 * for the tokens and the password it used. Logs and EMF metrics are ON here (they are silent in the
 * other suites), so the run produces the lines it then checks.
 */
const ORIGIN = 'http://localhost:3000';
let env: TestEnv;
let server: Server;
let apiUrl: string;
const written: string[] = [];
const serverLines: string[] = [];
const restore: (() => void)[] = [];

function capture(stream: NodeJS.WriteStream) {
  const original = stream.write.bind(stream);
  // Kept, not echoed: the run's log lines are what the test reads, not what CI should print.
  stream.write = ((chunk: unknown) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    return true;
  }) as typeof stream.write;
  restore.push(() => {
    stream.write = original;
  });
}

async function post(path: string, token: string, body: unknown, accountId?: number) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: ORIGIN,
    authorization: `Bearer ${token}`,
  };
  if (accountId) headers['x-account-id'] = String(accountId);
  const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  delete process.env.MIXDESK_LOG_LEVEL;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  env = setHandlerEnv();
  server = createApiServer({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    issuer: env.issuer,
    clientId: env.clientId,
    allowedOrigin: ORIGIN,
    log: (line) => serverLines.push(line),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const addr = server.address();
  apiUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  for (const r of restore) r();
  delete process.env.POWERTOOLS_METRICS_DISABLED;
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
});

it('no token or password reaches a log line, while the run does log and emit metrics', async () => {
  const email = uniqueEmail('logs');
  const companyId = randomInt(100_000, 2_000_000_000);
  await createCompany({
    companyId,
    Name: 'Log Test Agency',
    Logo: '',
    DefaultLocale: 'en',
    createdAt: new Date().toISOString(),
  });
  const profile = await createDemoUser(
    { ...env, cognitoEndpoint: env.cognitoEndpoint },
    {
      email,
      name: 'Lou Logs',
      companyId,
      roleId: Role.Administrator,
      permissions: [Permission.Admin],
      isSystemAdmin: false,
      accounts: 'all',
    },
    'all',
  );
  const { tokens } = await signIn(email, DEMO_PASSWORD);
  const secrets = [tokens!.AccessToken!, tokens!.IdToken!, tokens!.RefreshToken!, DEMO_PASSWORD];
  expect(secrets.every((s) => typeof s === 'string' && s.length > 8)).toBe(true);
  const access = tokens!.AccessToken!;

  capture(process.stdout);
  capture(process.stderr);
  try {
    expect((await post('/AuthService/LogInByAws', access, { JwtToken: access, Email: email })).status).toBe(200);
    expect((await post('/ConfigurationsService/GetConfigurations', access, {})).status).toBe(200);
    // Refused: bad input quoting the token, a wrong email, the ID token at the authorizer.
    expect((await post('/AuthService/LogInByAws', access, { JwtToken: access, Email: access })).status).toBe(400);
    expect(
      (await post('/AccountsService/CreateAccount', access, { account: { Name: access.slice(0, 300) } })).status,
    ).toBeLessThan(500);
    expect((await post('/ConfigurationsService/GetConfigurations', tokens!.IdToken!, {})).status).toBe(401);
    // A method failing with the token and the password in its error: the kit logs it (500).
    const { serviceHandler } = await import('../../lambdas/service-handler');
    const { CONFIGURATIONS_SERVICE_ROUTES } = await import('../../lambdas/modules/configurations/routes');
    const failing = serviceHandler(CONFIGURATIONS_SERVICE_ROUTES, 'GetConfigurations', async () => {
      throw new Error(`upstream refused Bearer ${access} for ${email} with password ${DEMO_PASSWORD}`);
    });
    const reply = await failing(
      buildHttpEvent({
        path: '/ConfigurationsService/GetConfigurations',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        claims: { sub: profile.sub, token_use: 'access' },
      }),
      lambdaContext('GetConfigurations'),
    );
    expect(reply.statusCode).toBe(500);
  } finally {
    for (const r of restore.splice(0)) r();
  }

  const output = [...written, ...serverLines].join('\n');
  // The run did log: the 500 with its route and company, the error message scrubbed.
  const failure = written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .find((l) => l?.message === 'unexpected error');
  expect(failure).toMatchObject({ level: 'ERROR', route: 'ConfigurationsService.GetConfigurations', companyId });
  expect(failure.errorMessage).toBe(`upstream refused Bearer [redacted] for ${email} with password [redacted]`);
  // ... and emitted EMF metrics per route, in the [service] and [service, route] sets.
  const emf = written
    .join('')
    .split('\n')
    .filter((l) => l.includes('"CloudWatchMetrics"'))
    .map((l) => JSON.parse(l));
  // One per call that reached a handler (the ID token stopped at the authorizer).
  expect(emf).toHaveLength(5);
  expect(emf[0]._aws.CloudWatchMetrics[0]).toMatchObject({
    Namespace: 'Mixdesk',
    Dimensions: [['service', 'route'], ['service']],
  });
  expect(emf.some((m) => m.route === 'GetConfigurations' && m['5xx'] === 1)).toBe(true);
  expect(emf.some((m) => m.route === 'LogInByAws' && m['4xx'] === 1)).toBe(true);
  for (const secret of secrets) expect(output.includes(secret)).toBe(false);
});
