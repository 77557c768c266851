import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sha256Hex, signingKey, uriEncode, type Credentials } from './s3-sigv4';

/**
 * SigV4 of a request to an AWS JSON service (POST to a path, no query, the body's hash signed), as
 * the local SES and user-pool front check it; each refuses in its own words (`SignedService`).
 */

const MAX_SKEW_MS = 15 * 60 * 1000;

export interface SignedService {
  /** The credential scope's service: `ses`, `cognito-idp`. */
  service: string;
  /** Headers that must be signed besides `host`. */
  mustSign: readonly string[];
  /** The service's refusal of a request (its status is the service's). */
  refuse: (code: string, message: string) => Error;
  /** The code of a signature that does not match (SES: SignatureDoesNotMatch). */
  mismatchCode: string;
  /** Whether the path is URI-encoded segment by segment in the canonical request (SES's is). */
  encodePath: boolean;
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The Authorization header's parts, the key and the request time checked; throws the service's refusal. */
function signingOf(headers: IncomingMessage['headers'], keys: readonly Credentials[], s: SignedService, now: Date) {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    headers.authorization ?? '',
  );
  if (!m) throw s.refuse('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [accessKeyId, day, region, service, terminal] = m[1].split('/');
  if (!accessKeyId || !day || !region || service !== s.service || terminal !== 'aws4_request') {
    throw s.refuse(
      'IncompleteSignatureException',
      `Credential should be scoped to a valid region and the service ${s.service}: ${m[1]}`,
    );
  }
  const key = keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key) throw s.refuse('UnrecognizedClientException', 'The security token included in the request is invalid.');
  const amzDate = String(headers['x-amz-date'] ?? '');
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d || `${d[1]}${d[2]}${d[3]}` !== day)
    throw s.refuse('IncompleteSignatureException', 'X-Amz-Date is missing or does not match the credential scope');
  if (Math.abs(now.getTime() - Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6])) > MAX_SKEW_MS)
    throw s.refuse('InvalidSignatureException', 'Signature expired: the request time is too far from the current time');
  const signed = m[2].split(';');
  const needed = ['host', ...s.mustSign];
  if (!needed.every((h) => signed.includes(h)))
    throw s.refuse('IncompleteSignatureException', `${needed.join(' and ')} must be signed`);
  return { key, day, region, amzDate, signed, signature: m[3] };
}

export function verifyServiceSignature(
  req: { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer },
  keys: readonly Credentials[],
  s: SignedService,
  now = new Date(),
): void {
  const { key, day, region, amzDate, signed, signature } = signingOf(req.headers, keys, s, now);
  const headers = signed
    .map((h) => {
      const v = req.headers[h];
      return `${h}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const path = s.encodePath
    ? req.path
        .split('/')
        .map((p) => uriEncode(decodeURIComponent(p)))
        .join('/')
    : req.path;
  const canonical = [req.method, path || '/', '', headers, signed.join(';'), sha256Hex(req.body)].join('\n');
  const scope = `${day}/${region}/${s.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const mine = createHmac('sha256', signingKey(key.secretAccessKey, day, region, s.service))
    .update(toSign, 'utf8')
    .digest('hex');
  if (!sameHex(mine, signature))
    throw s.refuse(s.mismatchCode, 'The request signature we calculated does not match the signature you provided.');
}
