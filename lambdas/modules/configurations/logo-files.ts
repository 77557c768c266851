import type { LogoContentType } from '../../shared/company-logo';

/** What the logo rules need of the bucket that keeps the logos' bytes; logo-files.s3.ts implements it. */
export interface LogoFiles {
  /** Stores one version of a company's logo (a new version is a new object: the one in use is never overwritten). */
  put(companyId: number, version: string, bytes: Uint8Array<ArrayBuffer>, contentType: LogoContentType): Promise<void>;
  /** The bytes of one version; undefined when it is not there. */
  read(companyId: number, version: string): Promise<Uint8Array | undefined>;
  remove(companyId: number, version: string): Promise<void>;
}
