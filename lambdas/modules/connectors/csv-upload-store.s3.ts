import { copyObject, deleteObject, presignPost, S3Error, streamObject, type S3Target } from '../../aws/s3';

/**
 * The uploaded file of a CSV import of the daily grain (its run is csv-import-store's).
 *
 * The file lives in the stage's creatives bucket under `uploads/csv/<company>/<importId>.csv`
 * (the key made here from ids only, never from a file name; the bucket's rule expires everything
 * under `uploads/` after a day, so an upload never imported goes by itself). The browser posts it
 * through a pre-signed POST whose policy holds its size and type. The import first copies it
 * server-side to `<importId>.pinned` (no form names that key) and deletes the upload, then reads
 * only the pinned copy, check and write alike: a file posted again through the same form is never
 * what gets written (the form is single-use: its import id runs once).
 */
export const CSV_UPLOAD_PREFIX = 'uploads/csv/';

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

const target = (companyId: number, importId: string): S3Target => ({
  bucket: bucket(),
  key: `${CSV_UPLOAD_PREFIX}${companyId}/${importId}.csv`,
});
const pinned = (companyId: number, importId: string): S3Target => ({
  bucket: bucket(),
  key: `${CSV_UPLOAD_PREFIX}${companyId}/${importId}.pinned`,
});

export const csvUploads = {
  /** The browser's POST of the file: text/csv, 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm: (companyId: number, importId: string, maxBytes: number, seconds: number) =>
    presignPost(bucket(), {
      fields: { key: target(companyId, importId).key, 'Content-Type': 'text/csv' },
      contentLength: [1, maxBytes],
      expiresInSeconds: seconds,
    }),
  /** Copies the upload to its pinned key and deletes the upload; false when nothing was uploaded (or it expired). */
  async pin(companyId: number, importId: string): Promise<boolean> {
    try {
      await copyObject(target(companyId, importId), pinned(companyId, importId), 'text/csv');
    } catch (err) {
      if (err instanceof S3Error && err.code === 'NoSuchKey') return false;
      throw err;
    }
    await deleteObject(target(companyId, importId));
    return true;
  },
  /** The pinned file as bytes as they arrive, with its size; undefined when it is gone. */
  open: (companyId: number, importId: string) => streamObject(pinned(companyId, importId)),
  discard: (companyId: number, importId: string) => deleteObject(pinned(companyId, importId)),
};
