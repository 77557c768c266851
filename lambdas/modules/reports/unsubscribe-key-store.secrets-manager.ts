import { readSecretString } from '../../aws/secrets-manager';

/**
 * The key that signs unsubscribe links (modules/reports/unsubscribe-token.ts). In the cloud: the Secrets
 * Manager secret the stack creates (`UNSUBSCRIBE_SECRET_ARN`, a generated 64-character string),
 * read ONCE per container. Locally (npm start, tests): `UNSUBSCRIBE_KEY`, else a fixed development
 * key — a link made locally only ever works on a local stack.
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
