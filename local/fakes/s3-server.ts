import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { MultipartUploads, type MultipartFaults } from './s3-multipart';
import { ObjectStore } from './s3-object-store';
import { getObject, listXml, postObject, putObject, xmlEscape, type S3Call, type Send } from './s3-object-calls';
import { S3Refusal, verifyRequest, type Credentials } from './s3-sigv4';

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

/** The bucket's CORS rule: the console's origins may GET, PUT and POST, with any header. */
function preflight(req: IncomingMessage, origins: Set<string>, send: Send): void {
  const origin = req.headers.origin;
  if (!origin || !origins.has(origin))
    throw new S3Refusal(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
  send(200, {
    'access-control-allow-methods': 'GET, HEAD, PUT, POST',
    'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? ''),
    'access-control-max-age': 3000,
  });
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

  /** A signed request to an object (or a bucket's list, or its multipart uploads). */
  const serve = (c: S3Call, rawPath: string, rawQuery: string) => {
    const { method, bucket, key, query, body, send } = c;
    if (method === 'POST' && !key) return postObject(store, c, o.credentials, log);
    const signed = () => verifyRequest({ method, rawPath, rawQuery, headers: c.req.headers, body }, o.credentials);
    if (method === 'GET' && !key && query.get('list-type') === '2') {
      signed();
      return send(200, { 'content-type': 'application/xml' }, listXml(bucket, store.keys(bucket), query));
    }
    if (!key && !(method === 'GET' && query.has('uploads')))
      throw new S3Refusal(405, 'MethodNotAllowed', `${method} on a bucket is not implemented by this fake`);
    signed();
    const contentType = c.req.headers['content-type'];
    if (multipart.handle({ method, bucket, key, query, body, contentType }, send)) return;
    if (method === 'PUT') return putObject(store, c);
    if (method === 'DELETE') {
      store.delete(bucket, key);
      return send(204, {});
    }
    if (method === 'GET' || method === 'HEAD') return getObject(store, c);
    throw new S3Refusal(405, 'MethodNotAllowed', `${method} is not implemented by this fake`);
  };

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
    const send: Send = (status, headers, body) => {
      res.writeHead(status, { ...cors, 'x-amz-request-id': randomUUID(), ...headers });
      res.end(method === 'HEAD' ? undefined : body);
    };
    try {
      if (method === 'OPTIONS') return preflight(req, origins, send);
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
      serve({ req, method, bucket, key, query, body, send }, rawPath, rawQuery);
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
