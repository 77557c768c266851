import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { MultipartUploads, type MultipartFaults } from './s3-multipart';
import { ObjectStore } from './s3-object-store';
import { checkPolicy, parseMultipart } from './s3-post';
import { S3Refusal, verifyPolicySignature, verifyRequest, type Credentials } from './s3-sigv4';

/**
 * A small S3-compatible server for `npm start` and the tests: path-style requests
 * (`http://host:port/<bucket>/<key>`) speaking S3's REST wire format for what Mixdesk uses —
 * PutObject (and CopyObject, with x-amz-copy-source-if-match), multipart uploads (s3-multipart.ts), browser POST uploads with a signed policy, GetObject (with Range),
 * HeadObject, DeleteObject and ListObjectsV2 (keys only: the company data jobs) — with S3's
 * checks: every request signed (SigV4 in the header or a pre-signed URL, s3-sigv4.ts), POST policies enforced (expiration, conditions, content-length-range:
 * s3-post.ts), S3's error XML and status codes, and CORS for the console's origins.
 *
 * Why not s3rver: its POST handler leaves the policy "unimplemented" (no signature, no conditions, no
 * content-length-range), so the size and type limits this project relies on would pass untested; its
 * forks and wrappers on npm share that handler. docs/creatives.md says more.
 */
export interface FakeS3Options {
  port: number;
  host?: string;
  buckets: readonly string[];
  credentials: readonly Credentials[];
  /** Origins allowed by the buckets' CORS rule (the console); none: no CORS headers. */
  allowedOrigins?: readonly string[];
  /** Keep objects in this folder (survive a restart); unset: in memory. */
  dataDir?: string;
  /** Largest request body read (default 64 MiB); a larger one is refused before it is read whole. */
  maxBodyBytes?: number;
  log?: (line: string) => void;
  /**
   * Awaited before each request is served (tests only): lets a test act between two requests of the
   * code under test — a file re-posted while an import or a confirmation reads it — without timing.
   */
  onRequest?: (r: {
    method: string;
    bucket: string;
    key: string;
    query: URLSearchParams;
    copySource?: string;
  }) => void | Promise<void>;
  /** Faults of the multipart uploads (tests only). */
  multipartFaults?: MultipartFaults;
}

/** Thrown by `onRequest` (tests only): the connection is closed with no answer, as a network fault would. */
export class DroppedConnection extends Error {}

export interface FakeS3 {
  endpoint: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** ListObjectsV2 (prefix, continuation-token = the last key of the page before, max-keys up to 1,000): the keys only. */
function listXml(bucket: string, keys: readonly string[], q: URLSearchParams): string {
  const prefix = q.get('prefix') ?? '';
  const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
  const max = Math.min(Number(q.get('max-keys') ?? 1000) || 1000, 1000);
  const matching = keys.filter((k) => k.startsWith(prefix) && k > after);
  const page = matching.slice(0, max);
  const truncated = matching.length > page.length;
  const contents = page.map((k) => `<Contents><Key>${xmlEscape(k)}</Key></Contents>`).join('');
  const next = truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1])}</NextContinuationToken>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
}

function errorXml(e: S3Refusal, resource: string): string {
  const extra = Object.entries(e.extra)
    .map(([k, v]) => `<${k}>${xmlEscape(String(v))}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`;
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > max) {
      reject(
        new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          ProposedSize: declared,
          MaxSizeAllowed: max,
        }),
      );
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(
          new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
            MaxSizeAllowed: max,
          }),
        );
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
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

export function createFakeS3Server(o: Omit<FakeS3Options, 'port' | 'host'>): Server {
  const store = new ObjectStore(o.buckets, o.dataDir);
  const origins = new Set(o.allowedOrigins ?? []);
  const max = o.maxBodyBytes ?? 64 * 1024 * 1024;
  const log = o.log ?? (() => undefined);
  const multipart = new MultipartUploads(
    (bucket, key, body, contentType, etag) => store.put(bucket, key, body, contentType, undefined, etag),
    o.multipartFaults,
  );

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && origins.has(origin)
        ? {
            'access-control-allow-origin': origin,
            vary: 'Origin',
            'access-control-expose-headers': 'ETag, Content-Length, Content-Range',
          }
        : {};
    const segments = rawPath.split('/');
    const bucket = decodeURIComponent(segments[1] ?? '');
    const key = segments.slice(2).map(decodeURIComponent).join('/');
    const query = new URLSearchParams(rawQuery);
    const send = (status: number, headers: Record<string, string | number>, body?: Buffer | string) => {
      res.writeHead(status, { ...cors, 'x-amz-request-id': randomUUID(), ...headers });
      res.end(method === 'HEAD' ? undefined : body);
    };
    try {
      if (method === 'OPTIONS') {
        // The bucket's CORS rule: the console's origins may GET, PUT and POST, with any header.
        if (!origin || !origins.has(origin))
          throw new S3Refusal(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
        send(200, {
          'access-control-allow-methods': 'GET, HEAD, PUT, POST',
          'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? ''),
          'access-control-max-age': 3000,
        });
        return;
      }
      const copySource = req.headers['x-amz-copy-source'];
      await o.onRequest?.({
        method,
        bucket,
        key,
        query,
        ...(typeof copySource === 'string' ? { copySource: decodeURIComponent(copySource) } : {}),
      });
      if (!bucket || !store.hasBucket(bucket))
        throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
      const body = method === 'PUT' || method === 'POST' ? await readBody(req, max) : Buffer.alloc(0);

      if (method === 'POST' && !key) {
        const form = parseMultipart(body, req.headers['content-type']);
        verifyPolicySignature(form.fields, o.credentials);
        checkPolicy(form.fields.get('policy')!, bucket, form);
        const objectKey = form.fields.get('key');
        if (!objectKey) throw new S3Refusal(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
        const stored = store.put(
          bucket,
          objectKey,
          form.file,
          form.fields.get('content-type') ?? 'binary/octet-stream',
        );
        log(`s3 POST ${bucket}/${objectKey} (${form.file.length} bytes)`);
        const status = Number(form.fields.get('success_action_status'));
        if (status === 201) {
          send(
            201,
            { 'content-type': 'application/xml', etag: stored.etag },
            `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(objectKey)}</Key><ETag>${stored.etag}</ETag></PostResponse>`,
          );
        } else {
          send(status === 200 ? 200 : 204, { etag: stored.etag });
        }
        return;
      }

      if (method === 'GET' && !key && query.get('list-type') === '2') {
        verifyRequest({ method, rawPath, rawQuery, headers: req.headers, body }, o.credentials);
        send(200, { 'content-type': 'application/xml' }, listXml(bucket, store.keys(bucket), query));
        return;
      }
      if (!key && !(method === 'GET' && query.has('uploads')))
        throw new S3Refusal(405, 'MethodNotAllowed', `${method} on a bucket is not implemented by this fake`);
      verifyRequest({ method, rawPath, rawQuery, headers: req.headers, body }, o.credentials);
      const contentType = req.headers['content-type'];
      if (multipart.handle({ method, bucket, key, query, body, contentType }, send)) return;

      if (method === 'PUT') {
        const copySource = req.headers['x-amz-copy-source'];
        if (typeof copySource === 'string') {
          const [srcBucket, ...srcKey] = decodeURIComponent(copySource.split('?')[0]).replace(/^\//, '').split('/');
          const source = store.hasBucket(srcBucket) ? store.get(srcBucket, srcKey.join('/')) : undefined;
          if (!source)
            throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.', { Key: srcKey.join('/') });
          const ifMatch = req.headers['x-amz-copy-source-if-match'];
          if (typeof ifMatch === 'string' && ifMatch !== source.etag) {
            throw new S3Refusal(
              412,
              'PreconditionFailed',
              'At least one of the pre-conditions you specified did not hold',
              { Condition: 'x-amz-copy-source-If-Match' },
            );
          }
          const replace = req.headers['x-amz-metadata-directive'] === 'REPLACE';
          const disposition = req.headers['content-disposition'];
          const stored = replace
            ? store.put(
                bucket,
                key,
                source.body,
                String(req.headers['content-type'] ?? 'binary/octet-stream'),
                typeof disposition === 'string' ? disposition : undefined,
              )
            : store.put(bucket, key, source.body, source.contentType, source.contentDisposition);
          send(
            200,
            { 'content-type': 'application/xml' },
            `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${stored.etag}</ETag></CopyObjectResult>`,
          );
          return;
        }
        const stored = store.put(bucket, key, body, String(req.headers['content-type'] ?? 'binary/octet-stream'));
        send(200, { etag: stored.etag });
        return;
      }
      if (method === 'DELETE') {
        store.delete(bucket, key);
        send(204, {});
        return;
      }
      if (method === 'GET' || method === 'HEAD') {
        const found = store.get(bucket, key);
        if (!found) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        const size = found.body.length;
        // A signed GET may override the stored Content-Disposition (response-content-disposition), as S3 lets it.
        const disposition = query.get('response-content-disposition') ?? found.contentDisposition;
        const headers = {
          'content-type': found.contentType,
          etag: found.etag,
          'last-modified': found.lastModified,
          'accept-ranges': 'bytes',
          ...(disposition ? { 'content-disposition': disposition } : {}),
        };
        const range = method === 'GET' ? rangeOf(req.headers.range, size) : undefined;
        if (range) {
          const part = found.body.subarray(range[0], range[1] + 1);
          send(
            206,
            { ...headers, 'content-length': part.length, 'content-range': `bytes ${range[0]}-${range[1]}/${size}` },
            part,
          );
        } else {
          send(200, { ...headers, 'content-length': size }, found.body);
        }
        return;
      }
      throw new S3Refusal(405, 'MethodNotAllowed', `${method} is not implemented by this fake`);
    } catch (err) {
      const e = err instanceof S3Refusal ? err : new S3Refusal(500, 'InternalError', (err as Error).message);
      log(`s3 ${method} ${rawPath} → ${e.status} ${e.code}`);
      if (res.headersSent || err instanceof DroppedConnection) return res.destroy();
      // HEAD carries no body: S3 answers the status alone.
      send(e.status, { 'content-type': 'application/xml' }, errorXml(e, rawPath));
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  // Idle keep-alive connections must not hold a test run (or a stop) open.
  server.keepAliveTimeout = 1000;
  return server;
}

/** Starts the fake on `port` (0: a free one) on the loopback interface. */
export function startFakeS3(o: FakeS3Options): Promise<FakeS3> {
  const server = createFakeS3Server(o);
  const host = o.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, host, () => {
      server.off('error', reject);
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : o.port;
      resolve({
        endpoint: `http://${host}:${port}`,
        port,
        server,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
