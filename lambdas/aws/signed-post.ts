import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from './sdk-stubs/sha256';

/**
 * What every AWS call made without its SDK client shares (DynamoDB, the SES mailer, the user pool
 * admin, SQS, Secrets Manager): a POST signed with the SDK's own SigV4 signer and sent with Node's fetch, the
 * reply's error code, and a bounded, jittered retry. Each caller keeps its own error class, retryable
 * codes and reply parsing; only the plumbing lives here.
 */

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export type CredentialSource = () => Promise<AwsCredentials>;

/** A local engine takes any key. */
export const localCredentials: CredentialSource = async () => ({ accessKeyId: 'local', secretAccessKey: 'local' });

/** The Lambda role's credentials from the environment; `missing` builds the caller's error when they are absent. */
export function envCredentials(missing: (message: string) => Error): AwsCredentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw missing('No AWS credentials in the environment');
  return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN };
}

/** `com.amazonaws…#UserNotFoundException` or `TooManyRequestsException:http://…` → the bare code. */
export const bareCode = (s: unknown): string => (typeof s === 'string' ? (s.split(':')[0].split('#').pop() ?? '') : '');

export interface SignedPostOptions {
  service: string;
  region: string;
  url: URL;
  credentials: CredentialSource;
  timeoutMs: number;
  /** The caller's error for a request that never got an answer (DNS, refused connection, timeout). */
  unreachable: (err: Error) => Error;
  /** Node's fetch unless a test hands another. */
  fetch?: typeof fetch;
}

export interface SignedReply {
  res: Response;
  /** The body as text ('' when it could not be read). */
  text: string;
}

/** One signer for the caller's lifetime; each call signs `body` with `headers` and POSTs it to `url`. */
export function signedPost(
  o: SignedPostOptions,
): (headers: Record<string, string>, body: string) => Promise<SignedReply> {
  const { url } = o;
  const signer = new SignatureV4({ service: o.service, region: o.region, credentials: o.credentials, sha256: Sha256 });
  const send = o.fetch ?? fetch;
  return async (extraHeaders, body) => {
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: {},
      headers: { host: url.host, ...extraHeaders },
      body,
    });
    const { host: _host, ...headers } = signed.headers as Record<string, string>;
    let res: Response;
    try {
      res = await send(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(o.timeoutMs) });
    } catch (err) {
      throw o.unreachable(err as Error);
    }
    const text = await res.text().catch(() => '');
    return { res, text };
  };
}

export interface RetryOptions<E extends Error> {
  /** Tries in all, the first included. */
  maxAttempts: number;
  sleep: (ms: number) => Promise<void>;
  /** The ceiling of the full-jitter backoff before try `attempt + 1` (`e`: what try `attempt` failed with). */
  backoffMs: (attempt: number, e: E) => number;
  /** Any error thrown, as the caller's error class. */
  asError: (err: unknown, attempt: number) => E;
  retryable: (e: E) => boolean;
  /** The error thrown once giving up (default: as it is). */
  giveUp?: (e: E, attempt: number) => E;
}

/** Runs `once` until it resolves, it fails with an error not worth another try, or the tries run out. */
export async function withRetries<T, E extends Error>(once: () => Promise<T>, o: RetryOptions<E>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (err) {
      const e = o.asError(err, attempt);
      if (!o.retryable(e) || attempt >= o.maxAttempts) throw o.giveUp ? o.giveUp(e, attempt) : e;
      await o.sleep(Math.random() * o.backoffMs(attempt, e));
    }
  }
}

export const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
