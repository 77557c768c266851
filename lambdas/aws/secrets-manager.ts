import { envCredentials, localCredentials, signedPost } from './signed-post';

/**
 * One GetSecretValue call on the shared signed POST: @aws-sdk/client-secrets-manager would add its
 * whole client stack to a bundle for one read. `SECRETS_MANAGER_ENDPOINT` (npm start, tests) points
 * it at the local Secrets Manager.
 */

/** GetSecretValue of `secretId` (awsJson1_1), signed; its SecretString. */
export async function readSecretString(
  secretId: string,
  opts: { endpoint?: string; region?: string } = {},
): Promise<string> {
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const endpoint = opts.endpoint ?? process.env.SECRETS_MANAGER_ENDPOINT;
  const url = new URL(endpoint ? endpoint.replace(/\/?$/, '/') : `https://secretsmanager.${region}.amazonaws.com/`);
  const creds = endpoint
    ? localCredentials
    : async () => envCredentials((message) => new Error(`${message} to read a secret`));
  const post = signedPost({
    service: 'secretsmanager',
    region,
    url,
    credentials: creds,
    timeoutMs: 5000,
    unreachable: (err) => err,
  });
  const { res, text } = await post(
    { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    JSON.stringify({ SecretId: secretId }),
  );
  if (!res.ok) throw new Error(`Secrets Manager refused GetSecretValue (${res.status}): ${text.slice(0, 200)}`);
  const secret = (JSON.parse(text) as { SecretString?: unknown }).SecretString;
  if (typeof secret !== 'string') throw new Error('The secret has no SecretString');
  return secret;
}
