import { credentials, encodeKey, placeOf, region, S3Error, s3Signer, send, type S3Target } from './s3-request';

export { S3Error, type S3Target } from './s3-request';

/**
 * The S3 calls of Mixdesk (creatives, logos, CSV and bill uploads, order copies, the company data
 * jobs), each one signed request (s3-request.ts); a file put in parts is s3-upload.ts.
 */

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

const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');
