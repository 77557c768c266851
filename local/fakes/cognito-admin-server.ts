import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Mailer } from '../../lambdas/aws/ses-mailer';
import { userPoolMail, type CustomMessageEvent } from '../../lambdas/modules/users/user-pool-mail';

/** The request's ClientMetadata, strings only. */
const clientMetadataOf = (v: unknown): Record<string, string> | null =>
  v && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : null;
import { temporaryPassword } from '../../lambdas/aws/user-pool-admin';
import { sha256Hex, signingKey, type Credentials } from './s3-sigv4';

/**
 * The local front of the user pool's admin API, for `npm start`, the tests and the journeys
 * (UsersService speaks to it through COGNITO_ADMIN_ENDPOINT, lambdas/aws/user-pool-admin.ts).
 * It checks each request's SigV4 signature (service cognito-idp) and then:
 * - answers itself the two calls cognito-local 5.3 lacks, in their wire format (`x-amz-target:
 *   AWSCognitoIdentityProviderService.<Op>`, JSON in and out, errors as `{"__type","message"}`):
 *   AdminSetUserMFAPreference and AdminUserGlobalSignOut — after asking cognito-local that the user
 *   exists (AdminGetUser), so an unknown user is refused as Cognito refuses it. What they were asked
 *   is kept (`mfaPreferences()`, `signOuts()`); cognito-local's own state is not changed (the API's
 *   profile is what Mixdesk reads: mfaEnabled, tokensValidAfter);
 * - passes every other call through to cognito-local unchanged, except that an AdminCreateUser with
 *   an e-mail invitation gets a temporary password the pool's policy takes (cognito-local would make
 *   six characters), and the invitation is KEPT (`invitations()`, `GET /_fake/invitations`), printed
 *   by `npm start` and, given a Mailer, mailed to the local SES mail catcher — what Cognito's
 *   invitation e-mail does in the cloud.
 *
 * Faults, for the request code's tests: `injectFault(kind, { target, times })` in process or
 * `POST /_fake/faults {"kind","target","times"}` makes the next calls (of one operation, or any)
 * fail as Cognito can: throttled (400 TooManyRequestsException), a server error (500
 * InternalErrorException), a reply that is not Cognito's (200 with HTML). `onUserCreated(fn)` runs
 * after a passed-through AdminCreateUser succeeded and before its answer leaves (what happens
 * "between" the pool and the profile, for the invitation's failure paths).
 */
export type CognitoFault = 'throttle' | 'serverError' | 'malformed';
export const COGNITO_FAULTS: readonly CognitoFault[] = ['throttle', 'serverError', 'malformed'];

/** The operations this front answers itself. */
export const FAKED_OPERATIONS = ['AdminSetUserMFAPreference', 'AdminUserGlobalSignOut'] as const;

export interface Invitation {
  At: string;
  UserPoolId: string;
  Email: string;
  Name: string;
  TemporaryPassword: string;
  Sub: string;
}

export interface FakeCognitoAdminOptions {
  port: number;
  host?: string;
  /** cognito-local's endpoint, where everything else goes. */
  upstream: string;
  credentials: readonly Credentials[];
  /** Mails each invitation (the local SES server), as Cognito's invitation message would. */
  mailer?: Mailer;
  /** Where the console is, named in the invitation. */
  consoleUrl?: string;
  log?: (line: string) => void;
}

export interface FakeCognitoAdmin {
  endpoint: string;
  port: number;
  server: Server;
  invitations(): Invitation[];
  mfaPreferences(): {
    Username: string;
    UserPoolId: string;
    SoftwareTokenMfaSettings: unknown;
    SMSMfaSettings: unknown;
  }[];
  signOuts(): { Username: string; UserPoolId: string; At: string }[];
  /** Operations received, in order (faulted ones included). */
  calls(): string[];
  injectFault(kind: CognitoFault, opts?: { target?: string; times?: number }): void;
  onUserCreated(fn: ((user: { sub: string; email: string }) => Promise<void>) | undefined): void;
  stop(): Promise<void>;
}

class CognitoRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** SigV4 of a request to the cognito-idp service (POST /, no query, the body's hash signed). */
export function verifyCognitoSignature(
  req: { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer },
  keys: readonly Credentials[],
  now = new Date(),
): void {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!m) throw new CognitoRefusal(400, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [accessKeyId, day, region, service, terminal] = m[1].split('/');
  if (!accessKeyId || !day || !region || service !== 'cognito-idp' || terminal !== 'aws4_request') {
    throw new CognitoRefusal(
      400,
      'IncompleteSignatureException',
      `Credential should be scoped to a valid region and the service cognito-idp: ${m[1]}`,
    );
  }
  const key = keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key)
    throw new CognitoRefusal(
      400,
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d || `${d[1]}${d[2]}${d[3]}` !== day)
    throw new CognitoRefusal(
      400,
      'IncompleteSignatureException',
      'X-Amz-Date is missing or does not match the credential scope',
    );
  if (Math.abs(now.getTime() - Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6])) > MAX_SKEW_MS) {
    throw new CognitoRefusal(400, 'InvalidSignatureException', 'Signature expired');
  }
  const signed = m[2].split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-target'))
    throw new CognitoRefusal(400, 'IncompleteSignatureException', 'host and x-amz-target must be signed');
  const headers = signed
    .map((h) => {
      const v = req.headers[h];
      return `${h}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [req.method, req.path || '/', '', headers, signed.join(';'), sha256Hex(req.body)].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/cognito-idp/aws4_request`, sha256Hex(canonical)].join(
    '\n',
  );
  const mine = createHmac('sha256', signingKey(key.secretAccessKey, day, region, 'cognito-idp'))
    .update(toSign, 'utf8')
    .digest('hex');
  if (!sameHex(mine, m[3]))
    throw new CognitoRefusal(
      400,
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided.',
    );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const decodeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/**
 * The invitation e-mail, as the stage's user pool sends it: written by its CustomMessage trigger
 * (modules/users/user-pool-mail.ts) from the request's ClientMetadata (language, company), the
 * pool's placeholders filled; locally, the console's address under it.
 */
export function invitationMail(i: Invitation, metadata?: Record<string, string> | null, consoleUrl?: string) {
  const { response } = userPoolMail<CustomMessageEvent>({
    triggerSource: 'CustomMessage_AdminCreateUser',
    request: {
      userAttributes: { email: i.Email, name: i.Name },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      clientMetadata: metadata ?? null,
    },
    response: {},
  });
  const fill = (s: string) => s.split('{username}').join(i.Email).split('{####}').join(i.TemporaryPassword);
  const html = fill(response.emailMessage ?? '');
  const text = decodeHtml(
    html
      .replace(/<br>/g, '\n')
      .replace(/<\/p>/g, '\n\n')
      .replace(/<[^>]*>/g, ''),
  ).trim();
  return {
    to: i.Email,
    subject: response.emailSubject ?? 'Your Mixdesk invitation',
    text: consoleUrl ? `${text}\n\n${consoleUrl}` : text,
    html,
  };
}

export async function startFakeCognitoAdmin(opts: FakeCognitoAdminOptions): Promise<FakeCognitoAdmin> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const upstream = opts.upstream.replace(/\/$/, '');
  const invitations: Invitation[] = [];
  const mfa: ReturnType<FakeCognitoAdmin['mfaPreferences']> = [];
  const signOuts: ReturnType<FakeCognitoAdmin['signOuts']> = [];
  const calls: string[] = [];
  const faults: { kind: CognitoFault; target?: string }[] = [];
  let userCreated: ((user: { sub: string; email: string }) => Promise<void>) | undefined;

  const json = (res: ServerResponse, status: number, value: unknown) =>
    res
      .writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() })
      .end(JSON.stringify(value));
  const refuse = (res: ServerResponse, r: CognitoRefusal) =>
    res
      .writeHead(r.status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-errortype': `${r.code}:`,
        'x-amzn-requestid': randomUUID(),
      })
      .end(JSON.stringify({ __type: r.code, message: r.message }));

  /**
   * One call to cognito-local (unsigned: it checks no signature), on a connection of its own that
   * closes after it (node:http without an agent): a pooled keep-alive socket would hold the jest
   * process, where the test setup runs this front, open after the run.
   */
  function upstreamCall(
    operation: string,
    input: unknown,
  ): Promise<{ status: number; headers: Headers; text: string }> {
    const body = JSON.stringify(input);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        upstream,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `${TARGET_PREFIX}${operation}`,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
            resolve({ status: res.statusCode ?? 500, headers, text: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function userMustExist(input: { UserPoolId?: unknown; Username?: unknown }) {
    if (typeof input.UserPoolId !== 'string' || typeof input.Username !== 'string' || !input.Username) {
      throw new CognitoRefusal(400, 'InvalidParameterException', 'UserPoolId and Username are required');
    }
    const got = await upstreamCall('AdminGetUser', { UserPoolId: input.UserPoolId, Username: input.Username });
    if (got.status !== 200) {
      const body = JSON.parse(got.text || '{}') as { code?: string; __type?: string; message?: string };
      throw new CognitoRefusal(
        got.status,
        body.__type ?? body.code ?? 'UserNotFoundException',
        body.message ?? 'User does not exist.',
      );
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string) {
    const body = await readBody(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!target.startsWith(TARGET_PREFIX))
      throw new CognitoRefusal(400, 'UnknownOperationException', `Unknown target ${target}`);
    const operation = target.slice(TARGET_PREFIX.length);
    calls.push(operation);
    const i = faults.findIndex((f) => !f.target || f.target === operation);
    if (i >= 0) {
      const [fault] = faults.splice(i, 1);
      if (fault.kind === 'throttle') throw new CognitoRefusal(400, 'TooManyRequestsException', 'Rate exceeded');
      if (fault.kind === 'serverError') throw new CognitoRefusal(500, 'InternalErrorException', 'Internal error');
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Service Temporarily Unavailable</body></html>');
    }
    verifyCognitoSignature({ method: req.method ?? 'POST', path, headers: req.headers, body }, opts.credentials);
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      throw new CognitoRefusal(400, 'SerializationException', 'The request body is not JSON');
    }

    if (operation === 'AdminSetUserMFAPreference') {
      await userMustExist(input);
      mfa.push({
        Username: String(input.Username),
        UserPoolId: String(input.UserPoolId),
        SoftwareTokenMfaSettings: input.SoftwareTokenMfaSettings ?? null,
        SMSMfaSettings: input.SMSMfaSettings ?? null,
      });
      return json(res, 200, {});
    }
    if (operation === 'AdminUserGlobalSignOut') {
      await userMustExist(input);
      signOuts.push({
        Username: String(input.Username),
        UserPoolId: String(input.UserPoolId),
        At: new Date().toISOString(),
      });
      return json(res, 200, {});
    }

    const inviting =
      operation === 'AdminCreateUser' &&
      input.MessageAction !== 'SUPPRESS' &&
      Array.isArray(input.DesiredDeliveryMediums) &&
      input.DesiredDeliveryMediums.includes('EMAIL');
    const password = inviting
      ? typeof input.TemporaryPassword === 'string'
        ? input.TemporaryPassword
        : temporaryPassword()
      : undefined;
    const out = await upstreamCall(operation, inviting ? { ...input, TemporaryPassword: password } : input);
    if (operation === 'AdminCreateUser' && out.status === 200) {
      const attrs =
        (JSON.parse(out.text) as { User?: { Attributes?: { Name: string; Value: string }[] } }).User?.Attributes ?? [];
      const attr = (n: string) => attrs.find((a) => a.Name === n)?.Value ?? '';
      const sub = attr('sub');
      if (inviting && password) {
        const invitation: Invitation = {
          At: new Date().toISOString(),
          UserPoolId: String(input.UserPoolId),
          Email: attr('email') || String(input.Username),
          Name: attr('name'),
          TemporaryPassword: password,
          Sub: sub,
        };
        invitations.unshift(invitation);
        log(`cognito: invited ${invitation.Email} (temporary password ${password})`);
        if (opts.mailer)
          await opts.mailer
            .send(invitationMail(invitation, clientMetadataOf(input.ClientMetadata), opts.consoleUrl))
            .catch((e: Error) => log(`cognito: the invitation mail failed: ${e.message}`));
      }
      if (userCreated) await userCreated({ sub, email: attr('email') });
    }
    res
      .writeHead(out.status, {
        'content-type': out.headers.get('content-type') ?? 'application/x-amz-json-1.1',
        ...(out.headers.get('x-amzn-errortype') ? { 'x-amzn-errortype': out.headers.get('x-amzn-errortype')! } : {}),
      })
      .end(out.text);
  }

  const server = createServer((req, res) => {
    // One request per connection: an idle keep-alive socket would hold the jest process open after the run.
    res.shouldKeepAlive = false;
    const url = new URL(req.url ?? '/', 'http://local');
    const route = `${req.method} ${url.pathname}`;
    const run = async () => {
      if (route === 'GET /_fake/invitations') return json(res, 200, invitations);
      if (route === 'POST /_fake/faults') {
        const input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
          kind?: CognitoFault;
          target?: string;
          times?: number;
        };
        if (!input.kind || !COGNITO_FAULTS.includes(input.kind))
          return json(res, 400, { message: `kind must be one of ${COGNITO_FAULTS.join(', ')}` });
        injectFault(input.kind, { target: input.target, times: Number(input.times) || 1 });
        return res.writeHead(204).end();
      }
      if (req.method === 'POST') return handle(req, res, url.pathname);
      // cognito-local's other paths (the JWKS, health) are not this front's.
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    };
    run().catch((err) => {
      if (res.headersSent) return;
      if (err instanceof CognitoRefusal) refuse(res, err);
      else refuse(res, new CognitoRefusal(500, 'InternalErrorException', (err as Error).message));
    });
  });

  function injectFault(kind: CognitoFault, o: { target?: string; times?: number } = {}) {
    for (let i = 0; i < Math.min(Math.max(1, o.times ?? 1), 100); i++) faults.push({ kind, target: o.target });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    endpoint: `http://${host}:${port}`,
    port,
    server,
    invitations: () => [...invitations],
    mfaPreferences: () => [...mfa],
    signOuts: () => [...signOuts],
    calls: () => [...calls],
    injectFault,
    onUserCreated: (fn) => {
      userCreated = fn;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
