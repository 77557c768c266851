import { copyObject, deleteObject, presignGet, presignPost, readHead, type S3Target } from './s3-requests';

/**
 * The one interface to the creatives bucket (the same code in the cloud and against the local S3
 * server of `npm start` and the tests). Object keys are made here from ids only, never from a file
 * name: `uploads/<company>/<mix>/<line>/<creative>` while an upload waits for its confirmation
 * (the bucket's lifecycle rule deletes what is left there after a day), then
 * `creatives/<company>/<mix>/<line>/<creative>` once its content was checked.
 */
export interface CreativeFileRef {
  companyId: number;
  MediaMixId: number;
  MediaChannelId: number;
  ID: number;
}

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

export interface CreativeFiles {
  /** A browser POST of the file to its upload key: exactly `contentType`, 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm(c: CreativeFileRef, contentType: string, maxBytes: number, seconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** The uploaded file's first bytes and size; undefined when nothing was uploaded (or it expired). */
  uploadedHead(c: CreativeFileRef, bytes: number): Promise<{ head: Uint8Array; size: number } | undefined>;
  /** Moves the checked upload to its kept key, stored as `contentType`. */
  keep(c: CreativeFileRef, contentType: string): Promise<void>;
  /** Deletes the upload (refused content, or after it was kept). */
  discardUpload(c: CreativeFileRef): Promise<void>;
  /** Deletes a kept file (a confirmation whose plan write failed). */
  discardKept(c: CreativeFileRef): Promise<void>;
  /** A GET URL of the kept file for `seconds`. */
  viewUrl(c: CreativeFileRef, seconds: number): Promise<string>;
}

/** The creatives bucket through S3's REST API (s3-requests.ts). */
export const creativeFiles: CreativeFiles = {
  uploadForm: (c, contentType, maxBytes, seconds) =>
    presignPost(bucket(), { fields: { key: upload(c).key, 'Content-Type': contentType }, contentLength: [1, maxBytes], expiresInSeconds: seconds }),
  uploadedHead: (c, bytes) => readHead(upload(c), bytes),
  keep: (c, contentType) => copyObject(upload(c), kept(c), contentType),
  discardUpload: (c) => deleteObject(upload(c)),
  discardKept: (c) => deleteObject(kept(c)),
  viewUrl: (c, seconds) => presignGet(kept(c), seconds),
};
