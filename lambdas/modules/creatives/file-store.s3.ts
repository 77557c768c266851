import { MarkupScanner } from '../../shared/creative-content';
import { creativesCdn } from './cdn';
import { copyObject, deleteObject, presignGet, presignPost, S3Error, scanObject, type S3Target } from '../../aws/s3';
import type { CreativeFileRef, CreativeFiles } from './file-store';

/**
 * The one interface to the creatives bucket (the same code in the cloud and against the local S3
 * server of `npm start` and the tests). Object keys are made here from ids only, never from a file
 * name: `uploads/<company>/<mix>/<line>/<creative>` while an upload waits for its confirmation
 * (the bucket's lifecycle rule deletes what is left there after a day), then
 * `creatives/<company>/<mix>/<line>/<creative>` once its content was checked: a copy pinned to the
 * ETag of the bytes checked, so a file posted again through the form meanwhile is never kept.
 */
export const UPLOAD_PREFIX = 'uploads/';
export const KEPT_PREFIX = 'creatives/';

function bucket(): string {
  const name = process.env.CREATIVES_BUCKET;
  if (!name) throw new Error('CREATIVES_BUCKET is not set');
  return name;
}

const path = (c: CreativeFileRef) => `${c.companyId}/${c.MediaMixId}/${c.MediaChannelId}/${c.ID}`;
const upload = (c: CreativeFileRef): S3Target => ({ bucket: bucket(), key: `${UPLOAD_PREFIX}${path(c)}` });
const kept = (c: CreativeFileRef): S3Target => ({ bucket: bucket(), key: `${KEPT_PREFIX}${path(c)}` });

/** Served as a download if opened directly, so no browser renders a creative as a page. */
const DISPOSITION = 'attachment';

/** The creatives bucket through S3's REST API (s3-requests.ts). */
export const creativeFiles: CreativeFiles = {
  uploadForm: (c, contentType, maxBytes, seconds) =>
    presignPost(bucket(), {
      fields: { key: upload(c).key, 'Content-Type': contentType },
      contentLength: [1, maxBytes],
      expiresInSeconds: seconds,
    }),
  async uploadedContent(c, bytes) {
    const head = new Uint8Array(bytes);
    let filled = 0;
    const scanner = new MarkupScanner();
    const read = await scanObject(upload(c), (chunk) => {
      if (filled < bytes) {
        const part = chunk.subarray(0, bytes - filled);
        head.set(part, filled);
        filled += part.length;
      }
      scanner.push(chunk);
    });
    return read && { head: head.subarray(0, filled), size: read.size, etag: read.etag, markup: scanner.found };
  },
  async keep(c, contentType, etag) {
    try {
      await copyObject(upload(c), kept(c), contentType, { ifMatch: etag, disposition: DISPOSITION });
      return true;
    } catch (err) {
      if (err instanceof S3Error && (err.code === 'PreconditionFailed' || err.code === 'NoSuchKey')) return false;
      throw err;
    }
  },
  discardUpload: (c) => deleteObject(upload(c)),
  discardKept: (c) => deleteObject(kept(c)),
  async viewUrl(c, seconds) {
    const cdn = creativesCdn();
    // The distribution's origin path is the kept prefix, so its URLs cannot name an upload.
    return cdn ? cdn.signedUrl(path(c), seconds) : presignGet(kept(c), seconds, { disposition: DISPOSITION });
  },
};
