/** What the bill rules need of the bills' files (the creatives bucket's bills prefixes); bill-files.s3.ts implements it. */
export interface BillFiles {
  /** A browser POST of a PDF to `key`: 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm(key: string, maxBytes: number, seconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** The upload's first bytes, its size and ETag; undefined when nothing was uploaded (or it expired). */
  uploaded(key: string, bytes: number): Promise<{ head: Uint8Array; size: number; etag: string } | undefined>;
  /** Copies the checked upload to `kept` while it is still the bytes checked: false, nothing kept, when it changed. */
  keep(upload: string, kept: string, etag: string): Promise<boolean>;
  discard(key: string): Promise<void>;
  /** A GET URL of a kept file for `seconds`, served as a download. */
  viewUrl(key: string, seconds: number): Promise<string>;
}
