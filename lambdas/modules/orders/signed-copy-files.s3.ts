import { createHash } from 'node:crypto';
import { copyObject, presignPost, S3Error, scanObject } from '../../aws/s3';
import type { SignedCopyFiles } from './signed-copy-files';

/**
 * Signed copies in the stage's creatives bucket: uploads wait under `uploads/orders/` (expired
 * after a day by the bucket's `uploads/` rule, so a refused one is simply left to expire), the
 * recorded copy is kept under `orders/` beside the order's sent documents.
 */
function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

export const signedCopyFiles: SignedCopyFiles = {
  uploadForm: (key, contentType, maxBytes, seconds) =>
    presignPost(bucket(), {
      fields: { key, 'Content-Type': contentType },
      contentLength: [1, maxBytes],
      expiresInSeconds: seconds,
    }),
  async uploaded(key, bytes) {
    const head = new Uint8Array(bytes);
    const hash = createHash('sha256');
    let filled = 0;
    const read = await scanObject({ bucket: bucket(), key }, (chunk) => {
      hash.update(chunk);
      if (filled >= bytes) return;
      const part = chunk.subarray(0, bytes - filled);
      head.set(part, filled);
      filled += part.length;
    });
    return read && { head: head.subarray(0, filled), size: read.size, sha256: hash.digest('hex'), etag: read.etag };
  },
  async keep(upload, kept, etag, contentType) {
    try {
      await copyObject({ bucket: bucket(), key: upload }, { bucket: bucket(), key: kept }, contentType, {
        ifMatch: etag,
        disposition: 'attachment',
      });
      return true;
    } catch (err) {
      if (err instanceof S3Error && (err.code === 'PreconditionFailed' || err.code === 'NoSuchKey')) return false;
      throw err;
    }
  },
};
