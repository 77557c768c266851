import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../kit/sdk-stubs/sha256';

/**
 * The key that signs unsubscribe links (domain/unsubscribe-token.ts). In the cloud: the Secrets
 * Manager secret the stack creates (`UNSUBSCRIBE_SECRET_ARN`, a generated 64-character string),
 * read ONCE per container. Locally (npm start, tests): `UNSUBSCRIBE_KEY`, else a fixed development
 * key — a link made locally only ever works on a local stack.
 *
 * One GetSecretValue call, signed here with the SDK's own SigV4 signer and sent with fetch (as
 * repositories/mailer.ts does for SES): @aws-sdk/client-secrets-manager would add its whole client
 * stack to the dispatcher's and the unsubscribe Lambda's bundles for one read.
 * `SECRETS_MANAGER_ENDPOINT` (npm start, tests) points it at the local Secrets Manager.
 */
export const DEV_UNSUBSCRIBE_KEY = 'mixdesk-local-unsubscribe-key-not-for-the-cloud';

let cached: Promise<Buffer> | undefined;

export function unsubscribeKey(): Promise<Buffer> {
  cached ??= load().catch((err: unknown) => {
    cached = undefined; // a failed read is tried again by the next call
    throw err;
  });
  return cached;
}

function credentials() {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('No AWS credentials in the environment to read the unsubscribe key');
  return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN };
}

/** GetSecretValue of `secretId` (awsJson1_1), signed; its SecretString. */
export async function readSecretString(
  secretId: string,
  opts: { endpoint?: string; region?: string } = {},
): Promise<string> {
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const endpoint = opts.endpoint ?? process.env.SECRETS_MANAGER_ENDPOINT;
  const url = new URL(endpoint ? endpoint.replace(/\/?$/, '/') : `https://secretsmanager.${region}.amazonaws.com/`);
  const creds = endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : credentials();
  const signer = new SignatureV4({ service: 'secretsmanager', region, credentials: async () => creds, sha256: Sha256 });
  const body = JSON.stringify({ SecretId: secretId });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: {
      host: url.host,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
    body,
  });
  const { host: _host, ...headers } = signed.headers as Record<string, string>;
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`Secrets Manager refused GetSecretValue (${res.status}): ${text.slice(0, 200)}`);
  const secret = (JSON.parse(text) as { SecretString?: unknown }).SecretString;
  if (typeof secret !== 'string') throw new Error('The secret has no SecretString');
  return secret;
}

async function load(): Promise<Buffer> {
  const arn = process.env.UNSUBSCRIBE_SECRET_ARN;
  if (!arn) return Buffer.from(process.env.UNSUBSCRIBE_KEY || DEV_UNSUBSCRIBE_KEY, 'utf8');
  const secret = await readSecretString(arn);
  if (secret.length < 32) throw new Error('The unsubscribe key secret is too short');
  return Buffer.from(secret, 'utf8');
}

/** Tests change the key between cases. */
export function resetUnsubscribeKey(): void {
  cached = undefined;
}
