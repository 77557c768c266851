import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBodyBytes } from './platform-fake-server';
import type { Credentials } from './s3-sigv4';
import { verifyServiceSignature, type SignedService } from './service-sigv4';

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

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

const COGNITO: SignedService = {
  service: 'cognito-idp',
  mustSign: ['x-amz-target'],
  refuse: (code, message) => new CognitoRefusal(400, code, message),
  mismatchCode: 'InvalidSignatureException',
  encodePath: false,
};

/** SigV4 of a request to the cognito-idp service (POST /, no query, the body's hash signed). */
export function verifyCognitoSignature(
  req: { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer },
  keys: readonly Credentials[],
  now = new Date(),
): void {
  verifyServiceSignature(req, keys, COGNITO, now);
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
