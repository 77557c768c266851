import { randomInt } from 'node:crypto';
import {
  bareCode,
  defaultSleep,
  envCredentials,
  localCredentials,
  signedPost,
  withRetries,
  type SignedReply,
} from './signed-post';

/**
 * The ONE way Mixdesk administers the user pool: invite, disable/enable, reset the
 * password or MFA, sign out everywhere, and remove a user an invitation could not finish. Cognito's
 * admin API is JSON over HTTPS (`x-amz-target: AWSCognitoIdentityProviderService.<Operation>`,
 * `application/x-amz-json-1.1`), signed here with the SDK's own SigV4 signer (@smithy/signature-v4,
 * already in every bundle through the DynamoDB caller) and sent with Node's fetch, as
 * aws/s3.ts and ses-mailer.ts do: @aws-sdk/client-cognito-identity-provider would add
 * its own client stack to every UsersService bundle for eight plain calls.
 *
 * Where: `COGNITO_ADMIN_ENDPOINT`, else `COGNITO_ENDPOINT` (npm start and the tests: the local
 * Cognito admin front, local/fakes/cognito-admin-server.ts, which answers the two calls
 * cognito-local lacks — AdminSetUserMFAPreference and AdminUserGlobalSignOut — and passes the rest
 * to cognito-local); unset, the region's endpoint with the Lambda role's credentials. The pool is
 * `USER_POOL_ID`. Throttling and 5xx answers and network failures are tried again with a bounded,
 * jittered backoff; anything else fails at once with a UserPoolError carrying Cognito's code.
 *
 * Users are named by their `sub` after creation: it is the username of a pool whose users sign in
 * with their e-mail (and cognito-local resolves it too), and it never changes.
 */
export class UserPoolError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UserPoolError';
  }
}

export interface NewPoolUser {
  email: string;
  name: string;
  /**
   * Handed to the pool's CustomMessage trigger as ClientMetadata (modules/users/user-pool-mail.ts):
   * the invitation's language and the inviting company's name.
   */
  mail?: { locale: string; company: string };
}

export interface UserPoolAdmin {
  /** AdminCreateUser with an e-mail invitation carrying a temporary password; resolves to the new user's sub. */
  createUser(user: NewPoolUser): Promise<string>;
  /** AdminDeleteUser: only to undo an invitation whose profile could not be written. */
  deleteUser(sub: string): Promise<void>;
  disableUser(sub: string): Promise<void>;
  enableUser(sub: string): Promise<void>;
  /** AdminSetUserPassword, Permanent false: the user must choose a new password at the next sign-in. */
  setTemporaryPassword(sub: string, password: string): Promise<void>;
  updateAttributes(sub: string, attributes: Record<string, string>): Promise<void>;
  /** AdminSetUserMFAPreference: the authenticator app off (a lost phone); the user sets it up again. */
  resetMfa(sub: string): Promise<void>;
  /** AdminUserGlobalSignOut: the user's refresh tokens revoked. */
  globalSignOut(sub: string): Promise<void>;
}

export interface UserPoolAdminOptions {
  userPoolId: string;
  region?: string;
  endpoint?: string;
  credentials?: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;
  /** Tries in all, the first included (default 3). */
  maxAttempts?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const RETRYABLE = new Set([
  'TooManyRequestsException',
  'ThrottlingException',
  'InternalErrorException',
  'ServiceUnavailable',
  'NetworkError',
]);

/** Cognito's answer to one admin call: its JSON object, or a UserPoolError with Cognito's code. */
function replyOf(operation: string, { res, text }: SignedReply): Record<string, unknown> {
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    else if (res.ok) throw new Error('not an object');
  } catch {
    throw new UserPoolError(
      `${operation}: the user pool answered ${res.status} with a body that is not JSON`,
      res.ok ? 'MalformedReply' : 'InternalErrorException',
      res.status,
    );
  }
  if (res.ok) return json;
  const code =
    bareCode(res.headers.get('x-amzn-errortype')) ||
    bareCode(json.__type) ||
    (res.status >= 500 ? 'InternalErrorException' : 'Unknown');
  throw new UserPoolError(
    `${operation}: ${String(json.message ?? json.Message ?? res.statusText)} (${code})`,
    code,
    res.status,
  );
}

export function userPoolAdmin(opts: UserPoolAdminOptions): UserPoolAdmin {
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const baseDelay = opts.baseDelayMs ?? 100;
  const post = signedPost({
    service: 'cognito-idp',
    region,
    url: new URL(opts.endpoint ?? `https://cognito-idp.${region}.amazonaws.com/`),
    credentials: opts.credentials ?? (async () => envCredentials((m) => new UserPoolError(m, 'CredentialsMissing', 0))),
    timeoutMs: opts.timeoutMs ?? 5000,
    unreachable: (err) => new UserPoolError(`The user pool could not be reached: ${err.message}`, 'NetworkError', 0),
  });
  const headers = (operation: string) => ({
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
  });

  async function call(operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = JSON.stringify({ UserPoolId: opts.userPoolId, ...input });
    return withRetries(async () => replyOf(operation, await post(headers(operation), body)), {
      maxAttempts: Math.max(1, opts.maxAttempts ?? 3),
      sleep: opts.sleep ?? defaultSleep,
      backoffMs: (attempt) => baseDelay * 2 ** (attempt - 1),
      asError: (err) => (err instanceof UserPoolError ? err : new UserPoolError((err as Error).message, 'Unknown', 0)),
      retryable: (e) => RETRYABLE.has(e.code) || e.status >= 500,
    });
  }

  return {
    async createUser(user) {
      const out = await call('AdminCreateUser', {
        Username: user.email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: user.name },
        ],
        ...(user.mail ? { ClientMetadata: { locale: user.mail.locale, company: user.mail.company } } : {}),
      });
      const attrs = (out.User as { Attributes?: { Name?: string; Value?: string }[] } | undefined)?.Attributes ?? [];
      const sub = attrs.find((a) => a.Name === 'sub')?.Value;
      if (!sub) throw new UserPoolError("AdminCreateUser answered without the new user's sub", 'MalformedReply', 200);
      return sub;
    },
    async deleteUser(sub) {
      await call('AdminDeleteUser', { Username: sub });
    },
    async disableUser(sub) {
      await call('AdminDisableUser', { Username: sub });
    },
    async enableUser(sub) {
      await call('AdminEnableUser', { Username: sub });
    },
    async setTemporaryPassword(sub, password) {
      await call('AdminSetUserPassword', { Username: sub, Password: password, Permanent: false });
    },
    async updateAttributes(sub, attributes) {
      await call('AdminUpdateUserAttributes', {
        Username: sub,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      });
    },
    async resetMfa(sub) {
      await call('AdminSetUserMFAPreference', {
        Username: sub,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        SMSMfaSettings: { Enabled: false, PreferredMfa: false },
      });
    },
    async globalSignOut(sub) {
      await call('AdminUserGlobalSignOut', { Username: sub });
    },
  };
}

let fromEnv: UserPoolAdmin | undefined;

/** The stage's user pool admin, from the function's environment (USER_POOL_ID; COGNITO_ADMIN_ENDPOINT / COGNITO_ENDPOINT locally). */
export function userPoolAdminFromEnv(): UserPoolAdmin {
  const userPoolId = process.env.USER_POOL_ID;
  if (!userPoolId) throw new UserPoolError('USER_POOL_ID is not set', 'Configuration', 0);
  const endpoint = process.env.COGNITO_ADMIN_ENDPOINT || process.env.COGNITO_ENDPOINT || undefined;
  if (!fromEnv || (fromEnv as { key?: string }).key !== `${userPoolId}|${endpoint}`) {
    fromEnv = Object.assign(
      userPoolAdmin({
        userPoolId,
        endpoint,
        // A local engine takes any key; the cloud uses the Lambda role's.
        credentials: endpoint ? localCredentials : undefined,
      }),
      { key: `${userPoolId}|${endpoint}` },
    );
  }
  return fromEnv;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';

/**
 * A temporary password the pool's policy takes (lib/stateful-stack.ts: 12+ characters with upper,
 * lower, digit and symbol), from a cryptographic source, without look-alike characters.
 */
export function temporaryPassword(length = 16): string {
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
