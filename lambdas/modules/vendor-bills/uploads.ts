import { ConflictError, PayloadTooLargeError, ValidationError } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import { formatBytes } from '../../shared/file-size';
import type { UserProfile } from '../tenancy';
import type { BillFiles } from './bill-files';
import { billFiles } from './bill-files.s3';
import type { BillUploadForm } from './replies';
import { BILL_KEPT_PREFIX, BILL_UPLOAD_PREFIX, MAX_BILL_FILE_BYTES } from './schemas';

/**
 * A bill's PDF (docs/vendor-bills.md, "The bill's file"), checked as creatives are: the browser
 * posts it straight to the bucket through a pre-signed form held to the size limit; a bill takes
 * it only when its CONTENT starts as a PDF does (%PDF-) and it is within the limit, copying exactly
 * the bytes checked (pinned by their ETag) to the kept prefix. Keys are made from ids only and
 * carry the company, so a key of another company is refused.
 */

/** How long the pre-signed POST works. */
export const BILL_UPLOAD_SECONDS = 15 * 60;
/** How long a link to read a kept bill works. */
export const BILL_VIEW_SECONDS = 5 * 60;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const tooLarge = (size: number) =>
  new PayloadTooLargeError(
    `The file is ${formatBytes(size)}; a bill's file may be at most ${formatBytes(MAX_BILL_FILE_BYTES)}`,
    'BILL_FILE_TOO_LARGE',
    { size: formatBytes(size), limit: formatBytes(MAX_BILL_FILE_BYTES) },
  );

/** GetVendorBillUploadUrl: a new upload key under the company and the form that posts a PDF to it. */
export async function requestBillUpload(
  caller: UserProfile,
  input: { fileName: string; size: number },
  files: BillFiles = billFiles,
): Promise<BillUploadForm> {
  if (input.size > MAX_BILL_FILE_BYTES) throw tooLarge(input.size);
  const key = `${BILL_UPLOAD_PREFIX}${caller.companyId}/${await nextId(caller.companyId, 'VendorBillFile')}`;
  const form = await files.uploadForm(key, MAX_BILL_FILE_BYTES, BILL_UPLOAD_SECONDS);
  return {
    FileKey: key,
    Url: form.url,
    Fields: form.fields,
    MaxBytes: MAX_BILL_FILE_BYTES,
    ExpiresAt: new Date(Date.now() + BILL_UPLOAD_SECONDS * 1000).toISOString(),
  };
}

const foreignKey = (key: string) =>
  new ValidationError(`vendorBill.FileKey: ${key} is not a file of this company's bills`, 'FIELD_INVALID', {
    field: 'vendorBill.FileKey',
    detail: 'is not a file of this company',
    reason: 'INVALID',
  });

/**
 * Checks a key before anything is written: null, the bill's own kept file, or an upload of the
 * caller's company. Answers whether it is a new upload to keep.
 */
export function checkFileKey(companyId: number, key: string | null, current: string | null): boolean {
  if (key === null || key === current) return false;
  if (!key.startsWith(`${BILL_UPLOAD_PREFIX}${companyId}/`)) throw foreignKey(key);
  return true;
}

/** The kept key of an upload. */
export const keptKeyOf = (upload: string) => `${BILL_KEPT_PREFIX}${upload.slice(BILL_UPLOAD_PREFIX.length)}`;

/** Checks an upload's content and keeps it; a refused upload is deleted. Answers the kept key. */
export async function keepUpload(upload: string, files: BillFiles): Promise<string> {
  const got = await files.uploaded(upload, PDF_MAGIC.length);
  if (!got)
    throw new ConflictError(`${upload} has not been uploaded (or its upload expired)`, 'BILL_FILE_NOT_UPLOADED');
  if (!PDF_MAGIC.every((b, i) => got.head[i] === b)) {
    await files.discard(upload);
    throw new ValidationError("vendorBill.FileKey: the file's content is not a PDF", 'BILL_FILE_NOT_PDF');
  }
  if (got.size > MAX_BILL_FILE_BYTES) {
    await files.discard(upload);
    throw tooLarge(got.size);
  }
  const kept = keptKeyOf(upload);
  if (!(await files.keep(upload, kept, got.etag)))
    throw new ConflictError(`${upload} changed while it was checked; upload it again`, 'BILL_FILE_NOT_UPLOADED');
  return kept;
}
