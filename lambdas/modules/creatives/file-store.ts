/** A creative's file, named by ids only. */
export interface CreativeFileRef {
  companyId: number;
  MediaMixId: number;
  MediaChannelId: number;
  ID: number;
}

export interface UploadedContent {
  head: Uint8Array;
  size: number;
  etag: string;
  markup: string | undefined;
}

/** What the creative rules need of the creatives bucket; file-store.s3.ts implements it. */
export interface CreativeFiles {
  /** A browser POST of the file to its upload key: exactly `contentType`, 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm(
    c: CreativeFileRef,
    contentType: string,
    maxBytes: number,
    seconds: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /**
   * The uploaded file read whole: its first `bytes` bytes, its size, its ETag (which names exactly
   * these bytes) and the first markup a browser would run found in it; undefined when nothing was
   * uploaded (or it expired).
   */
  uploadedContent(c: CreativeFileRef, bytes: number): Promise<UploadedContent | undefined>;
  /**
   * Copies the checked upload to its kept key, stored as `contentType` and served as an attachment
   * — only while the upload is still the bytes checked (`etag`): false, nothing kept, when it changed.
   */
  keep(c: CreativeFileRef, contentType: string, etag: string): Promise<boolean>;
  /** Deletes the upload (refused content, or after it was kept). */
  discardUpload(c: CreativeFileRef): Promise<void>;
  /** Deletes a kept file (a confirmation whose plan write failed). */
  discardKept(c: CreativeFileRef): Promise<void>;
  /**
   * A GET URL of the kept file for `seconds`: signed by the stage's CloudFront distribution (which
   * adds nosniff and a sandboxing CSP) where one is configured, else an S3 pre-signed GET.
   */
  viewUrl(c: CreativeFileRef, seconds: number): Promise<string>;
}
