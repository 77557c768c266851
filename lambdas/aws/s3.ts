import { open } from 'node:fs/promises';
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

const region = () => process.env.AWS_REGION ?? 'us-east-1';

/** Object keys are made by the store (digits and slashes), but encode each segment anyway. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function placeOf(t: S3Target | { bucket: string; key?: undefined }): Place {
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

function credentials() {
  if (process.env.S3_ENDPOINT) return { accessKeyId: 'local', secretAccessKey: 'local' };
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN };
}

function s3Signer(): SignatureV4 {
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
async function send(
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

/** The object's first `bytes` bytes and its whole size; undefined when it does not exist. */
export async function readHead(t: S3Target, bytes: number): Promise<{ head: Uint8Array; size: number } | undefined> {
  try {
    const res = await send('GET', t, { range: `bytes=0-${bytes - 1}` });
    const head = new Uint8Array(await res.arrayBuffer());
    const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
    return { head, size: total ? Number(total) : head.length };
  } catch (err) {
    if (err instanceof S3Error && err.code === 'NoSuchKey') return undefined;
    throw err;
  }
}

/** The whole object as a byte stream (read as it arrives, never whole in memory) and its size; undefined when it does not exist. */
export async function streamObject(
  t: S3Target,
): Promise<{ body: AsyncIterable<Uint8Array>; size: number } | undefined> {
  try {
    const res = await send('GET', t);
    if (!res.body) return { body: (async function* () {})(), size: 0 };
    return {
      body: res.body as unknown as AsyncIterable<Uint8Array>,
      size: Number(res.headers.get('content-length') ?? 0),
    };
  } catch (err) {
    if (err instanceof S3Error && err.code === 'NoSuchKey') return undefined;
    throw err;
  }
}

/** PutObject of a small body held in memory (a company's logo), stored as `contentType`. */
export async function putObject(t: S3Target, body: Uint8Array<ArrayBuffer>, contentType: string): Promise<void> {
  await send('PUT', t, { 'content-type': contentType }, body);
}

/** S3's smallest part but the last; the upload's parts are this size unless a file needs more than 10,000. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
const PART_ATTEMPTS = 3;

/**
 * A file on disk put as one object without holding it whole (the company export's archive): one
 * PutObject up to `partBytes`, else a multipart upload read part by part, each part sent up to three
 * times on S3's 500 and 503 (what S3 asks of a client). Any other failure aborts the upload, so no
 * parts are left billed, and is thrown. A CompleteMultipartUpload answered 200 with an <Error> body
 * (which S3 documents) is a failure too.
 */
export async function putFile(
  t: S3Target,
  filePath: string,
  contentType: string,
  o: { partBytes?: number } = {},
): Promise<{ parts: number }> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const partBytes = Math.max(o.partBytes ?? 64 * 1024 * 1024, MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
    const read = async (at: number, length: number) => {
      const buf = new Uint8Array(new ArrayBuffer(length));
      const { bytesRead } = await file.read(buf, 0, length, at);
      if (bytesRead !== length) throw new Error(`S3 put: ${filePath} changed while it was read`);
      return buf;
    };
    if (size <= partBytes) {
      await send('PUT', t, { 'content-type': contentType }, await read(0, size));
      return { parts: 1 };
    }
    const created = await (await send('POST', t, { 'content-type': contentType }, undefined, { uploads: '' })).text();
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created)?.[1];
    if (!uploadId) throw new Error('S3 put: CreateMultipartUpload answered no UploadId');
    try {
      const etags: string[] = [];
      for (let at = 0, n = 1; at < size; at += partBytes, n++)
        etags.push(await uploadPart(t, uploadId, n, await read(at, Math.min(partBytes, size - at))));
      const parts = etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(e)}</ETag></Part>`);
      const body = new TextEncoder().encode(`<CompleteMultipartUpload>${parts.join('')}</CompleteMultipartUpload>`);
      const done = await (await send('POST', t, { 'content-type': 'application/xml' }, body, { uploadId })).text();
      const code = /<Error>[\s\S]*?<Code>([^<]+)<\/Code>/.exec(done)?.[1];
      if (code) throw new S3Error(200, code, `S3 CompleteMultipartUpload of ${t.key} failed in its reply: ${code}`);
      return { parts: etags.length };
    } catch (err) {
      await send('DELETE', t, {}, undefined, { uploadId }).catch(() => undefined);
      throw err;
    }
  } finally {
    await file.close();
  }
}

async function uploadPart(t: S3Target, uploadId: string, n: number, body: Uint8Array<ArrayBuffer>): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await send('PUT', t, {}, body, { partNumber: String(n), uploadId });
      const etag = res.headers.get('etag');
      if (!etag) throw new Error(`S3 UploadPart ${n} answered no ETag`);
      return etag;
    } catch (err) {
      const retry = err instanceof S3Error && (err.status === 500 || err.status === 503);
      if (!retry || attempt >= PART_ATTEMPTS) throw err;
    }
  }
}

/** A small object whole, with the type it was stored as; undefined when it does not exist. */
export async function getObject(t: S3Target): Promise<{ body: Uint8Array; contentType: string } | undefined> {
  try {
    const res = await send('GET', t);
    return {
      body: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'binary/octet-stream',
    };
  } catch (err) {
    if (err instanceof S3Error && err.code === 'NoSuchKey') return undefined;
    throw err;
  }
}

export async function deleteObject(t: S3Target): Promise<void> {
  await send('DELETE', t);
}

/**
 * The whole object, chunk by chunk as it arrives (never whole in memory), with its size and ETag;
 * undefined when it does not exist. The ETag names exactly the bytes read: a copy pinned to it
 * (`copyObject`'s `ifMatch`) copies these bytes or nothing.
 */
export async function scanObject(
  t: S3Target,
  visit: (chunk: Uint8Array) => void,
): Promise<{ size: number; etag: string } | undefined> {
  let res: Response;
  try {
    res = await send('GET', t);
  } catch (err) {
    if (err instanceof S3Error && err.code === 'NoSuchKey') return undefined;
    throw err;
  }
  let size = 0;
  for await (const chunk of (res.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    visit(chunk);
  }
  return { size, etag: res.headers.get('etag') ?? '' };
}

export interface CopyOptions {
  /** Copy only while the source is still these bytes (its ETag): else S3Error PreconditionFailed, nothing copied. */
  ifMatch?: string;
  /** The Content-Disposition the copy is served with. */
  disposition?: string;
}

/** CopyObject within the bucket, stored with `contentType` (what the content was found to be). */
export async function copyObject(
  from: S3Target,
  to: S3Target,
  contentType: string,
  o: CopyOptions = {},
): Promise<void> {
  await send('PUT', to, {
    'x-amz-copy-source': `/${from.bucket}/${encodeKey(from.key)}`,
    'x-amz-metadata-directive': 'REPLACE',
    'content-type': contentType,
    ...(o.ifMatch ? { 'x-amz-copy-source-if-match': o.ifMatch } : {}),
    ...(o.disposition ? { 'content-disposition': o.disposition } : {}),
  });
}

/** A GET URL anyone holding it may use for `seconds` (thumbnails in the console); `disposition` is the reply's Content-Disposition. */
export async function presignGet(t: S3Target, seconds: number, o: { disposition?: string } = {}): Promise<string> {
  const { url, request } = placeOf(t);
  const signed = await s3Signer().presign(
    {
      method: 'GET',
      ...request,
      query: o.disposition ? { 'response-content-disposition': o.disposition } : {},
      headers: { host: request.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn: seconds },
  );
  const query = Object.entries(signed.query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${url.origin}${url.pathname}?${query}`;
}

export interface PostPolicy {
  /** Fields the form sends as they are (besides the signing ones): key, Content-Type… */
  fields: Record<string, string>;
  /** [min, max] bytes of the file. */
  contentLength: [number, number];
  expiresInSeconds: number;
}

/**
 * A browser upload straight to S3 (POST Object): the URL and the form fields, with a policy that
 * names every field exactly and the file's size range, signed with the day's SigV4 key.
 */
export async function presignPost(
  bucket: string,
  p: PostPolicy,
): Promise<{ url: string; fields: Record<string, string> }> {
  const { url } = placeOf({ bucket });
  const now = new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  const day = amzDate.slice(0, 8);
  const creds = credentials();
  const signing: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${creds.accessKeyId}/${day}/${region()}/s3/aws4_request`,
    'X-Amz-Date': amzDate,
    ...('sessionToken' in creds && creds.sessionToken ? { 'X-Amz-Security-Token': creds.sessionToken } : {}),
  };
  const fields = { ...p.fields, ...signing };
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(now.getTime() + p.expiresInSeconds * 1000).toISOString(),
      conditions: [
        { bucket },
        ...Object.entries(fields).map(([k, v]) => ({ [k]: v })),
        ['content-length-range', ...p.contentLength],
      ],
    }),
  ).toString('base64');
  const signature = await s3Signer().sign(policy, { signingDate: now });
  return { url: url.toString(), fields: { ...fields, Policy: policy, 'X-Amz-Signature': signature } };
}

/**
 * Every key under `prefix` (ListObjectsV2, 1,000 a page, read to the end). Only the company data
 * jobs list (modules/company-data): every other caller knows its keys from the table.
 */
export async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const res = await send('GET', { bucket }, {}, undefined, {
      'list-type': '2',
      prefix,
      ...(token ? { 'continuation-token': token } : {}),
    });
    const xml = await res.text();
    for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) out.push(xmlUnescape(m[1]));
    const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
    token = /<IsTruncated>true<\/IsTruncated>/.test(xml) && next ? xmlUnescape(next) : undefined;
  } while (token);
  return out;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
