import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Mailer } from '../../lambdas/aws/ses-mailer';
import { temporaryPassword } from '../../lambdas/aws/user-pool-admin';
import { clientMetadataOf, invitationMail, type Invitation } from './cognito-invitation';
import {
  CognitoRefusal,
  json,
  readBody,
  refuse,
  TARGET_PREFIX,
  upstreamCall,
  verifyCognitoSignature,
  type UpstreamAnswer,
} from './cognito-admin-wire';
import type { Credentials } from './s3-sigv4';

export type { Invitation } from './cognito-invitation';

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

type Input = Record<string, unknown>;
type CreatedHook = ((user: { sub: string; email: string }) => Promise<void>) | undefined;

/** The front's state and its calls; `startFakeCognitoAdmin` puts it on a server. */
class CognitoAdminFront {
  readonly invitations: Invitation[] = [];
  readonly mfa: ReturnType<FakeCognitoAdmin['mfaPreferences']> = [];
  readonly signOuts: ReturnType<FakeCognitoAdmin['signOuts']> = [];
  readonly calls: string[] = [];
  private readonly faults: { kind: CognitoFault; target?: string }[] = [];
  userCreated: CreatedHook;
  private readonly upstream: string;
  private readonly log: (line: string) => void;

  constructor(private readonly opts: FakeCognitoAdminOptions) {
    this.upstream = opts.upstream.replace(/\/$/, '');
    this.log = opts.log ?? (() => undefined);
  }

  injectFault(kind: CognitoFault, o: { target?: string; times?: number } = {}): void {
    for (let i = 0; i < Math.min(Math.max(1, o.times ?? 1), 100); i++) this.faults.push({ kind, target: o.target });
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = await readBody(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!target.startsWith(TARGET_PREFIX))
      throw new CognitoRefusal(400, 'UnknownOperationException', `Unknown target ${target}`);
    const operation = target.slice(TARGET_PREFIX.length);
    this.calls.push(operation);
    if (this.answerFault(operation, res)) return;
    verifyCognitoSignature({ method: req.method ?? 'POST', path, headers: req.headers, body }, this.opts.credentials);
    let input: Input;
    try {
      input = JSON.parse(body.toString('utf8') || '{}') as Input;
    } catch {
      throw new CognitoRefusal(400, 'SerializationException', 'The request body is not JSON');
    }
    if (operation === 'AdminSetUserMFAPreference') {
      await this.userMustExist(input);
      this.mfa.push({
        Username: String(input.Username),
        UserPoolId: String(input.UserPoolId),
        SoftwareTokenMfaSettings: input.SoftwareTokenMfaSettings ?? null,
        SMSMfaSettings: input.SMSMfaSettings ?? null,
      });
      return void json(res, 200, {});
    }
    if (operation === 'AdminUserGlobalSignOut') {
      await this.userMustExist(input);
      this.signOuts.push({
        Username: String(input.Username),
        UserPoolId: String(input.UserPoolId),
        At: new Date().toISOString(),
      });
      return void json(res, 200, {});
    }
    await this.passThrough(operation, input, res);
  }

  /** Answers the next queued fault for this operation, if any (throws the refusals); true when answered. */
  private answerFault(operation: string, res: ServerResponse): boolean {
    const i = this.faults.findIndex((f) => !f.target || f.target === operation);
    if (i < 0) return false;
    const [fault] = this.faults.splice(i, 1);
    if (fault.kind === 'throttle') throw new CognitoRefusal(400, 'TooManyRequestsException', 'Rate exceeded');
    if (fault.kind === 'serverError') throw new CognitoRefusal(500, 'InternalErrorException', 'Internal error');
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><body>Service Temporarily Unavailable</body></html>');
    return true;
  }

  private async userMustExist(input: { UserPoolId?: unknown; Username?: unknown }): Promise<void> {
    if (typeof input.UserPoolId !== 'string' || typeof input.Username !== 'string' || !input.Username) {
      throw new CognitoRefusal(400, 'InvalidParameterException', 'UserPoolId and Username are required');
    }
    const got = await upstreamCall(this.upstream, 'AdminGetUser', {
      UserPoolId: input.UserPoolId,
      Username: input.Username,
    });
    if (got.status !== 200) {
      const body = JSON.parse(got.text || '{}') as { code?: string; __type?: string; message?: string };
      throw new CognitoRefusal(
        got.status,
        body.__type ?? body.code ?? 'UserNotFoundException',
        body.message ?? 'User does not exist.',
      );
    }
  }

  /** Any other call, to cognito-local; an e-mailed invitation gets a password the pool's policy takes and is kept. */
  private async passThrough(operation: string, input: Input, res: ServerResponse): Promise<void> {
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
    const out = await upstreamCall(
      this.upstream,
      operation,
      inviting ? { ...input, TemporaryPassword: password } : input,
    );
    if (operation === 'AdminCreateUser' && out.status === 200) await this.created(input, out, password);
    res
      .writeHead(out.status, {
        'content-type': out.headers.get('content-type') ?? 'application/x-amz-json-1.1',
        ...(out.headers.get('x-amzn-errortype') ? { 'x-amzn-errortype': out.headers.get('x-amzn-errortype')! } : {}),
      })
      .end(out.text);
  }

  /** A user cognito-local made: its invitation kept and mailed (when one was asked for), then the hook. */
  private async created(input: Input, out: UpstreamAnswer, password: string | undefined): Promise<void> {
    const attrs =
      (JSON.parse(out.text) as { User?: { Attributes?: { Name: string; Value: string }[] } }).User?.Attributes ?? [];
    const attr = (n: string) => attrs.find((a) => a.Name === n)?.Value ?? '';
    const sub = attr('sub');
    if (password) {
      const invitation: Invitation = {
        At: new Date().toISOString(),
        UserPoolId: String(input.UserPoolId),
        Email: attr('email') || String(input.Username),
        Name: attr('name'),
        TemporaryPassword: password,
        Sub: sub,
      };
      this.invitations.unshift(invitation);
      this.log(`cognito: invited ${invitation.Email} (temporary password ${password})`);
      if (this.opts.mailer)
        await this.opts.mailer
          .send(invitationMail(invitation, clientMetadataOf(input.ClientMetadata), this.opts.consoleUrl))
          .catch((e: Error) => this.log(`cognito: the invitation mail failed: ${e.message}`));
    }
    if (this.userCreated) await this.userCreated({ sub, email: attr('email') });
  }

  /** The front's own paths (`/_fake/…`), then the API. */
  async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /_fake/invitations') return void json(res, 200, this.invitations);
    if (route === 'POST /_fake/faults') {
      const input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
        kind?: CognitoFault;
        target?: string;
        times?: number;
      };
      if (!input.kind || !COGNITO_FAULTS.includes(input.kind))
        return void json(res, 400, { message: `kind must be one of ${COGNITO_FAULTS.join(', ')}` });
      this.injectFault(input.kind, { target: input.target, times: Number(input.times) || 1 });
      return void res.writeHead(204).end();
    }
    if (req.method === 'POST') return this.handle(req, res, url.pathname);
    // cognito-local's other paths (the JWKS, health) are not this front's.
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}

export async function startFakeCognitoAdmin(opts: FakeCognitoAdminOptions): Promise<FakeCognitoAdmin> {
  const host = opts.host ?? '127.0.0.1';
  const front = new CognitoAdminFront(opts);
  const server = createServer((req, res) => {
    // One request per connection: an idle keep-alive socket would hold the jest process open after the run.
    res.shouldKeepAlive = false;
    front.route(req, res).catch((err) => {
      if (res.headersSent) return;
      if (err instanceof CognitoRefusal) refuse(res, err);
      else refuse(res, new CognitoRefusal(500, 'InternalErrorException', (err as Error).message));
    });
  });
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
    invitations: () => [...front.invitations],
    mfaPreferences: () => [...front.mfa],
    signOuts: () => [...front.signOuts],
    calls: () => [...front.calls],
    injectFault: (kind, o) => front.injectFault(kind, o),
    onUserCreated: (fn) => {
      front.userCreated = fn;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
