import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';

/**
 * CloudFront signed URLs with a canned policy (the URL itself, valid until an epoch second), signed
 * RSA-SHA256 (`Hash-Algorithm=SHA256`), as CloudFront's developer guide specifies them. This is the
 * whole of what @aws-sdk/cloudfront-signer does for a canned policy, on node:crypto; the tests verify
 * it the way CloudFront does, against the public key.
 */
export interface CloudFrontSigningKey {
  /** The id of the public key in the distribution's trusted key group. */
  keyPairId: string;
  /** Its RSA private key (a KeyObject, or PEM). */
  privateKey: KeyObject | string;
}

/** CloudFront's URL-safe base64: + → -, = → _, / → ~. */
const urlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');

/** An RSA private key from PEM (or as given); anything else is refused, as CloudFront's key groups take RSA keys. */
export function rsaPrivateKey(key: KeyObject | string): KeyObject {
  let k: KeyObject;
  try {
    k = typeof key === 'string' ? createPrivateKey(key) : key;
  } catch {
    throw new Error('The CloudFront signing key is not a PEM private key');
  }
  if (k.type !== 'private' || k.asymmetricKeyType !== 'rsa')
    throw new Error('The CloudFront signing key must be an RSA private key');
  return k;
}

/** `url` (no query of its own) signed for viewers until `expiresAtSeconds` (epoch seconds). */
export function cloudFrontSignedUrl(url: string, key: CloudFrontSigningKey, expiresAtSeconds: number): string {
  // The canned policy's resource is the URL exactly as requested; ours carry no query.
  if (url.includes('?')) throw new Error('A creative URL to sign has no query of its own');
  if (!Number.isSafeInteger(expiresAtSeconds)) throw new Error('The expiry must be whole epoch seconds');
  const policy = JSON.stringify({
    Statement: [{ Resource: url, Condition: { DateLessThan: { 'AWS:EpochTime': expiresAtSeconds } } }],
  });
  const signature = urlSafe(createSign('RSA-SHA256').update(policy).sign(rsaPrivateKey(key.privateKey), 'base64'));
  return `${url}?Expires=${expiresAtSeconds}&Signature=${signature}&Key-Pair-Id=${encodeURIComponent(key.keyPairId)}&Hash-Algorithm=SHA256`;
}
