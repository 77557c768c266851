import { open } from 'node:fs/promises';
import { S3Error, send, type S3Target } from './s3-request';

/** S3's smallest part but the last; the upload's parts are this size unless a file needs more than 10,000. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
const PART_ATTEMPTS = 3;

/**
 * A file on disk put as one object without holding it whole (the company export's archive): one
 * PutObject up to `partBytes`, else a multipart upload read part by part, each part sent up to three
 * times on a transient failure (`transient`, what S3 asks of a client). Any other failure aborts the upload, so no
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

/**
 * What S3 asks a client to send again: its 5xx (InternalError, SlowDown…), a RequestTimeout (the
 * socket went idle mid-part), and a connection lost before any answer (fetch's TypeError, known by
 * its name: it may come from another realm than this module's TypeError).
 */
const transient = (err: unknown) =>
  err instanceof S3Error ? err.status >= 500 || err.code === 'RequestTimeout' : (err as Error)?.name === 'TypeError';

async function uploadPart(t: S3Target, uploadId: string, n: number, body: Uint8Array<ArrayBuffer>): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await send('PUT', t, {}, body, { partNumber: String(n), uploadId });
      const etag = res.headers.get('etag');
      if (!etag) throw new Error(`S3 UploadPart ${n} answered no ETag`);
      return etag;
    } catch (err) {
      if (!transient(err) || attempt >= PART_ATTEMPTS) throw err;
    }
  }
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
