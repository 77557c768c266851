import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Signature Version 4 as S3 checks it, written out on node:crypto for the fake S3 server
 * (s3-server.ts). Deliberately independent of the SDK's signer: the Lambdas sign with
 * @smithy/signature-v4 and the conformance tests with the real @aws-sdk/client-s3, and both must
 * pass THIS check, so a signing mistake on either side fails a test instead of agreeing with itself.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 */

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The key S3 derives from the secret for one day, region and service. */
export function signingKey(secret: string, day: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept, everything else %XX upper-case). */
export const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `AK/20261123/region/s3/aws4_request` → its parts; 403 when it is not one. */
function parseCredential(credential: string, keys: readonly Credentials[]) {
  const [accessKeyId, day, region, service, terminal] = credential.split('/');
  if (!accessKeyId || !day || !region || service !== 's3' || terminal !== 'aws4_request') {
    throw new S3Refusal(400, 'AuthorizationQueryParametersError', `Malformed credential: ${credential}`);
  }
  const key = keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key)
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  return { key, day, region, scope: `${day}/${region}/s3/aws4_request` };
}

/** `20261123T101500Z` → Date. */
function parseAmzDate(s: string | undefined): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s ?? '');
  if (!m) throw new S3Refusal(403, 'AccessDenied', 'X-Amz-Date is missing or malformed');
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
}

export interface SignedRequest {
  method: string;
  /** The path exactly as sent (already encoded by the client: S3 does not encode it again). */
  rawPath: string;
  /** The query string as sent, without '?'. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      const name = i < 0 ? pair : pair.slice(0, i);
      const value = i < 0 ? '' : pair.slice(i + 1);
      return [decodeURIComponent(name.replace(/\+/g, '%20')), decodeURIComponent(value.replace(/\+/g, '%20'))];
    });
}

/** Query parameters by name (the last one wins). */
export const queryOf = (rawQuery: string) => new Map(queryPairs(rawQuery));

function canonicalRequest(r: SignedRequest, signedHeaders: string[], payloadHash: string, skipParam?: string): string {
  const query = queryPairs(r.rawQuery)
    .filter(([n]) => n !== skipParam)
    .map(([n, v]) => [uriEncode(n), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const headers = signedHeaders
    .map((h) => {
      const v = r.headers[h];
      const value = (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');
      return `${h}:${value}\n`;
    })
    .join('');
  return [r.method, r.rawPath || '/', query, headers, signedHeaders.join(';'), payloadHash].join('\n');
}

function check(
  key: Credentials,
  day: string,
  region: string,
  amzDate: string,
  scope: string,
  canonical: string,
  signature: string,
) {
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const expected = hmac(signingKey(key.secretAccessKey, day, region), toSign).toString('hex');
  if (!sameHex(expected, signature)) {
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

const MAX_SKEW_MS = 15 * 60 * 1000;

/**
 * Checks a request signed in its Authorization header or in its query (a pre-signed URL); throws
 * the refusal S3 would answer. Anonymous requests are refused: the buckets are private.
 */
export function verifyRequest(r: SignedRequest, keys: readonly Credentials[], now = new Date()): void {
  const auth = r.headers.authorization;
  const query = queryOf(r.rawQuery);
  if (auth) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
    if (!m) throw new S3Refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    const { key, day, region, scope } = parseCredential(m[1], keys);
    const amzDate = String(r.headers['x-amz-date'] ?? '');
    const at = parseAmzDate(amzDate);
    if (Math.abs(now.getTime() - at.getTime()) > MAX_SKEW_MS) {
      throw new S3Refusal(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const payloadHash = r.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string')
      throw new S3Refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (payloadHash.startsWith('STREAMING-'))
      throw new S3Refusal(501, 'NotImplemented', 'Chunked (streaming) uploads are not implemented by this fake');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(r.body)) {
      throw new S3Refusal(
        400,
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
      );
    }
    const signed = m[2].split(';');
    if (!signed.includes('host')) throw new S3Refusal(403, 'AccessDenied', 'The host header must be signed');
    check(key, day, region, amzDate, scope, canonicalRequest(r, signed, payloadHash), m[3]);
    return;
  }
  if (query.get('X-Amz-Algorithm')) {
    if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'Unsupported X-Amz-Algorithm');
    const { key, day, region, scope } = parseCredential(query.get('X-Amz-Credential') ?? '', keys);
    const amzDate = query.get('X-Amz-Date') ?? '';
    const at = parseAmzDate(amzDate);
    const expires = Number(query.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604800) {
      throw new S3Refusal(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be between 1 and 604800 seconds',
      );
    }
    if (now.getTime() > at.getTime() + expires * 1000)
      throw new S3Refusal(403, 'AccessDenied', 'Request has expired', {
        Expires: new Date(at.getTime() + expires * 1000).toISOString(),
      });
    if (at.getTime() - now.getTime() > MAX_SKEW_MS)
      throw new S3Refusal(403, 'AccessDenied', 'Request is not valid yet');
    const signed = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
    if (!signed.includes('host')) throw new S3Refusal(403, 'AccessDenied', 'The host header must be signed');
    check(
      key,
      day,
      region,
      amzDate,
      scope,
      canonicalRequest(r, signed, 'UNSIGNED-PAYLOAD', 'X-Amz-Signature'),
      query.get('X-Amz-Signature') ?? '',
    );
    return;
  }
  throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
}

/** The signature of a browser POST: the base64 policy signed with the day's key. Throws unless it matches. */
export function verifyPolicySignature(
  fields: ReadonlyMap<string, string>,
  keys: readonly Credentials[],
  now = new Date(),
): void {
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    throw new S3Refusal(400, 'InvalidArgument', 'POST requires x-amz-algorithm AWS4-HMAC-SHA256');
  }
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  if (!policy || !signature)
    throw new S3Refusal(403, 'AccessDenied', 'Bucket POST must be signed: policy and x-amz-signature are required');
  const { key, day, region } = parseCredential(fields.get('x-amz-credential') ?? '', keys);
  parseAmzDate(fields.get('x-amz-date'));
  const expected = hmac(signingKey(key.secretAccessKey, day, region), policy).toString('hex');
  if (!sameHex(expected, signature)) {
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  void now;
}
