import { ConflictError, PayloadTooLargeError, ValidationError } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import { formatBytes } from '../../shared/file-size';
import type { UserProfile } from '../tenancy';
import type { OrderFiles } from './order-files';
import { orderFiles } from './order-files.s3';
import { stale } from './order-versioning';
import { offlineIsCurrent, sendIsCurrent } from './order-views';
import { loadOrderInScope, viewOf } from './orders';
import type { OfflineUploadForm, OrderView } from './replies';
import {
  MAX_OFFLINE_FILE_BYTES,
  OFFLINE_UPLOAD_PREFIX,
  type OfflineFileType,
  type OfflineUploadInput,
  type RecordOfflineInput,
} from './schemas';
import type { SignedCopyFiles } from './signed-copy-files';
import { signedCopyFiles } from './signed-copy-files.s3';
import type { OfflineAcceptance, Order } from './store';
import { replaceOrder } from './store.dynamodb';

/**
 * Offline acceptance (docs/buy-side.md "Offline acceptance"): the vendor prints, signs and returns
 * the approved order; staff upload the signed copy straight to the bucket through a pre-signed
 * POST held to the size limit and the declared type, then record it. Recording takes the upload
 * only when its CONTENT starts as the declared type does and it is within the limit, hashes it,
 * and copies exactly the bytes hashed (pinned by their ETag) under orders/, named by the hash.
 * Every refusal comes before anything is written.
 */

/** How long the pre-signed POST works. */
export const OFFLINE_UPLOAD_SECONDS = 15 * 60;

/** Each declared type: its key's extension and how its content starts. */
const TYPES: Record<OfflineFileType, { ext: string; magic: number[] }> = {
  'application/pdf': { ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  'image/png': { ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { ext: 'jpeg', magic: [0xff, 0xd8, 0xff] },
};
const HEAD_BYTES = 8;

const typeOfKey = (key: string): OfflineFileType =>
  (Object.keys(TYPES) as OfflineFileType[]).find((t) => key.endsWith(`.${TYPES[t].ext}`))!;

const tooLarge = (size: number) =>
  new PayloadTooLargeError(
    `The file is ${formatBytes(size)}; a signed copy may be at most ${formatBytes(MAX_OFFLINE_FILE_BYTES)}`,
    'SIGNED_COPY_TOO_LARGE',
    { size: formatBytes(size), limit: formatBytes(MAX_OFFLINE_FILE_BYTES) },
  );

const notUploaded = (key: string) =>
  new ConflictError(`${key} has not been uploaded, expired or changed; upload it again`, 'SIGNED_COPY_NOT_UPLOADED');

/**
 * A signed copy is recorded for an approved order not yet accepted at its version: neither online
 * (a current send's decision 'accepted') nor by a signed copy of that version already.
 */
function requireAcceptable(o: Order): void {
  if (o.Status !== 'approved')
    throw new ConflictError(`Order ${o.ID} is not approved; approve it first`, 'ORDER_NOT_APPROVED', { id: o.ID });
  const online = o.Send && sendIsCurrent(o, o.Send) && o.Send.Decision?.Kind === 'accepted';
  const signed = o.Offline && offlineIsCurrent(o, o.Offline);
  if (online || signed)
    throw new ConflictError(`Order ${o.ID} is already accepted at version ${o.Version}`, 'ORDER_ALREADY_ACCEPTED', {
      id: o.ID,
    });
}

/** OrdersService.GetOfflineAcceptanceUploadUrl: a new upload key under the company and order, and its form. */
export async function requestOfflineUpload(
  caller: UserProfile,
  scopeAccountId: number,
  input: OfflineUploadInput,
  files: SignedCopyFiles = signedCopyFiles,
): Promise<OfflineUploadForm> {
  const o = await loadOrderInScope(caller, scopeAccountId, input.orderId);
  requireAcceptable(o);
  if (input.size > MAX_OFFLINE_FILE_BYTES) throw tooLarge(input.size);
  const n = await nextId(caller.companyId, 'OrderSignedCopy');
  const key = `${OFFLINE_UPLOAD_PREFIX}${caller.companyId}/${o.ID}/${n}.${TYPES[input.contentType].ext}`;
  const form = await files.uploadForm(key, input.contentType, MAX_OFFLINE_FILE_BYTES, OFFLINE_UPLOAD_SECONDS);
  return {
    UploadKey: key,
    Url: form.url,
    Fields: form.fields,
    MaxBytes: MAX_OFFLINE_FILE_BYTES,
    ExpiresAt: new Date(Date.now() + OFFLINE_UPLOAD_SECONDS * 1000).toISOString(),
  };
}

/** The upload checked (this order's, its content the declared type, within the limit) and kept: where, how big, its hash. */
async function keepSignedCopy(
  companyId: number,
  o: Order,
  upload: string,
  x: { files: SignedCopyFiles; orderFiles: OrderFiles },
): Promise<Pick<OfflineAcceptance, 'Key' | 'ContentType' | 'Size' | 'Sha256'>> {
  if (!upload.startsWith(`${OFFLINE_UPLOAD_PREFIX}${companyId}/${o.ID}/`))
    throw new ValidationError(`uploadKey: ${upload} is not an upload of order ${o.ID}`, 'FIELD_INVALID', {
      field: 'uploadKey',
      detail: 'is not an upload of this order',
      reason: 'INVALID',
    });
  const type = typeOfKey(upload);
  const got = await x.files.uploaded(upload, HEAD_BYTES);
  if (!got) throw notUploaded(upload);
  if (!TYPES[type].magic.every((b, i) => got.head[i] === b))
    throw new ValidationError(`uploadKey: the file's content is not ${type}`, 'SIGNED_COPY_WRONG_TYPE', {
      type: TYPES[type].ext,
    });
  if (got.size > MAX_OFFLINE_FILE_BYTES) throw tooLarge(got.size);
  const key = x.orderFiles.keyOf(companyId, o.ID, got.sha256, 'signed');
  if (!(await x.files.keep(upload, key, got.etag, type))) throw notUploaded(upload);
  return { Key: key, ContentType: type, Size: got.size, Sha256: got.sha256 };
}

/**
 * OrdersService.RecordOfflineAcceptance: the signed copy kept under orders/ (named by its SHA-256,
 * so the same bytes land on the same key) and the order's `Offline` written for its current
 * version, audited. A newer version's copy replaces an outdated one.
 */
export async function recordOfflineAcceptanceFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: RecordOfflineInput,
  deps: { files?: SignedCopyFiles; orderFiles?: OrderFiles; now?: Date } = {},
): Promise<OrderView> {
  const before = await loadOrderInScope(caller, scopeAccountId, input.orderId);
  requireAcceptable(before);
  const kept = await keepSignedCopy(caller.companyId, before, input.uploadKey, {
    files: deps.files ?? signedCopyFiles,
    orderFiles: deps.orderFiles ?? orderFiles,
  });
  const at = (deps.now ?? new Date()).toISOString();
  const after: Order = {
    ...before,
    Offline: { OrderVersion: before.Version, ...kept, RecordedBy: caller.email, RecordedAt: at },
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  await replaceOrder(caller.companyId, before, after, 'offline', stale());
  return viewOf(caller.companyId, after);
}
