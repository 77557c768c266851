/**
 * What offline acceptance needs of the bucket (types only; signed-copy-files.s3.ts implements it):
 * the browser's upload of the vendor's signed copy, its check, and its copy under orders/.
 */
export interface SignedCopyFiles {
  /** A browser POST of a file of `contentType` to `key`: 1 to `maxBytes` bytes, for `seconds`. */
  uploadForm(
    key: string,
    contentType: string,
    maxBytes: number,
    seconds: number,
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /** The upload's first `bytes` bytes, size, SHA-256 (hex) and ETag; undefined when nothing is there. */
  uploaded(
    key: string,
    bytes: number,
  ): Promise<{ head: Uint8Array; size: number; sha256: string; etag: string } | undefined>;
  /** Copies the upload to `kept` while it is still the bytes checked (its ETag): false, nothing kept, when it changed. */
  keep(upload: string, kept: string, etag: string, contentType: string): Promise<boolean>;
}
