import { readSecretString } from './secrets-manager';

/**
 * The key that signs links opened without a sign-in (core/signed-link.ts). In the cloud: the Secrets
 * Manager secret named by `LINK_KEY_SECRET_ARN` (a generated string of 32 characters or more), read
 * ONCE per container. Locally (npm start, tests): `LINK_KEY`, else a fixed development key, so a
 * link made locally only ever works on a local stack.
 */
export const DEV_LINK_KEY = 'mixdesk-local-link-key-not-for-the-cloud';

let cached: Promise<Buffer> | undefined;

export function linkKey(): Promise<Buffer> {
  cached ??= load().catch((err: unknown) => {
    cached = undefined; // a failed read is tried again by the next call
    throw err;
  });
  return cached;
}

async function load(): Promise<Buffer> {
  const arn = process.env.LINK_KEY_SECRET_ARN;
  if (!arn) return Buffer.from(process.env.LINK_KEY || DEV_LINK_KEY, 'utf8');
  const secret = await readSecretString(arn);
  if (secret.length < 32) throw new Error('The link key secret is too short');
  return Buffer.from(secret, 'utf8');
}
