import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from './sdk-stubs/sha256';

/**
 * Signed S3 requests for the creative routes (and the company logo, the CSV uploads), on the SDK's
 * own SigV4 signer (@smithy/signature-v4, already in every bundle through the DynamoDB caller) and
 * Node's fetch. Why not @aws-sdk/client-s3: it would bring the SDK's whole client stack back into
 * these Lambdas, and its cold init with it (docs/creatives.md "Why not client-s3");
 * these routes need a few plain calls. The wire format is S3's own: the tests run the
 * same local S3 server against the real @aws-sdk/client-s3 and @aws-sdk/s3-presigned-post too.
 *
 * Where: `S3_ENDPOINT` (npm start, tests) is a local S3-compatible server addressed path-style
 * (`<endpoint>/<bucket>/<key>`, static local credentials); unset, the region's S3 endpoint
 * virtual-hosted (`https://<bucket>.s3.<region>.amazonaws.com/<key>`) with the Lambda role's
 * credentials from the environment.
 */

export interface S3Target {
  bucket: string;
  key: string;
}

interface Place {
  url: URL;
  /** What the signer signs: the host header fetch will send, and the path as sent. */
  request: { protocol: string; hostname: string; port?: number; path: string; host: string };
}

export const region = () => process.env.AWS_REGION ?? 'us-east-1';

/** Object keys are made by the store (digits and slashes), but encode each segment anyway. */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function placeOf(t: S3Target | { bucket: string; key?: undefined }): Place {
  const local = process.env.S3_ENDPOINT;
  const url = local
    ? new URL(`${local.replace(/\/$/, '')}/${t.bucket}${t.key === undefined ? '' : `/${encodeKey(t.key)}`}`)
    : new URL(`https://${t.bucket}.s3.${region()}.amazonaws.com/${t.key === undefined ? '' : encodeKey(t.key)}`);
  return {
    url,
    request: {
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      host: url.host,
    },
  };
}

let signer: SignatureV4 | undefined;

export function credentials() {
  if (process.env.S3_ENDPOINT) return { accessKeyId: 'local', secretAccessKey: 'local' };
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN };
}

export function s3Signer(): SignatureV4 {
  // S3 signs the path as sent (no second encoding) and wants x-amz-content-sha256 on every request.
  signer ??= new SignatureV4({
    service: 's3',
    region: region(),
    credentials: async () => credentials(),
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
  return signer;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One signed request; S3's error XML becomes an S3Error with its Code. */
export async function send(
  method: string,
  t: S3Target | { bucket: string; key?: undefined },
  headers: Record<string, string> = {},
  body?: Uint8Array<ArrayBuffer>,
  query: Record<string, string> = {},
): Promise<Response> {
  const { url, request } = placeOf(t);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const signed = await s3Signer().sign({
    method,
    ...request,
    query,
    // The payload hash is the body's (the empty one without a body): applyChecksum sets it.
    headers: { host: request.host, ...headers },
    ...(body ? { body } : {}),
  });
  const { host: _host, ...sendHeaders } = signed.headers as Record<string, string>;
  const res = await fetch(url, { method, headers: sendHeaders, ...(body ? { body } : {}) });
  if (res.ok) return res;
  const text = method === 'HEAD' ? '' : await res.text();
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? (res.status === 404 ? 'NoSuchKey' : `HTTP${res.status}`);
  throw new S3Error(
    res.status,
    code,
    /<Message>([^<]+)<\/Message>/.exec(text)?.[1] ?? `S3 ${method} ${t.key ?? t.bucket} answered ${res.status}`,
  );
}
