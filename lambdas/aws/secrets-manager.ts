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
 * Secrets Manager's JSON 1.1 protocol on the shared signed POST (`POST /`, `x-amz-target:
 * secretsmanager.<Operation>`): @aws-sdk/client-secrets-manager would bring the SDK's whole client
 * stack into a bundle that holds no other SDK client, for four operations. `SECRETS_MANAGER_ENDPOINT`
 * (npm start, tests) points it at the local Secrets Manager.
 *
 * A failure throws a SecretsManagerError named by the service's bare code (`ResourceNotFoundException`,
 * `ResourceExistsException`…), as the SDK's errors are; throttling, 5xx and calls that got no answer
 * are tried again, never an error of the request itself.
 */
export class SecretsManagerError extends Error {
  constructor(
    name: string,
    message: string,
    readonly httpStatusCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = name;
  }
}

export interface SecretsManagerOptions {
  /** A local Secrets Manager (default SECRETS_MANAGER_ENDPOINT); unset: the region's endpoint and the role's credentials. */
  endpoint?: string;
  region?: string;
  /** Tries in all, the first included (default 3, the SDK's). */
  maxAttempts?: number;
  /** Each try's limit (default 5 s). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

export type SecretsManagerCall = (operation: string, input: object) => Promise<Record<string, unknown>>;

const RETRY_CODES = new Set(['ThrottlingException', 'TooManyRequestsException', 'TimeoutError', 'NetworkError']);
const retryable = (e: SecretsManagerError) =>
  RETRY_CODES.has(e.name) || (e.httpStatusCode ?? 0) >= 500 || e.httpStatusCode === 429;

/** `call(operation, input)`: the service's JSON reply, after the retries. */
export function secretsManagerCaller(o: SecretsManagerOptions = {}): SecretsManagerCall {
  const region = o.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const endpoint = o.endpoint ?? process.env.SECRETS_MANAGER_ENDPOINT;
  const post = signedPost({
    service: 'secretsmanager',
    region,
    url: new URL(endpoint ? endpoint.replace(/\/?$/, '/') : `https://secretsmanager.${region}.amazonaws.com/`),
    credentials: endpoint
      ? localCredentials
      : async () => envCredentials((message) => new SecretsManagerError('CredentialsError', message)),
    timeoutMs: o.timeoutMs ?? 5000,
    unreachable: (err) =>
      new SecretsManagerError(
        err.name === 'TimeoutError' || err.name === 'AbortError' ? 'TimeoutError' : 'NetworkError',
        `Secrets Manager could not be reached: ${err.message}`,
        undefined,
        { cause: err },
      ),
    fetch: o.fetch,
  });
  return (operation, input) => {
    const headers = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `secretsmanager.${operation}` };
    const body = JSON.stringify(input);
    return withRetries(async () => replyOf(operation, await post(headers, body)), {
      maxAttempts: o.maxAttempts ?? 3,
      sleep: o.sleep ?? defaultSleep,
      // The SDK's standard mode: full jitter under 100 ms × 2^retries (throttling 500 ms), at most 20 s.
      backoffMs: (attempt, e) => Math.min((e.name === 'ThrottlingException' ? 500 : 100) * 2 ** (attempt - 1), 20_000),
      asError: (err) =>
        err instanceof SecretsManagerError
          ? err
          : new SecretsManagerError('Error', String(err), undefined, { cause: err }),
      retryable,
    });
  };
}

function replyOf(operation: string, { res, text }: SignedReply): Record<string, unknown> {
  let json: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  if (res.ok && json) return json;
  const code = bareCode(res.headers.get('x-amzn-errortype')) || bareCode(json?.__type) || bareCode(json?.code);
  if (res.ok)
    throw new SecretsManagerError('MalformedReply', `${operation}: the reply is not a JSON object`, res.status);
  const message = json?.message ?? json?.Message;
  throw new SecretsManagerError(
    code || 'UnknownError',
    `${operation} refused (${res.status}): ${typeof message === 'string' ? message : text.slice(0, 200)}`,
    res.status,
  );
}

/** GetSecretValue of `secretId`; its SecretString. */
export async function readSecretString(
  secretId: string,
  opts: { endpoint?: string; region?: string } = {},
): Promise<string> {
  const reply = await secretsManagerCaller(opts)('GetSecretValue', { SecretId: secretId });
  if (typeof reply.SecretString !== 'string') throw new Error('The secret has no SecretString');
  return reply.SecretString;
}
