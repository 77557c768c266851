import { createPrivateKey, createSign, generateKeyPairSync, randomInt, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import {
  AssociateSoftwareTokenCommand,
  CreateUserPoolClientCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createApiServer, type LambdaHandler } from '../../local/api-server';
import type { HttpApiEventV2 } from '../../local/http-event';
import { DEMO_PASSWORD } from '../../local/demo-data';
import { createDemoUser } from '../../local/seed';
import { createCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import { Permission, Role } from '../../lambdas/shared/permissions';
import {
  answerTotp,
  cognito,
  createCognitoUser,
  setHandlerEnv,
  signIn,
  totpCode,
  uniqueEmail,
  type TestEnv,
} from '../support/engines';

/**
 * The local HTTP API end to end: cognito-local sign-in (password, then TOTP), the local JWT
 * authorizer (what API Gateway's would accept and refuse), CORS, and routing. The authorizer's
 * refusals answer `{"message":"Unauthorized"}` like API Gateway; a handler's own 401 is the
 * `{"Success":false,...}` envelope, so the tests can tell which layer answered.
 */
const ORIGIN = 'http://localhost:3000';
const UNAUTHORIZED = { message: 'Unauthorized' };

let env: TestEnv;
const logLines: string[] = [];
let api: Server;
let apiUrl: string;
let echo: Server;
let echoUrl: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
    });
  });
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server?.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function post(
  base: string,
  route: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: ORIGIN, ...opts.headers };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers,
    body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body ?? {}),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}

// ---- JWT helpers: tokens we sign ourselves, to reach the authorizer's expiry/issuer/key checks ----

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid = 'CognitoLocal'): string {
  const head = b64url({ alg: 'RS256', typ: 'JWT', kid });
  const body = b64url(payload);
  const sig = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key).toString('base64url');
  return `${head}.${body}.${sig}`;
}

/** cognito-local signs every token with this key (shipped in the package); its JWKS serves the public half. */
function cognitoLocalKey(): KeyObject {
  const file = path.join(
    path.dirname(require.resolve('cognito-local/package.json')),
    'lib',
    'keys',
    'cognitoLocal.private.json',
  );
  return createPrivateKey(JSON.parse(readFileSync(file, 'utf8')).pem);
}

function accessClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: '00000000-0000-4000-8000-000000000000',
    client_id: env.clientId,
    iss: env.issuer,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + 600,
    username: 'someone',
    ...overrides,
  };
}

/** Changes one character in the middle of a JWT segment (0 header, 1 payload, 2 signature). */
function tamper(token: string, segment: number): string {
  const parts = token.split('.');
  const s = parts[segment];
  const i = Math.floor(s.length / 2);
  parts[segment] = s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  return parts.join('.');
}

beforeAll(async () => {
  env = setHandlerEnv();
  process.env.MIXDESK_LOG_LEVEL = 'silent';
  api = createApiServer({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    issuer: env.issuer,
    clientId: env.clientId,
    allowedOrigin: ORIGIN,
    log: (line) => logLines.push(line),
  });
  // Same server code, but every route answers with the event it received: checks the event shape
  // and lets a token pass the authorizer without needing a profile.
  const echoHandler: LambdaHandler = async (event) => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  echo = createApiServer({
    tableName: env.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    issuer: env.issuer,
    clientId: env.clientId,
    allowedOrigin: ORIGIN,
    log: () => undefined,
    resolveHandler: () => echoHandler,
  });
  [apiUrl, echoUrl] = await Promise.all([listen(api), listen(echo)]);
});

afterAll(async () => {
  await Promise.all([close(api), close(echo)]);
});

describe('sign-in with password and TOTP, then the API', () => {
  const email = uniqueEmail('totp');
  let totpSecret: string;

  beforeAll(async () => {
    const companyId = randomInt(100_000, 2_000_000_000);
    await createCompany({
      companyId,
      Name: 'Auth Test Agency',
      Logo: '',
      DefaultLocale: 'en',
      createdAt: new Date().toISOString(),
    });
    await createDemoUser(
      { ...env, cognitoEndpoint: env.cognitoEndpoint },
      {
        email,
        name: 'Tess Totp',
        companyId,
        roleId: Role.Planner,
        permissions: [Permission.OperationalReports],
        isSystemAdmin: false,
        accounts: 'all',
      },
      'all',
    );
  });

  it('password sign-in gives tokens and LogInByAws answers with the profile', async () => {
    const { tokens, challenge } = await signIn(email, DEMO_PASSWORD);
    expect(challenge).toBeUndefined();
    const res = await post(apiUrl, '/AuthService/LogInByAws', {
      token: tokens!.AccessToken,
      body: { JwtToken: tokens!.AccessToken, Email: email },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ Success: true, Response: { Email: email, Name: 'Tess Totp' } });
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('a wrong password is refused by cognito-local', async () => {
    await expect(signIn(email, 'not-the-password')).rejects.toThrow();
  });

  it('sets up TOTP; the next sign-in asks for the code; the code gives working tokens', async () => {
    const first = await signIn(email, DEMO_PASSWORD);
    const accessToken = first.tokens!.AccessToken!;
    const client = cognito();
    try {
      const assoc = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
      totpSecret = assoc.SecretCode!;
      expect(totpSecret).toMatch(/^[A-Z2-7]+=*$/);
      await expect(
        client.send(
          new VerifySoftwareTokenCommand({
            AccessToken: accessToken,
            UserCode: '000000' === totpCode(totpSecret) ? '111111' : '000000',
          }),
        ),
      ).rejects.toThrow();
      const verified = await client.send(
        new VerifySoftwareTokenCommand({
          AccessToken: accessToken,
          UserCode: totpCode(totpSecret),
          FriendlyDeviceName: 'test phone',
        }),
      );
      expect(verified.Status).toBe('SUCCESS');
      await client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: accessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      );
    } finally {
      client.destroy();
    }

    const second = await signIn(email, DEMO_PASSWORD);
    expect(second.tokens).toBeUndefined();
    expect(second.challenge?.name).toBe('SOFTWARE_TOKEN_MFA');
    const tokens = await answerTotp(email, second.challenge!, totpSecret);

    const res = await post(apiUrl, '/AuthService/LogInByAws', {
      token: tokens.AccessToken,
      body: { JwtToken: tokens.AccessToken, Email: email },
    });
    expect(res.status).toBe(200);
    expect(res.json.Success).toBe(true);
  });
});

describe('the local JWT authorizer refuses what API Gateway refuses', () => {
  it('no Authorization header → 401 {"message":"Unauthorized"}', async () => {
    const res = await post(apiUrl, '/AuthService/LogInByAws', { body: { JwtToken: 'x', Email: 'a@b.test' } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED);
    // CORS headers are on refusals too, or the browser could not read the 401.
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('garbage and empty bearer tokens → 401', async () => {
    for (const token of ['', 'not-a-jwt', 'a.b.c']) {
      const res = await post(apiUrl, '/AuthService/LogInByAws', { token });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED);
    }
  });

  describe('with a real cognito-local user without a Mixdesk profile', () => {
    const email = uniqueEmail('noprofile');
    let accessToken: string;
    let idToken: string;

    beforeAll(async () => {
      await createCognitoUser(email, DEMO_PASSWORD);
      const { tokens } = await signIn(email, DEMO_PASSWORD);
      accessToken = tokens!.AccessToken!;
      idToken = tokens!.IdToken!;
    });

    it('the token passes the authorizer; the handler itself answers 401 in the envelope', async () => {
      const res = await post(apiUrl, '/AuthService/LogInByAws', {
        token: accessToken,
        body: { JwtToken: accessToken, Email: email },
      });
      expect(res.json).not.toEqual(UNAUTHORIZED);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ Success: false });
    });

    it('the bare token (no "Bearer ") is accepted too, as API Gateway does', async () => {
      const res = await post(echoUrl, '/MainService/CrashSend', { headers: { authorization: accessToken } });
      expect(res.status).toBe(200);
    });

    it('a tampered signature, payload or header → 401', async () => {
      for (const segment of [2, 1, 0]) {
        const res = await post(apiUrl, '/AuthService/LogInByAws', { token: tamper(accessToken, segment) });
        expect(res.status).toBe(401);
        expect(res.json).toEqual(UNAUTHORIZED);
      }
    });

    it('an ID token (token_use id) → 401', async () => {
      const res = await post(echoUrl, '/AuthService/LogInByAws', { token: idToken });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED);
    });
  });

  it('a token of another app client of the same pool → 401', async () => {
    const client = cognito();
    let otherClientId: string;
    try {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: env.userPoolId,
          ClientName: `other-${randomInt(1e9)}`,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
        }),
      );
      otherClientId = created.UserPoolClient!.ClientId!;
    } finally {
      client.destroy();
    }
    const email = uniqueEmail('otherclient');
    await createCognitoUser(email, DEMO_PASSWORD);
    const { tokens } = await signIn(email, DEMO_PASSWORD, otherClientId);
    // A real access token (a JWT) of the other client: the 401 below is about the audience, not a missing token.
    expect(tokens?.AccessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(Buffer.from(tokens!.AccessToken!.split('.')[1], 'base64url').toString())).toMatchObject({
      client_id: otherClientId,
      token_use: 'access',
    });
    const res = await post(echoUrl, '/MainService/CrashSend', { token: tokens!.AccessToken });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED);
  });

  describe('tokens signed here', () => {
    const key = () => cognitoLocalKey();

    it('control: a well-formed token signed with the pool key passes', async () => {
      const res = await post(echoUrl, '/MainService/CrashSend', { token: signJwt(accessClaims(), key()) });
      expect(res.status).toBe(200);
    });

    it('expired → 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      const res = await post(echoUrl, '/MainService/CrashSend', {
        token: signJwt(accessClaims({ iat: now - 7200, exp: now - 60 }), key()),
      });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED);
    });

    it('without exp → 401', async () => {
      const { exp: _exp, ...claims } = accessClaims();
      const res = await post(echoUrl, '/MainService/CrashSend', { token: signJwt(claims, key()) });
      expect(res.status).toBe(401);
    });

    it('another issuer (another pool) → 401', async () => {
      const res = await post(echoUrl, '/MainService/CrashSend', {
        token: signJwt(accessClaims({ iss: env.issuer.replace(/\/[^/]+$/, '/local_0ther000') }), key()),
      });
      expect(res.status).toBe(401);
    });

    it('an access token without the API scope → 401 (the cloud routes require it: shared/access-token.ts)', async () => {
      const { scope: _scope, ...claims } = accessClaims();
      for (const token of [signJwt(claims, key()), signJwt(accessClaims({ scope: 'openid email' }), key())]) {
        const res = await post(echoUrl, '/MainService/CrashSend', { token });
        expect(res.status).toBe(401);
        expect(res.json).toEqual(UNAUTHORIZED);
      }
    });

    it('an ID token shaped like an access token (aud instead of client_id, token_use id) → 401', async () => {
      const { client_id: _c, ...claims } = accessClaims({ token_use: 'id', aud: env.clientId });
      const res = await post(echoUrl, '/MainService/CrashSend', { token: signJwt(claims, key()) });
      expect(res.status).toBe(401);
    });

    it('another client_id → 401', async () => {
      const res = await post(echoUrl, '/MainService/CrashSend', {
        token: signJwt(accessClaims({ client_id: 'someoneelse' }), key()),
      });
      expect(res.status).toBe(401);
    });

    it('signed with a foreign key (same kid) → 401', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const res = await post(echoUrl, '/MainService/CrashSend', { token: signJwt(accessClaims(), privateKey) });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED);
    });

    it('alg none → 401', async () => {
      const token = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(accessClaims())}.`;
      const res = await post(echoUrl, '/MainService/CrashSend', { token });
      expect(res.status).toBe(401);
    });
  });
});

describe('the event handed to the handler', () => {
  it('is an HTTP API payload-v2 event with the verified claims', async () => {
    const claims = accessClaims({ sub: 'sub-123', 'cognito:groups': ['a', 'b'] });
    const res = await post(echoUrl, '/AccountsService/GetAccountInfo', {
      token: signJwt(claims, cognitoLocalKey()),
      headers: { 'X-Account-Id': '42', 'User-Agent': 'jest' },
      body: { ID: 42 },
    });
    expect(res.status).toBe(200);
    const event = res.json as HttpApiEventV2;
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /AccountsService/GetAccountInfo',
      rawPath: '/AccountsService/GetAccountInfo',
      isBase64Encoded: false,
      body: JSON.stringify({ ID: 42 }),
      requestContext: {
        http: { method: 'POST', path: '/AccountsService/GetAccountInfo', sourceIp: '127.0.0.1', userAgent: 'jest' },
        routeKey: 'POST /AccountsService/GetAccountInfo',
        stage: '$default',
        authorizer: { jwt: { scopes: ['aws.cognito.signin.user.admin'] } },
      },
    });
    expect(event.headers['x-account-id']).toBe('42');
    expect(event.headers['content-type']).toBe('application/json');
    // API Gateway hands claims over as strings.
    const got = event.requestContext.authorizer.jwt.claims;
    expect(got.sub).toBe('sub-123');
    expect(got.exp).toBe(String(claims.exp));
    expect(got['cognito:groups']).toBe('[a b]');
    expect(typeof event.requestContext.timeEpoch).toBe('number');
    expect(event.requestContext.time).toMatch(/^\d\d\/[A-Z][a-z]{2}\/\d{4}:\d\d:\d\d:\d\d \+0000$/);
  });
});

describe('CORS and routing', () => {
  it('answers the preflight of the console origin without auth', async () => {
    const res = await fetch(`${apiUrl}/AccountsService/GetAccountsList`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-account-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-account-id']));
  });

  it('gives no CORS grant to another origin', async () => {
    const res = await fetch(`${apiUrl}/AccountsService/GetAccountsList`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('unknown route → 404 {"message":"Not Found"}, before any auth', async () => {
    const res = await post(apiUrl, '/NoService/NoMethod');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Not Found' });
  });

  it('a known path with another method → 404', async () => {
    const res = await fetch(`${apiUrl}/AuthService/LogInByAws`);
    expect(res.status).toBe(404);
  });

  it('a body over 1 MB → 413', async () => {
    const res = await post(echoUrl, '/MainService/CrashSend', {
      token: signJwt(accessClaims(), cognitoLocalKey()),
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
  });
});

describe('the request log', () => {
  it('has one "METHOD path status ms" line per request and never a token', () => {
    expect(logLines.length).toBeGreaterThan(5);
    for (const line of logLines) {
      expect(line).toMatch(/^(POST|GET|OPTIONS) \/\S* \d{3} \d+ms( \(.*\))?$/);
      // Every JWT starts with the base64url of '{"' (eyJ); none may reach the log.
      expect(line).not.toContain('eyJ');
    }
  });
});
