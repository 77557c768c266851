import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBodyBytes } from './platform-fake-server';
import { sha256Hex, signingKey, type Credentials } from './s3-sigv4';

/** The user pool's admin API on the wire, for the local front: its signature, its errors, cognito-local behind it. */

export class CognitoRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_SKEW_MS = 15 * 60 * 1000;
export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** SigV4 of a request to the cognito-idp service (POST /, no query, the body's hash signed). */
export function verifyCognitoSignature(
  req: { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer },
  keys: readonly Credentials[],
  now = new Date(),
): void {
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!m) throw new CognitoRefusal(400, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [accessKeyId, day, region, service, terminal] = m[1].split('/');
  if (!accessKeyId || !day || !region || service !== 'cognito-idp' || terminal !== 'aws4_request') {
    throw new CognitoRefusal(
      400,
      'IncompleteSignatureException',
      `Credential should be scoped to a valid region and the service cognito-idp: ${m[1]}`,
    );
  }
  const key = keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key)
    throw new CognitoRefusal(
      400,
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d || `${d[1]}${d[2]}${d[3]}` !== day)
    throw new CognitoRefusal(
      400,
      'IncompleteSignatureException',
      'X-Amz-Date is missing or does not match the credential scope',
    );
  if (Math.abs(now.getTime() - Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6])) > MAX_SKEW_MS) {
    throw new CognitoRefusal(400, 'InvalidSignatureException', 'Signature expired');
  }
  const signed = m[2].split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-target'))
    throw new CognitoRefusal(400, 'IncompleteSignatureException', 'host and x-amz-target must be signed');
  const headers = signed
    .map((h) => {
      const v = req.headers[h];
      return `${h}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [req.method, req.path || '/', '', headers, signed.join(';'), sha256Hex(req.body)].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/cognito-idp/aws4_request`, sha256Hex(canonical)].join(
    '\n',
  );
  const mine = createHmac('sha256', signingKey(key.secretAccessKey, day, region, 'cognito-idp'))
    .update(toSign, 'utf8')
    .digest('hex');
  if (!sameHex(mine, m[3]))
    throw new CognitoRefusal(
      400,
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided.',
    );
}

/** A request's body, whole (cognito-local's own limits apply behind this front). */
export const readBody = (req: IncomingMessage): Promise<Buffer> => readBodyBytes(req, Infinity);

export const json = (res: ServerResponse, status: number, value: unknown) =>
  res
    .writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() })
    .end(JSON.stringify(value));

export const refuse = (res: ServerResponse, r: CognitoRefusal) =>
  res
    .writeHead(r.status, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-errortype': `${r.code}:`,
      'x-amzn-requestid': randomUUID(),
    })
    .end(JSON.stringify({ __type: r.code, message: r.message }));

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One call to cognito-local (unsigned: it checks no signature), on a connection of its own that
 * closes after it (node:http without an agent): a pooled keep-alive socket would hold the jest
 * process, where the test setup runs this front, open after the run.
 */
export function upstreamCall(upstream: string, operation: string, input: unknown): Promise<UpstreamAnswer> {
  const body = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      upstream,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `${TARGET_PREFIX}${operation}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 500, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
