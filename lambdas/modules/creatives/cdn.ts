import type { KeyObject } from 'node:crypto';
import { cloudFrontSignedUrl, rsaPrivateKey } from '../../aws/cloudfront-signer';
import { readSecretString } from '../../aws/secrets-manager';

/**
 * The creatives' CloudFront distribution (docs/creatives.md "Delivery"), as the signing route sees
 * it: its domain, the id of the public key it trusts, and the Secrets Manager secret holding the
 * private half (PEM), read once per container. All three are set by the stack on the routes that
 * hand out view URLs; none set (npm start, tests) means no CDN: the view URLs are S3 pre-signed GETs.
 * Some set is a broken deployment, refused rather than quietly served from S3.
 */
export interface CreativesCdn {
  /** A URL of the kept file at `path` (under creatives/, the distribution's origin path) for `seconds`. */
  signedUrl(path: string, seconds: number): Promise<string>;
}

const SETTINGS = {
  domain: 'CREATIVES_CDN_DOMAIN',
  keyPairId: 'CREATIVES_CDN_KEY_PAIR_ID',
  keySecret: 'CREATIVES_CDN_KEY_SECRET',
} as const;

const keys = new Map<string, Promise<KeyObject>>();

function signingKey(secretId: string): Promise<KeyObject> {
  let key = keys.get(secretId);
  if (!key) {
    key = readSecretString(secretId).then(rsaPrivateKey);
    // A failed read is tried again by the next call.
    key.catch(() => keys.delete(secretId));
    keys.set(secretId, key);
  }
  return key;
}

/** The CDN of the environment, or undefined where none is configured. */
export function creativesCdn(env: NodeJS.ProcessEnv = process.env): CreativesCdn | undefined {
  const set = Object.entries(SETTINGS).filter(([, name]) => env[name]);
  if (!set.length) return undefined;
  const missing = Object.values(SETTINGS).filter((name) => !env[name]);
  if (missing.length) throw new Error(`The creatives CDN is half configured: ${missing.join(', ')} not set`);
  const domain = env[SETTINGS.domain]!;
  const keyPairId = env[SETTINGS.keyPairId]!;
  const secretId = env[SETTINGS.keySecret]!;
  return {
    async signedUrl(path, seconds) {
      const privateKey = await signingKey(secretId);
      const expires = Math.floor(Date.now() / 1000) + seconds;
      return cloudFrontSignedUrl(`https://${domain}/${path}`, { keyPairId, privateKey }, expires);
    },
  };
}
