import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from './sdk-stubs/sha256';

/**
 * One GetSecretValue call, signed with the SDK's own SigV4 signer and sent with fetch (as the SES
 * mailer does): @aws-sdk/client-secrets-manager would add its whole client stack to a bundle for one
 * read. `SECRETS_MANAGER_ENDPOINT` (npm start, tests) points it at the local Secrets Manager.
 */
function credentials() {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment to read a secret');
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
