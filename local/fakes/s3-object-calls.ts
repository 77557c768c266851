import type { IncomingMessage } from 'node:http';
import type { ObjectStore } from './s3-object-store';
import { checkPolicy, parseMultipart } from './s3-post';
import { S3Refusal, verifyPolicySignature, type Credentials } from './s3-sigv4';

/** The local S3 server's object calls: a browser POST upload, PutObject and CopyObject, Get and Head, the bucket's list. */

export const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export type Send = (status: number, headers: Record<string, string | number>, body?: Buffer | string) => void;

/** One request, its path parsed and its body read. */
export interface S3Call {
  req: IncomingMessage;
  method: string;
  bucket: string;
  key: string;
  query: URLSearchParams;
  body: Buffer;
  send: Send;
}

/** ListObjectsV2 (prefix, continuation-token = the last key of the page before, max-keys up to 1,000): the keys only. */
export function listXml(bucket: string, keys: readonly string[], q: URLSearchParams): string {
  const prefix = q.get('prefix') ?? '';
  const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
  const max = Math.min(Number(q.get('max-keys') ?? 1000) || 1000, 1000);
  const matching = keys.filter((k) => k.startsWith(prefix) && k > after);
  const page = matching.slice(0, max);
  const truncated = matching.length > page.length;
  const contents = page.map((k) => `<Contents><Key>${xmlEscape(k)}</Key></Contents>`).join('');
  const next = truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1])}</NextContinuationToken>` : '';
  return `${HEAD}<ListBucketResult><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
}

/** A browser's POST upload: the policy's signature and conditions checked, the file stored under the form's key. */
export function postObject(
  store: ObjectStore,
  c: S3Call,
  credentials: readonly Credentials[],
  log: (line: string) => void,
): void {
  const form = parseMultipart(c.body, c.req.headers['content-type']);
  verifyPolicySignature(form.fields, credentials);
  checkPolicy(form.fields.get('policy')!, c.bucket, form);
  const objectKey = form.fields.get('key');
  if (!objectKey) throw new S3Refusal(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
  const stored = store.put(c.bucket, objectKey, form.file, form.fields.get('content-type') ?? 'binary/octet-stream');
  log(`s3 POST ${c.bucket}/${objectKey} (${form.file.length} bytes)`);
  const status = Number(form.fields.get('success_action_status'));
  if (status === 201) {
    c.send(
      201,
      { 'content-type': 'application/xml', etag: stored.etag },
      `${HEAD}<PostResponse><Bucket>${xmlEscape(c.bucket)}</Bucket><Key>${xmlEscape(objectKey)}</Key><ETag>${stored.etag}</ETag></PostResponse>`,
    );
  } else {
    c.send(status === 200 ? 200 : 204, { etag: stored.etag });
  }
}

/** PutObject, or CopyObject when the request names a copy source (with its If-Match and metadata directive). */
export function putObject(store: ObjectStore, c: S3Call): void {
  const copySource = c.req.headers['x-amz-copy-source'];
  if (typeof copySource !== 'string') {
    const stored = store.put(c.bucket, c.key, c.body, String(c.req.headers['content-type'] ?? 'binary/octet-stream'));
    return c.send(200, { etag: stored.etag });
  }
  const [srcBucket, ...srcKey] = decodeURIComponent(copySource.split('?')[0]).replace(/^\//, '').split('/');
  const source = store.hasBucket(srcBucket) ? store.get(srcBucket, srcKey.join('/')) : undefined;
  if (!source) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.', { Key: srcKey.join('/') });
  const ifMatch = c.req.headers['x-amz-copy-source-if-match'];
  if (typeof ifMatch === 'string' && ifMatch !== source.etag) {
    throw new S3Refusal(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'x-amz-copy-source-If-Match',
    });
  }
  const replace = c.req.headers['x-amz-metadata-directive'] === 'REPLACE';
  const disposition = c.req.headers['content-disposition'];
  const stored = replace
    ? store.put(
        c.bucket,
        c.key,
        source.body,
        String(c.req.headers['content-type'] ?? 'binary/octet-stream'),
        typeof disposition === 'string' ? disposition : undefined,
      )
    : store.put(c.bucket, c.key, source.body, source.contentType, source.contentDisposition);
  c.send(
    200,
    { 'content-type': 'application/xml' },
    `${HEAD}<CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${stored.etag}</ETag></CopyObjectResult>`,
  );
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a body of `size` bytes; undefined when there is no (usable) Range. */
function rangeOf(header: string | undefined, size: number): [number, number] | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end)
    throw new S3Refusal(416, 'InvalidRange', 'The requested range is not satisfiable', { ActualObjectSize: size });
  return [start, end];
}

/** GetObject (with Range) and HeadObject. */
export function getObject(store: ObjectStore, c: S3Call): void {
  const found = store.get(c.bucket, c.key);
  if (!found) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.', { Key: c.key });
  const size = found.body.length;
  // A signed GET may override the stored Content-Disposition (response-content-disposition), as S3 lets it.
  const disposition = c.query.get('response-content-disposition') ?? found.contentDisposition;
  const headers = {
    'content-type': found.contentType,
    etag: found.etag,
    'last-modified': found.lastModified,
    'accept-ranges': 'bytes',
    ...(disposition ? { 'content-disposition': disposition } : {}),
  };
  const range = c.method === 'GET' ? rangeOf(c.req.headers.range, size) : undefined;
  if (!range) return c.send(200, { ...headers, 'content-length': size }, found.body);
  const part = found.body.subarray(range[0], range[1] + 1);
  c.send(
    206,
    { ...headers, 'content-length': part.length, 'content-range': `bytes ${range[0]}-${range[1]}/${size}` },
    part,
  );
}
