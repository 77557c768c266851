import { copyObject, deleteObject, presignGet, presignPost, S3Error, scanObject } from '../../aws/s3';
import type { BillFiles } from './bill-files';

/**
 * The bills' files in the stage's creatives bucket (its name in CREATIVES_BUCKET): uploads wait
 * under `uploads/bills/` (expired after a day by the bucket's `uploads/` rule), checked files are
 * kept under `bills/`. Keys are made from ids only (vendor-bills/uploads.ts).
 */
function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

const PDF = 'application/pdf';
const DISPOSITION = 'attachment';

export const billFiles: BillFiles = {
  uploadForm: (key, maxBytes, seconds) =>
    presignPost(bucket(), {
      fields: { key, 'Content-Type': PDF },
      contentLength: [1, maxBytes],
      expiresInSeconds: seconds,
    }),
  async uploaded(key, bytes) {
    const head = new Uint8Array(bytes);
    let filled = 0;
    const read = await scanObject({ bucket: bucket(), key }, (chunk) => {
      if (filled >= bytes) return;
      const part = chunk.subarray(0, bytes - filled);
      head.set(part, filled);
      filled += part.length;
    });
    return read && { head: head.subarray(0, filled), size: read.size, etag: read.etag };
  },
  async keep(upload, kept, etag) {
    try {
      await copyObject({ bucket: bucket(), key: upload }, { bucket: bucket(), key: kept }, PDF, {
        ifMatch: etag,
        disposition: DISPOSITION,
      });
      return true;
    } catch (err) {
      if (err instanceof S3Error && (err.code === 'PreconditionFailed' || err.code === 'NoSuchKey')) return false;
      throw err;
    }
  },
  discard: (key) => deleteObject({ bucket: bucket(), key }),
  viewUrl: (key, seconds) => presignGet({ bucket: bucket(), key }, seconds, { disposition: DISPOSITION }),
};
