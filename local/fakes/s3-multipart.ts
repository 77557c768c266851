import { createHash, randomUUID } from 'node:crypto';
import { S3Refusal } from './s3-sigv4';

/**
 * The local S3 server's multipart uploads (s3-server.ts): CreateMultipartUpload (`POST <key>?uploads`),
 * UploadPart (`PUT <key>?partNumber=&uploadId=`), CompleteMultipartUpload (`POST <key>?uploadId=`),
 * AbortMultipartUpload (`DELETE <key>?uploadId=`) and ListMultipartUploads (`GET <bucket>?uploads`),
 * with S3's checks: part numbers 1–10,000, every part but the last at least 5 MiB (EntityTooSmall),
 * the parts listed in ascending order (InvalidPartOrder) with the ETags they were answered
 * (InvalidPart), an unknown upload id NoSuchUpload. The object's ETag is S3's: the MD5 of the parts'
 * MD5s, then `-<parts>`. Uploads in flight are held in memory only.
 */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

interface Upload {
  bucket: string;
  key: string;
  contentType: string;
  initiated: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

export interface MultipartFaults {
  /**
   * How many CompleteMultipartUpload requests to answer 200 with an <Error> body, the object not
   * written — what S3 documents it may do once the reply has started (tests only).
   */
  completeErrorsIn200?: number;
}

type Send = (status: number, headers: Record<string, string | number>, body?: string) => void;
type Put = (bucket: string, key: string, body: Buffer, contentType: string, etag: string) => void;

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export class MultipartUploads {
  private readonly uploads = new Map<string, Upload>();

  constructor(
    private readonly put: Put,
    private readonly faults: MultipartFaults = {},
  ) {}

  /** Serves the request when it is a multipart one (true), else leaves it to the caller (false). */
  handle(
    r: { method: string; bucket: string; key: string; query: URLSearchParams; body: Buffer; contentType?: string },
    send: Send,
  ): boolean {
    const { method, bucket, key, query } = r;
    if (!key) {
      if (method !== 'GET' || !query.has('uploads')) return false;
      send(200, { 'content-type': 'application/xml' }, this.listXml(bucket));
      return true;
    }
    if (method === 'POST' && query.has('uploads')) {
      const id = randomUUID().replace(/-/g, '');
      this.uploads.set(id, {
        bucket,
        key,
        contentType: r.contentType ?? 'binary/octet-stream',
        initiated: new Date().toISOString(),
        parts: new Map(),
      });
      send(
        200,
        { 'content-type': 'application/xml' },
        `${HEAD}<InitiateMultipartUploadResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return true;
    }
    const id = query.get('uploadId');
    if (id === null) return false;
    const upload = this.uploads.get(id);
    if (!upload || upload.bucket !== bucket || upload.key !== key)
      throw new S3Refusal(404, 'NoSuchUpload', 'The specified upload does not exist.', { UploadId: id });
    if (method === 'PUT') this.part(upload, query, r.body, send);
    else if (method === 'POST') this.complete(id, upload, r.body.toString('utf8'), send);
    else if (method === 'DELETE') {
      this.uploads.delete(id);
      send(204, {});
    } else throw new S3Refusal(405, 'MethodNotAllowed', `${method} on an upload is not implemented by this fake`);
    return true;
  }

  private part(upload: Upload, query: URLSearchParams, body: Buffer, send: Send): void {
    const n = Number(query.get('partNumber'));
    if (!Number.isInteger(n) || n < 1 || n > 10_000)
      throw new S3Refusal(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    upload.parts.set(n, { body, etag });
    send(200, { etag });
  }

  private complete(id: string, upload: Upload, request: string, send: Send): void {
    const listed = [...request.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
      n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1])?.[1]),
      etag: /<ETag>([^<]*)<\/ETag>/.exec(m[1])?.[1]?.replace(/&quot;/g, '"') ?? '',
    }));
    if (!listed.length) throw new S3Refusal(400, 'MalformedXML', 'The XML you provided was not well-formed');
    if (listed.some((p, i) => i > 0 && p.n <= listed[i - 1].n))
      throw new S3Refusal(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    listed.forEach((p, i) => {
      const held = upload.parts.get(p.n);
      if (!held || held.etag !== p.etag)
        throw new S3Refusal(400, 'InvalidPart', 'One or more of the specified parts could not be found.', {
          PartNumber: p.n,
        });
      if (i < listed.length - 1 && held.body.length < MIN_PART_BYTES)
        throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
          PartNumber: p.n,
          ProposedSize: held.body.length,
          MinSizeAllowed: MIN_PART_BYTES,
        });
    });
    if ((this.faults.completeErrorsIn200 ?? 0) > 0) {
      this.faults.completeErrorsIn200! -= 1;
      send(
        200,
        { 'content-type': 'application/xml' },
        `${HEAD}<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>`,
      );
      return;
    }
    const parts = listed.map((p) => upload.parts.get(p.n)!);
    const digests = parts.map((p) => Buffer.from(p.etag.slice(1, -1), 'hex'));
    const etag = `"${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${parts.length}"`;
    this.put(upload.bucket, upload.key, Buffer.concat(parts.map((p) => p.body)), upload.contentType, etag);
    this.uploads.delete(id);
    send(
      200,
      { 'content-type': 'application/xml' },
      `${HEAD}<CompleteMultipartUploadResult><Bucket>${xml(upload.bucket)}</Bucket><Key>${xml(upload.key)}</Key><ETag>${xml(etag)}</ETag></CompleteMultipartUploadResult>`,
    );
  }

  private listXml(bucket: string): string {
    const uploads = [...this.uploads]
      .filter(([, u]) => u.bucket === bucket)
      .map(
        ([id, u]) =>
          `<Upload><Key>${xml(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated}</Initiated></Upload>`,
      )
      .join('');
    return `${HEAD}<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads}</ListMultipartUploadsResult>`;
  }
}
